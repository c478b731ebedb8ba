import { centsOf, toMoneyString } from '#core/money';
import { listedUnitCents } from '#core/pricing';
import type { DbOrTx } from '../../db/database';
import { listOfFarm, restaurantPricing } from '../price-lists';

/** A product as the fresh sheet prices it: its id, its farm and its list price. */
export interface PricedProduct {
  id: number;
  farmId: number;
  price: string;
}

/**
 * The price each product has for a restaurant, by product id: its price by the restaurant's
 * list of the product's farm before any quantity break (docs/price-lists.md), the list price
 * for a reader on no list or for the farm itself (null).
 */
export async function readerPrices(
  db: DbOrTx,
  restaurantId: number | null,
  products: readonly PricedProduct[],
): Promise<Map<number, string>> {
  const farmIds = [...new Set(products.map((product) => product.farmId))];
  const pricing = restaurantId === null ? null : await restaurantPricing(db, restaurantId, farmIds);
  return new Map(
    products.map((product) => {
      const list = pricing ? listOfFarm(pricing, product.farmId) : null;
      const cents = listedUnitCents(
        { id: product.id, listPriceCents: centsOf(product.price) },
        list,
      );
      return [product.id, toMoneyString(cents)];
    }),
  );
}
