import {
  ZONE_SLUGS,
  ZONES_BY_ISLAND,
  type Island,
  type ZoneName,
  type ZoneSlug,
} from './delivery-zones';

export const ROLES = ['farmer', 'restaurant', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const PROFILE_ROLES = ['farmer', 'restaurant'] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];

/**
 * Categories a farmer may pick; browse filters on the first four
 * (docs/product.md#units-and-categories).
 */
export const PRODUCT_CATEGORIES = [
  'vegetables',
  'fruits',
  'herbs',
  'grains',
  'dairy',
  'meat',
  'poultry',
  'eggs',
  'other',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
/** Browse offers every category a farm can choose: a product is always reachable by its own. */
export const BROWSE_CATEGORIES = PRODUCT_CATEGORIES;

// The catalogue's other options, here rather than beside its schema: browse draws its filters
// from them, and a screen that only reads options need not build the schemas (zod) at load.
export const PRODUCT_AVAILABILITY = ['all', 'available', 'out_of_stock'] as const;
export type ProductAvailability = (typeof PRODUCT_AVAILABILITY)[number];
/** `relevance` is the default when searching (`q`): own name first; without `q`, by name. */
export const PRODUCT_SORTS = ['relevance', 'name', 'price', 'farm', 'availability'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const DEFAULT_PAGE_SIZE = 24;

export const UNITS = [
  'lb',
  'kg',
  'oz',
  'g',
  'bunch',
  'head',
  'piece',
  'dozen',
  'box',
  'gallon',
  'liter',
  'pint',
  'quart',
] as const;
export type Unit = (typeof UNITS)[number];

/** Restaurant profile delivery zones (slugs): every zone of the one list (delivery-zones.ts). */
export const RESTAURANT_ZONES = ZONE_SLUGS;
export type RestaurantZone = ZoneSlug;

/** Delivery zone names grouped by island, as farms schedule them. */
export const SCHEDULE_ZONES_BY_ISLAND = Object.fromEntries(
  Object.entries(ZONES_BY_ISLAND).map(([island, zones]) => [
    island,
    zones.map((zone) => zone.name),
  ]),
) as Record<Island, ZoneName[]>;

export const LOW_STOCK_THRESHOLD = 5;
export const STATE_MAX_LENGTH = 2;
export const ZIP_MAX_LENGTH = 10;
export const CART_STORAGE_KEY = 'restaurant-cart';
export const ROLE_SWITCH_RELOAD_MS = 1000;
export const UNAUTHORIZED_REDIRECT_MS = 500;
export const HAWAII_TIME_ZONE = 'Pacific/Honolulu';

export function titleCase(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}
