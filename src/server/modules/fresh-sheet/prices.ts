import type { DbOrTx } from '../../db/database';

/** A product as the fresh sheet and the farm page price it: its id and its list price. */
export interface PricedProduct {
  id: number;
  price: string;
}

/**
 * The price each product has for a restaurant, by product id: the one place the fresh sheet and
 * the farm page ask "what does this reader pay?". Today every restaurant pays the list price.
 */
export async function readerPrices(
  _db: DbOrTx,
  _restaurantId: number | null,
  products: readonly PricedProduct[],
): Promise<Map<number, string>> {
  return new Map(products.map((product) => [product.id, product.price]));
}
