import type { Reorder, ReorderLine } from '#core/schemas/reorder';
import { describe, expect, it } from 'vitest';
import { cartAdditions, hasDifferences, summarizeReorder } from './reorder-model';

const product = (id: number, price: string, availableQuantity: number) =>
  ({
    id,
    name: `P${id}`,
    description: null,
    category: null,
    unit: 'lb',
    price,
    availableQuantity,
    isOrganic: false,
    isActive: true,
    farmId: 1,
    farm: { id: 1, name: 'Kula Greens', deliveryFee: '0.00', orderMinimum: '0.00' },
    nextDeliveryDate: null,
    photos: [],
    imageUrl: null,
  }) satisfies ReorderLine['product'];

const line = (overrides: Partial<ReorderLine>): ReorderLine => ({
  productId: 1,
  productName: 'Kale',
  unit: 'lb',
  orderedQuantity: 2,
  orderedUnitPrice: '3.00',
  status: 'available',
  goneReason: null,
  quantity: 2,
  unitPrice: '3.00',
  availableQuantity: 20,
  priceChange: null,
  product: product(1, '3.00', 20),
  ...overrides,
});

const plan = (lines: ReorderLine[]): Reorder => ({
  orderId: 9,
  farm: { id: 1, name: 'Kula Greens' },
  notes: null,
  lines,
});

describe('Order again: what the restaurant is told', () => {
  it('names every price change, shortfall and missing product, and adds only what exists', () => {
    const result = plan([
      line({}),
      line({
        productId: 2,
        productName: 'Taro',
        unitPrice: '2.40',
        orderedUnitPrice: '2.00',
        priceChange: 'up',
        product: product(2, '2.40', 20),
      }),
      line({
        productId: 3,
        productName: 'Basil',
        status: 'short',
        orderedQuantity: 10,
        quantity: 6,
        availableQuantity: 6,
        product: product(3, '3.00', 6),
      }),
      line({
        productId: 4,
        productName: 'Mint',
        status: 'gone',
        goneReason: 'sold_out',
        quantity: 0,
        unitPrice: null,
        availableQuantity: 0,
        product: null,
      }),
    ]);
    expect(summarizeReorder(result)).toEqual({
      addedCount: 3,
      priceChanges: ['Taro: now $2.40 (was $2.00)'],
      short: ['Basil: 6 of the 10 lb ordered (all there is)'],
      gone: ['Mint from Kula Greens: sold out'],
      note: null,
    });
    expect(cartAdditions(result).map((entry) => [entry.line.productId, entry.quantity])).toEqual([
      [1, 2],
      [2, 2],
      [3, 6],
    ]);
    expect(hasDifferences(summarizeReorder(result))).toBe(true);
  });

  it('an order that stands as it was has nothing to report', () => {
    expect(hasDifferences(summarizeReorder(plan([line({})])))).toBe(false);
  });

  it("names the farm that takes no orders now, and keeps the order's note", () => {
    const gone = { status: 'gone', quantity: 0, unitPrice: null, product: null } as const;
    const result = {
      ...plan([
        line({ ...gone, productName: 'Kale', goneReason: 'farm_closed' }),
        line({ ...gone, productId: 2, productName: 'Mint', goneReason: 'farm_closed' }),
      ]),
      notes: 'Leave at the back door',
    };
    expect(summarizeReorder(result)).toMatchObject({
      addedCount: 0,
      gone: ['Kula Greens is not taking orders now: Kale, Mint left out'],
      note: 'Leave at the back door',
    });
  });

  it('adds each pack with its id, label and size, and names packs in what it tells', () => {
    const caseOf24 = { label: 'case of 24 bunches', size: 24 };
    const result = plan([
      line({
        productName: 'Taro',
        unit: 'bunch',
        packId: 7,
        pack: caseOf24,
        status: 'short',
        orderedQuantity: 3,
        quantity: 2,
        orderedUnitPrice: '60.00',
        unitPrice: '66.00',
        priceChange: 'up',
      }),
      line({ productName: 'Taro', unit: 'bunch', packId: 6, pack: { label: 'bunch', size: 1 } }),
      line({
        productId: 2,
        productName: 'Mint',
        packId: 9,
        pack: { label: 'case of 12 bunches', size: 12 },
        status: 'gone',
        goneReason: 'not_offered',
        quantity: 0,
        unitPrice: null,
        product: null,
      }),
    ]);
    expect(
      cartAdditions(result).map(({ packId, packLabel, packSize, quantity }) => ({
        packId,
        packLabel,
        packSize,
        quantity,
      })),
    ).toEqual([
      { packId: 7, packLabel: 'case of 24 bunches', packSize: 24, quantity: 2 },
      { packId: 6, packLabel: 'bunch', packSize: 1, quantity: 2 },
    ]);
    expect(summarizeReorder(result)).toMatchObject({
      priceChanges: ['Taro (case of 24 bunches): now $66.00 (was $60.00)'],
      short: ['Taro: 2 of the 3 cases of 24 bunches ordered (all there is)'],
      gone: ['Mint (case of 12 bunches) from Kula Greens: no longer offered'],
    });
  });

  it('reads a line answered without a pack as the unit', () => {
    expect(cartAdditions(plan([line({})]))[0]).toMatchObject({
      packId: null,
      packLabel: 'lb',
      packSize: 1,
    });
  });
});
