import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { farmMoveKind, judgeOrderChange } from '#core/order-changes';
import { ORDER_STATUSES, type OrderStatus } from '#core/order-status';
import { orderStatusHistory } from '../../src/server/db/schema';
import { expectBooksBalance } from '../helpers/invariants';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  setFarmTerms,
  stockOf,
  updateProduct,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import {
  createTestApp,
  Session,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/** The oracle of a farm owner's move: the one table of order changes (core/order-changes). */
function farmerMayMove(from: OrderStatus, to: OrderStatus): boolean {
  const kind = farmMoveKind(to);
  return kind !== null && judgeOrderChange({ kind: 'farm', role: 'owner' }, kind, from).allowed;
}

/** A line's catch-weight fields when it is priced per pack. */
const NOT_BY_WEIGHT = {
  weightUnit: null,
  estimatedWeight: null,
  weight: null,
  weights: null,
  weighedBy: null,
  weighedAt: null,
  weightDecision: null,
  weightHistory: [],
};

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let otherRestaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let kale: ProductFixture;
let taro: ProductFixture;
let otherFarmsProduct: ProductFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  otherFarmer = await signUpFarmer(ctx.app, 'Waimea Roots');
  restaurant = await signUpRestaurant(ctx.app, 'Mama Bistro');
  otherRestaurant = await signUpRestaurant(ctx.app, 'Pier Grill');
  await setFarmTerms(ctx.database.db, farmer.farmId, { deliveryFee: '7.50' });
  kale = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Lacinato Kale',
    price: '4.25',
    availableQuantity: 1000,
  });
  taro = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Taro',
    unit: 'bunch',
    price: '3.10',
    availableQuantity: 1000,
  });
  otherFarmsProduct = await createProduct(ctx.database.db, otherFarmer.farmId, { price: '2.00' });
});
afterAll(async () => {
  await ctx.close();
});

async function placeOrder(
  lines: { product: ProductFixture; quantity: number }[] = [{ product: kale, quantity: 1 }],
) {
  const response = await restaurant.post('/api/orders', orderBody(farmer.farmId, lines));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; status: string; totalAmount: string };
}

