import type { Product, ProductBody } from '#core/schemas/product';
import { describe, expect, it } from 'vitest';
import { productChanges } from './product-changes';

const loaded: Product = {
  id: 7,
  name: 'Heirloom Tomatoes',
  description: null,
  category: 'vegetables',
  unit: 'lb',
  price: '4.50',
  availableQuantity: 10,
  isOrganic: true,
  isActive: true,
  farmId: 2,
  farm: { id: 2, name: 'Hamakua Greens', deliveryFee: '0.00', orderMinimum: '0.00' },
  nextDeliveryDate: null,
  photos: [],
  imageUrl: null,
};
const unchanged: ProductBody = {
  name: 'Heirloom Tomatoes',
  description: null,
  category: 'vegetables',
  unit: 'lb',
  price: '4.5',
  availableQuantity: 10,
  isOrganic: true,
  isActive: true,
};

describe('productChanges (the PATCH body of the edit dialog)', () => {
  it('sends nothing when nothing changed ("4.5" is the price "4.50")', () => {
    expect(productChanges(loaded, unchanged)).toEqual({});
  });

  it('sends only the changed fields, never the stock it loaded', () => {
    expect(productChanges(loaded, { ...unchanged, description: 'Picked this morning' })).toEqual({
      description: 'Picked this morning',
    });
  });

  it('sends a stock change with the figure the farmer saw', () => {
    expect(productChanges(loaded, { ...unchanged, availableQuantity: 12 })).toEqual({
      availableQuantity: 12,
      expectedAvailableQuantity: 10,
    });
    // After a 409 reported 7, the farmer has seen 7.
    expect(productChanges(loaded, { ...unchanged, availableQuantity: 12 }, 7)).toEqual({
      availableQuantity: 12,
      expectedAvailableQuantity: 7,
    });
    expect(productChanges(loaded, { ...unchanged, availableQuantity: 7 }, 7)).toEqual({});
  });
});
