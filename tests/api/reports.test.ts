import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toMoneyString, parseMoney } from '#core/money';
import type { OrderStatus } from '#core/order-status';
import { farmReportOutput, restaurantReportOutput } from '#core/schemas/report';
import { orderItems, orders, products } from '../../src/server/db/schema';
import {
  createTestApp,
  Session,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * The clock is fixed at noon on November 15, 2026 in Honolulu, so "this month" is November
 * 2026 and the six months run from June to November.
 */
const NOW = new Date('2026-11-15T12:00:00-10:00');
const SIX_MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

let ctx: TestContext;
type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;
type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;

async function addProduct(farmId: number, name: string, unit: string, price: string) {
  const [row] = await ctx.database.db
    .insert(products)
    .values({ farmId, name, unit, price, availableQuantity: 100 })
    .returning();
  return row!;
}

type Product = Awaited<ReturnType<typeof addProduct>>;

/** An order with its items; money is worked out here, in cents, from the items. */
async function addOrder(options: {
  farmId: number;
  restaurantId: number;
  status: OrderStatus;
  createdAt: string;
  deliveryFee?: string;
  deliveryDate?: string;
  items: [Product, number][];
}) {
  const lines = options.items.map(([product, quantity]) => ({
    product,
    quantity,
    totalCents: parseMoney(product.price)! * quantity,
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const fee = parseMoney(options.deliveryFee ?? '0')!;
  const [order] = await ctx.database.db
    .insert(orders)
    .values({
      farmId: options.farmId,
      restaurantId: options.restaurantId,
      status: options.status,
      subtotal: toMoneyString(subtotal),
      deliveryFee: toMoneyString(fee),
      totalAmount: toMoneyString(subtotal + fee),
      deliveryDate: options.deliveryDate ?? null,
      createdAt: new Date(options.createdAt),
    })
    .returning();
  await ctx.database.db.insert(orderItems).values(
    lines.map((line) => ({
      orderId: order!.id,
      productId: line.product.id,
      productName: line.product.name,
      productUnit: line.product.unit,
      quantity: line.quantity,
      unitPrice: line.product.price,
      totalPrice: toMoneyString(line.totalCents),
    })),
  );
  return order!;
}

let farmA: Farmer;
let farmB: Farmer;
let r1: Restaurant;
let r2: Restaurant;
/** Buys from the farms that single tests set up, so r1's and r2's figures stay as computed. */
let bystander: Restaurant;
const ids: Record<string, number> = {};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestApp();
  farmA = await signUpFarmer(ctx.app, 'Kahuku Greens');
  farmB = await signUpFarmer(ctx.app, 'Waimanalo Roots');
  r1 = await signUpRestaurant(ctx.app, 'Alan Bistro');
  r2 = await signUpRestaurant(ctx.app, '=HYPERLINK("x"), Bar');
  bystander = await signUpRestaurant(ctx.app, 'Bystander Grill');

  const kale = await addProduct(farmA.farmId, 'Kale', 'bunch', '4.00');
  const taro = await addProduct(farmA.farmId, 'Taro', 'lb', '3.00');
  await addProduct(farmA.farmId, 'Unsold Mint', 'bunch', '2.00');
  const hidden = await addProduct(farmA.farmId, 'Resting Basil', 'bunch', '2.00');
  await ctx.database.db.update(products).set({ isActive: false }).where(eq(products.id, hidden.id));
  const gone = await addProduct(farmA.farmId, 'Deleted Squash', 'lb', '2.00');
  await ctx.database.db
    .update(products)
    .set({ deletedAt: new Date() })
    .where(eq(products.id, gone.id));
  const papaya = await addProduct(farmB.farmId, 'Papaya', 'piece', '3.00');

  const a = { farmId: farmA.farmId, deliveryFee: '5.00' };
  // 23:30 on October 31 in Honolulu is already November 1 in UTC: it belongs to October.
  ids.octoberLate = (
    await addOrder({
      ...a,
      restaurantId: r1.restaurantId,
      status: 'delivered',
      createdAt: '2026-10-31T23:30:00-10:00',
      deliveryDate: '2026-11-03',
      items: [[kale, 5]],
    })
  ).id;
  ids.novemberEarly = (
    await addOrder({
      ...a,
      restaurantId: r1.restaurantId,
      status: 'pending',
      createdAt: '2026-11-01T00:30:00-10:00',
      items: [[taro, 2]],
    })
  ).id;
  ids.cancelled = (
    await addOrder({
      ...a,
      restaurantId: r2.restaurantId,
      status: 'cancelled',
      createdAt: '2026-11-10T09:00:00-10:00',
      items: [[kale, 10]],
    })
  ).id;
  ids.octoberEarly = (
    await addOrder({
      ...a,
      restaurantId: r2.restaurantId,
      status: 'confirmed',
      createdAt: '2026-10-05T12:00:00-10:00',
      items: [
        [taro, 3],
        [kale, 1],
      ],
    })
  ).id;
  ids.juneFirst = (
    await addOrder({
      ...a,
      restaurantId: r1.restaurantId,
      status: 'delivered',
      createdAt: '2026-06-01T00:00:00-10:00',
      items: [[kale, 1]],
    })
  ).id;
  ids.mayLast = (
    await addOrder({
      farmId: farmA.farmId,
      restaurantId: r1.restaurantId,
      status: 'delivered',
      createdAt: '2026-05-31T23:59:00-10:00',
      items: [[taro, 2]],
    })
  ).id;
  ids.farmB = (
    await addOrder({
      farmId: farmB.farmId,
      restaurantId: r1.restaurantId,
      status: 'in_transit',
      createdAt: '2026-11-14T08:00:00-10:00',
      items: [[papaya, 10]],
    })
  ).id;
});

afterAll(async () => {
  await ctx?.close();
  vi.useRealTimers();
});

describe('GET /api/reports/farm', () => {
  it('adds up a farm in Hawaii months, leaving out cancelled orders', async () => {
    const response = await farmA.get('/api/reports/farm');
    expect(response.statusCode).toBe(200);
    const report = farmReportOutput.parse(response.json());
    expect(report.currentMonth).toBe('2026-11');
    // 25.00 + 11.00 + 18.00 + 9.00 + 6.00; the cancelled 45.00 is not counted.
    expect(report.totals).toEqual({
      totalRevenue: '69.00',
      monthlyRevenue: '11.00',
      totalOrders: 5,
      completedOrders: 3,
      pendingOrders: 1,
      avgOrderValue: '13.80',
      totalProducts: 4,
      activeProducts: 3,
      packedOrders: 0,
      activeOrders: 2,
      cancelledOrders: 1,
    });
    // Every order is completed, in progress or cancelled; Total Orders leaves out the last.
    const { totals } = report;
    expect(totals.completedOrders + totals.activeOrders).toBe(totals.totalOrders);
    expect(totals.totalOrders + totals.cancelledOrders).toBe(
      report.statusDistribution.reduce((sum, slice) => sum + slice.orders, 0),
    );
    expect(report.months).toEqual([
      { month: '2026-06', revenue: '9.00', orders: 1 },
      { month: '2026-07', revenue: '0.00', orders: 0 },
      { month: '2026-08', revenue: '0.00', orders: 0 },
      { month: '2026-09', revenue: '0.00', orders: 0 },
      { month: '2026-10', revenue: '43.00', orders: 2 },
      { month: '2026-11', revenue: '11.00', orders: 1 },
    ]);
  });

  it('compares this month to date with the same part of last month', async () => {
    const report = farmReportOutput.parse((await farmA.get('/api/reports/farm')).json());
    // November 1 to 15 noon: 11.00. October 1 to 15 noon: 18.00 (October 31 is later).
    expect(report.growth).toEqual({
      monthToDate: '11.00',
      lastMonthSamePeriod: '18.00',
      percent: '-38.9',
    });
  });

  it('ranks products by revenue and shares the pie among the top ones', async () => {
    const report = farmReportOutput.parse((await farmA.get('/api/reports/farm')).json());
    expect(report.topProducts).toEqual([
      expect.objectContaining({
        name: 'Kale',
        unit: 'bunch',
        quantitySold: 7,
        revenue: '28.00',
        sharePercent: '57.1',
      }),
      expect.objectContaining({
        name: 'Taro',
        unit: 'lb',
        quantitySold: 7,
        revenue: '21.00',
        sharePercent: '42.9',
      }),
    ]);
  });

  it('shows every status in the distribution and the five newest orders', async () => {
    const report = farmReportOutput.parse((await farmA.get('/api/reports/farm')).json());
    expect(report.statusDistribution).toEqual([
      { status: 'pending', orders: 1, total: '11.00' },
      { status: 'confirmed', orders: 1, total: '18.00' },
      { status: 'delivered', orders: 3, total: '40.00' },
      { status: 'cancelled', orders: 1, total: '45.00' },
    ]);
    expect(report.recentOrders.map((order) => order.id)).toEqual([
      ids.cancelled,
      ids.novemberEarly,
      ids.octoberLate,
      ids.octoberEarly,
      ids.juneFirst,
    ]);
    expect(report.recentOrders[2]).toEqual({
      id: ids.octoberLate,
      status: 'delivered',
      createdAt: '2026-11-01T09:30:00.000Z',
      totalAmount: '25.00',
      restaurantName: 'Alan Bistro',
    });
  });

  it("never shows another farm's orders", async () => {
    const report = farmReportOutput.parse((await farmB.get('/api/reports/farm')).json());
    expect(report.totals.totalRevenue).toBe('30.00');
    expect(report.totals.totalOrders).toBe(1);
    expect(report.recentOrders.map((order) => order.id)).toEqual([ids.farmB]);
    expect(report.topProducts.map((product) => product.name)).toEqual(['Papaya']);
    expect(report.growth.percent).toBeNull();
  });

  it('gives an empty farm zeros, empty lists and six zero months', async () => {
    const empty = await signUpFarmer(ctx.app, 'Brand New Farm');
    const response = await empty.get('/api/reports/farm');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      currentMonth: '2026-11',
      totals: {
        totalRevenue: '0.00',
        monthlyRevenue: '0.00',
        totalOrders: 0,
        completedOrders: 0,
        pendingOrders: 0,
        avgOrderValue: '0.00',
        totalProducts: 0,
        activeProducts: 0,
        packedOrders: 0,
        activeOrders: 0,
        cancelledOrders: 0,
      },
      growth: { monthToDate: '0.00', lastMonthSamePeriod: '0.00', percent: null },
      months: SIX_MONTHS.map((month) => ({ month, revenue: '0.00', orders: 0 })),
      topProducts: [],
      statusDistribution: [],
      recentOrders: [],
    });
  });

  it('counts nothing and averages zero when every order is cancelled', async () => {
    const farm = await signUpFarmer(ctx.app, 'Only Cancelled Farm');
    const okra = await addProduct(farm.farmId, 'Okra', 'lb', '6.00');
    await addOrder({
      farmId: farm.farmId,
      restaurantId: bystander.restaurantId,
      status: 'cancelled',
      createdAt: '2026-11-02T08:00:00-10:00',
      items: [[okra, 2]],
    });
    const report = farmReportOutput.parse((await farm.get('/api/reports/farm')).json());
    expect(report.totals).toMatchObject({
      totalRevenue: '0.00',
      monthlyRevenue: '0.00',
      totalOrders: 0,
      avgOrderValue: '0.00',
      activeOrders: 0,
      cancelledOrders: 1,
    });
    expect(report.months.at(-1)).toEqual({ month: '2026-11', revenue: '0.00', orders: 0 });
    expect(report.topProducts).toEqual([]);
    expect(report.statusDistribution).toEqual([{ status: 'cancelled', orders: 1, total: '12.00' }]);
    expect(report.recentOrders).toHaveLength(1);
  });

  it('counts a packed order as ready to ship and in progress, a cancelled one in neither', async () => {
    const farm = await signUpFarmer(ctx.app, 'Packing Shed Farm');
    const mango = await addProduct(farm.farmId, 'Mango', 'piece', '2.00');
    for (const status of ['packed', 'packed', 'confirmed', 'cancelled'] as const) {
      await addOrder({
        farmId: farm.farmId,
        restaurantId: bystander.restaurantId,
        status,
        createdAt: '2026-11-03T08:00:00-10:00',
        items: [[mango, 1]],
      });
    }
    const report = farmReportOutput.parse((await farm.get('/api/reports/farm')).json());
    expect(report.totals).toMatchObject({
      totalOrders: 3,
      completedOrders: 0,
      pendingOrders: 0,
      packedOrders: 2,
      activeOrders: 3,
      cancelledOrders: 1,
      monthlyRevenue: '6.00',
    });
  });

  it('breaks ties in the top products by name, then by the older product', async () => {
    const farm = await signUpFarmer(ctx.app, 'Many Products Farm');
    // Created out of name order, so that ids alone would rank them differently.
    const banana = await addProduct(farm.farmId, 'Banana', 'lb', '50.00');
    const apple = await addProduct(farm.farmId, 'Apple', 'lb', '50.00');
    const eggplant = await addProduct(farm.farmId, 'Eggplant', 'lb', '40.00');
    const date = await addProduct(farm.farmId, 'Date', 'lb', '40.00');
    const cherry = await addProduct(farm.farmId, 'Cherry', 'lb', '40.00');
    const guava = await addProduct(farm.farmId, 'Guava', 'lb', '30.00');
    const olderFig = await addProduct(farm.farmId, 'Fig', 'box', '30.00');
    const newerFig = await addProduct(farm.farmId, 'Fig', 'lb', '30.00');
    const hibiscus = await addProduct(farm.farmId, 'Hibiscus', 'bunch', '10.00');
    await addOrder({
      farmId: farm.farmId,
      restaurantId: bystander.restaurantId,
      status: 'delivered',
      createdAt: '2026-09-09T09:00:00-10:00',
      items: [banana, apple, eggplant, date, cherry, guava, newerFig, olderFig, hibiscus].map(
        (product) => [product, 1] as [Product, number],
      ),
    });
    const report = farmReportOutput.parse((await farm.get('/api/reports/farm')).json());
    expect(report.topProducts.map((p) => [p.productId, p.name, p.revenue, p.sharePercent])).toEqual(
      [
        [apple.id, 'Apple', '50.00', '20.0'],
        [banana.id, 'Banana', '50.00', '20.0'],
        [cherry.id, 'Cherry', '40.00', '16.0'],
        [date.id, 'Date', '40.00', '16.0'],
        [eggplant.id, 'Eggplant', '40.00', '16.0'],
        [olderFig.id, 'Fig', '30.00', '12.0'],
      ],
    );
  });
});

