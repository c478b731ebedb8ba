import { addToCart, findCartLine, setCartSubstitution, type Cart } from '#core/cart';
import type { Substitution } from '#core/schemas/order-guide';
import type { Product, ProductPage } from '#core/schemas/product';
import { api } from '../../lib/api';
import { cartActions } from '../../lib/cart';
import { farmCatalogPath } from './api';

/*
 * A fill's lines go into the one cart the way browse puts a product there: the product as the
 * catalogue shows it to this restaurant (its packs, prices, breaks, farm terms and stock), in
 * the pack of the guide's item. Checkout then offers each farm's next delivery day, the day the
 * fill counted the par for.
 */

/** More pages than any farm lists: a stop should a catalogue misreport its total. */
const MAX_PAGES = 20;

/**
 * The catalogue's products of these farms, read a page at a time until every wanted product
 * has been found or the farm has no more.
 */
export async function catalogProducts(
  wanted: readonly { farmId: number; productId: number }[],
): Promise<Map<number, Product>> {
  const byFarm = new Map<number, Set<number>>();
  for (const { farmId, productId } of wanted) {
    byFarm.set(farmId, (byFarm.get(farmId) ?? new Set()).add(productId));
  }
  const found = new Map<number, Product>();
  await Promise.all(
    [...byFarm].map(async ([farmId, ids]) => {
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await api.get<ProductPage>(farmCatalogPath(farmId, page));
        for (const product of answer.items) {
          if (ids.has(product.id)) found.set(product.id, product);
        }
        const missing = [...ids].some((id) => !found.has(id));
        if (!missing || answer.page * answer.pageSize >= answer.total) break;
      }
    }),
  );
  return found;
}

export interface CartAddition {
  productId: number;
  packId: number;
  /** Packs the cart's line grew by: less than asked when the stock is short, 0 when refused. */
  added: number;
}

/**
 * Adds each wanted line through the cart store; `cart` is the cart as it stands, to tell what
 * each addition did (the stock and the pack's minimum have the last word, as on browse).
 */
export function addToTheCart(
  cart: Cart,
  products: ReadonlyMap<number, Product>,
  wanted: readonly {
    productId: number;
    packId: number;
    quantity: number;
    /** The guide's choice should the farm be unable to fill it; kept when the line has one. */
    substitution?: Substitution;
  }[],
): CartAddition[] {
  let running = cart;
  return wanted.map(({ productId, packId, quantity, substitution }) => {
    const product = products.get(productId);
    if (!product) return { productId, packId, added: 0 };
    const before = findCartLine(running, product, packId)?.quantity ?? 0;
    running = addToCart(running, product, quantity, packId);
    cartActions.add(product, quantity, packId);
    const line = findCartLine(running, product, packId);
    if (line && substitution && line.substitution === undefined) {
      const key = { productId: line.id, packId: line.packId };
      running = setCartSubstitution(running, key, substitution);
      cartActions.setSubstitution(key, substitution);
    }
    const after = line?.quantity ?? 0;
    return { productId, packId, added: Math.max(0, after - before) };
  });
}
