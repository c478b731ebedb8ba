import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartItemCount,
  cartTotalCents,
  groupCartByFarm,
  hasEstimatedLines,
  lineEstimateLabel,
  lineEstimatedWeight,
  linePerWeightLabel,
  lineTotalCents,
  lineUnitCents,
  packEstimateLabel,
  parseStoredCart,
  removeFromCart,
  setCartQuantity,
  type Cart,
  type CartProduct,
} from './cart';
import { parseMoney, toMoneyString } from './money';
import { quantityProblem, quantityStep } from './quantity';

/** The line of a product's unit pack, as carts without packs hold it. */
const key = (productId: number) => ({ productId, packId: null });

function product(overrides: Partial<CartProduct> & { id: number }): CartProduct {
  const farmId = overrides.farmId ?? 1;
  return {
    name: `Product ${overrides.id}`,
    unit: 'lb',
    price: '2.50',
    availableQuantity: 10,
    farmId,
    farm: { id: farmId, name: `Farm ${farmId}`, deliveryFee: '5.00', orderMinimum: '50.00' },
    ...overrides,
  };
}

/**
 * A small catalogue of products across a few farms, prices in whole cents, sold by the pound
 * (weighed: two decimals) or by the box (counted: whole numbers).
 */
const catalogArb = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      farmId: fc.integer({ min: 1, max: 4 }),
      unit: fc.constantFrom('lb', 'box'),
      cents: fc.integer({ min: 0, max: 100_000 }),
      stock: fc.integer({ min: 0, max: 3_000 }).map((hundredths) => hundredths / 100),
    }),
    { selector: (entry) => entry.id, minLength: 1, maxLength: 8 },
  )
  .map((entries) =>
    entries.map((entry) =>
      product({
        id: entry.id,
        farmId: entry.farmId,
        unit: entry.unit,
        price: toMoneyString(entry.cents),
        availableQuantity: entry.stock,
      }),
    ),
  );

type Operation =
  | { kind: 'add'; index: number; quantity: number }
  | { kind: 'set'; index: number; quantity: number }
  | { kind: 'remove'; index: number };

const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    index: fc.nat(),
    quantity: fc.integer({ min: -3, max: 40 }),
  }),
  fc.record({
    kind: fc.constant('set' as const),
    index: fc.nat(),
    quantity: fc.oneof(
      fc.integer({ min: -5, max: 60 }),
      fc.double({ min: -1, max: 40, noNaN: false }),
      fc.double({ noNaN: false }),
    ),
  }),
  fc.record({ kind: fc.constant('remove' as const), index: fc.nat() }),
);

/** Plays operations the way the browse screen does (setting quantities capped at stock). */
function browse(catalog: CartProduct[], operations: Operation[]): Cart {
  let cart: Cart = [];
  for (const operation of operations) {
    const target = catalog[operation.index % catalog.length]!;
    if (operation.kind === 'add') cart = addToCart(cart, target, operation.quantity);
    else if (operation.kind === 'set')
      cart = setCartQuantity(cart, { productId: target.id, packId: null }, operation.quantity, {
        cap: true,
      });
    else cart = removeFromCart(cart, { productId: target.id, packId: null });
  }
  return cart;
}

const cartArb = fc
  .tuple(catalogArb, fc.array(operationArb, { maxLength: 40 }))
  .map(([catalog, operations]) => ({ catalog, cart: browse(catalog, operations) }));

