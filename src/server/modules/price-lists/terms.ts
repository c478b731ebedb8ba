import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { centsOf, rateOf, toMoneyString } from '#core/money';
import { unitPriceCents, type PriceBreak, type PriceListTerms } from '#core/pricing';
import type { DbOrTx } from '../../db/database';
import { fixedSelect } from '../../db/written-once';
import {
  farmFollows,
  orders,
  priceListBreaks,
  priceListPrices,
  priceListRestaurants,
  priceLists,
} from '../../db/schema';

/** The price list a restaurant is on, per farm (at most one each): what the rule prices by. */
export type RestaurantPricing = ReadonlyMap<number, PriceListTerms>;

export const NO_PRICE_LISTS: RestaurantPricing = new Map();

/** A restaurant's price lists: each with its farm and its kind. */
const listsOfRestaurant = fixedSelect((select) =>
  select
    .select({
      id: priceLists.id,
      farmId: priceLists.farmId,
      kind: priceLists.kind,
      percentOff: priceLists.percentOff,
    })
    .from(priceListRestaurants)
    .innerJoin(priceLists, eq(priceLists.id, priceListRestaurants.priceListId)),
);

/**
 * The restaurant's lists of these farms (of every farm when none are named), with their prices
 * and breaks: three small reads by key. Used by browse, checkout, order changes, "Order again"
 * and standing orders, so each prices by the same terms (src/core/pricing.ts).
 */
export async function restaurantPricing(
  db: DbOrTx,
  restaurantId: number,
  farmIds?: readonly number[],
): Promise<RestaurantPricing> {
  if (farmIds && farmIds.length === 0) return NO_PRICE_LISTS;
  const lists = await listsOfRestaurant(
    db,
    sql`where ${and(
      eq(priceListRestaurants.restaurantId, restaurantId),
      farmIds ? inArray(priceListRestaurants.farmId, [...farmIds]) : undefined,
    )}`,
  );
  if (lists.length === 0) return NO_PRICE_LISTS;
  const ids = lists.map((list) => list.id);
  const [prices, breaks] = await Promise.all([
    db
      .select({
        priceListId: priceListPrices.priceListId,
        productId: priceListPrices.productId,
        price: priceListPrices.price,
      })
      .from(priceListPrices)
      .where(inArray(priceListPrices.priceListId, ids)),
    db
      .select({
        priceListId: priceListBreaks.priceListId,
        productId: priceListBreaks.productId,
        minQuantity: priceListBreaks.minQuantity,
        price: priceListBreaks.price,
      })
      .from(priceListBreaks)
      .where(inArray(priceListBreaks.priceListId, ids)),
  ]);
  return new Map(
    lists.map((list) => {
      const breaksByProduct = new Map<number, PriceBreak[]>();
      for (const row of breaks) {
        if (row.priceListId !== list.id) continue;
        const entry = { minQuantity: row.minQuantity, priceCents: centsOf(row.price) };
        breaksByProduct.set(row.productId, [...(breaksByProduct.get(row.productId) ?? []), entry]);
      }
      const terms: PriceListTerms = {
        id: list.id,
        kind: list.kind,
        percentOff: list.percentOff === null ? null : rateOf(list.percentOff),
        prices: new Map(
          prices
            .filter((row) => row.priceListId === list.id)
            .map((row) => [row.productId, centsOf(row.price)]),
        ),
        breaks: breaksByProduct,
      };
      return [list.farmId, terms];
    }),
  );
}

/** The list of the farm a restaurant is on, or null: what prices its lines of that farm. */
export function listOfFarm(pricing: RestaurantPricing, farmId: number): PriceListTerms | null {
  return pricing.get(farmId) ?? null;
}

/**
 * What keys the catalogue a restaurant reads besides its zone (docs/performance-notes.md): the
 * ids of the lists it is on, "" when none. Restaurants on the same lists share kept pages.
 */
export function pricingKey(pricing: RestaurantPricing): string {
  return [...pricing.values()]
    .map((list) => list.id)
    .sort((a, b) => a - b)
    .join(',');
}

/** The restaurants a farm may put on a price list: those with an order from it or following it. */
export function isCustomerOf(farmId: number, restaurantId: SQL | number): SQL {
  return sql`(exists (select 1 from ${orders} where ${orders.farmId} = ${farmId}
    and ${orders.restaurantId} = ${restaurantId})
    or exists (select 1 from ${farmFollows} where ${farmFollows.farmId} = ${farmId}
    and ${farmFollows.restaurantId} = ${restaurantId}))`;
}

/**
 * The restaurant's price of `quantity` of a product whose list price is `listPrice`, by its list
 * of the product's farm, as a money string (src/core/pricing.ts).
 */
export function restaurantPrice(
  pricing: RestaurantPricing,
  product: { id: number; farmId: number; listPrice: string },
  quantity: number,
): string {
  const list = listOfFarm(pricing, product.farmId);
  return toMoneyString(
    unitPriceCents({ id: product.id, listPriceCents: centsOf(product.listPrice) }, list, quantity),
  );
}