describe('POST /api/orders', () => {
  it('takes up to two decimals of a weighed unit, priced half up to the cent', async () => {
    const before = await stockOf(ctx.database.db, kale.id);
    const response = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: kale, quantity: 1.25 }]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    // $4.25 x 1.25 = $5.3125 -> $5.31; plus the $7.50 fee.
    expect(order.orderItems[0]).toMatchObject({ quantity: 1.25, totalPrice: '5.31' });
    expect(order.subtotal).toBe('5.31');
    expect(order.totalAmount).toBe('12.81');
    expect(await stockOf(ctx.database.db, kale.id)).toBe(before - 1.25);
  });

  it('refuses a decimal of a counted unit with 400 and the field, taking nothing', async () => {
    const before = await stockOf(ctx.database.db, taro.id);
    const response = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: taro, quantity: 1.5 }]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'items.0.quantity': 'Use a whole number for bunch' });
    expect(await stockOf(ctx.database.db, taro.id)).toBe(before);
  });

  it('places an order priced by the database, with the delivery fee, in the Order shape', async () => {
    const before = await stockOf(ctx.database.db, kale.id);
    const response = await restaurant.post(
      '/api/orders',
      orderBody(
        farmer.farmId,
        [
          { product: kale, quantity: 3 },
          { product: taro, quantity: 2 },
        ],
        { notes: '  Back door, please  ' },
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      status: 'pending',
      subtotal: '18.95',
      deliveryFee: '7.50',
      totalAmount: '26.45',
      notes: 'Back door, please',
      recipientName: null,
      farm: { id: farmer.farmId, name: 'Kahuku Greens' },
      restaurant: {
        id: restaurant.restaurantId,
        name: 'Mama Bistro',
        location: '45-123 Kamehameha Hwy, Kaneohe, HI 96744',
        contactPhone: '(808) 555-0101',
      },
    });
    expect(order.orderItems).toEqual([
      {
        id: expect.any(Number),
        productId: kale.id,
        product: { name: 'Lacinato Kale', unit: 'lb', imageUrl: null },
        // Additive: packs (docs/packs.md); a line sent without a pack is of the unit.
        packId: expect.any(Number),
        pack: { label: 'lb', size: 1 },
        quantity: 3,
        orderedQuantity: 3,
        unitPrice: '4.25',
        totalPrice: '12.75',
        // Additive: traceability (docs/traceability.md).
        traced: false,
        lots: [],
        // Additive: catch weight (docs/catch-weight.md), null on a line priced per pack.
        ...NOT_BY_WEIGHT,
        // Additive: substitutions (docs/substitutions.md).
        substitution: 'ask',
        substituteFor: null,
        substituteForName: null,
        pendingSubstitution: null,
      },
      {
        id: expect.any(Number),
        productId: taro.id,
        product: { name: 'Taro', unit: 'bunch', imageUrl: null },
        packId: expect.any(Number),
        pack: { label: 'bunch', size: 1 },
        quantity: 2,
        orderedQuantity: 2,
        unitPrice: '3.10',
        totalPrice: '6.20',
        traced: false,
        lots: [],
        // Additive: catch weight (docs/catch-weight.md), null on a line priced per pack.
        ...NOT_BY_WEIGHT,
        // Additive: substitutions (docs/substitutions.md).
        substitution: 'ask',
        substituteFor: null,
        substituteForName: null,
        pendingSubstitution: null,
      },
    ]);
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);
    expect(await stockOf(ctx.database.db, kale.id)).toBe(before - 3);
    const history = await ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'pending' }]);
  });

  it('accepts a total with the delivery fee and refuses a stale one with the current figures', async () => {
    const withFee = orderBody(farmer.farmId, [{ product: kale, quantity: 2 }], {
      totalAmount: '16.00',
    });
    expect((await restaurant.post('/api/orders', withFee)).statusCode).toBe(201);
    const stale = orderBody(farmer.farmId, [{ product: kale, quantity: 2 }], {
      totalAmount: '9.99',
    });
    const response = await restaurant.post('/api/orders', stale);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'total_changed',
      farmName: 'Kahuku Greens',
      subtotal: '8.50',
      deliveryFee: '7.50',
      totalAmount: '16.00',
    });
  });

  it('sums repeated lines of one product into one line and takes their stock together', async () => {
    const product = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 5 });
    const tooMuch = orderBody(farmer.farmId, [
      { product, quantity: 3 },
      { product, quantity: 3 },
    ]);
    const refused = await restaurant.post('/api/orders', tooMuch);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Not enough stock',
      productId: product.id,
      availableQuantity: 5,
      requestedQuantity: 6,
    });
    expect(await stockOf(ctx.database.db, product.id)).toBe(5);
    const fits = orderBody(farmer.farmId, [
      { product, quantity: 2 },
      { product, quantity: 3 },
    ]);
    const placed = await restaurant.post('/api/orders', fits);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().orderItems).toMatchObject([{ productId: product.id, quantity: 5 }]);
    expect(await stockOf(ctx.database.db, product.id)).toBe(0);
  });

  it('refuses the signed-out (401), farmers and users without a profile (403)', async () => {
    const body = orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]);
    expect((await new Session(ctx.app).post('/api/orders', body)).statusCode).toBe(401);
    expect((await farmer.post('/api/orders', body)).statusCode).toBe(403);
    const noProfile = await signUp(ctx.app);
    expect((await noProfile.post('/api/orders', body)).statusCode).toBe(403);
  });

  it.each([
    ['no items', { items: [] }, 'items'],
    [
      'a zero quantity',
      { items: [{ productId: 1, quantity: 0, unitPrice: '1.00' }] },
      'items.0.quantity',
    ],
    [
      'a quantity with three decimals',
      { items: [{ productId: 1, quantity: 1.555, unitPrice: '1.00' }] },
      'items.0.quantity',
    ],
    [
      'a float price',
      { items: [{ productId: 1, quantity: 1, unitPrice: 4.25 }] },
      'items.0.unitPrice',
    ],
    [
      'a negative price',
      { items: [{ productId: 1, quantity: 1, unitPrice: '-1.00' }] },
      'items.0.unitPrice',
    ],
    [
      'a wrong line total',
      { items: [{ productId: 1, quantity: 2, unitPrice: '1.00', totalPrice: '3.00' }] },
      'items.0.totalPrice',
    ],
    ['no total', { totalAmount: undefined }, 'totalAmount'],
    ['a text farm id', { farmId: 'one' }, 'farmId'],
    ['an impossible date', { deliveryDate: '2026-02-30' }, 'deliveryDate'],
    ['notes too long', { notes: 'x'.repeat(1001) }, 'notes'],
  ])('answers 400 with fields for %s', async (_label, change, field) => {
    const body = { ...orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]), ...change };
    const response = await restaurant.post('/api/orders', body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toContain(field);
  });

  it('answers 400, never 500, to an order larger than any amount can hold', async () => {
    // Every line within the caps ($100,000.00 a unit, 10,000 units), the sum beyond an order.
    const luxury = await createProduct(ctx.database.db, farmer.farmId, {
      price: '100000.00',
      availableQuantity: 1_000_000,
    });
    const line = { productId: luxury.id, quantity: 10_000, unitPrice: '100000.00' };
    const response = await restaurant.post('/api/orders', {
      farmId: farmer.farmId,
      totalAmount: '1.00',
      items: Array.from({ length: 100 }, () => line),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.items).toBe('Split this order into smaller ones');
    expect(await stockOf(ctx.database.db, luxury.id)).toBe(1_000_000);
  });

  it('refuses a unit price above $100,000.00 and a line above 10,000 units with a clear 400', async () => {
    const base = orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]);
    const dear = await restaurant.post('/api/orders', {
      ...base,
      items: [{ productId: kale.id, quantity: 1, unitPrice: '99999999.99' }],
    });
    expect(dear.statusCode).toBe(400);
    expect(dear.json().fields['items.0.unitPrice']).toBe('At most $100,000.00');
    const many = await restaurant.post('/api/orders', {
      ...base,
      items: [{ productId: kale.id, quantity: 10_001, unitPrice: kale.price }],
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().fields['items.0.quantity']).toBe('At most 10,000');
  });

  it('answers 400, never 500, to malformed JSON and a bad Idempotency-Key', async () => {
    const malformed = await restaurant.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json' },
      payload: '{"farmId": 1,',
    });
    expect(malformed.statusCode).toBe(400);
    const badKey = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]),
      { 'idempotency-key': 'short' },
    );
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().fields['Idempotency-Key']).toBeDefined();
  });

  it('answers 404 for an unknown farm and 400 for another farm’s product', async () => {
    const unknownFarm = await restaurant.post(
      '/api/orders',
      orderBody(999_999, [{ product: kale, quantity: 1 }]),
    );
    expect(unknownFarm.statusCode).toBe(404);
    const wrongFarm = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: otherFarmsProduct, quantity: 1 }]),
    );
    expect(wrongFarm.statusCode).toBe(400);
    expect(wrongFarm.json().fields['items.0.productId']).toMatch(/Kahuku Greens/);
  });

  it('answers 409 for inactive, deleted and unknown products, taking no stock', async () => {
    const inactive = await createProduct(ctx.database.db, farmer.farmId, { isActive: false });
    const deleted = await createProduct(ctx.database.db, farmer.farmId, { deletedAt: new Date() });
    for (const product of [inactive, deleted]) {
      const response = await restaurant.post(
        '/api/orders',
        orderBody(farmer.farmId, [
          { product: kale, quantity: 1 },
          { product, quantity: 1 },
        ]),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'product_unavailable',
        productId: product.id,
        farmId: farmer.farmId,
      });
    }
    const ghost = { ...kale, id: 987_654 };
    const unknown = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: ghost, quantity: 1 }]),
    );
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().productId).toBe(987_654);
  });

  it('never reveals the name or price of a product the buyer may not see', async () => {
    const hidden = await createProduct(ctx.database.db, otherFarmer.farmId, {
      name: 'Secret Reserve Vanilla',
      unit: 'pod',
      price: '87.65',
      isActive: false,
    });
    const archived = await createProduct(ctx.database.db, otherFarmer.farmId, {
      name: 'Retired Cacao',
      price: '43.21',
      deletedAt: new Date(),
    });
    const ghost = { ...kale, id: 987_655 };
    const answers = [];
    for (const product of [hidden, archived, ghost]) {
      // Through its own farm and through another one: both answer as for an unknown product.
      for (const farmId of [otherFarmer.farmId, farmer.farmId]) {
        // A guessed price: the answer echoes it as sentUnitPrice, and must add nothing else.
        const response = await restaurant.post(
          '/api/orders',
          orderBody(farmId, [{ product, quantity: 1, unitPrice: '1.00' }]),
        );
        expect(response.statusCode).toBe(409);
        const body = response.json();
        expect(body).toMatchObject({
          code: 'product_unavailable',
          productId: product.id,
          productName: null,
          unitPrice: null,
          products: [{ productName: null, unit: null, unitPrice: null }],
        });
        expect(response.body).not.toMatch(/Secret|Vanilla|87\.65|pod|Cacao|43\.21/);
        answers.push(JSON.stringify({ ...body, productId: 0, products: [] }));
      }
    }
    expect(new Set(answers).size).toBe(2); // one answer per farm asked, whatever the product
    expect(await stockOf(ctx.database.db, hidden.id)).toBe(50);
  });

  it('answers 409 with the current price when the sent price is not current', async () => {
    const product = await createProduct(ctx.database.db, farmer.farmId, {
      price: '5.00',
      availableQuantity: 10,
    });
    await updateProduct(ctx.database.db, product.id, { price: '5.75' });
    const response = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product, quantity: 2 }]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'price_changed',
      productId: product.id,
      unitPrice: '5.75',
      products: [{ productId: product.id, unitPrice: '5.75', sentUnitPrice: '5.00' }],
    });
    expect(await stockOf(ctx.database.db, product.id)).toBe(10);
  });

  it('takes a chosen delivery day only from the farm’s days on or after today (Hawaii)', async () => {
    const today = hawaiiToday();
    const farm = await signUpFarmer(ctx.app, 'Schedule Farm');
    const product = await createProduct(ctx.database.db, farm.farmId);
    await addDeliveryDay(ctx.database.db, farm.farmId, addDays(today, -1));
    await addDeliveryDay(ctx.database.db, farm.farmId, addDays(today, 2));
    await addDeliveryDay(ctx.database.db, farm.farmId, addDays(today, 6));
    const line = [{ product, quantity: 1 }];

    const byDefault = await restaurant.post('/api/orders', orderBody(farm.farmId, line));
    expect(byDefault.json().deliveryDate).toBe(addDays(today, 2));
    const chosen = await restaurant.post(
      '/api/orders',
      orderBody(farm.farmId, line, { deliveryDate: addDays(today, 6) }),
    );
    expect(chosen.json().deliveryDate).toBe(addDays(today, 6));
    for (const day of [addDays(today, -1), addDays(today, 3)]) {
      const refused = await restaurant.post(
        '/api/orders',
        orderBody(farm.farmId, line, { deliveryDate: day }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields.deliveryDate).toBeDefined();
    }
    const unscheduled = await signUpFarmer(ctx.app, 'No Days Farm');
    const loose = await createProduct(ctx.database.db, unscheduled.farmId);
    const none = await restaurant.post(
      '/api/orders',
      orderBody(unscheduled.farmId, [{ product: loose, quantity: 1 }]),
    );
    expect(none.json().deliveryDate).toBeNull();
  });
});

