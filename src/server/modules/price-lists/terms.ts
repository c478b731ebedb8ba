import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { centsOf, rateOf, toMoneyString, type Cents } from '#core/money';
import { unitPriceCents, type PriceBreak, type PriceListTerms } from '#core/pricing';
import type { DbOrTx } from '../../db/database';
import { fixedSelect } from '../../db/written-once';
import {
  farmFollows,
  orders,
  priceListBreaks,
  priceListPackBreaks,
  priceListPackPrices,
  priceListPrices,
  priceListRestaurants,
  priceLists,
} from '../../db/schema';

/**
 * A list's terms as a restaurant's pricing keeps them: with when the list last changed, so
 * what is kept by its pricing is kept per version of each list.
 */
interface KeptTerms extends PriceListTerms {
  /** The list's `updated_at` in ms: every edit of its prices, packs' or units', moves it. */
  version?: number;
}

/** The price list a restaurant is on, per farm (at most one each): what the rule prices by. */
export type RestaurantPricing = ReadonlyMap<number, KeptTerms>;

export const NO_PRICE_LISTS: RestaurantPricing = new Map();

/** A restaurant's price lists: each with its farm and its kind. */
const listsOfRestaurant = fixedSelect((select) =>
  select
    .select({
      id: priceLists.id,
      farmId: priceLists.farmId,
      kind: priceLists.kind,
      percentOff: priceLists.percentOff,
      updatedAt: priceLists.updatedAt,
    })
    .from(priceListRestaurants)
    .innerJoin(priceLists, eq(priceLists.id, priceListRestaurants.priceListId)),
);

/** The id a row of the union has not: its product's when a pack's, its pack's when a unit's. */
const NO_ID = sql<number | null>`null::integer`;

/** Entries keyed by id, each list's apart: what PriceListTerms keeps per product and per pack. */
function groupBy<Row extends { priceListId: number }, Value>(
  rows: readonly Row[],
  keyOf: (row: Row) => number | null,
  add: (previous: Value | undefined, row: Row) => Value,
): Map<number, Map<number, Value>> {
  const byList = new Map<number, Map<number, Value>>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const entries = byList.get(row.priceListId) ?? new Map<number, Value>();
    entries.set(key, add(entries.get(key), row));
    byList.set(row.priceListId, entries);
  }
  return byList;
}

const EMPTY: ReadonlyMap<number, never> = new Map<number, never>();

/**
 * The restaurant's lists of these farms (of every farm when none are named), with their prices
 * and breaks, of units and of packs: three small reads by key. Used by browse, checkout, order
 * changes, "Order again" and standing orders, so each prices by the same terms
 * (src/core/pricing.ts).
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
        productId: sql<number | null>`${priceListPrices.productId}`,
        packId: NO_ID,
        price: priceListPrices.price,
      })
      .from(priceListPrices)
      .where(inArray(priceListPrices.priceListId, ids))
      .unionAll(
        db
          .select({
            priceListId: priceListPackPrices.priceListId,
            productId: NO_ID,
            packId: sql<number | null>`${priceListPackPrices.packId}`,
            price: priceListPackPrices.price,
          })
          .from(priceListPackPrices)
          .where(inArray(priceListPackPrices.priceListId, ids)),
      ),
    db
      .select({
        priceListId: priceListBreaks.priceListId,
        productId: sql<number | null>`${priceListBreaks.productId}`,
        packId: NO_ID,
        minQuantity: priceListBreaks.minQuantity,
        price: priceListBreaks.price,
      })
      .from(priceListBreaks)
      .where(inArray(priceListBreaks.priceListId, ids))
      .unionAll(
        db
          .select({
            priceListId: priceListPackBreaks.priceListId,
            productId: NO_ID,
            packId: sql<number | null>`${priceListPackBreaks.packId}`,
            minQuantity: priceListPackBreaks.minQuantity,
            price: priceListPackBreaks.price,
          })
          .from(priceListPackBreaks)
          .where(inArray(priceListPackBreaks.priceListId, ids)),
      ),
  ]);
  const priceOf = (_: Cents | undefined, row: { price: string }) => centsOf(row.price);
  const addBreak = (
    previous: PriceBreak[] | undefined,
    row: { minQuantity: number; price: string },
  ) => [
    ...(previous ?? []),
    { minQuantity: Number(row.minQuantity), priceCents: centsOf(row.price) },
  ];
  const unitPrices = groupBy(prices, (row) => row.productId, priceOf);
  const packPrices = groupBy(prices, (row) => row.packId, priceOf);
  const unitBreaks = groupBy(breaks, (row) => row.productId, addBreak);
  const packBreaks = groupBy(breaks, (row) => row.packId, addBreak);
  return new Map(
    lists.map((list) => {
      const terms: KeptTerms = {
        id: list.id,
        kind: list.kind,
        percentOff: list.percentOff === null ? null : rateOf(list.percentOff),
        prices: unitPrices.get(list.id) ?? EMPTY,
        breaks: unitBreaks.get(list.id) ?? EMPTY,
        packPrices: packPrices.get(list.id) ?? EMPTY,
        packBreaks: packBreaks.get(list.id) ?? EMPTY,
        version: list.updatedAt.getTime(),
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
 * ids of the lists it is on with each one's version, "" when none. Restaurants on the same
 * lists share kept pages; an edit of a list's prices or breaks, of units or of packs, makes a
 * new key, besides emptying the kept pages at commit.
 */
export function pricingKey(pricing: RestaurantPricing): string {
  return [...pricing.values()]
    .sort((a, b) => a.id - b.id)
    .map((list) => (list.version === undefined ? `${list.id}` : `${list.id}@${list.version}`))
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
