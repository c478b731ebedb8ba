import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#core/schemas/order';
import { orderItems, orders } from '../../src/server/db/schema';
import {
  createProduct,
  orderBody,
  stockOf,
  updateProduct,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { expectBooksBalance } from '../helpers/invariants';
import {
  createTestApp,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

// The money rules every change to an order obeys (docs/money.md#changing-an-order), each
// reproducing what an independent test of the running product found.

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  restaurant = await signUpRestaurant(ctx.app, 'Kaimuki Table');
});

afterAll(async () => {
  await expectBooksBalance(ctx.database.db);
  await ctx.close();
});

async function place(lines: { product: ProductFixture; quantity: number }[]): Promise<Order> {
  const response = await restaurant.post('/api/orders', orderBody(farmer.farmId, lines));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Order;
}

async function stored(orderId: number) {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await ctx.database.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return { order, lines };
}

describe("the restaurant's change after the farm raised the price", () => {
  it('answers 409 price_changed to a raise at the old price, and changes nothing', async () => {
    const kale = await createProduct(ctx.database.db, farmer.farmId, { price: '1.00' });
    const order = await place([{ product: kale, quantity: 1 }]);
    await updateProduct(ctx.database.db, kale.id, { price: '50.00' });
    const before = await stored(order.id);
    const stockBefore = await stockOf(ctx.database.db, kale.id);

    const raised = await restaurant.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: kale.id, quantity: 49 }],
    });
    expect(raised.statusCode).toBe(409);
    expect(raised.json()).toMatchObject({
      code: 'price_changed',
      productId: kale.id,
      unitPrice: '50.00',
      placedUnitPrice: '1.00',
    });
    expect(await stored(order.id)).toEqual(before);
    expect(await stockOf(ctx.database.db, kale.id)).toBe(stockBefore);
    // A price that is neither today's nor the placed one is refused the same way.
    const wrong = await restaurant.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: kale.id, quantity: 49, unitPrice: '1.00' }],
    });
    expect(wrong.statusCode).toBe(409);
  });

  it("prices the whole line at today's price when the raise carries it", async () => {
    const kale = await createProduct(ctx.database.db, farmer.farmId, { price: '1.00' });
    const order = await place([{ product: kale, quantity: 1 }]);
    await updateProduct(ctx.database.db, kale.id, { price: '50.00' });
    const raised = await restaurant.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: kale.id, quantity: 2, unitPrice: '50.00' }],
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const line = (raised.json() as Order).orderItems[0]!;
    expect(line).toMatchObject({ quantity: 2, unitPrice: '50.00', totalPrice: '100.00' });
    expect((raised.json() as Order).subtotal).toBe('100.00');
  });

  it('keeps the placed price when a line is lowered', async () => {
    const kale = await createProduct(ctx.database.db, farmer.farmId, { price: '1.00' });
    const order = await place([{ product: kale, quantity: 5 }]);
    await updateProduct(ctx.database.db, kale.id, { price: '50.00' });
    const lowered = await restaurant.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: kale.id, quantity: 3 }],
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect((lowered.json() as Order).orderItems[0]).toMatchObject({
      unitPrice: '1.00',
      totalPrice: '3.00',
    });
  });
});

describe("the farm's adjustment above what was ordered", () => {
  it('refuses a weighed line beyond the allowance with 409 over_ordered, allows it within', async () => {
    const kale = await createProduct(ctx.database.db, farmer.farmId, {
      unit: 'lb',
      availableQuantity: 20_000,
    });
    const order = await place([{ product: kale, quantity: 49 }]);
    const itemId = order.orderItems[0]!.id;
    const adjust = (quantity: number) =>
      farmer.post(`/api/orders/${order.id}/adjustments`, {
        lines: [{ itemId, quantity, reason: 'Weighed at packing' }],
      });
    const before = await stored(order.id);
    const huge = await adjust(10_000);
    expect(huge.statusCode).toBe(409);
    expect(huge.json()).toMatchObject({
      code: 'over_ordered',
      itemId,
      orderedQuantity: 49,
      maxQuantity: 53.9,
    });
    expect(await stored(order.id)).toEqual(before);
    expect((await adjust(53.91)).statusCode).toBe(409);
    expect((await adjust(53.9)).statusCode).toBe(200);
    // Measured from what was ordered, not from the last adjustment.
    expect((await adjust(54)).json()).toMatchObject({ code: 'over_ordered', maxQuantity: 53.9 });
  });

  it('never raises a counted line above what was ordered', async () => {
    const eggs = await createProduct(ctx.database.db, farmer.farmId, { unit: 'dozen' });
    const order = await place([{ product: eggs, quantity: 4 }]);
    const itemId = order.orderItems[0]!.id;
    const adjust = (quantity: number) =>
      farmer.post(`/api/orders/${order.id}/adjustments`, {
        lines: [{ itemId, quantity, reason: 'Counted at packing' }],
      });
    expect((await adjust(5)).json()).toMatchObject({
      code: 'over_ordered',
      orderedQuantity: 4,
      maxQuantity: 4,
    });
    expect((await adjust(3)).statusCode).toBe(200);
    expect((await adjust(4)).statusCode).toBe(200);
  });

  it('follows the farm’s own allowance, 0 to 25 percent', async () => {
    const put = (adjustmentAllowancePercent: unknown) =>
      farmer.put('/api/profile/farm', {
        ...sampleProfile('Kahuku Greens'),
        adjustmentAllowancePercent,
      });
    for (const bad of [26, -1, 2.5, '10']) {
      const response = await put(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('adjustmentAllowancePercent');
    }
    const saved = await put(0);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().adjustmentAllowancePercent).toBe(0);
    const kale = await createProduct(ctx.database.db, farmer.farmId, { unit: 'lb' });
    const order = await place([{ product: kale, quantity: 2 }]);
    const raised = await farmer.post(`/api/orders/${order.id}/adjustments`, {
      lines: [{ itemId: order.orderItems[0]!.id, quantity: 2.01, reason: 'Heavy' }],
    });
    expect(raised.json()).toMatchObject({ code: 'over_ordered', maxQuantity: 2 });
    expect((await put(10)).json().adjustmentAllowancePercent).toBe(10);
  });
});

describe('the order cap on every change', () => {
  it("answers the adjustment's 400 to a restaurant change past the cap, never a 500", async () => {
    const dear = await Promise.all(
      Array.from({ length: 11 }, (_, index) =>
        createProduct(ctx.database.db, farmer.farmId, {
          name: `Truffle ${index}`,
          unit: 'each',
          price: '100000.00',
          availableQuantity: 20_000,
        }),
      ),
    );
    const order = await place(dear.map((product) => ({ product, quantity: 1 })));
    const before = await stored(order.id);
    const response = await restaurant.patch(`/api/orders/${order.id}/items`, {
      items: dear.map((product) => ({ productId: product.id, quantity: 10_000 })),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message: 'This order would be too large' });
    expect(await stored(order.id)).toEqual(before);
  });
});

describe('cancelling by removing every line', () => {
  it('refuses it on a confirmed order, as any cancel after pending (decision 001)', async () => {
    const kale = await createProduct(ctx.database.db, farmer.farmId, {});
    const order = await place([{ product: kale, quantity: 2 }]);
    const confirm = await farmer.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const before = await stored(order.id);
    const response = await farmer.post(`/api/orders/${order.id}/adjustments`, {
      lines: [{ itemId: order.orderItems[0]!.id, quantity: 0, reason: 'Frost' }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'invalid_transition', status: 'confirmed' });
    expect(await stored(order.id)).toEqual(before);
  });
});