describe('idempotency of POST /api/orders', () => {
  it('returns the first result for the same key and body, and refuses another body', async () => {
    const body = orderBody(farmer.farmId, [{ product: taro, quantity: 4 }]);
    const key = crypto.randomUUID();
    const before = await stockOf(ctx.database.db, taro.id);
    const first = await restaurant.post('/api/orders', body, { 'idempotency-key': key });
    const again = await restaurant.post('/api/orders', body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await stockOf(ctx.database.db, taro.id)).toBe(before - 4);

    const different = orderBody(farmer.farmId, [{ product: taro, quantity: 5 }]);
    const reused = await restaurant.post('/api/orders', different, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toMatch(/different request/);

    // Keys belong to their user: another restaurant's same key is a new request.
    const elsewhere = await otherRestaurant.post('/api/orders', body, { 'idempotency-key': key });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().id).not.toBe(first.json().id);
  });

  it('processes a refused attempt again when retried with the same key', async () => {
    const product = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 1 });
    const body = orderBody(farmer.farmId, [{ product, quantity: 2 }]);
    const key = crypto.randomUUID();
    expect(
      (await restaurant.post('/api/orders', body, { 'idempotency-key': key })).statusCode,
    ).toBe(409);
    await updateProduct(ctx.database.db, product.id, { availableQuantity: 2 });
    expect(
      (await restaurant.post('/api/orders', body, { 'idempotency-key': key })).statusCode,
    ).toBe(201);
  });
});

