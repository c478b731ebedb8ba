import { addDays } from '#core/hawaii-time';
import { foldText } from '#core/text-fold';

export const LIVE_INVENTORY_CATEGORIES = ['all', 'vegetables', 'fruits', 'herbs'] as const;
export type LiveInventoryCategory = (typeof LIVE_INVENTORY_CATEGORIES)[number];
export const DELIVERY_DAYS = ['all', 'today', 'tomorrow', 'week'] as const;
export type DeliveryDay = (typeof DELIVERY_DAYS)[number];

export const DELIVERY_DAY_LABELS: Record<DeliveryDay, string> = {
  all: 'Any delivery day',
  today: 'Delivers today',
  tomorrow: 'Delivers tomorrow',
  week: 'Delivers this week',
};

export interface InventoryFilter {
  search: string;
  category: LiveInventoryCategory;
  deliveryDay: DeliveryDay;
}

interface FilterableProduct {
  name: string;
  description?: string | null;
  category?: string | null;
  farm: { name: string };
  nextDeliveryDate: string | null;
}

/**
 * The Live Inventory filters: text in the product's name, description or farm name (any case,
 * with or without ʻokina and kahakō, as the server's search reads it); the category; and when
 * the farm next delivers, judged on Hawaii's calendar ("week" is today and the six days after
 * it).
 */
export function filterInventory<T extends FilterableProduct>(
  products: readonly T[],
  filter: InventoryFilter,
  today: string,
): T[] {
  const needle = foldText(filter.search.trim());
  const lastDay =
    filter.deliveryDay === 'today'
      ? today
      : filter.deliveryDay === 'tomorrow'
        ? addDays(today, 1)
        : addDays(today, 6);
  const firstDay = filter.deliveryDay === 'tomorrow' ? addDays(today, 1) : today;
  return products.filter((product) => {
    if (filter.category !== 'all' && product.category !== filter.category) return false;
    if (filter.deliveryDay !== 'all') {
      const next = product.nextDeliveryDate;
      if (!next || next < firstDay || next > lastDay) return false;
    }
    if (!needle) return true;
    return [product.name, product.description ?? '', product.farm.name].some((text) =>
      foldText(text).includes(needle),
    );
  });
}
