import { isUnitPack } from '#core/packs';
import { centsOf, toMoneyString } from '#core/money';
import { listedUnitCents } from '#core/pricing';
import type { DbOrTx } from '../../db/database';
import { listOfFarm, restaurantPricing } from '../price-lists';
import { packsFor, type StoredPack } from '../products';

/** A product as the fresh sheet prices it: its id, its farm, its list price and its packs. */
export interface PricedProduct {
  id: number;
  farmId: number;
  price: string;
  packs: StoredPack[] | null;
}

/** A product's price for a reader, and its packs other than the unit at that reader's prices. */
export interface ReaderPrice {
  price: string;
  packs: { label: string; size: number; price: string }[];
}

/**
 * The price each product has for a restaurant, by product id: its price by the restaurant's
 * list of the product's farm before any quantity break (docs/price-lists.md), the list price
 * for a reader on no list or for the farm itself (null); and each other pack's the same way
 * (docs/packs.md).
 */
export async function readerPrices(
  db: DbOrTx,
  restaurantId: number | null,
  products: readonly PricedProduct[],
): Promise<Map<number, ReaderPrice>> {
  const farmIds = [...new Set(products.map((product) => product.farmId))];
  const pricing = restaurantId === null ? null : await restaurantPricing(db, restaurantId, farmIds);
  return new Map(
    products.map((product) => {
      const list = pricing ? listOfFarm(pricing, product.farmId) : null;
      const priced = { id: product.id, listPriceCents: centsOf(product.price) };
      const packs = packsFor(priced, product.packs, list)
        .filter((pack) => !isUnitPack(pack))
        .map((pack) => ({ label: pack.label, size: pack.size, price: pack.price! }));
      return [product.id, { price: toMoneyString(listedUnitCents(priced, list)), packs }];
    }),
  );
}