describe('GET /api/reports/restaurant', () => {
  it("adds up a restaurant's spending across farms", async () => {
    const response = await r1.get('/api/reports/restaurant');
    expect(response.statusCode).toBe(200);
    const report = restaurantReportOutput.parse(response.json());
    expect(report.totals).toEqual({
      totalSpent: '81.00',
      monthlySpent: '41.00',
      totalOrders: 5,
      completedOrders: 3,
      activeOrders: 2,
      avgOrderValue: '16.20',
      cancelledOrders: 0,
    });
    expect(report.months).toEqual([
      { month: '2026-06', spent: '9.00', orders: 1 },
      { month: '2026-07', spent: '0.00', orders: 0 },
      { month: '2026-08', spent: '0.00', orders: 0 },
      { month: '2026-09', spent: '0.00', orders: 0 },
      { month: '2026-10', spent: '25.00', orders: 1 },
      { month: '2026-11', spent: '41.00', orders: 2 },
    ]);
    expect(report.topFarms).toEqual([
      {
        farmId: farmA.farmId,
        farmName: 'Kahuku Greens',
        orders: 4,
        totalSpent: '51.00',
        avgOrder: '12.75',
      },
      {
        farmId: farmB.farmId,
        farmName: 'Waimanalo Roots',
        orders: 1,
        totalSpent: '30.00',
        avgOrder: '30.00',
      },
    ]);
    expect(report.statusDistribution).toEqual([
      { status: 'pending', orders: 1, total: '11.00' },
      { status: 'in_transit', orders: 1, total: '30.00' },
      { status: 'delivered', orders: 3, total: '40.00' },
    ]);
    expect(report.recentOrders.map((order) => [order.id, order.farmName])).toEqual([
      [ids.farmB, 'Waimanalo Roots'],
      [ids.novemberEarly, 'Kahuku Greens'],
      [ids.octoberLate, 'Kahuku Greens'],
      [ids.juneFirst, 'Kahuku Greens'],
      [ids.mayLast, 'Kahuku Greens'],
    ]);
  });

  it('leaves a cancelled order out of the money but keeps it in the status pie', async () => {
    const report = restaurantReportOutput.parse((await r2.get('/api/reports/restaurant')).json());
    expect(report.totals).toMatchObject({
      totalSpent: '18.00',
      totalOrders: 1,
      activeOrders: 1,
      completedOrders: 0,
      cancelledOrders: 1,
    });
    expect(report.statusDistribution).toEqual([
      { status: 'confirmed', orders: 1, total: '18.00' },
      { status: 'cancelled', orders: 1, total: '45.00' },
    ]);
    expect(report.topFarms).toEqual([
      expect.objectContaining({ farmName: 'Kahuku Greens', orders: 1, totalSpent: '18.00' }),
    ]);
  });

  it('gives an empty restaurant zeros, empty lists and six zero months', async () => {
    const empty = await signUpRestaurant(ctx.app, 'Empty Diner');
    const report = restaurantReportOutput.parse(
      (await empty.get('/api/reports/restaurant')).json(),
    );
    expect(report.totals).toEqual({
      totalSpent: '0.00',
      monthlySpent: '0.00',
      totalOrders: 0,
      completedOrders: 0,
      activeOrders: 0,
      avgOrderValue: '0.00',
      cancelledOrders: 0,
    });
    expect(report.months).toEqual(SIX_MONTHS.map((month) => ({ month, spent: '0.00', orders: 0 })));
    expect(report.topFarms).toEqual([]);
    expect(report.statusDistribution).toEqual([]);
    expect(report.recentOrders).toEqual([]);
  });
});

