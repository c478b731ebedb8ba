import { parseStoredCart } from '#core/cart';
import { CART_STORAGE_KEY } from '#core/constants';
import type { Product } from '#core/schemas/product';
import { afterEach, describe, expect, it } from 'vitest';
import { cartActions } from '../../lib/cart';
import { product } from '../../test/fixtures';
import { addToTheCart } from './cart-lines';

const kale: Product = product({
  id: 10,
  name: 'Kale',
  unit: 'bunch',
  packs: [
    {
      id: 100,
      label: 'bunch',
      size: 1,
      price: '3.50',
      minimumQuantity: null,
      estimatedWeight: null,
    },
  ],
});
const taro: Product = product({
  id: 11,
  name: 'Taro',
  packs: [
    { id: 110, label: 'lb', size: 1, price: '2.25', minimumQuantity: null, estimatedWeight: null },
  ],
});

afterEach(() => cartActions.clear());

/** The cart as the store keeps it. */
const stored = () => parseStoredCart(localStorage.getItem(CART_STORAGE_KEY)) ?? [];

describe("a fill's lines in the cart", () => {
  it("carry the guide's choice should the farm be unable to fill them", () => {
    const products = new Map([
      [10, kale],
      [11, taro],
    ]);
    const cart = addToTheCart([], products, [
      { productId: 10, packId: 100, quantity: 2, substitution: 'allow' },
      { productId: 11, packId: 110, quantity: 1 },
    ]);
    expect(cart.map((addition) => addition.added)).toEqual([2, 1]);
    // A line without a choice asks first at checkout.
    expect(stored().map((line) => [line.name, line.substitution])).toEqual([
      ['Kale', 'allow'],
      ['Taro', undefined],
    ]);
  });

  it('keep a choice the chef already made on the line', () => {
    const products = new Map([[10, kale]]);
    cartActions.add(kale, 1, 100);
    cartActions.setSubstitution({ productId: 10, packId: 100 }, 'never');
    addToTheCart(stored(), products, [
      { productId: 10, packId: 100, quantity: 2, substitution: 'allow' },
    ]);
    expect(stored().map((line) => [line.quantity, line.substitution])).toEqual([[3, 'never']]);
  });
});
