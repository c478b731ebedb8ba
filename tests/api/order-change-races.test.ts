import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#core/schemas/order';
import { orderItems, orders } from '../../src/server/db/schema';
import {
  createProduct,
  orderBody,
  stockOf,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { expectBooksBalance } from '../helpers/invariants';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

// Real concurrency needs a server with many connections; the embedded database runs one
// transaction at a time, so this runs on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('100 concurrent mixed changes', () => {
  let ctx: TestContext;
  let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
  let buyers: Awaited<ReturnType<typeof signUpRestaurant>>[];
  const INITIAL = 200;

  beforeAll(async () => {
    ctx = await createTestApp();
    farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
    buyers = await Promise.all(
      Array.from({ length: 4 }, (_, index) => signUpRestaurant(ctx.app, `Rush ${index}`)),
    );
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('ends with stock = initial − sold, ledgers summing to stock, totals = lines + fee + tax', async () => {
    // A GET rate and a fee, so every total has all three parts.
    await ctx.database.db.execute(
      sql`update farms set tax_rate = 4.712, delivery_fee = 5 where id = ${farmer.farmId}`,
    );
    const products: ProductFixture[] = [];
    for (let index = 0; index < 5; index += 1) {
      products.push(
        await createProduct(ctx.database.db, farmer.farmId, {
          name: `Greens ${index}`,
          unit: index % 2 === 0 ? 'lb' : 'each',
          price: `${3 + index}.25`,
          availableQuantity: INITIAL,
        }),
      );
    }
    // Orders to change: each buyer's, with two products.
    const seed: Order[] = [];
    for (let index = 0; index < 20; index += 1) {
      const a = products[index % 5]!;
      const b = products[(index + 2) % 5]!;
      const body = {
        orders: [
          orderBody(farmer.farmId, [
            { product: a, quantity: 2 },
            { product: b, quantity: 1 },
          ]),
        ],
      };
      const preview = await buyers[index % 4]!.post('/api/checkout', body);
      // The first answer says the total with tax; placing again with it is what a client does.
      const total = preview.json().farms?.[0]?.totalAmount as string | undefined;
      const placed =
        preview.statusCode === 201
          ? preview
          : await buyers[index % 4]!.post('/api/checkout', {
              orders: [{ ...body.orders[0], totalAmount: total }],
            });
      expect(placed.statusCode, placed.body).toBe(201);
      seed.push(placed.json().orders[0] as Order);
    }

    const ops = Array.from({ length: 100 }, (_, index) => {
      const order = seed[index % seed.length]!;
      const buyer = buyers[seed.indexOf(order) % 4]!;
      const product = products[index % 5]!;
      const line = order.orderItems[index % order.orderItems.length]!;
      switch (index % 6) {
        case 0:
          return async () => {
            const body = { orders: [orderBody(farmer.farmId, [{ product, quantity: 1 }])] };
            const first = await buyer.post('/api/checkout', body);
            if (first.statusCode !== 409 || first.json().code !== 'total_changed') return first;
            const totalAmount = first.json().farms[0].totalAmount as string;
            return buyer.post('/api/checkout', { orders: [{ ...body.orders[0], totalAmount }] });
          };
        case 1:
          return () =>
            farmer.post(`/api/orders/${order.id}/adjustments`, {
              lines: [{ itemId: line.id, quantity: 1, reason: 'Short at packing' }],
            });
        case 2:
          return () =>
            buyer.patch(`/api/orders/${order.id}/items`, {
              items: [{ productId: line.productId, quantity: 3 }],
            });
        case 3:
          return () =>
            index % 12 === 3
              ? buyer.patch(`/api/orders/${order.id}/status`, { status: 'cancelled' })
              : farmer.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' });
        case 4:
          return async () => {
            const now = await stockOf(ctx.database.db, product.id);
            return farmer.patch(`/api/products/${product.id}`, {
              availableQuantity: String(now + 5),
              expectedAvailableQuantity: now,
            });
          };
        default:
          return () => farmer.patch(`/api/orders/${order.id}/status`, { status: 'cancelled' });
      }
    });
    const results = await Promise.all(ops.map((op) => op()));
    const codes = results.map((result) => result.statusCode);
    // Refusals are the rule's own (a status moved on, stock edited under the farmer), never 5xx.
    expect(codes.filter((code) => code >= 500)).toEqual([]);
    expect(codes.filter((code) => code === 200 || code === 201).length).toBeGreaterThan(20);

    await expectBooksBalance(ctx.database.db);
    // Stock = what the ledger opened with and the farmer added, minus what live orders hold.
    const ids = products.map((product) => product.id);
    const held = await ctx.database.db
      .select({
        productId: orderItems.productId,
        quantity: orderItems.quantity,
        status: orders.status,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(inArray(orderItems.productId, ids));
    const edits = await ctx.database.db.execute(
      sql`select product_id, sum(change) as added from stock_movements where reason = 'farmer_edit' group by product_id`,
    );
    const added = new Map(
      ((edits as unknown as { rows: { product_id: number; added: string }[] }).rows ?? []).map(
        (row) => [row.product_id, Number(row.added)],
      ),
    );
    for (const product of products) {
      const sold = held
        .filter((row) => row.productId === product.id && row.status !== 'cancelled')
        .reduce((sum, row) => Math.round((sum + row.quantity) * 100) / 100, 0);
      const expected = Math.round((INITIAL + (added.get(product.id) ?? 0) - sold) * 100) / 100;
      expect(await stockOf(ctx.database.db, product.id), product.name).toBe(expected);
    }
  });
});
