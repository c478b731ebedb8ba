import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hawaiiMonth } from '#core/hawaii-time';
import { orders, products, users } from '../../src/server/db/schema';
import { grantAdmin } from '../../src/server/modules/auth/service';
import { publishAuthChanged } from '../../src/server/modules/events/publish';
import {
  createTestApp,
  createTestAppOn,
  Session,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let admin: Session;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let otherFarmId: number;
let otherRestaurantId: number;
const orderIds: Record<string, number> = {};

/** An instant this many days before now, so the rows fall in known Hawaii months. */
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const adminUser = await signUp(ctx.app, 'admin');
  expect(await grantAdmin(db, adminUser.email)).toBe(true);
  admin = adminUser;
  farmer = await signUpFarmer(ctx.app, 'Kula Greens');
  restaurant = await signUpRestaurant(ctx.app, 'Ono Kitchen');
  otherFarmId = (await signUpFarmer(ctx.app, '=Formula Farm')).farmId;
  otherRestaurantId = (await signUpRestaurant(ctx.app, 'Quiet, "Quoted" Cafe')).restaurantId;
  await signUpFarmer(ctx.app, 'Idle Farm'); // no products, no orders

  await db.insert(products).values([
    { farmId: farmer.farmId, name: 'Kale', unit: 'bunch', price: '4.00', availableQuantity: 10 },
    { farmId: otherFarmId, name: 'Taro', unit: 'lb', price: '3.00', isActive: false },
  ]);
  const now = new Date();
  // A month that is surely not this Hawaii month.
  const earlier = daysAgo(45);
  const rows = [
    ['thisMonthDelivered', farmer.farmId, restaurant.restaurantId, 'delivered', '100.25', now],
    ['thisMonthPending', farmer.farmId, otherRestaurantId, 'pending', '50.50', now],
    ['thisMonthCancelled', farmer.farmId, restaurant.restaurantId, 'cancelled', '999.00', now],
    ['earlierOther', otherFarmId, restaurant.restaurantId, 'in_transit', '20.10', earlier],
  ] as const;
  for (const [key, farmId, restaurantId, status, total, createdAt] of rows) {
    const [row] = await db
      .insert(orders)
      .values({
        farmId,
        restaurantId,
        status,
        subtotal: total,
        deliveryFee: '0.00',
        totalAmount: total,
        createdAt,
      })
      .returning({ id: orders.id });
    orderIds[key] = row!.id;
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/admin/stats', () => {
  it('computes the figures in the database, cancelled orders not counted', async () => {
    const response = await admin.get('/api/admin/stats');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.currentMonth).toBe(hawaiiMonth(new Date()));
    expect(body.stats).toEqual({
      users: 6, // people, not businesses: the administrator, three farmers, two restaurants
      farms: 3,
      restaurants: 2,
      activeFarms: 1, // only Kula Greens has a product on offer
      activeRestaurants: 2,
      totalOrders: 3,
      monthlyOrders: 2,
      totalRevenue: '170.85',
      monthlyRevenue: '150.75',
      ordersByStatus: {
        pending: 1,
        confirmed: 0,
        packed: 0,
        in_transit: 1,
        delivered: 1,
        cancelled: 1,
      },
      pendingApprovals: 0,
      suspendedBusinesses: 0,
    });
    expect(body.topFarms).toEqual([
      { id: farmer.farmId, name: 'Kula Greens', orders: 2, revenue: '150.75' },
      { id: otherFarmId, name: '=Formula Farm', orders: 1, revenue: '20.10' },
    ]);
    expect(body.topRestaurants).toEqual([
      { id: restaurant.restaurantId, name: 'Ono Kitchen', orders: 2, totalSpent: '120.35' },
      { id: otherRestaurantId, name: 'Quiet, "Quoted" Cafe', orders: 1, totalSpent: '50.50' },
    ]);
  });

  it('counts an order placed late on the last evening of a Hawaii month in that month', async () => {
    const month = hawaiiMonth(new Date());
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    // 23:30 Hawaii time on the last day of last month is 09:30 UTC on the 1st of this month.
    const lateLastMonth = new Date(Date.UTC(year, monthNumber - 1, 1, 9, 30));
    const [row] = await ctx.database.db
      .insert(orders)
      .values({
        farmId: otherFarmId,
        restaurantId: otherRestaurantId,
        status: 'delivered',
        subtotal: '1.00',
        totalAmount: '1.00',
        createdAt: lateLastMonth,
      })
      .returning({ id: orders.id });
    try {
      const body = (await admin.get('/api/admin/stats')).json();
      expect(body.stats.monthlyOrders).toBe(2);
      expect(body.stats.monthlyRevenue).toBe('150.75');
      expect(body.stats.totalRevenue).toBe('171.85');
    } finally {
      await ctx.database.db.delete(orders).where(eq(orders.id, row!.id));
    }
  });
});

