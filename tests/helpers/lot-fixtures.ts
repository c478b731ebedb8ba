import { inArray } from 'drizzle-orm';
import type { PricedOrder } from '#core/schemas/order';
import type { Db } from '../../src/server/db/database';
import { lots } from '../../src/server/db/schema';
import { createProduct } from './catalog-fixtures';
import { createTestApp, signUpFarmer, signUpRestaurant, type Session } from './test-app';

/**
 * A fresh app with the farm whose produce is traced to lots, and a chef to order it: Kahuku Greens
 * with lacinato kale and eggs (500 of each), and Mama Bistro. Which products need lots, and
 * whether the farm has traceability on, each test file sets itself.
 */
export async function createLotsFarm() {
  const ctx = await createTestApp();
  const db = ctx.database.db;
  const farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  const chef = await signUpRestaurant(ctx.app, 'Mama Bistro');
  const kale = await createProduct(db, farmer.farmId, {
    name: 'Lacinato kale',
    availableQuantity: 500,
  });
  const eggs = await createProduct(db, farmer.farmId, {
    name: 'Eggs',
    unit: 'dozen',
    availableQuantity: 500,
  });
  return { ctx, farmer, chef, kale, eggs };
}

/** One order as the farm's order list shows it, lines and lots included. */
export async function farmOrder(farmer: Session, id: number): Promise<PricedOrder> {
  const page = (await farmer.get('/api/orders/farm?limit=100')).json() as PricedOrder[];
  return page.find((order) => order.id === id)!;
}

/** What is left of each lot, in the order asked. */
export async function lotsRemaining(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: lots.id, remaining: lots.remaining })
    .from(lots)
    .where(inArray(lots.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)!.remaining);
}
