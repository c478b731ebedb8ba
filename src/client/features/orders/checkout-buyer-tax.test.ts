import { addToCart, type Cart } from '#core/cart';
import { describe, expect, it } from 'vitest';
import { groupWithCurrentTerms, withBuyerTax } from './checkout-model';

const kula = {
  id: 1,
  name: 'Kula Greens',
  deliveryFee: '0.00',
  orderMinimum: '0.00',
  taxRate: '4.7120',
};
const hilo = {
  id: 2,
  name: 'Hilo Orchards',
  deliveryFee: '0.00',
  orderMinimum: '0.00',
  taxRate: '4.7120',
};
const product = (id: number, farm: typeof kula) => ({
  id,
  name: `Product ${id}`,
  unit: 'lb',
  price: '10.00',
  availableQuantity: 20,
  farmId: farm.id,
  farm,
});
let cart: Cart = [];
cart = addToCart(cart, product(10, kula), 2);
cart = addToCart(cart, product(20, hilo), 2);

describe('withBuyerTax (the restaurant’s own GET rate with each farm)', () => {
  it('taxes a farm at the rate the delivery outlook gives this restaurant, the others as listed', () => {
    const groups = withBuyerTax(
      groupWithCurrentTerms(cart, [kula, hilo]),
      new Map([[kula.id, { taxRate: '0.5000' }]]),
    );
    // $20.00 at 0.5% is $0.10; at 4.712% $0.9424, so $0.94.
    expect(groups.map((group) => [group.farmId, group.taxCents, group.totalCents])).toEqual([
      [kula.id, 10, 2010],
      [hilo.id, 94, 2094],
    ]);
  });
});
