import { describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { Session, signUp, signUpFarmer, signUpRestaurant, useTestApp } from '../helpers/test-app';

/** The shapes of docs/api.md as an outside client checks them: exact keys and wire types. */
const MONEY = /^\d+\.\d{2}$/;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

const ORDER_KEYS = [
  // Additive: when the farm adjusted the order to what was picked (docs/adjustments.md).
  'adjustedAt',
  // Additive: credit put on the invoice from accepted claims (docs/claims.md).
  'amountCredited',
  // Additive: what is paid and still owed on the order (docs/api.md, Payments).
  'amountPaid',
  'balanceDue',
  // Additive: the last day a problem may be reported (docs/claims.md).
  'claimsOpenUntil',
  'createdAt',
  // Additive: proof of delivery from the driver's phone, or null (docs/delivery.md).
  'delivery',
  // Additive: the zone the order was placed for (docs/api.md#order).
  'deliveryArea',
  'deliveryDate',
  'deliveryFee',
  'deliveryZone',
  'dueDate',
  'farm',
  'id',
  'notes',
  // Additive: when ordering for the order's day closes, so a card can say so (docs/api.md#order).
  'orderCutoff',
  'orderItems',
  'paymentStatus',
  'recipientName',
  'restaurant',
  // Additive: the fee of an order below the farm's minimum, "0.00" when none (docs/minimums.md).
  'smallOrderFee',
  // Additive: the standing order that placed it, or null (docs/standing-orders.md).
  'standingOrderId',
  'status',
  'subtotal',
  // Additive: the GET rate at placement and its amount (docs/tax.md).
  'taxAmount',
  'taxRate',
  // Additive: why the order has its GET rate, or null (docs/tax.md).
  'taxReason',
  'totalAmount',
  // Additive: the other side's messages the reader has not read (docs/order-thread.md).
  'unreadMessages',
  // Additive: a line charged by weight has no weight yet (docs/catch-weight.md).
  'weightsPending',
];

function expectOrderShape(order: Record<string, unknown>) {
  expect(Object.keys(order).sort()).toEqual(ORDER_KEYS);
  expect(order).toMatchObject({
    id: expect.any(Number),
    createdAt: expect.stringMatching(UTC_INSTANT),
    subtotal: expect.stringMatching(MONEY),
    deliveryFee: expect.stringMatching(MONEY),
    totalAmount: expect.stringMatching(MONEY),
  });
  if (order.deliveryDate !== null) expect(order.deliveryDate).toMatch(CALENDAR_DATE);
  expect(Object.keys(order.farm as object).sort()).toEqual(['id', 'name']);
  expect(Object.keys(order.restaurant as object).sort()).toEqual([
    'contactPhone',
    'id',
    'location',
    'name',
  ]);
  for (const item of order.orderItems as Record<string, unknown>[]) {
    expect(Object.keys(item).sort()).toEqual([
      // Additive: a line charged by weight (docs/catch-weight.md); null on other lines.
      'estimatedWeight',
      'id',
      // Additive: the line's traceability lots (docs/traceability.md).
      'lots',
      'orderedQuantity',
      // Additive: the pack sold (docs/packs.md).
      'pack',
      'packId',
      // Additive: a substitute waiting for the restaurant, or null (docs/substitutions.md).
      'pendingSubstitution',
      'product',
      'productId',
      'quantity',
      // Additive: the line it replaced, or null; the restaurant's preference (docs/substitutions.md).
      'substituteFor',
      'substituteForName',
      'substitution',
      'totalPrice',
      'traced',
      'unitPrice',
      // Additive: a line charged by weight (docs/catch-weight.md); null on other lines.
      'weighedAt',
      'weighedBy',
      'weight',
      'weightDecision',
      'weightHistory',
      'weightUnit',
      'weights',
    ]);
    expect(Object.keys(item.product as object).sort()).toEqual(['imageUrl', 'name', 'unit']);
    expect(item.unitPrice).toMatch(MONEY);
    expect(item.totalPrice).toMatch(MONEY);
  }
}

function expectErrorShape(body: Record<string, unknown>) {
  expect(body.message).toEqual(expect.any(String));
  expect(Object.keys(body).every((key) => ['message', 'code', 'fields'].includes(key))).toBe(true);
}

const ctx = useTestApp();

describe('the Order', () => {
  it('has exactly the documented fields, with money, dates and instants in wire form', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Waimanalo Greens');
    const restaurant = await signUpRestaurant(ctx.app, 'Kaimuki Kitchen');
    await farmer.put('/api/profile/farm', {
      name: 'Waimanalo Greens',
      location: '41-1010 Kalanianaole Hwy, Waimanalo, HI 96795',
      deliveryFee: '5',
    });
    const product = (
      await farmer.post('/api/products', {
        name: 'Mixed Greens',
        unit: 'lb',
        price: '3.10',
        availableQuantity: 20,
      })
    ).json();
    await farmer.post('/api/delivery-schedules', {
      deliveryDates: [addDays(hawaiiToday(), 2)],
      deliveryArea: 'Honolulu',
    });

    // 3 x 3.10 is 9.30 exactly: no float drift anywhere on the way.
    const placed = await restaurant.post('/api/orders', {
      farmId: farmer.farmId,
      totalAmount: '14.30',
      items: [{ productId: product.id, quantity: 3, unitPrice: '3.10', totalPrice: '9.30' }],
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.headers['content-type']).toBe('application/json; charset=utf-8');
    const order = placed.json();
    expectOrderShape(order);
    expect(order).toMatchObject({
      status: 'pending',
      subtotal: '9.30',
      deliveryFee: '5.00',
      totalAmount: '14.30',
      deliveryDate: addDays(hawaiiToday(), 2),
      recipientName: null,
      notes: null,
      farm: { id: farmer.farmId, name: 'Waimanalo Greens' },
      restaurant: { id: restaurant.restaurantId, name: 'Kaimuki Kitchen' },
    });

    const farmList = (await farmer.get('/api/orders/farm')).json();
    const restaurantList = (await restaurant.get('/api/orders/restaurant')).json();
    expectOrderShape(farmList[0]);
    expectOrderShape(restaurantList[0]);
    const confirmed = await farmer.patch(`/api/orders/${order.id}/status`, {
      status: 'confirmed',
    });
    expect(confirmed.statusCode).toBe(200);
    expectOrderShape(confirmed.json());
  });
});

describe('the catalogue without parameters', () => {
  it('is a plain array of products, each with farmId and its farm', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Kula Fields');
    const restaurant = await signUpRestaurant(ctx.app);
    await farmer.post('/api/products', { name: 'Onions', unit: 'lb', price: '2', isOrganic: true });
    const response = await restaurant.get('/api/products');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(Array.isArray(list)).toBe(true);
    const onions = list.find((entry: { name: string }) => entry.name === 'Onions');
    expect(onions).toMatchObject({
      id: expect.any(Number),
      description: null,
      category: null,
      unit: 'lb',
      price: '2.00',
      availableQuantity: 0,
      isOrganic: true,
      isActive: true,
      farmId: farmer.farmId,
    });
    expect(Object.keys(onions.farm).sort()).toEqual([
      'deliveryFee',
      'id',
      'name',
      'orderMinimum',
      // Additive: the farm's GET rate (docs/tax.md).
      'taxRate',
    ]);
    expect(onions.farm).toEqual({
      id: farmer.farmId,
      name: 'Kula Fields',
      deliveryFee: '0.00',
      orderMinimum: '0.00',
      taxRate: '0.0000',
    });
  });
});

