import { addToCart, setCartSubstitution, type Cart } from '#core/cart';
import {
  ORDER_CONFLICT_CODES,
  type OrderConflictBody,
  type OrderProblemProduct,
} from '#core/schemas/order';
import { describe, expect, it } from 'vitest';
import {
  changedFees,
  checkoutBody,
  describeConflict,
  groupWithCurrentTerms,
  submittedMessage,
  withChangedFees,
} from './checkout-model';

const kula = { id: 1, name: 'Kula Greens', deliveryFee: '5.00', orderMinimum: '50.00' };
const hilo = { id: 2, name: 'Hilo Orchards', deliveryFee: '0.00', orderMinimum: '0.00' };
const product = (id: number, name: string, price: string, farm: typeof kula) => ({
  id,
  name,
  unit: 'lb',
  price,
  availableQuantity: 20,
  farmId: farm.id,
  farm,
});
let cart: Cart = [];
cart = addToCart(cart, product(10, 'Kale', '3.50', kula), 2);
cart = addToCart(cart, product(11, 'Taro', '2.25', kula), 1);
cart = addToCart(cart, product(20, 'Papaya', '4.00', hilo), 3);

const problem = (overrides: Partial<OrderProblemProduct>): OrderProblemProduct => ({
  farmId: 1,
  farmName: 'Kula Greens',
  productId: 10,
  productName: 'Kale',
  unit: 'bunch',
  requestedQuantity: 4,
  availableQuantity: 2,
  unitPrice: '3.50',
  sentUnitPrice: '3.50',
  ...overrides,
});
const conflict = (code: string, extra: Partial<OrderConflictBody> = {}): OrderConflictBody => ({
  message: 'Conflict',
  code,
  ...extra,
});

describe('describeConflict (what a 409 from checkout says)', () => {
  it('insufficient stock: names what is left, "Sold out" when nothing is', () => {
    const result = describeConflict(
      conflict(ORDER_CONFLICT_CODES.insufficientStock, {
        products: [
          problem({ availableQuantity: 2 }),
          problem({ productId: 11, productName: 'Taro', unit: 'lb', availableQuantity: 0 }),
        ],
      }),
    );
    expect(result).toEqual({
      title: 'Not enough stock',
      description:
        'Kale from Kula Greens: only 2 bunches left. Taro from Kula Greens: only 0 lb left.',
      problems: [
        { productId: 10, message: 'Only 2 left' },
        { productId: 11, message: 'Sold out' },
      ],
    });
  });

  it('price changed: the new and the old price, or that it is no longer priced', () => {
    const result = describeConflict(
      conflict(ORDER_CONFLICT_CODES.priceChanged, {
        products: [
          problem({ unitPrice: '4.25', sentUnitPrice: '3.50' }),
          problem({ productId: 11, productName: null, unitPrice: null, sentUnitPrice: '2.25' }),
        ],
      }),
    );
    expect(result.title).toBe('Prices have changed');
    expect(result.description).toBe(
      'Kale from Kula Greens is now $4.25 (was $3.50). A product from Kula Greens is now no longer priced (was $2.25).',
    );
    expect(result.problems).toEqual([
      { productId: 10, message: 'Now $4.25 each' },
      { productId: 11, message: 'Now no longer priced each' },
    ]);
  });

  it('product unavailable: each product is no longer sold', () => {
    const result = describeConflict(
      conflict(ORDER_CONFLICT_CODES.productUnavailable, { products: [problem({})] }),
    );
    expect(result).toEqual({
      title: 'No longer available',
      description: 'Kale from Kula Greens is no longer sold.',
      problems: [{ productId: 10, message: 'No longer available' }],
    });
  });

  it("total changed: the farm's new delivery fee, with no line at fault", () => {
    expect(
      describeConflict(
        conflict(ORDER_CONFLICT_CODES.totalChanged, {
          farmName: 'Kula Greens',
          deliveryFee: '7.5',
        }),
      ),
    ).toEqual({
      title: 'The total has changed',
      description:
        "Kula Greens's delivery fee is now $7.50. Review the total and place the order again.",
      problems: [],
    });
  });

  it('total changed: every farm whose fee changed, with its new total', () => {
    const body = conflict(ORDER_CONFLICT_CODES.totalChanged, {
      farmId: 1,
      farmName: 'Kula Greens',
      deliveryFee: '250.00',
      totalAmount: '258.00',
      farms: [
        {
          farmId: 1,
          farmName: 'Kula Greens',
          subtotal: '8.00',
          deliveryFee: '250.00',
          totalAmount: '258.00',
          sentTotalAmount: '8.00',
        },
        {
          farmId: 2,
          farmName: 'Hilo Orchards',
          subtotal: '12.00',
          deliveryFee: '3.00',
          totalAmount: '15.00',
          sentTotalAmount: '12.00',
        },
      ],
    });
    expect(describeConflict(body).description).toBe(
      "Kula Greens's delivery fee is now $250.00, so its order comes to $258.00. Hilo Orchards's delivery fee is now $3.00, so its order comes to $15.00. Review the total and place the order again.",
    );
    // The screen shows the new fees at once, so the next Place Order sends the new totals.
    const shown = groupWithCurrentTerms(cart, withChangedFees([kula, hilo], changedFees(body)));
    const resent = checkoutBody(shown, {});
    expect(resent.orders.map((order) => order.totalAmount)).toEqual(['259.25', '15.00']);
    expect(changedFees(conflict(ORDER_CONFLICT_CODES.priceChanged))).toEqual([]);
  });

  it("any other code: the server's message, or a plain retry request without one", () => {
    expect(describeConflict(conflict('something_new', { message: 'Try later' }))).toEqual({
      title: 'Error',
      description: 'Try later',
      problems: [],
    });
    expect(describeConflict(conflict('something_new', { message: '' })).description).toBe(
      'Failed to place order. Please try again.',
    );
  });

  it('a known code without its products still gives a title and no line problems', () => {
    const result = describeConflict(conflict(ORDER_CONFLICT_CODES.insufficientStock));
    expect(result).toEqual({ title: 'Not enough stock', description: '', problems: [] });
  });
});