describe('order lists', () => {
  it('shows each side only its own orders, newest first', async () => {
    const restaurantOrders = await restaurant.get('/api/orders/restaurant');
    expect(restaurantOrders.statusCode).toBe(200);
    const list = restaurantOrders.json() as { id: number; restaurant: { id: number } }[];
    expect(list.length).toBeGreaterThan(2);
    expect(list.every((order) => order.restaurant.id === restaurant.restaurantId)).toBe(true);
    const ids = list.map((order) => order.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const farmOrders = (await farmer.get('/api/orders/farm')).json() as {
      farm: { id: number };
      restaurant: { id: number };
    }[];
    expect(farmOrders.every((order) => order.farm.id === farmer.farmId)).toBe(true);
    expect(farmOrders.some((order) => order.restaurant.id === otherRestaurant.restaurantId)).toBe(
      true,
    );
    expect((await otherFarmer.get('/api/orders/farm')).json()).toEqual([]);
  });

  it('refuses the wrong role (403) and the signed-out (401)', async () => {
    expect((await farmer.get('/api/orders/restaurant')).statusCode).toBe(403);
    expect((await restaurant.get('/api/orders/farm')).statusCode).toBe(403);
    expect((await new Session(ctx.app).get('/api/orders/farm')).statusCode).toBe(401);
  });

  it('keeps an order whole after its product is renamed and deleted', async () => {
    const product = await createProduct(ctx.database.db, farmer.farmId, {
      name: 'Ulu',
      unit: 'piece',
    });
    const order = await placeOrder([{ product, quantity: 1 }]);
    await updateProduct(ctx.database.db, product.id, { name: 'Breadfruit', deletedAt: new Date() });
    const list = (await restaurant.get('/api/orders/restaurant')).json() as {
      id: number;
      orderItems: { product: { name: string; unit: string; imageUrl: string | null } }[];
    }[];
    expect(list.find((entry) => entry.id === order.id)!.orderItems[0]!.product).toEqual({
      name: 'Ulu',
      unit: 'piece',
      imageUrl: null,
    });
  });
});

describe('PATCH /api/orders/{id}/status', () => {
  it('walks pending -> confirmed -> packed -> in_transit -> delivered with a recipient', async () => {
    const order = await placeOrder();
    for (const status of ['confirmed', 'packed', 'in_transit'] as const) {
      const response = await farmer.patch(`/api/orders/${order.id}/status`, { status });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe(status);
    }
    const blank = await farmer.patch(`/api/orders/${order.id}/status`, {
      status: 'delivered',
      recipientName: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.recipientName).toBe("Please enter the recipient's name");
    const missing = await farmer.patch(`/api/orders/${order.id}/status`, { status: 'delivered' });
    expect(missing.statusCode).toBe(400);
    const delivered = await farmer.patch(`/api/orders/${order.id}/status`, {
      status: 'delivered',
      recipientName: '  Keoni Kahale ',
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'delivered', recipientName: 'Keoni Kahale' });
    expect(delivered.json().deliveryDate).toBe(hawaiiToday());

    const history = await farmer.get(`/api/orders/${order.id}/history`);
    expect(history.json().map((row: { toStatus: string }) => row.toStatus)).toEqual([
      'pending',
      'confirmed',
      'packed',
      'in_transit',
      'delivered',
    ]);
    expect(history.json()[1]).toMatchObject({ fromStatus: 'pending' });
    expect((await restaurant.get(`/api/orders/${order.id}/history`)).statusCode).toBe(200);
    expect((await otherRestaurant.get(`/api/orders/${order.id}/history`)).statusCode).toBe(404);
  });

  it('answers 409 to moves the status machine does not allow', async () => {
    const order = await placeOrder();
    for (const status of ['packed', 'in_transit', 'pending']) {
      const response = await farmer.patch(`/api/orders/${order.id}/status`, { status });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        status: 'pending',
        allowed: ['confirmed', 'cancelled'],
      });
    }
  });

  it('refuses restaurants any move but cancelling (403), other farms and unknown orders (404), odd input (400)', async () => {
    const order = await placeOrder();
    const url = `/api/orders/${order.id}/status`;
    expect((await new Session(ctx.app).patch(url, { status: 'confirmed' })).statusCode).toBe(401);
    expect((await restaurant.patch(url, { status: 'confirmed' })).statusCode).toBe(403);
    expect((await otherFarmer.patch(url, { status: 'confirmed' })).statusCode).toBe(404);
    expect(
      (await farmer.patch('/api/orders/999999/status', { status: 'confirmed' })).statusCode,
    ).toBe(404);
    expect((await farmer.patch('/api/orders/abc/status', { status: 'confirmed' })).statusCode).toBe(
      400,
    );
    expect((await farmer.patch(url, { status: 'shipped' })).statusCode).toBe(400);
    expect((await farmer.patch(url, {})).statusCode).toBe(400);
  });

  it('returns the stock exactly once when an order is cancelled', async () => {
    const product = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 9 });
    const order = await placeOrder([
      { product, quantity: 4 },
      { product: kale, quantity: 1 },
    ]);
    expect(await stockOf(ctx.database.db, product.id)).toBe(5);
    const cancelled = await farmer.patch(`/api/orders/${order.id}/status`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(ctx.database.db, product.id)).toBe(9);
    const again = await farmer.patch(`/api/orders/${order.id}/status`, { status: 'cancelled' });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(ctx.database.db, product.id)).toBe(9);
  });

  it('lets only one of two concurrent moves win', async () => {
    const product = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 3 });
    const order = await placeOrder([{ product, quantity: 3 }]);
    const url = `/api/orders/${order.id}/status`;
    const results = await Promise.all([
      farmer.patch(url, { status: 'cancelled' }),
      farmer.patch(url, { status: 'cancelled' }),
      farmer.patch(url, { status: 'confirmed' }),
    ]);
    const codes = results.map((result) => result.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const final = results.find((result) => result.statusCode === 200)!.json().status;
    expect(await stockOf(ctx.database.db, product.id)).toBe(final === 'cancelled' ? 3 : 0);
    await expectBooksBalance(ctx.database.db);
  });
});

