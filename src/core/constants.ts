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

/** Restaurant profile delivery zones (slugs). */
export const RESTAURANT_ZONES = [
  'honolulu',
  'kailua',
  'kaneohe',
  'pearl-city',
  'waianae',
  'north-shore',
  'windward',
  'leeward',
  'central',
  'west-oahu',
] as const;
export type RestaurantZone = (typeof RESTAURANT_ZONES)[number];

/** Delivery schedule zones grouped by island. */
export const SCHEDULE_ZONES_BY_ISLAND = {
  Oahu: ['Honolulu', 'Kailua', 'Kaneohe', 'Pearl City', 'Waipahu', 'North Shore'],
  'Big Island': ['Hilo', 'Kona', 'Waimea', 'Pahoa'],
  Maui: ['Kahului', 'Lahaina', 'Kihei', 'Paia'],
  Kauai: ['Lihue', 'Kapaa', 'Poipu', 'Princeville'],
} as const;
export const SCHEDULE_ZONES: readonly string[] = Object.values(SCHEDULE_ZONES_BY_ISLAND).flat();

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
