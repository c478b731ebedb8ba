import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { createProduct, orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  heardNoticesSoFar,
  type Session,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * The totals of the order lists (X-Total-Count), kept by each process per business and filters
 * until the database says that business's orders changed (docs/order-lists.md).
 */
let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let kale: ProductFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Counted Greens');
  restaurant = await signUpRestaurant(ctx.app, 'Counted Bistro');
  kale = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 1_000 });
});
afterAll(async () => ctx?.close());

async function place(): Promise<number> {
  const response = await restaurant.post(
    '/api/orders',
    orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]),
  );
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

/** An order row written with the triggers off: no process hears of it. */
async function insertPastTheTriggers(): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into orders (farm_id, restaurant_id, status, subtotal, total_amount)
      values (${farmer.farmId}, ${restaurant.restaurantId}, 'pending', 1, 1)`);
  });
}

const totalOf = async (session: Session, path: string) =>
  Number((await session.get(path)).headers['x-total-count']);

describe('the totals of the order lists', () => {
  it('are kept until an order of the business arrives or moves, by any writer', async () => {
    const first = await place();
    await place();
    await heardNoticesSoFar(ctx);
    expect(await totalOf(farmer, '/api/orders/farm')).toBe(2);
    expect(await totalOf(farmer, '/api/orders/farm?status=pending')).toBe(2);
    expect(await totalOf(restaurant, '/api/orders/restaurant')).toBe(2);

    // A copy of an order written past the triggers: nothing tells the processes, so the kept
    // totals stay (the list itself is read afresh, and shows it).
    await insertPastTheTriggers();
    expect(await totalOf(farmer, '/api/orders/farm')).toBe(2);
    expect((await farmer.get('/api/orders/farm')).json()).toHaveLength(3);

    // A status moved straight in the database: the database says so, and every total of both
    // sides is counted again.
    await ctx.database.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, first));
    await expect.poll(() => totalOf(farmer, '/api/orders/farm?status=pending')).toBe(2);
    await expect.poll(() => totalOf(farmer, '/api/orders/farm')).toBe(3);
    await expect.poll(() => totalOf(restaurant, '/api/orders/restaurant')).toBe(3);
    expect(await totalOf(farmer, '/api/orders/farm?status=confirmed')).toBe(1);

    // An order placed through the app.
    await place();
    await expect.poll(() => totalOf(farmer, '/api/orders/farm')).toBe(4);
  });

  it('are counted afresh for a search by name', async () => {
    await heardNoticesSoFar(ctx);
    const before = await totalOf(farmer, '/api/orders/farm?q=counted');
    await insertPastTheTriggers();
    expect(await totalOf(farmer, '/api/orders/farm?q=counted')).toBe(before + 1);
  });
});
