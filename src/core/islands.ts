import { ISLANDS, type Island } from './delivery-zones';
import { parseLocation } from './location';

/*
 * Which island a Hawaii ZIP code is on, for a farm page that names none of its own. Molokai
 * and Lanai are in Maui County and read as Maui, the island list having four.
 */
const BIG_ISLAND = [
  96704, 96710, 96719, 96720, 96721, 96725, 96726, 96727, 96728, 96737, 96738, 96739, 96740, 96743,
  96745, 96749, 96750, 96755, 96760, 96764, 96771, 96772, 96773, 96774, 96775, 96776, 96777, 96778,
  96780, 96781, 96783, 96785,
];
const MAUI = [
  96708, 96713, 96732, 96733, 96742, 96748, 96753, 96757, 96761, 96763, 96767, 96768, 96770, 96779,
  96784, 96788, 96790, 96793,
];
const KAUAI = [
  96703, 96705, 96714, 96715, 96716, 96722, 96741, 96746, 96747, 96751, 96752, 96754, 96756, 96765,
  96766, 96769, 96796,
];
const OAHU = [
  96701, 96706, 96707, 96709, 96712, 96717, 96730, 96731, 96734, 96744, 96759, 96762, 96782, 96786,
  96789, 96791, 96792, 96795, 96797,
];

const BY_ZIP = new Map<number, Island>([
  ...BIG_ISLAND.map((zip) => [zip, 'Big Island'] as const),
  ...MAUI.map((zip) => [zip, 'Maui'] as const),
  ...KAUAI.map((zip) => [zip, 'Kauai'] as const),
  ...OAHU.map((zip) => [zip, 'Oahu'] as const),
]);

/** The island of a ZIP code ("96744", "96744-1234"); null outside Hawaii or when unknown. */
export function islandOfZip(zip: string | null | undefined): Island | null {
  const match = /^(\d{5})(-\d{4})?$/.exec((zip ?? '').trim());
  if (!match) return null;
  const code = Number(match[1]);
  // Honolulu's own 968xx codes are all on Oahu.
  if (code >= 96801 && code <= 96899) return 'Oahu';
  return BY_ZIP.get(code) ?? null;
}

/** A farm's island: the one it chose, else its location's ZIP code's. */
export function farmIsland(chosen: string | null | undefined, location: string): Island | null {
  if (chosen && (ISLANDS as readonly string[]).includes(chosen)) return chosen as Island;
  return islandOfZip(parseLocation(location).zip);
}