describe('GET /api/admin/orders', () => {
  it('lists every order newest first with restaurant and farm names', async () => {
    const response = await admin.get('/api/admin/orders');
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: number; createdAt: string }[];
    expect(list).toHaveLength(4);
    expect(list.at(-1)!.id).toBe(orderIds.earlierOther);
    expect(list.find((order) => order.id === orderIds.thisMonthDelivered)).toMatchObject({
      status: 'delivered',
      totalAmount: '100.25',
      farm: { id: farmer.farmId, name: 'Kula Greens' },
      restaurant: { id: restaurant.restaurantId, name: 'Ono Kitchen' },
    });
    const times = list.map((order) => Date.parse(order.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by farm, status and month, and limits', async () => {
    const byFarm = (await admin.get(`/api/admin/orders?farmId=${otherFarmId}`)).json();
    expect(byFarm.map((order: { id: number }) => order.id)).toEqual([orderIds.earlierOther]);
    const delivered = (await admin.get('/api/admin/orders?status=delivered')).json();
    expect(delivered.map((order: { id: number }) => order.id)).toEqual([
      orderIds.thisMonthDelivered,
    ]);
    const thisMonth = (
      await admin.get(`/api/admin/orders?month=${hawaiiMonth(new Date())}`)
    ).json();
    expect(thisMonth).toHaveLength(3);
    expect((await admin.get('/api/admin/orders?limit=2')).json()).toHaveLength(2);
  });

  it('pages with a cursor: the total in X-Total-Count, the next page in Link', async () => {
    const seen: number[] = [];
    let url: string | null = '/api/admin/orders?limit=3';
    let pages = 0;
    while (url) {
      const response = await admin.get(url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-total-count']).toBe('4');
      seen.push(...(response.json() as { id: number }[]).map((order) => order.id));
      const link = response.headers.link as string | undefined;
      url = link ? /<([^>]+)>; rel="next"/.exec(link)![1]! : null;
      pages += 1;
    }
    expect(pages).toBe(2);
    const all = (await admin.get('/api/admin/orders')).json() as { id: number }[];
    expect(seen).toEqual(all.map((order) => order.id));
    const filtered = await admin.get(`/api/admin/orders?farmId=${otherFarmId}`);
    expect(filtered.headers['x-total-count']).toBe('1');
    expect(filtered.headers.link).toBeUndefined();
  });

  it('answers 400 with fields to odd filters', async () => {
    for (const query of [
      'farmId=abc',
      'limit=0',
      'limit=100000',
      'status=lost',
      'month=2026-13',
      'cursor=!!',
      `cursor=${Buffer.from('not|a|cursor').toString('base64url')}`,
    ]) {
      const response = await admin.get(`/api/admin/orders?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields, query).toBeDefined();
    }
  });
});

describe('GET /api/admin/orders.csv', () => {
  it('is an attachment, quoted where needed and safe from formulas', async () => {
    const response = await admin.get('/api/admin/orders.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="harvest-hui-orders-.+\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order,Created (Hawaii time),Status,Restaurant,Farm,Delivery date,Subtotal,Delivery fee,Total',
    );
    expect(lines).toHaveLength(5);
    expect(response.body).toContain(`"Quiet, ""Quoted"" Cafe"`);
    expect(response.body).toContain(`'=Formula Farm`);
    expect(response.body).not.toMatch(/,=Formula/);
  });

  it('filters by farm and month like the list', async () => {
    const response = await admin.get(
      `/api/admin/orders.csv?farmId=${farmer.farmId}&month=${hawaiiMonth(new Date())}`,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(4); // header and this month's three Kula Greens orders
    expect(response.headers['content-disposition']).toContain(`farm-${farmer.farmId}`);
  });
});

describe('GET /api/admin/orders/{id}/invoice', () => {
  it('gives the invoice PDF of a delivered order, 409 for others, 404 for none', async () => {
    const response = await admin.get(`/api/admin/orders/${orderIds.thisMonthDelivered}/invoice`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${orderIds.thisMonthDelivered}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await admin.get(`/api/admin/orders/${orderIds.thisMonthPending}/invoice`)).statusCode,
    ).toBe(409);
    expect((await admin.get('/api/admin/orders/999999/invoice')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/orders/abc/invoice')).statusCode).toBe(400);
    expect(
      (await farmer.get(`/api/admin/orders/${orderIds.thisMonthDelivered}/invoice`)).statusCode,
    ).toBe(403);
  });
});

describe("an order's own reads", () => {
  it('are open to an administrator, who sees every order as the admin screens do', async () => {
    const id = orderIds.thisMonthDelivered;
    for (const path of ['history', 'adjustments', 'payments']) {
      const response = await admin.get(`/api/orders/${id}/${path}`);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    }
    expect((await admin.get(`/api/orders/${id}/payments`)).json()).toMatchObject({ orderId: id });
    expect((await admin.get('/api/orders/999999/history')).statusCode).toBe(404);
  });
});

describe('GET /api/admin/health', () => {
  it('reports real checks', async () => {
    const response = await admin.get('/api/admin/health');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      server: { status: 'online' },
      database: { status: 'connected', kind: ctx.database.kind },
      email: { status: 'outbox' },
      sms: { status: 'not_configured' },
    });
    expect(body.server.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(body.checkedAt)).not.toBeNaN();
  });

  it('says email is configured when an SMTP server is set', async () => {
    const other = await createTestAppOn(ctx.database, { smtpUrl: 'smtp://127.0.0.1:2525' });
    try {
      const user = await signUp(other.app, 'admin');
      await grantAdmin(other.database.db, user.email);
      expect((await user.get('/api/admin/health')).json().email.status).toBe('configured');
    } finally {
      await other.close();
    }
  });
});

describe('access', () => {
  const paths = [
    '/api/admin/stats',
    '/api/admin/orders',
    '/api/admin/orders.csv',
    '/api/admin/health',
  ];

  it('refuses farmers and restaurants with 403', async () => {
    for (const path of paths) {
      expect((await farmer.get(path)).statusCode, path).toBe(403);
      expect((await restaurant.get(path)).statusCode, path).toBe(403);
    }
  });

  it('refuses a user without a role with 403 and the anonymous with 401', async () => {
    const newcomer = await signUp(ctx.app);
    for (const path of paths) {
      expect((await newcomer.get(path)).statusCode, path).toBe(403);
      expect((await new Session(ctx.app).get(path)).statusCode, path).toBe(401);
    }
  });

  it('stops working as soon as the admin role is gone', async () => {
    const former = await signUp(ctx.app, 'former-admin');
    await grantAdmin(ctx.database.db, former.email);
    expect((await former.get('/api/admin/stats')).statusCode).toBe(200);
    // A role taken away by hand is announced the way the app's own role changes are, so that
    // every process's session cache lets go of it (docs/operations.md#administrators).
    await ctx.database.db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ role: null })
        .where(eq(users.email, former.email))
        .returning({ id: users.id });
      await publishAuthChanged(tx, { userId: user!.id });
    });
    // The announcement arrives through LISTEN: ask until it has (or give up and fail).
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 403; attempt += 1) {
      status = (await former.get('/api/admin/stats')).statusCode;
      if (status !== 403) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(403);
  });
});
