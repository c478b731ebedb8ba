import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { notifications, orders } from '../../src/server/db/schema';
import { expectBooksBalance } from '../helpers/invariants';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
  setFarmTerms,
  stockOf,
  updateProduct,
} from '../helpers/catalog-fixtures';
import {
  createTestApp,
  sampleProfile,
  Session,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let north: Awaited<ReturnType<typeof signUpFarmer>>;
let south: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;

beforeAll(async () => {
  ctx = await createTestApp();
  north = await signUpFarmer(ctx.app, 'North Shore Farm');
  south = await signUpFarmer(ctx.app, 'Kau Orchard');
  restaurant = await signUpRestaurant(ctx.app, 'Harbor Kitchen');
  await setFarmTerms(ctx.database.db, north.farmId, { deliveryFee: '5.00', orderMinimum: '50.00' });
  await setFarmTerms(ctx.database.db, south.farmId, { deliveryFee: '10.00' });
});
afterAll(async () => {
  await ctx.close();
});

async function ordersOf(restaurantId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.restaurantId, restaurantId));
  return row!.n;
}

describe('POST /api/checkout', () => {
  it('places one order per farm in one go, each with its own fee and chosen day', async () => {
    const day = addDays(hawaiiToday(), 4);
    await addDeliveryDay(ctx.database.db, south.farmId, day, 'Hilo');
    const lettuce = await createProduct(ctx.database.db, north.farmId, { price: '3.00' });
    const papaya = await createProduct(ctx.database.db, south.farmId, { price: '1.25' });
    const response = await restaurant.post('/api/checkout', {
      orders: [
        orderBody(north.farmId, [{ product: lettuce, quantity: 2 }], { notes: 'Gate code 1234' }),
        orderBody(south.farmId, [{ product: papaya, quantity: 8 }], { deliveryDate: day }),
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json().orders;
    expect(placed).toHaveLength(2);
    expect(placed[0]).toMatchObject({
      farm: { id: north.farmId, name: 'North Shore Farm' },
      subtotal: '6.00',
      deliveryFee: '5.00',
      totalAmount: '11.00',
      notes: 'Gate code 1234',
      deliveryDate: null,
    });
    expect(placed[1]).toMatchObject({
      farm: { id: south.farmId },
      subtotal: '10.00',
      deliveryFee: '10.00',
      totalAmount: '20.00',
      deliveryDate: day,
    });
  });

  it('places nothing when one farm is short, and names the farm and product at fault', async () => {
    const plenty = await createProduct(ctx.database.db, north.farmId, { availableQuantity: 10 });
    const scarce = await createProduct(ctx.database.db, south.farmId, {
      name: 'Apple Bananas',
      unit: 'bunch',
      availableQuantity: 2,
    });
    const before = await ordersOf(restaurant.restaurantId);
    const response = await restaurant.post('/api/checkout', {
      orders: [
        orderBody(north.farmId, [{ product: plenty, quantity: 5 }]),
        orderBody(south.farmId, [{ product: scarce, quantity: 3 }]),
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'Not enough stock',
      code: 'insufficient_stock',
      farmId: south.farmId,
      farmName: 'Kau Orchard',
      productId: scarce.id,
      productName: 'Apple Bananas',
      availableQuantity: 2,
      requestedQuantity: 3,
    });
    expect(await stockOf(ctx.database.db, plenty.id)).toBe(10);
    expect(await stockOf(ctx.database.db, scarce.id)).toBe(2);
    expect(await ordersOf(restaurant.restaurantId)).toBe(before);
  });

  it('lists every changed price of the cart in one 409', async () => {
    const a = await createProduct(ctx.database.db, north.farmId, { price: '2.00' });
    const b = await createProduct(ctx.database.db, south.farmId, { price: '3.00' });
    await updateProduct(ctx.database.db, a.id, { price: '2.50' });
    await updateProduct(ctx.database.db, b.id, { price: '2.75' });
    const response = await restaurant.post('/api/checkout', {
      orders: [
        orderBody(north.farmId, [{ product: a, quantity: 1 }]),
        orderBody(south.farmId, [{ product: b, quantity: 1 }]),
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('price_changed');
    expect(response.json().products).toMatchObject([
      { productId: a.id, farmName: 'North Shore Farm', unitPrice: '2.50', sentUnitPrice: '2.00' },
      { productId: b.id, farmName: 'Kau Orchard', unitPrice: '2.75', sentUnitPrice: '3.00' },
    ]);
  });

  it('refuses a total without a fee raised since the cart was filled, then places the new one', async () => {
    const farm = await signUpFarmer(ctx.app, 'Waipio Valley Farm');
    const taro = await createProduct(ctx.database.db, farm.farmId, {
      price: '1.00',
      availableQuantity: 20,
    });
    // The cart was filled while the farm charged no delivery fee: it showed $8.00.
    const shown = orderBody(farm.farmId, [{ product: taro, quantity: 8 }]);
    expect(shown.totalAmount).toBe('8.00');
    const raised = await farm.put('/api/profile/farm', {
      ...sampleProfile('Waipio Valley Farm'),
      deliveryFee: '250.00',
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const before = await ordersOf(restaurant.restaurantId);

    const stale = await restaurant.post('/api/checkout', { orders: [shown] });
    expect(stale.statusCode).toBe(409);
    const figures = {
      farmId: farm.farmId,
      farmName: 'Waipio Valley Farm',
      subtotal: '8.00',
      deliveryFee: '250.00',
      taxRate: '0.0000',
      taxAmount: '0.00',
      // No minimum of the farm charges a fee (docs/minimums.md).
      smallOrderFee: '0.00',
      totalAmount: '258.00',
      sentTotalAmount: '8.00',
    };
    expect(stale.json()).toEqual({
      message: 'The order total has changed',
      code: 'total_changed',
      ...figures,
      farms: [figures],
    });
    expect(await ordersOf(restaurant.restaurantId)).toBe(before);
    expect(await stockOf(ctx.database.db, taro.id)).toBe(20);

    const confirmed = await restaurant.post('/api/checkout', {
      orders: [{ ...shown, totalAmount: '258.00' }],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json().orders).toMatchObject([
      { subtotal: '8.00', deliveryFee: '250.00', totalAmount: '258.00' },
    ]);
    expect(await stockOf(ctx.database.db, taro.id)).toBe(12);
  });

  it('refuses a total that leaves a fee out, naming every farm whose total differs', async () => {
    const lettuce = await createProduct(ctx.database.db, north.farmId, { price: '3.00' });
    const papaya = await createProduct(ctx.database.db, south.farmId, { price: '1.25' });
    const before = await ordersOf(restaurant.restaurantId);
    // A client that sends the items' subtotal as the total while the farms charge a fee.
    const response = await restaurant.post('/api/checkout', {
      orders: [
        orderBody(north.farmId, [{ product: lettuce, quantity: 2 }], { totalAmount: '6.00' }),
        orderBody(south.farmId, [{ product: papaya, quantity: 8 }], { totalAmount: '10.00' }),
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'total_changed',
      farmId: north.farmId,
      totalAmount: '11.00',
      sentTotalAmount: '6.00',
      farms: [
        { farmId: north.farmId, deliveryFee: '5.00', totalAmount: '11.00' },
        { farmId: south.farmId, deliveryFee: '10.00', totalAmount: '20.00' },
      ],
    });
    expect(await ordersOf(restaurant.restaurantId)).toBe(before);
  });

  it('answers 400 with indexed fields for bad entries and a farm listed twice', async () => {
    const product = await createProduct(ctx.database.db, north.farmId);
    const good = orderBody(north.farmId, [{ product, quantity: 1 }]);
    const twice = await restaurant.post('/api/checkout', { orders: [good, good] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields['orders.1.farmId']).toBeDefined();
    const empty = await restaurant.post('/api/checkout', { orders: [] });
    expect(empty.statusCode).toBe(400);
    const badLine = await restaurant.post('/api/checkout', {
      orders: [{ ...good, items: [{ productId: product.id, quantity: -1, unitPrice: '1.00' }] }],
    });
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json().fields['orders.0.items.0.quantity']).toBeDefined();
    const badDay = await restaurant.post('/api/checkout', {
      orders: [{ ...good, deliveryDate: addDays(hawaiiToday(), 9) }],
    });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().fields['orders.0.deliveryDate']).toBeDefined();
  });

  it('refuses the signed-out (401) and farmers (403)', async () => {
    const product = await createProduct(ctx.database.db, north.farmId);
    const body = { orders: [orderBody(north.farmId, [{ product, quantity: 1 }])] };
    expect((await new Session(ctx.app).post('/api/checkout', body)).statusCode).toBe(401);
    expect((await north.post('/api/checkout', body)).statusCode).toBe(403);
  });

  it('answers a replay with the first result and a changed body with 422', async () => {
    const product = await createProduct(ctx.database.db, south.farmId, { availableQuantity: 20 });
    const cart = [orderBody(south.farmId, [{ product, quantity: 2 }])];
    const key = crypto.randomUUID();
    const first = await restaurant.post(
      '/api/checkout',
      { orders: cart },
      { 'idempotency-key': key },
    );
    const replay = await restaurant.post(
      '/api/checkout',
      { orders: cart },
      { 'idempotency-key': key },
    );
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
    expect(await stockOf(ctx.database.db, product.id)).toBe(18);
    const changed = await restaurant.post(
      '/api/checkout',
      { orders: [orderBody(south.farmId, [{ product, quantity: 3 }])] },
      { 'idempotency-key': key },
    );
    expect(changed.statusCode).toBe(422);
    // The same key on the other placement call is a different request scope.
    const single = await restaurant.post('/api/orders', cart[0], { 'idempotency-key': key });
    expect(single.statusCode).toBe(201);
  });
});

// Real concurrency needs a server with many connections; the embedded database runs one
// transaction at a time, so these run on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('checkout under concurrent load', () => {
  afterEach(() => expectBooksBalance(ctx.database.db));

  it('places exactly 30 of 100 concurrent one-unit checkouts against a stock of 30', async () => {
    const product = await createProduct(ctx.database.db, north.farmId, { availableQuantity: 30 });
    const buyers = await Promise.all(
      Array.from({ length: 4 }, (_, index) => signUpRestaurant(ctx.app, `Rush ${index}`)),
    );
    const body = { orders: [orderBody(north.farmId, [{ product, quantity: 1 }])] };
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) => buyers[index % 4]!.post('/api/checkout', body)),
    );
    const codes = results.map((result) => result.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(30);
    expect(codes.filter((code) => code === 409)).toHaveLength(70);
    expect(await stockOf(ctx.database.db, product.id)).toBe(0);
    const placed = await Promise.all(buyers.map((buyer) => ordersOf(buyer.restaurantId)));
    expect(placed.reduce((sum, n) => sum + n, 0)).toBe(30);
  });

  it('sums two lines of one product under concurrency and never goes below zero', async () => {
    const product = await createProduct(ctx.database.db, south.farmId, { availableQuantity: 30 });
    const body = {
      orders: [
        orderBody(south.farmId, [
          { product, quantity: 2 },
          { product, quantity: 1 },
        ]),
      ],
    };
    const results = await Promise.all(
      Array.from({ length: 25 }, () => restaurant.post('/api/checkout', body)),
    );
    expect(results.filter((result) => result.statusCode === 201)).toHaveLength(10);
    expect(await stockOf(ctx.database.db, product.id)).toBe(0);
  });

  it('places nothing of a multi-farm checkout whose second farm runs short mid-race', async () => {
    const wide = await createProduct(ctx.database.db, north.farmId, { availableQuantity: 1000 });
    const narrow = await createProduct(ctx.database.db, south.farmId, { availableQuantity: 5 });
    const body = {
      orders: [
        orderBody(north.farmId, [{ product: wide, quantity: 1 }]),
        orderBody(south.farmId, [{ product: narrow, quantity: 1 }]),
      ],
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => restaurant.post('/api/checkout', body)),
    );
    expect(results.filter((result) => result.statusCode === 201)).toHaveLength(5);
    expect(await stockOf(ctx.database.db, narrow.id)).toBe(0);
    expect(await stockOf(ctx.database.db, wide.id)).toBe(995);
  });

  it('tells the farm once when concurrent checkouts take a product across the low-stock line', async () => {
    const product = await createProduct(ctx.database.db, north.farmId, { availableQuantity: 12 });
    const body = { orders: [orderBody(north.farmId, [{ product, quantity: 1 }])] };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => restaurant.post('/api/checkout', body)),
    );
    expect(results.map((result) => result.statusCode)).toEqual(Array(10).fill(201));
    expect(await stockOf(ctx.database.db, product.id)).toBe(2);
    // Only the order that took it from 5 to 4 crossed the line; the farm's one person hears it.
    const told = await ctx.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.productId, product.id), eq(notifications.kind, 'low_stock')));
    expect(told).toEqual([{ body: expect.stringContaining('Only 4 ') }]);
  });

  it('places one order set for 20 concurrent replays of one idempotency key', async () => {
    const buyer = await signUpRestaurant(ctx.app, 'Replay Cafe');
    const a = await createProduct(ctx.database.db, north.farmId, { availableQuantity: 100 });
    const b = await createProduct(ctx.database.db, south.farmId, { availableQuantity: 100 });
    const body = {
      orders: [
        orderBody(north.farmId, [{ product: a, quantity: 3 }]),
        orderBody(south.farmId, [{ product: b, quantity: 4 }]),
      ],
    };
    const key = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        buyer.post('/api/checkout', body, { 'idempotency-key': key }),
      ),
    );
    expect(results.map((result) => result.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((result) => result.body)).size).toBe(1);
    expect(await ordersOf(buyer.restaurantId)).toBe(2);
    expect(await stockOf(ctx.database.db, a.id)).toBe(97);
    expect(await stockOf(ctx.database.db, b.id)).toBe(96);
  });

  it('keeps placing correctly while the farm cancels orders concurrently', async () => {
    const product = await createProduct(ctx.database.db, north.farmId, { availableQuantity: 10 });
    const placed = await placeCheckout(restaurant, [
      orderBody(north.farmId, [{ product, quantity: 5 }]),
    ]);
    const body = { orders: [orderBody(north.farmId, [{ product, quantity: 1 }])] };
    const [cancel, ...buys] = await Promise.all([
      north.patch(`/api/orders/${placed[0]!.id}/status`, { status: 'cancelled' }),
      ...Array.from({ length: 12 }, () => restaurant.post('/api/checkout', body)),
    ]);
    expect(cancel!.statusCode).toBe(200);
    const bought = buys.filter((result) => result.statusCode === 201).length;
    expect(bought).toBeGreaterThanOrEqual(5);
    expect(await stockOf(ctx.database.db, product.id)).toBe(10 - bought);
  });
});