describe('groupWithCurrentTerms', () => {
  it("replaces the cart's remembered fee and minimum with the farm's current ones", () => {
    const groups = groupWithCurrentTerms(cart, [
      { ...kula, deliveryFee: '6.50', orderMinimum: '10.00' },
    ]);
    const [kulaGroup, hiloGroup] = groups;
    expect(kulaGroup).toMatchObject({
      farmId: 1,
      subtotalCents: 925,
      deliveryFeeCents: 650,
      orderMinimumCents: 1000,
      shortOfMinimumCents: 75,
    });
    // A farm the list does not know keeps the terms the cart remembered.
    expect(hiloGroup).toMatchObject({ farmId: 2, deliveryFeeCents: 0, shortOfMinimumCents: 0 });
  });

  it('keeps the remembered terms until the farms are known', () => {
    expect(groupWithCurrentTerms(cart, undefined)[0]).toMatchObject({
      deliveryFeeCents: 500,
      orderMinimumCents: 5000,
      shortOfMinimumCents: 4075,
    });
  });
});

describe('checkoutBody', () => {
  it('sends one order per farm with its lines, the fee in the total, and the choices made', () => {
    const groups = groupWithCurrentTerms(cart, undefined);
    const body = checkoutBody(groups, {
      1: { deliveryDate: '2026-11-27', notes: '  Back door  ' },
      2: { deliveryDate: '', notes: '   ' },
    });
    expect(body).toEqual({
      orders: [
        {
          farmId: 1,
          totalAmount: '14.25',
          items: [
            {
              productId: 10,
              quantity: 2,
              unitPrice: '3.50',
              totalPrice: '7.00',
              substitution: 'ask',
            },
            {
              productId: 11,
              quantity: 1,
              unitPrice: '2.25',
              totalPrice: '2.25',
              substitution: 'ask',
            },
          ],
          deliveryDate: '2026-11-27',
          notes: 'Back door',
        },
        {
          farmId: 2,
          totalAmount: '12.00',
          items: [
            {
              productId: 20,
              quantity: 3,
              unitPrice: '4.00',
              totalPrice: '12.00',
              substitution: 'ask',
            },
          ],
        },
      ],
    });
  });
});

describe('checkoutBody and the substitution preference', () => {
  it("sends each line's choice, the guide's from a fill, else ask me first", () => {
    const chosen = setCartSubstitution(cart, { productId: 11, packId: null }, 'never');
    const [kulaGroup] = groupWithCurrentTerms(chosen, undefined);
    expect(
      checkoutBody([kulaGroup!], {}).orders[0]!.items.map((item) => item.substitution),
    ).toEqual(['ask', 'never']);
  });
});

