/**
 * The one list of delivery zones, by island. A restaurant's profile names its zone by slug
 * ("pearl-city"), a farm's delivery day by name ("Pearl City"); both read this list and accept
 * either form on input. A zone is one entry: matching is exact, never by region or island.
 */
export const DELIVERY_ZONE_LIST = [
  { island: 'Oahu', name: 'Honolulu', slug: 'honolulu' },
  { island: 'Oahu', name: 'Kailua', slug: 'kailua' },
  { island: 'Oahu', name: 'Kaneohe', slug: 'kaneohe' },
  { island: 'Oahu', name: 'Pearl City', slug: 'pearl-city' },
  { island: 'Oahu', name: 'Waipahu', slug: 'waipahu' },
  { island: 'Oahu', name: 'North Shore', slug: 'north-shore' },
  { island: 'Oahu', name: 'Waianae', slug: 'waianae' },
  { island: 'Oahu', name: 'Windward', slug: 'windward' },
  { island: 'Oahu', name: 'Leeward', slug: 'leeward' },
  { island: 'Oahu', name: 'Central', slug: 'central' },
  { island: 'Oahu', name: 'West Oahu', slug: 'west-oahu' },
  { island: 'Big Island', name: 'Hilo', slug: 'hilo' },
  { island: 'Big Island', name: 'Kona', slug: 'kona' },
  { island: 'Big Island', name: 'Waimea', slug: 'waimea' },
  { island: 'Big Island', name: 'Pahoa', slug: 'pahoa' },
  { island: 'Maui', name: 'Kahului', slug: 'kahului' },
  { island: 'Maui', name: 'Lahaina', slug: 'lahaina' },
  { island: 'Maui', name: 'Kihei', slug: 'kihei' },
  { island: 'Maui', name: 'Paia', slug: 'paia' },
  { island: 'Kauai', name: 'Lihue', slug: 'lihue' },
  { island: 'Kauai', name: 'Kapaa', slug: 'kapaa' },
  { island: 'Kauai', name: 'Poipu', slug: 'poipu' },
  { island: 'Kauai', name: 'Princeville', slug: 'princeville' },
] as const;

export type DeliveryZone = (typeof DELIVERY_ZONE_LIST)[number];
export type ZoneSlug = DeliveryZone['slug'];
export type ZoneName = DeliveryZone['name'];
export type Island = DeliveryZone['island'];

export const ISLANDS: readonly Island[] = ['Oahu', 'Big Island', 'Maui', 'Kauai'];

export const ZONE_SLUGS = DELIVERY_ZONE_LIST.map((zone) => zone.slug) as unknown as readonly [
  ZoneSlug,
  ...ZoneSlug[],
];
export const ZONE_NAMES: readonly ZoneName[] = DELIVERY_ZONE_LIST.map((zone) => zone.name);

/** The zones of each island, in list order. */
export const ZONES_BY_ISLAND: Readonly<Record<Island, readonly DeliveryZone[]>> =
  Object.fromEntries(
    ISLANDS.map((island) => [island, DELIVERY_ZONE_LIST.filter((zone) => zone.island === island)]),
  ) as unknown as Record<Island, readonly DeliveryZone[]>;

const bySlug = new Map<string, DeliveryZone>(DELIVERY_ZONE_LIST.map((zone) => [zone.slug, zone]));
const byName = new Map<string, DeliveryZone>(
  DELIVERY_ZONE_LIST.map((zone) => [zone.name.toLowerCase(), zone]),
);

/**
 * The zone a value names, given as its slug ("pearl-city") or its name ("Pearl City"), in any
 * letter case; null when it names none.
 */
export function findZone(value: string | null | undefined): DeliveryZone | null {
  if (!value) return null;
  const key = value.trim().toLowerCase();
  return bySlug.get(key) ?? byName.get(key) ?? null;
}

/** The zone's name for a stored slug or name; the value itself if it is not in the list. */
export function zoneName(value: string | null | undefined): string | null {
  if (!value) return null;
  return findZone(value)?.name ?? value;
}