describe('cart properties', () => {
  it('never holds more than the stock on browse, less than one step of its unit, a quantity its unit does not take, nor a product twice', () => {
    fc.assert(
      fc.property(cartArb, ({ catalog, cart }) => {
        const ids = cart.map((item) => item.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const item of cart) {
          const stock = catalog.find((entry) => entry.id === item.id)!.availableQuantity;
          expect(quantityProblem(item.unit, item.quantity)).toBeNull();
          expect(item.quantity).toBeGreaterThanOrEqual(quantityStep(item.unit));
          expect(item.quantity).toBeLessThanOrEqual(stock);
        }
      }),
    );
  });

  it('totals equal the sum of the lines, each within half a cent of price times quantity, and counts each line once', () => {
    fc.assert(
      fc.property(cartArb, ({ cart }) => {
        const lines = cart.map(lineTotalCents);
        expect(cartTotalCents(cart)).toBe(lines.reduce((sum, line) => sum + line, 0));
        cart.forEach((item, index) => {
          const exact = parseMoney(item.pricePerUnit)! * item.quantity;
          expect(Number.isInteger(lines[index])).toBe(true);
          expect(Math.abs(lines[index]! - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
        });
        // Each line counts as one item, whatever its quantity.
        expect(cartItemCount(cart)).toBe(cart.length);
      }),
    );
  });

  it('groups by farm keeping every line exactly once, with subtotals that add up', () => {
    fc.assert(
      fc.property(cartArb, ({ cart }) => {
        const groups = groupCartByFarm(cart);
        const grouped = groups.flatMap((group) => group.items);
        expect(grouped.map((item) => item.id).sort()).toEqual(cart.map((item) => item.id).sort());
        expect(new Set(groups.map((group) => group.farmId)).size).toBe(groups.length);
        for (const group of groups) {
          expect(group.items.every((item) => item.farmId === group.farmId)).toBe(true);
          expect(group.subtotalCents).toBe(cartTotalCents(group.items));
          expect(group.shortOfMinimumCents).toBe(
            Math.max(0, group.orderMinimumCents - group.subtotalCents),
          );
        }
        expect(groups.reduce((sum, group) => sum + group.subtotalCents, 0)).toBe(
          cartTotalCents(cart),
        );
      }),
    );
  });

  it('reads back what it stores', () => {
    fc.assert(
      fc.property(cartArb, ({ cart }) => {
        expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
      }),
    );
  });

  it('discards a stored cart when any item lacks a farm name', () => {
    fc.assert(
      fc.property(
        cartArb.filter(({ cart }) => cart.length > 0),
        fc.nat(),
        fc.constantFrom<unknown>(undefined, '', null, 7),
        ({ cart }, index, farmName) => {
          const broken = cart.map((item, position) =>
            position === index % cart.length ? { ...item, farmName } : item,
          );
          expect(parseStoredCart(JSON.stringify(broken))).toBeNull();
        },
      ),
    );
  });
});

describe('cart examples', () => {
  const tomatoes = product({ id: 1, availableQuantity: 3, price: '4.50' });
  const kale = product({
    id: 2,
    farmId: 2,
    price: '3.00',
    farm: { id: 2, name: 'Kale Farm', deliveryFee: '0.00', orderMinimum: '10.00' },
  });

  it('adds, raises an existing line, and caps at the stock', () => {
    let cart = addToCart([], tomatoes);
    expect(cart).toEqual([
      expect.objectContaining({ id: 1, quantity: 1, pricePerUnit: '4.50', farmName: 'Farm 1' }),
    ]);
    cart = addToCart(cart, tomatoes, 5);
    expect(cart[0]!.quantity).toBe(3);
    expect(addToCart(cart, tomatoes)).toEqual(cart);
  });

  it('does not add what is out of stock, nor zero, negative or fractional amounts', () => {
    expect(addToCart([], { ...tomatoes, availableQuantity: 0 })).toEqual([]);
    expect(addToCart([], tomatoes, 0)).toEqual([]);
    expect(addToCart([], tomatoes, -2)).toEqual([]);
    expect(addToCart([], tomatoes, Number.NaN)).toEqual([]);
    expect(addToCart([], { ...tomatoes, unit: 'bunch' }, 2.7)[0]!.quantity).toBe(2);
  });

  it('takes weighed quantities to the hundredth, counted ones whole, priced half up', () => {
    const taro = product({ id: 9, unit: 'lb', price: '3.99', availableQuantity: 4.5 });
    let cart = addToCart([], taro, 1.255);
    expect(cart[0]!.quantity).toBe(1.25);
    expect(lineTotalCents(cart[0]!)).toBe(499);
    cart = addToCart(cart, taro, 0.1);
    expect(cart[0]!.quantity).toBe(1.35);
    cart = addToCart(cart, taro, 10);
    expect(cart[0]!.quantity).toBe(4.5);
    expect(setCartQuantity(cart, key(9), 0.3, { cap: true })[0]!.quantity).toBe(0.3);
    const kale = product({ id: 10, unit: 'bunch', availableQuantity: 2.5 });
    expect(addToCart([], kale, 5)[0]!.quantity).toBe(2);
    // 4.5 lb and 2 bunches are two lines: two items.
    expect(cartItemCount([...cart, ...addToCart([], kale, 2)])).toBe(2);
    const stored = JSON.stringify([{ ...cart[0]!, quantity: 1.005 }]);
    expect(parseStoredCart(stored)).toBeNull();
  });

  it('sets quantities: zero removes, browse caps, the orders screen does not', () => {
    const cart = addToCart([], tomatoes);
    expect(setCartQuantity(cart, key(1), 0, { cap: true })).toEqual([]);
    expect(setCartQuantity(cart, key(1), -1, { cap: false })).toEqual([]);
    expect(setCartQuantity(cart, key(1), 9, { cap: true })[0]!.quantity).toBe(3);
    expect(setCartQuantity(cart, key(1), 9, { cap: false })[0]!.quantity).toBe(9);
    expect(setCartQuantity(cart, key(99), 2, { cap: true })).toEqual(cart);
  });

  it('takes the newest price when a product is added again', () => {
    const cart = addToCart(addToCart([], tomatoes), { ...tomatoes, price: '5.00' });
    expect(cart[0]).toMatchObject({ quantity: 2, pricePerUnit: '5.00' });
    expect(cartTotalCents(cart)).toBe(1000);
  });

  it('groups farms in the order they first appear, with the minimum shortfall', () => {
    const cart = addToCart(addToCart(addToCart([], kale, 2), tomatoes, 2), kale);
    const groups = groupCartByFarm(cart);
    expect(groups.map((group) => [group.farmName, group.subtotalCents])).toEqual([
      ['Kale Farm', 900],
      ['Farm 1', 900],
    ]);
    expect(groups[0]!.shortOfMinimumCents).toBe(100);
    expect(groups[1]!.shortOfMinimumCents).toBe(4100);
    expect(groups[1]!.deliveryFeeCents).toBe(500);
  });

  it('reads a cart stored before packs as lines of the unit pack', () => {
    const [line] = addToCart([], tomatoes, 2);
    const { packId: _id, packLabel: _label, packSize: _size, packMinimum: _min, ...before } = line!;
    const [read] = parseStoredCart(JSON.stringify([before]))!;
    expect(read).toMatchObject({ id: 1, quantity: 2, packId: null, packLabel: 'lb', packSize: 1 });
    expect(lineTotalCents(read!)).toBe(900);
    // Its unit pack, now known by id, adds to that same line.
    const withPacks = {
      ...tomatoes,
      packs: [{ id: 70, label: 'lb', size: 1, price: '4.50', minimumQuantity: null }],
    };
    const cart = addToCart([read!], withPacks, 1, 70);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ quantity: 3, packId: 70 });
  });

  it('reads a missing stored cart as empty and anything unreadable as discarded', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('not json')).toBeNull();
    expect(parseStoredCart('{"id":1}')).toBeNull();
    expect(parseStoredCart('null')).toBeNull();
    const good = addToCart([], tomatoes);
    const noFarm = [{ ...good[0], farm: undefined }];
    expect(parseStoredCart(JSON.stringify(noFarm))).toBeNull();
    const badQuantity = [{ ...good[0], quantity: 0 }];
    expect(parseStoredCart(JSON.stringify(badQuantity))).toBeNull();
  });
});