describe('General Excise Tax in the cart and at checkout', () => {
  it("taxes each farm's subtotal plus fee at its current rate and sends that total", () => {
    // Kula: $9.25 + $5.00 = $14.25 at 4.712% is $0.67146: $0.67.
    const groups = groupWithCurrentTerms(cart, [{ ...kula, taxRate: '4.7120' }, hilo]);
    expect(groups[0]).toMatchObject({ taxRate: 47120, taxCents: 67, totalCents: 1492 });
    expect(groups[1]).toMatchObject({ taxRate: 0, taxCents: 0, totalCents: 1200 });
    expect(checkoutBody(groups, {}).orders.map((order) => order.totalAmount)).toEqual([
      '14.92',
      '12.00',
    ]);
  });

  it('total changed by a new rate: the 409 names the GET and the next send carries it', () => {
    const body = conflict(ORDER_CONFLICT_CODES.totalChanged, {
      farms: [
        {
          farmId: 1,
          farmName: 'Kula Greens',
          subtotal: '9.25',
          deliveryFee: '5.00',
          taxRate: '4.1666',
          taxAmount: '0.59',
          totalAmount: '14.84',
          sentTotalAmount: '14.25',
        },
      ],
    });
    expect(describeConflict(body).description).toBe(
      "Kula Greens's delivery fee is now $5.00 and its GET 4.1666% ($0.59), so its order comes to $14.84. Review the total and place the order again.",
    );
    const shown = groupWithCurrentTerms(cart, withChangedFees([kula, hilo], changedFees(body)));
    expect(checkoutBody(shown, {}).orders[0]?.totalAmount).toBe('14.84');
  });
});

describe('the success toast of a checkout', () => {
  it('speaks of one farm or of several', () => {
    expect(submittedMessage(1)).toBe('Your order has been submitted to the farm.');
    expect(submittedMessage(2)).toBe('Your orders have been submitted to the farms.');
  });
});

describe('packs at checkout', () => {
  const kalo = {
    ...product(30, 'Kalo', '2.00', kula),
    unit: 'bunch',
    availableQuantity: 300,
    packs: [
      { id: 301, label: 'bunch', size: 1, price: '2.00', minimumQuantity: null },
      { id: 302, label: 'case of 24 bunches', size: 24, price: '43.20', minimumQuantity: null },
    ],
  };
  const packed = addToCart(addToCart([], kalo, 2, 302), kalo, 5, 301);

  it("sends each line's pack, priced by the pack", () => {
    const [group] = groupWithCurrentTerms(packed, undefined);
    expect(checkoutBody([group!], {}).orders[0]!.items).toEqual([
      {
        productId: 30,
        packId: 302,
        quantity: 2,
        unitPrice: '43.20',
        totalPrice: '86.40',
        substitution: 'ask',
      },
      {
        productId: 30,
        packId: 301,
        quantity: 5,
        unitPrice: '2.00',
        totalPrice: '10.00',
        substitution: 'ask',
      },
    ]);
  });

  it('says what is short in the packs of the line at fault', () => {
    const result = describeConflict(
      conflict(ORDER_CONFLICT_CODES.insufficientStock, {
        products: [
          problem({
            productId: 30,
            productName: 'Kalo',
            packId: 302,
            requestedQuantity: 20,
            availableQuantity: 300,
            availablePacks: 12,
          }),
        ],
      }),
      packed,
    );
    expect(result.description).toBe('Kalo from Kula Greens: only 12 cases of 24 bunches left.');
    expect(result.problems).toEqual([{ productId: 30, packId: 302, message: 'Only 12 left' }]);
  });
});

describe('checkoutBody for a line priced by weight', () => {
  it('sends the price per lb and the price times the estimated weight', () => {
    const ahi = {
      ...product(30, 'Ahi', '3.50', hilo),
      unit: 'case',
      weightUnit: 'lb',
      packs: [
        {
          id: 301,
          label: 'case',
          size: 1,
          price: '87.50',
          minimumQuantity: null,
          estimatedWeight: 25,
        },
      ],
    };
    const groups = groupWithCurrentTerms(addToCart([], ahi, 2, 301), undefined);
    expect(checkoutBody(groups, {})).toEqual({
      orders: [
        {
          farmId: 2,
          totalAmount: '175.00',
          items: [
            {
              productId: 30,
              packId: 301,
              quantity: 2,
              unitPrice: '3.50',
              totalPrice: '175.00',
              substitution: 'ask',
            },
          ],
        },
      ],
    });
  });
});
