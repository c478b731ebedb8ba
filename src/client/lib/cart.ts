import {
  addToCart,
  cartItemCount,
  cartTotalCents,
  parseStoredCart,
  removeFromCart,
  setCartQuantity,
  type Cart,
  type CartProduct,
} from '#core/cart';
import { CART_STORAGE_KEY } from '#core/constants';
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

export const cartActions = {
  add: (product: CartProduct, quantity = 1) => commit(addToCart(cart, product, quantity)),
  setQuantity: (productId: number, quantity: number, options: { cap: boolean }) =>
    commit(setCartQuantity(cart, productId, quantity, options)),
  remove: (productId: number) => commit(removeFromCart(cart, productId)),
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
    quantityOf: (productId: number) => items.find((item) => item.id === productId)?.quantity ?? 0,
    ...cartActions,
  };
}