describe('packs in the cart', () => {
  // 300 bunches in stock: 12 cases of 24 (one short of 13), sold by the bunch or by the case.
  const bunches = product({
    id: 5,
    unit: 'bunch',
    price: '2.00',
    availableQuantity: 300,
    packs: [
      { id: 51, label: 'bunch', size: 1, price: '2.00', minimumQuantity: null },
      {
        id: 52,
        label: 'case of 24 bunches',
        size: 24,
        price: '43.20',
        breaks: [{ minQuantity: 5, price: '40.00' }],
        minimumQuantity: null,
      },
    ],
  });

  it('keeps two packs of one product as two lines, each priced by its pack', () => {
    let cart = addToCart([], bunches, 3, 51);
    cart = addToCart(cart, bunches, 2, 52);
    expect(cart).toHaveLength(2);
    expect(cart.map((item) => [item.packId, item.packLabel, item.quantity])).toEqual([
      [51, 'bunch', 3],
      [52, 'case of 24 bunches', 2],
    ]);
    expect(cart.map(lineTotalCents)).toEqual([600, 8640]);
    // The case's break applies from 5 cases; the bunch line is untouched.
    cart = setCartQuantity(cart, { productId: 5, packId: 52 }, 5, { cap: true });
    expect(lineTotalCents(cart[1]!)).toBe(20000);
    expect(cart[0]!.quantity).toBe(3);
    cart = removeFromCart(cart, { productId: 5, packId: 51 });
    expect(cart.map((item) => item.packId)).toEqual([52]);
    expect(cartItemCount(cart)).toBe(1);
  });

  it('counts packs whole and caps them at the packs the stock fills', () => {
    const cart = addToCart([], bunches, 2.5, 52);
    expect(cart[0]!.quantity).toBe(2);
    expect(
      setCartQuantity(cart, { productId: 5, packId: 52 }, 40, { cap: true })[0]!.quantity,
    ).toBe(12);
    expect(addToCart([], bunches, 1, 99)).toEqual([]);
    // A pound sold by the pound keeps its hundredths; a 10 lb box does not.
    const greens = product({
      id: 6,
      availableQuantity: 35,
      packs: [
        { id: 61, label: 'lb', size: 1, price: '2.50', minimumQuantity: null },
        { id: 62, label: '10 lb box', size: 10, price: '22.00', minimumQuantity: null },
      ],
    });
    expect(addToCart([], greens, 1.25, 61)[0]!.quantity).toBe(1.25);
    expect(addToCart([], greens, 1.25, 62)[0]!.quantity).toBe(1);
  });

  it("starts a line at the pack's minimum and keeps it there", () => {
    const minimum = {
      ...bunches,
      packs: [bunches.packs![0]!, { ...bunches.packs![1]!, minimumQuantity: 3 }],
    };
    let cart = addToCart([], minimum, 1, 52);
    expect(cart[0]!.quantity).toBe(3);
    cart = setCartQuantity(cart, { productId: 5, packId: 52 }, 1, { cap: false });
    expect(cart[0]!.quantity).toBe(3);
    // A minimum the stock cannot fill adds nothing.
    expect(addToCart([], { ...minimum, availableQuantity: 48 }, 1, 52)).toEqual([]);
  });

  it('reads back a stored line of a pack', () => {
    const cart = addToCart(addToCart([], bunches, 2, 52), bunches, 4, 51);
    expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
    const broken = [{ ...cart[0]!, quantity: 1.5 }];
    expect(parseStoredCart(JSON.stringify(broken))).toBeNull();
  });
});