describe('the user', () => {
  it('has exactly the documented fields', async () => {
    const user = await signUp(ctx.app);
    const response = await user.get('/api/auth/user');
    expect(Object.keys(response.json()).sort()).toEqual([
      'businessRole',
      'email',
      'emailVerified',
      'firstName',
      'id',
      'lastName',
      'memberships',
      'profile',
      'profileImageUrl',
      'role',
    ]);
    expect(response.json()).toMatchObject({
      role: null,
      profile: null,
      businessRole: null,
      memberships: [],
    });
  });
});

describe('errors', () => {
  it('keep the one error shape whatever goes wrong', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const anonymous = new Session(ctx.app);
    const json = { 'content-type': 'application/json' };
    const cases: Array<[number, Promise<{ statusCode: number; json(): unknown }>]> = [
      [401, anonymous.get('/api/orders/farm')],
      [404, farmer.get('/api/no-such-thing')],
      [404, farmer.get('/api/orders/999999/invoice')],
      [400, farmer.request({ method: 'POST', url: '/api/products', payload: '{', headers: json })],
      // A path the router cannot even decode.
      [400, farmer.get('/api/orders/%E0%A4%A/invoice')],
      [
        413,
        farmer.request({
          method: 'POST',
          url: '/api/products',
          payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) }),
          headers: json,
        }),
      ],
      [
        415,
        farmer.request({
          method: 'POST',
          url: '/api/products',
          payload: 'name=Kale',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ],
    ];
    for (const [status, pending] of cases) {
      const response = await pending;
      expect(response.statusCode).toBe(status);
      expectErrorShape(response.json() as Record<string, unknown>);
    }
  });
});
