import {
  addToCart,
  cartItemCount,
  cartTotalCents,
  findCartLine,
  parseStoredCart,
  removeFromCart,
  repriceCartLine,
  setCartQuantity,
  setCartSubstitution,
  type Cart,
  type CartLineKey,
  type CartProduct,
} from '#core/cart';
import { CART_STORAGE_KEY } from '#core/constants';
import type { Substitution } from '#core/schemas/order-guide';
import { useSyncExternalStore } from 'react';

/** The restaurant's cart, kept in localStorage under 'restaurant-cart' and shared across tabs. */
let cart: Cart = load();
const listeners = new Set<() => void>();

function load(): Cart {
  if (typeof localStorage === 'undefined') return [];
  const raw = localStorage.getItem(CART_STORAGE_KEY);
  const parsed = parseStoredCart(raw);
  if (parsed === null) {
    console.warn('Discarded a stored cart that could not be read', raw);
    localStorage.removeItem(CART_STORAGE_KEY);
    return [];
  }
  return parsed;
}

function commit(next: Cart): void {
  if (next === cart) return;
  cart = next;
  if (cart.length === 0) localStorage.removeItem(CART_STORAGE_KEY);
  else localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_STORAGE_KEY) return;
    cart = load();
    listeners.forEach((listener) => listener());
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Lines are keyed by product and pack (docs/packs.md); a pack left out is the unit pack. */
export const cartActions = {
  add: (product: CartProduct, quantity = 1, packId?: number | null) =>
    commit(addToCart(cart, product, quantity, packId)),
  setQuantity: (key: CartLineKey, quantity: number, options: { cap: boolean }) =>
    commit(setCartQuantity(cart, key, quantity, options)),
  remove: (key: CartLineKey) => commit(removeFromCart(cart, key)),
  setSubstitution: (key: CartLineKey, substitution: Substitution) =>
    commit(setCartSubstitution(cart, key, substitution)),
  reprice: (key: CartLineKey, unitPrice: string, availableQuantity: number) =>
    commit(repriceCartLine(cart, key, unitPrice, availableQuantity)),
  clear: () => commit([]),
};

export function useCart() {
  const items = useSyncExternalStore(
    subscribe,
    () => cart,
    () => cart,
  );
  return {
    items,
    itemCount: cartItemCount(items),
    totalCents: cartTotalCents(items),
    /** The line of the product in that pack (absent: its unit pack), if the cart has it. */
    lineOf: (product: CartProduct, packId?: number | null) => findCartLine(items, product, packId),
    /** The packs of the product's line in that pack (absent: its unit pack), or 0. */
    quantityOf: (product: CartProduct, packId?: number | null) =>
      findCartLine(items, product, packId)?.quantity ?? 0,
    ...cartActions,
  };
}