describe('packs priced by weight', () => {
  // Ahi at $3.50 per lb, counted in cases of about 25 lb; 10 cases in stock.
  const ahi = product({
    id: 7,
    unit: 'case',
    price: '3.50',
    availableQuantity: 10,
    weightUnit: 'lb',
    breaks: [{ minQuantity: 100, price: '3.00' }],
    packs: [
      {
        id: 71,
        label: 'case',
        size: 1,
        price: '87.50',
        minimumQuantity: null,
        estimatedWeight: 25,
      },
    ],
  });

  it("charges the price per lb times the packs times each pack's estimate", () => {
    const cart = addToCart([], ahi, 2, 71);
    expect(cart[0]).toMatchObject({ weightUnit: 'lb', estimatedWeight: 25, pricePerUnit: '3.50' });
    expect(lineEstimatedWeight(cart[0]!)).toBe(50);
    expect(lineUnitCents(cart[0]!)).toBe(350);
    expect(lineTotalCents(cart[0]!)).toBe(17500);
    expect(hasEstimatedLines(cart)).toBe(true);
    expect(lineEstimateLabel(cart[0]!)).toBe('2 cases ≈ 50 lb, about $175.00');
    expect(packEstimateLabel(ahi, ahi.packs![0])).toBe('case ≈ 25 lb');
    expect(linePerWeightLabel(cart[0]!)).toBe('$3.50 / lb · case ≈ 25 lb');
    // Breaks are reached by the weight: 4 cases ≈ 100 lb.
    const four = setCartQuantity(cart, { productId: 7, packId: 71 }, 4, { cap: true });
    expect(lineTotalCents(four[0]!)).toBe(30000);
    // An odd estimate rounds once, half up, on the whole line.
    const odd = addToCart(
      [],
      { ...ahi, breaks: [], packs: [{ ...ahi.packs![0]!, estimatedWeight: 24.37 }] },
      3,
      71,
    );
    expect(lineTotalCents(odd[0]!)).toBe(25589);
  });

  it('keeps a line priced per pack out of the estimates', () => {
    const cart = addToCart([], product({ id: 8 }), 2);
    expect(hasEstimatedLines(cart)).toBe(false);
    expect(lineEstimateLabel(cart[0]!)).toBeNull();
    expect(linePerWeightLabel(cart[0]!)).toBeNull();
    expect(packEstimateLabel(product({ id: 8 }), undefined)).toBeNull();
  });

  it('reads back a stored line by weight and one stored before weights', () => {
    const cart = addToCart([], ahi, 2, 71);
    expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
    const { weightUnit: _unit, estimatedWeight: _weight, ...older } = cart[0]!;
    expect(parseStoredCart(JSON.stringify([older]))).toHaveLength(1);
    expect(parseStoredCart(JSON.stringify([{ ...cart[0]!, estimatedWeight: null }]))).toBeNull();
  });
});
