import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMoneyString } from '#core/money';
import { orderItems, orders, products } from '../../src/server/db/schema';
import { grantAdmin } from '../../src/server/modules/auth/service';
import {
  createTestApp,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/*
 * Sums of money have no fixed precision: the admin dashboard and both reports answer
 * totals far beyond a trillion dollars exactly, never a 500.
 */

const ORDERS = 120;
const LINES = 10;
/** The highest unit price and the most units of a line the schemas allow. */
const UNIT_PRICE = '100000.00';
const QUANTITY = 10_000;
const LINE_CENTS = 10_000_000 * QUANTITY;
const ORDER_CENTS = LINE_CENTS * LINES - 1;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('huge but allowed totals over many orders', () => {
  it('answer in the admin dashboard and both reports, exactly', async () => {
    const db = ctx.database.db;
    const admin = await signUp(ctx.app, 'admin');
    expect(await grantAdmin(db, admin.email)).toBe(true);
    const farmer = await signUpFarmer(ctx.app, 'Big Island Wholesale');
    const restaurant = await signUpRestaurant(ctx.app, 'Convention Center Kitchen');
    const lineProducts = await db
      .insert(products)
      .values(
        Array.from({ length: LINES }, (_, index) => ({
          farmId: farmer.farmId,
          name: `Pallet ${index + 1}`,
          unit: 'pallet',
          price: UNIT_PRICE,
          availableQuantity: 0,
        })),
      )
      .returning({ id: products.id, name: products.name, unit: products.unit });
    // Each order the most one order may come to ($9,999,999,999.99: its first line a cent
    // less); together far beyond what the old numeric(14,2) sums held.
    const placed = await db
      .insert(orders)
      .values(
        Array.from({ length: ORDERS }, () => ({
          farmId: farmer.farmId,
          restaurantId: restaurant.restaurantId,
          status: 'delivered',
          subtotal: toMoneyString(ORDER_CENTS),
          deliveryFee: '0.00',
          totalAmount: toMoneyString(ORDER_CENTS),
        })),
      )
      .returning({ id: orders.id });
    await db.insert(orderItems).values(
      placed.flatMap((order) =>
        lineProducts.map((product, index) => {
          const totalCents = index === 0 ? LINE_CENTS - 1 : LINE_CENTS;
          return {
            orderId: order.id,
            productId: product.id,
            productName: product.name,
            productUnit: product.unit,
            quantity: QUANTITY,
            unitPrice: UNIT_PRICE,
            totalPrice: toMoneyString(totalCents),
          };
        }),
      ),
    );
    const total = toMoneyString(ORDER_CENTS * ORDERS);
    expect(total).toBe('1199999999998.80');

    const stats = await admin.get('/api/admin/stats');
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().stats).toMatchObject({ totalRevenue: total, monthlyRevenue: total });
    expect(stats.json().topFarms).toMatchObject([{ revenue: total }]);

    const farmReport = await farmer.get('/api/reports/farm');
    expect(farmReport.statusCode, farmReport.body).toBe(200);
    expect(farmReport.json().totals).toMatchObject({
      totalRevenue: total,
      monthlyRevenue: total,
      avgOrderValue: toMoneyString(ORDER_CENTS),
    });
    expect(farmReport.json().topProducts[0]).toMatchObject({
      revenue: toMoneyString(LINE_CENTS * ORDERS),
    });

    const restaurantReport = await restaurant.get('/api/reports/restaurant');
    expect(restaurantReport.statusCode, restaurantReport.body).toBe(200);
    expect(restaurantReport.json().totals).toMatchObject({ totalSpent: total });
    expect(restaurantReport.json().topFarms).toMatchObject([
      { totalSpent: total, avgOrder: toMoneyString(ORDER_CENTS) },
    ]);
  });
});