describe('who may ask', () => {
  const paths = [
    '/api/reports/farm',
    '/api/reports/restaurant',
    '/api/orders/farm.csv',
    '/api/orders/restaurant.csv',
  ];

  it('refuses a visitor who is not signed in with 401', async () => {
    for (const path of paths) {
      const response = await new Session(ctx.app).get(path);
      expect(response.statusCode, path).toBe(401);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('refuses the other role and a user without a profile with 403', async () => {
    const noProfile = await signUp(ctx.app, 'nobody');
    for (const [session, path] of [
      [farmA, '/api/reports/restaurant'],
      [farmA, '/api/orders/restaurant.csv'],
      [r1, '/api/reports/farm'],
      [r1, '/api/orders/farm.csv'],
      [noProfile, '/api/reports/farm'],
      [noProfile, '/api/orders/restaurant.csv'],
    ] as const) {
      const response = await session.get(path);
      expect(response.statusCode, path).toBe(403);
    }
  });
});

describe('CSV exports', () => {
  function lines(body: string): string[] {
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(body.endsWith('\r\n')).toBe(true);
    return body.slice(1, -2).split('\r\n');
  }

  it("lists the farm's orders, newest first, in Hawaii time, quoted and formula-safe", async () => {
    const response = await farmA.get('/api/orders/farm.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="harvest-hui-farm-orders-2026-11-15.csv"',
    );
    const rows = lines(response.body);
    expect(rows).toEqual([
      'Order,Created (Hawaii time),Status,Restaurant,Delivery date,Subtotal,Delivery fee,Total,Items',
      `${ids.cancelled},2026-11-10 09:00,cancelled,"'=HYPERLINK(""x""), Bar",,40.00,5.00,45.00,10 x Kale (bunch)`,
      `${ids.novemberEarly},2026-11-01 00:30,pending,Alan Bistro,,6.00,5.00,11.00,2 x Taro (lb)`,
      `${ids.octoberLate},2026-10-31 23:30,delivered,Alan Bistro,2026-11-03,20.00,5.00,25.00,5 x Kale (bunch)`,
      `${ids.octoberEarly},2026-10-05 12:00,confirmed,"'=HYPERLINK(""x""), Bar",,13.00,5.00,18.00,3 x Taro (lb); 1 x Kale (bunch)`,
      `${ids.juneFirst},2026-06-01 00:00,delivered,Alan Bistro,,4.00,5.00,9.00,1 x Kale (bunch)`,
      `${ids.mayLast},2026-05-31 23:59,delivered,Alan Bistro,,6.00,0.00,6.00,2 x Taro (lb)`,
    ]);
  });

  it("lists the restaurant's orders with the farm, and only its own", async () => {
    const response = await r2.get('/api/orders/restaurant.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="harvest-hui-restaurant-orders-2026-11-15.csv"',
    );
    expect(lines(response.body)).toEqual([
      'Order,Created (Hawaii time),Status,Farm,Delivery date,Subtotal,Delivery fee,Total,Items',
      `${ids.cancelled},2026-11-10 09:00,cancelled,Kahuku Greens,,40.00,5.00,45.00,10 x Kale (bunch)`,
      `${ids.octoberEarly},2026-10-05 12:00,confirmed,Kahuku Greens,,13.00,5.00,18.00,3 x Taro (lb); 1 x Kale (bunch)`,
    ]);
  });

  it('gives an account without orders just the header', async () => {
    const empty = await signUpRestaurant(ctx.app, 'No Orders Cafe');
    const response = await empty.get('/api/orders/restaurant.csv');
    expect(lines(response.body)).toHaveLength(1);
  });
});