describe('random status moves by random roles', () => {
  it('allows only the machine’s moves by the owner farm (and the restaurant’s cancel of a pending order) and returns stock once', async () => {
    const product = await createProduct(ctx.database.db, farmer.farmId, {
      availableQuantity: 100_000,
    });
    const actors = ['owner', 'otherFarm', 'restaurant'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(
          fc.record({
            actor: fc.constantFrom(...actors),
            status: fc.constantFrom(...ORDER_STATUSES),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        async (quantity, moves) => {
          const stockBefore = await stockOf(ctx.database.db, product.id);
          const order = await placeOrder([{ product, quantity }]);
          let status: OrderStatus = 'pending';
          for (const move of moves) {
            const session =
              move.actor === 'owner'
                ? farmer
                : move.actor === 'otherFarm'
                  ? otherFarmer
                  : restaurant;
            const body =
              move.status === 'delivered'
                ? { status: move.status, recipientName: 'Malia' }
                : { status: move.status };
            const response = await session.patch(`/api/orders/${order.id}/status`, body);
            // The restaurant may cancel its own pending order (before the day's cutoff).
            if (move.actor === 'restaurant') {
              if (move.status !== 'cancelled') expect(response.statusCode).toBe(403);
              else if (status === 'pending') {
                expect(response.statusCode).toBe(200);
                status = 'cancelled';
              } else expect(response.statusCode).toBe(409);
            } else if (move.actor === 'otherFarm') expect(response.statusCode).toBe(404);
            else if (farmerMayMove(status, move.status)) {
              expect(response.statusCode).toBe(200);
              status = move.status;
            } else expect(response.statusCode).toBe(409);
          }
          const expected = status === 'cancelled' ? stockBefore : stockBefore - quantity;
          expect(await stockOf(ctx.database.db, product.id)).toBe(expected);
          const listed = (await farmer.get('/api/orders/farm')).json() as {
            id: number;
            status: string;
          }[];
          expect(listed.find((entry) => entry.id === order.id)!.status).toBe(status);
        },
      ),
      { numRuns: 25 },
    );
  });
});
