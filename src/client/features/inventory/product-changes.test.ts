import type { Product, ProductBody } from '#core/schemas/product';
import { describe, expect, it } from 'vitest';
import { newProductBody, ownPackPrice, productChanges, unitPack } from './product-changes';

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
  weightUnit: null,
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

describe('packs in the product form’s bodies', () => {
  const bunch = {
    id: 31,
    label: 'bunch',
    size: 1,
    price: '2.00',
    minimumQuantity: null,
    estimatedWeight: null,
  };
  const caseOf24 = { ...bunch, id: 32, label: 'case of 24 bunches', size: 24, price: '48.00' };
  const kale: Product = { ...loaded, unit: 'bunch', price: '2.00', packs: [bunch, caseOf24] };
  const kaleBody: ProductBody = { ...unchanged, unit: 'bunch', price: '2.00' };
  const asLoaded = [
    { ...bunch, price: null },
    { ...caseOf24, price: null },
  ];

  it('leaves a price that follows the product’s empty, and keeps one of the pack’s own', () => {
    expect(ownPackPrice(caseOf24, '2.00')).toBeNull();
    expect(ownPackPrice({ ...caseOf24, price: '43.20' }, '2.00')).toBe('43.20');
    expect(ownPackPrice(bunch, '1.50')).toBeNull();
  });

  it('sends no packs when they are as loaded, and all of them when one changed', () => {
    expect(productChanges(kale, { ...kaleBody, packs: asLoaded })).toEqual({});
    const cheaper = [asLoaded[0]!, { ...asLoaded[1]!, price: '43.20' }];
    expect(productChanges(kale, { ...kaleBody, packs: cheaper })).toEqual({ packs: cheaper });
    expect(productChanges(kale, { ...kaleBody, packs: [asLoaded[1]!] })).toEqual({
      packs: [asLoaded[1]],
    });
  });

  it('posts a new product’s packs only when it sells more than its unit', () => {
    const alone = { ...kaleBody, packs: [unitPack('bunch')] };
    expect(newProductBody(alone)).not.toHaveProperty('packs');
    const withCase = { ...kaleBody, packs: [unitPack('bunch'), { label: 'case', size: 24 }] };
    expect(newProductBody(withCase)).toEqual(withCase);
  });
});
