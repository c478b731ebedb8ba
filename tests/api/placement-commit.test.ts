import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '#core/actor';
import type { Order } from '#core/schemas/order';
import { notifications, orders, stockMovements } from '../../src/server/db/schema';
import * as stock from '../../src/server/modules/orders/stock';
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
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  restaurant = await signUpRestaurant(ctx.app, 'Kaimuki Table');
});

afterAll(async () => {
  await ctx.close();
});

async function salesOf(productId: number) {
  return ctx.database.db
    .select({ id: orders.id, reason: stockMovements.reason, change: stockMovements.change })
    .from(stockMovements)
    .innerJoin(orders, eq(orders.id, stockMovements.orderId))
    .where(eq(stockMovements.productId, productId));
}

async function noticesOf(orderId: number, kind: 'order_placed' | 'low_stock') {
  return ctx.database.db
    .select({ kind: notifications.kind, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), eq(notifications.kind, kind)));
}

describe('a placement whose commit goes with its takes of stock', () => {
  it('places the order the ordinary way, once, when the database finds the product changed', async () => {
    const taro = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 9 });
    // Another sale of 2 lands between the checks (which read 9) and the take, each time the
    // order is inserted: the take of 3 then crosses the low-stock line, which only the ordinary
    // way tells the farm. A sequence counts the tries (it is not rolled back with them).
    const run = (statement: string) => ctx.database.db.execute(sql.raw(statement));
    await run('create sequence placement_tries');
    await run(`
      create function another_sale_between() returns trigger language plpgsql as $$
      begin
        perform nextval('placement_tries');
        with moved as (
          update products set available_quantity = available_quantity - 2
          where id = ${taro.id} and available_quantity = 9
          returning id, available_quantity
        )
        insert into stock_movements
          (product_id, change, quantity_after, reason, actor_kind, actor_job)
        select id, -2, available_quantity, 'farmer_edit', 'system', 'standing_orders' from moved;
        return new;
      end $$`);
    await run(`
      create trigger another_sale_between after insert on orders
        for each row when (new.farm_id = ${farmer.farmId}) execute function another_sale_between()`);
    try {
      const response = await restaurant.post(
        '/api/orders',
        orderBody(farmer.farmId, [{ product: taro, quantity: 3 }]),
        { 'idempotency-key': crypto.randomUUID() },
      );
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json() as Order;
      const { rows } = (await run('select last_value from placement_tries')) as unknown as {
        rows: { last_value: number | string }[];
      };
      // Tried with the commit, refused by the database, placed again the ordinary way.
      expect(Number(rows[0]?.last_value)).toBe(2);
      expect(await salesOf(taro.id)).toEqual([{ id: order.id, reason: 'sale', change: -3 }]);
      expect(await stockOf(ctx.database.db, taro.id)).toBe(4);
      expect(await noticesOf(order.id, 'order_placed')).toHaveLength(1);
      expect(await noticesOf(order.id, 'low_stock')).toEqual([
        { kind: 'low_stock', body: expect.stringContaining('Only 4 ') },
      ]);
    } finally {
      await run('drop trigger another_sale_between on orders');
      await run('drop function another_sale_between()');
      await run('drop sequence placement_tries');
    }
    await expectBooksBalance(ctx.database.db);
  });

  it('answers why when the ordinary way refuses too, keeping nothing', async () => {
    const kale = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 40 });
    const body = orderBody(farmer.farmId, [{ product: kale, quantity: 3 }]);
    await updateProduct(ctx.database.db, kale.id, { price: '5.25' });
    const response = await restaurant.post('/api/orders', body);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().code).toBe('price_changed');
    expect(await salesOf(kale.id)).toEqual([]);
    expect(await stockOf(ctx.database.db, kale.id)).toBe(40);
  });
});

describe('sendTakesAhead', () => {
  const actor = systemActor('standing_orders');

  const takesOf = (
    tx: Parameters<typeof stock.sendTakesAhead>[0],
    product: ProductFixture,
    quantity: number,
    read: { price?: string; available?: number } = {},
  ) =>
    stock.sendTakesAhead(tx, actor, [
      {
        move: { productId: product.id, change: -quantity, reason: 'sale' },
        price: read.price ?? product.price,
        available: read.available ?? product.availableQuantity,
      },
    ]);

  /**
   * One sale of `quantity` in a transaction that ends with it, the product read at `price` with
   * `available` (as it is, unless said).
   */
  async function take(
    product: ProductFixture,
    quantity: number,
    price?: string,
    available?: number,
  ) {
    return ctx.database.db.transaction(async (tx) => {
      expect(takesOf(tx, product, quantity, { price, available })).toBe(true);
    });
  }

  async function movementsOf(productId: number) {
    return ctx.database.db
      .select({ change: stockMovements.change, quantityAfter: stockMovements.quantityAfter })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, productId), eq(stockMovements.reason, 'sale')));
  }

  it('takes the stock and writes its ledger row when the product is as read', async () => {
    const kale = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 20 });
    await take(kale, 4);
    expect(await stockOf(ctx.database.db, kale.id)).toBe(16);
    expect(await movementsOf(kale.id)).toEqual([{ change: -4, quantityAfter: 16 }]);
  });

  it.each([
    ['another price', { availableQuantity: 20 }, 4, '0.99', undefined],
    ['too little stock', { availableQuantity: 3 }, 4, undefined, undefined],
    [
      'a product no longer listed',
      { availableQuantity: 20, isActive: false },
      4,
      undefined,
      undefined,
    ],
    // Read at 20, before other sales left 8: the take of 4 would cross the line.
    ['a take across the low-stock line', { availableQuantity: 8 }, 4, undefined, 20],
  ] as const)('refuses %s, keeping nothing', async (_, values, quantity, price, available) => {
    const kale = await createProduct(ctx.database.db, farmer.farmId, values);
    const refused = await take(kale, quantity, price, available).then(
      () => null,
      (error: unknown) => error,
    );
    expect(stock.isRefusedTake(refused)).toBe(true);
    expect(await stockOf(ctx.database.db, kale.id)).toBe(values.availableQuantity);
    expect(await movementsOf(kale.id)).toEqual([]);
  });

  it('sends none when the take would cross the low-stock line by what was read', async () => {
    const taro = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 8 });
    const sent = await ctx.database.db.transaction(async (tx) => takesOf(tx, taro, 4));
    expect(sent).toBe(false);
    const kept = await ctx.database.db.transaction(async (tx) => takesOf(tx, taro, 3));
    expect(kept).toBe(true);
    expect(await stockOf(ctx.database.db, taro.id)).toBe(5);
  });

  it('takes below the line what was already under it', async () => {
    const kale = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 4 });
    await take(kale, 1);
    expect(await stockOf(ctx.database.db, kale.id)).toBe(3);
  });
});
