import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_CODES } from '#core/business-status';
import type { AdminActionEntry, AdminBusiness, PendingFarm } from '#core/schemas/admin';
import type { Product, ProductPage } from '#core/schemas/product';
import { setClock } from '../../src/server/clock';
import { adminActions, notificationDeliveries, notifications } from '../../src/server/db/schema';
import { grantAdmin } from '../../src/server/modules/auth/service';
import { createMailer } from '../../src/server/modules/notifications/mail';
import { createSmsProvider } from '../../src/server/modules/notifications/sms';
import { deliverQueuedNotification } from '../../src/server/modules/notifications/worker';
import { runStandingOrder } from '../../src/server/modules/standing-orders/placement';
import { createProduct, orderBody } from '../helpers/catalog-fixtures';
import type { Session } from '../helpers/test-app';
import {
  createTestApp,
  heardNoticesSoFar,
  PASSWORD,
  sampleProfile,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/*
 * Admission of farms, suspension of businesses and the admin audit log (docs/admission.md),
 * on an app with admission on, as a public marketplace runs.
 */

/**
 * Monday Nov 23, 2026, noon in Hawaii, for the whole file: the farm's delivery day, Thu Dec 3,
 * stays ahead whatever day the tests run.
 */
const MONDAY_NOON = new Date('2026-11-23T22:00:00Z');
const THU_DEC_3 = '2026-12-03';

const outbox = mkdtempSync(join(tmpdir(), 'hh-admission-'));
let ctx: TestContext;
let admin: Session & { email: string; userId: number };
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;

type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;

async function catalogue(session: Session = restaurant): Promise<Product[]> {
  const response = await session.get('/api/products');
  expect(response.statusCode).toBe(200);
  return response.json<Product[]>();
}

/** A search page, read once every change so far has reached the catalogue cache. */
async function search(query: string): Promise<ProductPage> {
  await heardNoticesSoFar(ctx);
  const response = await restaurant.get(`/api/products?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<ProductPage>();
}

async function farmIdsListed(session: Session): Promise<number[]> {
  const response = await session.get('/api/farms');
  expect(response.statusCode).toBe(200);
  return response.json<{ id: number }[]>().map((farm) => farm.id);
}

async function profileOf(session: Session) {
  // The view is kept per process and dropped when the database says the farm changed.
  await heardNoticesSoFar(ctx);
  return (await session.get('/api/auth/user')).json().profile;
}

async function approve(farmId: number) {
  const response = await admin.post(`/api/admin/farms/${farmId}/approve`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminBusiness>();
}

async function suspend(kind: 'farm' | 'restaurant', id: number, reason: string) {
  const response = await admin.post(`/api/admin/businesses/${kind}/${id}/suspend`, { reason });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminBusiness>();
}

async function reinstate(kind: 'farm' | 'restaurant', id: number) {
  const response = await admin.post(`/api/admin/businesses/${kind}/${id}/reinstate`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminBusiness>();
}

async function notificationsOf(userId: number, eventKeyStart: string) {
  const rows = await ctx.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return rows.filter((row) => row.eventKey.startsWith(eventKeyStart));
}

/** A farmer whose farm starts pending, with a product and a delivery day set up through the API. */
async function pendingFarmWithProduct(name: string): Promise<Farmer & { productId: number }> {
  const session = await signUpFarmer(ctx.app, name);
  const product = await session.post('/api/products', {
    name: `${name} Kale`,
    unit: 'bunch',
    price: '3.00',
    availableQuantity: 40,
    category: 'vegetables',
  });
  expect(product.statusCode, product.body).toBe(201);
  return Object.assign(session, { productId: product.json<Product>().id });
}

beforeAll(async () => {
  setClock(MONDAY_NOON);
  ctx = await createTestApp({ marketplaceApproval: true, dataDir: outbox });
  admin = await signUp(ctx.app, 'admin');
  expect(await grantAdmin(ctx.database.db, admin.email)).toBe(true);
  restaurant = await signUpRestaurant(ctx.app, 'Kaimukī Table');
  farmer = await signUpFarmer(ctx.app, 'Waiʻanae Greens');
});

afterAll(async () => {
  setClock(null);
  await ctx.close();
  rmSync(outbox, { recursive: true, force: true });
});

describe('admission of a new farm', () => {
  it('starts pending: it sets up products and delivery days, and restaurants see none of it', async () => {
    const profile = await profileOf(farmer);
    expect(profile).toMatchObject({ approvalStatus: 'pending', declineReason: null });

    const created = await farmer.post('/api/products', {
      name: 'Waiʻanae Sweet Potato',
      unit: 'lb',
      price: '2.50',
      availableQuantity: 80,
      category: 'vegetables',
    });
    expect(created.statusCode, created.body).toBe(201);
    const potato = created.json<Product>();
    const days = await farmer.post('/api/delivery-schedules', {
      deliveryDates: [THU_DEC_3],
      deliveryArea: 'Honolulu',
    });
    expect(days.statusCode, days.body).toBe(201);

    // The farm sees its own.
    const own = await farmer.get('/api/products/farm');
    expect(own.json<Product[]>().map((product) => product.id)).toContain(potato.id);
    expect((await farmer.get(`/api/delivery-schedules/farm/${farmer.farmId}`)).statusCode).toBe(
      200,
    );

    // Restaurants see nothing: the catalogue, a search by name, the farm's page, the farms,
    // its delivery days and its outlook.
    expect((await catalogue()).map((product) => product.id)).not.toContain(potato.id);
    const byName = await search('q=sweet%20potato');
    expect(byName.items).toEqual([]);
    const farmPage = await search(`farmId=${farmer.farmId}`);
    expect(farmPage.items).toEqual([]);
    expect(farmPage.farms.map((farm) => farm.id)).not.toContain(farmer.farmId);
    expect(await farmIdsListed(restaurant)).not.toContain(farmer.farmId);
    const schedule = await restaurant.get(`/api/delivery-schedules/farm/${farmer.farmId}`);
    expect(schedule.statusCode).toBe(404);
    const outlook = await restaurant.get(`/api/delivery-schedules/next?farmIds=${farmer.farmId}`);
    expect(outlook.json().farms).toEqual([]);
    // Administrators see every farm (the orders table filters by any of them).
    expect(await farmIdsListed(admin)).toContain(farmer.farmId);
  });

  it('cannot receive orders: placement and checkout refuse its products as unavailable', async () => {
    const product = await createProduct(ctx.database.db, farmer.farmId, { price: '4.00' });
    const body = orderBody(farmer.farmId, [{ product, quantity: 2 }]);
    const placed = await restaurant.post('/api/orders', body);
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toMatchObject({
      code: 'product_unavailable',
      productId: product.id,
      productName: null,
      unitPrice: null,
    });
    // A farm never approved is named to nobody.
    expect(placed.body).not.toContain('Waiʻanae');
    const checkout = await restaurant.post('/api/checkout', { orders: [body] });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().code).toBe('product_unavailable');
    const standing = await restaurant.post('/api/standing-orders', {
      farmId: farmer.farmId,
      lines: [{ productId: product.id, quantity: 1 }],
      weekdays: ['thu'],
    });
    expect(standing.statusCode).toBe(404);
  });

  it('is listed for administrators with its profile and owner, the longest waiting first', async () => {
    const second = await pendingFarmWithProduct('Kahuku Roots');
    await second.put('/api/profile/farm', {
      ...sampleProfile('Kahuku Roots'),
      contact1Name: 'Noelani Kahale',
      contact1Email: 'noelani@kahukuroots.example',
    });
    const response = await admin.get('/api/admin/approvals?limit=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    const [first] = response.json<PendingFarm[]>();
    expect(first).toMatchObject({
      id: farmer.farmId,
      name: 'Waiʻanae Greens',
      description: 'Family-run since 1978',
      location: '45-123 Kamehameha Hwy, Kaneohe, HI 96744',
      contactPhone: '(808) 555-0101',
      ownerName: 'Kai Akana',
      ownerEmail: farmer.email,
      productCount: 2,
    });
    expect(Date.parse(first!.createdAt)).not.toBeNaN();
    const next = /<([^>]+)>; rel="next"/.exec(String(response.headers.link))?.[1];
    expect(next).toBeDefined();
    const page2 = await admin.get(next!);
    expect(page2.json<PendingFarm[]>()).toEqual([
      expect.objectContaining({
        id: second.farmId,
        contacts: [
          {
            name: 'Noelani Kahale',
            email: 'noelani@kahukuroots.example',
            phone: null,
            position: null,
          },
        ],
      }),
    ]);
    expect(page2.headers.link).toBeUndefined();
    const stats = (await admin.get('/api/admin/stats')).json();
    expect(stats.stats.pendingApprovals).toBe(2);
  });

  it('is for administrators only (403), the anonymous 401, and bad input 400', async () => {
    for (const session of [restaurant, farmer]) {
      for (const [method, url, body] of [
        ['GET', '/api/admin/approvals'],
        ['POST', `/api/admin/farms/${farmer.farmId}/approve`],
        ['POST', `/api/admin/farms/${farmer.farmId}/decline`, { reason: 'No' }],
        ['GET', '/api/admin/businesses'],
        [
          'POST',
          `/api/admin/businesses/restaurant/${restaurant.restaurantId}/suspend`,
          { reason: 'x' },
        ],
        ['POST', `/api/admin/businesses/farm/${farmer.farmId}/reinstate`],
        ['GET', '/api/admin/audit'],
      ] as const) {
        const response = await session.request({ method, url, payload: body });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/approvals' });
    expect(anonymous.statusCode).toBe(401);
    expect((await admin.get('/api/admin/approvals?limit=0')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/approvals?cursor=%21%21')).statusCode).toBe(400);
    expect((await admin.post('/api/admin/farms/abc/approve')).statusCode).toBe(400);
    expect((await admin.post('/api/admin/farms/2147483647/approve')).statusCode).toBe(404);
    expect(
      (await admin.post('/api/admin/farms/2147483647/decline', { reason: 'x' })).statusCode,
    ).toBe(404);
    // Nothing changed for a refusal.
    expect((await profileOf(farmer)).approvalStatus).toBe('pending');
  });

  it('once approved, its products are on offer and orderable; approving again is 409', async () => {
    const approved = await approve(farmer.farmId);
    expect(approved).toMatchObject({
      kind: 'farm',
      id: farmer.farmId,
      approvalStatus: 'approved',
      declineReason: null,
      suspendedAt: null,
    });
    expect((await profileOf(farmer)).approvalStatus).toBe('approved');
    const listed = await catalogue();
    const potato = listed.find((product) => product.name === 'Waiʻanae Sweet Potato');
    expect(potato?.farm.name).toBe('Waiʻanae Greens');
    expect((await search(`farmId=${farmer.farmId}`)).items.length).toBeGreaterThan(0);
    expect(await farmIdsListed(restaurant)).toContain(farmer.farmId);

    const product = await createProduct(ctx.database.db, farmer.farmId, { price: '5.00' });
    const placed = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);

    const again = await admin.post(`/api/admin/farms/${farmer.farmId}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: BUSINESS_CODES.alreadyApproved,
      approvalStatus: 'approved',
      suspended: false,
    });
    const decline = await admin.post(`/api/admin/farms/${farmer.farmId}/decline`, {
      reason: 'Too late',
    });
    expect(decline.statusCode).toBe(409);
    expect(decline.json().code).toBe(BUSINESS_CODES.alreadyApproved);

    const told = await notificationsOf(farmer.userId, `business:farm:${farmer.farmId}:approve:`);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('Your farm is approved');
  });
});

describe('declining a farm', () => {
  let declined: Farmer & { productId: number };
  const reason =
    'We could not confirm the farm address; please add your county farm permit number.';

  beforeAll(async () => {
    declined = await pendingFarmWithProduct('Mauka Mushrooms');
  });

  it('needs a reason (400), then keeps the farm unseen and tells its owner why', async () => {
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }, { reason: 5 }]) {
      const response = await admin.post(`/api/admin/farms/${declined.farmId}/decline`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields).toHaveProperty('reason');
    }
    const response = await admin.post(`/api/admin/farms/${declined.farmId}/decline`, { reason });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminBusiness>()).toMatchObject({
      approvalStatus: 'declined',
      declineReason: reason,
    });
    expect(await profileOf(declined)).toMatchObject({
      approvalStatus: 'declined',
      declineReason: reason,
    });
    expect((await catalogue()).map((product) => product.id)).not.toContain(declined.productId);

    const again = await admin.post(`/api/admin/farms/${declined.farmId}/decline`, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(BUSINESS_CODES.alreadyDeclined);
  });

  it('emails the reason to the owner through the outbox', async () => {
    const [notice] = await notificationsOf(
      declined.userId,
      `business:farm:${declined.farmId}:decline:`,
    );
    expect(notice).toMatchObject({ kind: 'business_status', title: 'Your farm was not approved' });
    const [delivery] = await ctx.database.db
      .select()
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.notificationId, notice!.id),
          eq(notificationDeliveries.channel, 'email'),
        ),
      );
    expect(delivery).toMatchObject({ destination: declined.email, status: 'pending' });

    const outboxDir = join(outbox, 'outbox');
    const sent = await deliverQueuedNotification(
      ctx.database.db,
      { notificationId: notice!.id, channel: 'email' },
      {
        mailer: createMailer({ smtpUrl: undefined, from: 'Harvest Hui <test@x>', outboxDir }),
        sms: createSmsProvider({ sms: undefined, outboxDir }),
        appOrigin: 'https://harvesthui.example',
      },
      false,
    );
    expect(sent).toBe('sent');
    const mail = readFileSync(join(outboxDir, `notification-${notice!.id}-email.eml`), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(mail).toContain(`To: ${declined.email}`);
    expect(mail).toContain('Subject: Your farm was not approved');
    expect(mail).toContain('county farm permit number');
    expect(mail).toContain('it concerns your business');
  });

  it('emails the decision even to an owner who turned email notifications off', async () => {
    const quiet = await pendingFarmWithProduct('Quiet Acres');
    await quiet.put('/api/notification-preferences', {
      emailEnabled: false,
      smsEnabled: false,
      smsPhone: null,
    });
    await admin.post(`/api/admin/farms/${quiet.farmId}/decline`, { reason: 'Not a farm' });
    const [notice] = await notificationsOf(quiet.userId, `business:farm:${quiet.farmId}:decline:`);
    const deliveries = await ctx.database.db
      .select({ channel: notificationDeliveries.channel })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, notice!.id));
    expect(deliveries).toEqual([{ channel: 'email' }]);
  });

  it('can be approved later, and then sells', async () => {
    const approved = await approve(declined.farmId);
    expect(approved).toMatchObject({ approvalStatus: 'approved', declineReason: null });
    expect((await catalogue()).map((product) => product.id)).toContain(declined.productId);
  });
});

describe('suspending a farm', () => {
  let suspended: Farmer;
  let orderId: number;
  let product: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    suspended = await signUpFarmer(ctx.app, 'Hāmākua Honey');
    await approve(suspended.farmId);
    product = await createProduct(ctx.database.db, suspended.farmId, { price: '12.00' });
    const placed = await restaurant.post(
      '/api/orders',
      orderBody(suspended.farmId, [{ product, quantity: 2 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    orderId = placed.json().id;
  });

  it('hides its products, keeps its open orders and tells their restaurants', async () => {
    const answer = await suspend('farm', suspended.farmId, 'Unpaid platform fees since October');
    expect(answer).toMatchObject({
      suspensionReason: 'Unpaid platform fees since October',
      openOrders: 1,
    });
    expect(Date.parse(answer.suspendedAt!)).not.toBeNaN();
    expect((await catalogue()).map((row) => row.id)).not.toContain(product.id);
    expect((await search(`farmId=${suspended.farmId}`)).items).toEqual([]);
    expect(await farmIdsListed(restaurant)).not.toContain(suspended.farmId);
    const placed = await restaurant.post(
      '/api/orders',
      orderBody(suspended.farmId, [{ product, quantity: 1 }]),
    );
    expect(placed.statusCode).toBe(409);
    // Restaurants knew this farm: the refusal may name it.
    expect(placed.json()).toMatchObject({ code: 'product_unavailable', farmName: 'Hāmākua Honey' });

    // The open order stays, but takes no more of the farm's stock.
    const more = await restaurant.patch(`/api/orders/${orderId}/items`, {
      items: [{ productId: product.id, quantity: 3 }],
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().code).toBe('product_unavailable');
    const orders = (await restaurant.get('/api/orders/restaurant')).json<
      { id: number; status: string }[]
    >();
    expect(orders.find((order) => order.id === orderId)?.status).toBe('pending');
    const [told] = await notificationsOf(
      restaurant.userId,
      `business:farm:${suspended.farmId}:suspend:`,
    );
    expect(told).toMatchObject({ kind: 'partner_status', title: 'Hāmākua Honey is suspended' });
    expect(told!.body).toContain('Your 1 open order with it stays as it is.');
    const [own] = await notificationsOf(
      suspended.userId,
      `business:farm:${suspended.farmId}:suspend:`,
    );
    expect(own).toMatchObject({ title: 'Your farm is suspended' });
    expect(own!.details).toBe('Reason: Unpaid platform fees since October');
    expect(await profileOf(suspended)).toMatchObject({
      suspensionReason: 'Unpaid platform fees since October',
    });
  });

  it('lets its people sign in and read, but refuses every write for the farm with 403', async () => {
    expect((await suspended.get('/api/products/farm')).statusCode).toBe(200);
    expect((await suspended.get('/api/orders/farm')).statusCode).toBe(200);
    expect((await suspended.get('/api/reports/farm')).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/products', { name: 'Lehua', unit: 'jar', price: '9.00' }],
      ['PATCH', `/api/products/${product.id}`, { price: '13.00' }],
      ['DELETE', `/api/products/${product.id}`],
      ['PATCH', `/api/orders/${orderId}/status`, { status: 'confirmed' }],
      ['PUT', '/api/profile/farm', sampleProfile('Hāmākua Honey Co')],
      ['POST', '/api/delivery-schedules', { deliveryDates: ['2030-01-01'], deliveryArea: 'Hilo' }],
      // Refused before the body is read: even nonsense is a 403, not a 400.
      ['POST', '/api/products', { nonsense: true }],
    ] as const) {
      const response = await suspended.request({ method, url, payload: body });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe(BUSINESS_CODES.suspended);
    }
    // Nothing was written.
    const own = (await suspended.get('/api/products/farm')).json<Product[]>();
    expect(own.find((row) => row.id === product.id)?.price).toBe('12.00');

    // The person's own things stay open: the bell, its preferences, their password.
    expect((await suspended.post('/api/notifications/read-all')).statusCode).toBe(200);
    const preferences = await suspended.put('/api/notification-preferences', {
      emailEnabled: true,
      smsEnabled: false,
      smsPhone: null,
    });
    expect(preferences.statusCode).toBe(200);
    const password = await suspended.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'mauna-kea-sunrise-hives-1978',
    });
    expect(password.statusCode, password.body).toBe(204);
  });

  it('is 409 when suspended again, and reinstating restores everything', async () => {
    const again = await admin.post(`/api/admin/businesses/farm/${suspended.farmId}/suspend`, {
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: BUSINESS_CODES.alreadySuspended, suspended: true });

    const back = await reinstate('farm', suspended.farmId);
    expect(back).toMatchObject({ suspendedAt: null, suspensionReason: null });
    expect((await catalogue()).map((row) => row.id)).toContain(product.id);
    const confirmed = await suspended.patch(`/api/orders/${orderId}/status`, {
      status: 'confirmed',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const placed = await restaurant.post(
      '/api/orders',
      orderBody(suspended.farmId, [{ product, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const [told] = await notificationsOf(
      restaurant.userId,
      `business:farm:${suspended.farmId}:reinstate:`,
    );
    expect(told?.title).toBe('Hāmākua Honey is back');

    const notSuspended = await admin.post(
      `/api/admin/businesses/farm/${suspended.farmId}/reinstate`,
    );
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json().code).toBe(BUSINESS_CODES.notSuspended);
  });
});

describe('suspending a restaurant', () => {
  let kitchen: Awaited<ReturnType<typeof signUpRestaurant>>;
  let product: Awaited<ReturnType<typeof createProduct>>;
  let standingOrderId: number;

  beforeAll(async () => {
    kitchen = await signUpRestaurant(ctx.app, 'Lanikai Fish House');
    await kitchen.put('/api/profile/restaurant', {
      ...sampleProfile('Lanikai Fish House'),
      deliveryZone: 'honolulu',
    });
    // The farm delivers to Honolulu on Thu Dec 3 (set up while it was pending).
    product = await createProduct(ctx.database.db, farmer.farmId, { price: '3.00' });
    const placed = await kitchen.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product, quantity: 3 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const standing = await kitchen.post('/api/standing-orders', {
      farmId: farmer.farmId,
      lines: [{ productId: product.id, quantity: 1 }],
      weekdays: ['thu'],
    });
    expect(standing.statusCode, standing.body).toBe(201);
    standingOrderId = standing.json().id;
  });

  it('refuses its orders with 403 while its lists still read, and tells the farms it buys from', async () => {
    await suspend('restaurant', kitchen.restaurantId, 'Chargebacks under review');
    const placed = await kitchen.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product, quantity: 1 }]),
    );
    expect(placed.statusCode).toBe(403);
    expect(placed.json().code).toBe(BUSINESS_CODES.suspended);
    const checkout = await kitchen.post('/api/checkout', {
      orders: [orderBody(farmer.farmId, [{ product, quantity: 1 }])],
    });
    expect(checkout.json().code).toBe(BUSINESS_CODES.suspended);
    expect((await kitchen.get('/api/orders/restaurant')).statusCode).toBe(200);
    expect((await kitchen.get('/api/products')).statusCode).toBe(200);

    const [told] = await notificationsOf(
      farmer.userId,
      `business:restaurant:${kitchen.restaurantId}:suspend:`,
    );
    expect(told).toMatchObject({
      kind: 'partner_status',
      title: 'Lanikai Fish House is suspended',
      link: '/farmer/orders',
    });
    // Restaurants with no open order with it hear nothing.
    expect(
      await notificationsOf(restaurant.userId, `business:restaurant:${kitchen.restaurantId}:`),
    ).toEqual([]);
  });

  it('places none of its standing orders, and says why', async () => {
    const run = await runStandingOrder(
      ctx.database.db,
      { standingOrderId, deliveryDate: THU_DEC_3 },
      new Date('2026-11-30T16:00:00Z'),
    );
    expect(run).toMatchObject({ outcome: 'not_placed', orderId: null });
    const [notice] = await notificationsOf(kitchen.userId, `standing-order:${standingOrderId}:`);
    expect(notice!.body).toContain('your restaurant is suspended');
  });

  it('acts again once reinstated', async () => {
    await reinstate('restaurant', kitchen.restaurantId);
    const placed = await kitchen.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('answers 400 for a kind that is neither farm nor restaurant, 404 for no such business', async () => {
    const shop = await admin.post(`/api/admin/businesses/shop/${kitchen.restaurantId}/suspend`, {
      reason: 'x',
    });
    expect(shop.statusCode).toBe(400);
    expect(shop.json().fields).toHaveProperty('kind');
    expect((await admin.post('/api/admin/businesses/shop/1/reinstate')).statusCode).toBe(400);
    const missing = await admin.post('/api/admin/businesses/restaurant/2147483647/suspend', {
      reason: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect((await admin.post('/api/admin/businesses/farm/2147483647/reinstate')).statusCode).toBe(
      404,
    );
    const noReason = await admin.post(
      `/api/admin/businesses/restaurant/${kitchen.restaurantId}/suspend`,
      {},
    );
    expect(noReason.statusCode).toBe(400);
  });
});

describe('the admin lists', () => {
  it('lists businesses by name, filtered by kind, status and name', async () => {
    const waiting = await admin.get('/api/admin/businesses?kind=farm&status=pending');
    expect(waiting.statusCode).toBe(200);
    const names = waiting.json<AdminBusiness[]>().map((business) => business.name);
    expect(names).toEqual(['Kahuku Roots']);
    const byName = await admin.get('/api/admin/businesses?kind=farm&q=waianae');
    expect(byName.json<AdminBusiness[]>()).toEqual([
      expect.objectContaining({
        id: farmer.farmId,
        name: 'Waiʻanae Greens',
        ownerEmail: farmer.email,
        approvalStatus: 'approved',
      }),
    ]);
    const kitchens = await admin.get('/api/admin/businesses?kind=restaurant&limit=1');
    expect(kitchens.headers['x-total-count']).toBe('2');
    expect(kitchens.json<AdminBusiness[]>()[0]).toMatchObject({
      kind: 'restaurant',
      name: 'Kaimukī Table',
      approvalStatus: 'approved',
    });
    expect(kitchens.headers.link).toContain('cursor=');
    expect((await admin.get('/api/admin/businesses?kind=shop')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/businesses?status=gone')).statusCode).toBe(400);
  });

  it('keeps every decision in the audit log, newest first: who, what, which, why, when', async () => {
    const rows = await ctx.database.db.select().from(adminActions);
    const response = await admin.get(`/api/admin/audit?limit=${rows.length}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(rows.length));
    const log = response.json<AdminActionEntry[]>();
    expect(log.map((entry) => entry.action)).toEqual([
      'reinstate',
      'suspend',
      'reinstate',
      'suspend',
      'approve',
      'approve',
      'decline',
      'decline',
      'approve',
    ]);
    expect(log[1]).toEqual({
      id: expect.any(Number),
      action: 'suspend',
      actorUserId: admin.userId,
      actorName: 'Kai Akana',
      businessKind: 'restaurant',
      businessId: expect.any(Number),
      businessName: 'Lanikai Fish House',
      reason: 'Chargebacks under review',
      createdAt: expect.any(String),
    });
    expect(log.at(-1)).toMatchObject({
      action: 'approve',
      businessKind: 'farm',
      businessId: farmer.farmId,
      businessName: 'Waiʻanae Greens',
      reason: null,
    });
    const times = log.map((entry) => Date.parse(entry.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const first = await admin.get('/api/admin/audit?limit=4');
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    const second = await admin.get(next!);
    expect([...first.json<AdminActionEntry[]>(), ...second.json<AdminActionEntry[]>()]).toEqual(
      log.slice(0, 8),
    );
    const stats = (await admin.get('/api/admin/stats')).json();
    expect(stats.stats).toMatchObject({ pendingApprovals: 1, suspendedBusinesses: 0 });
  });
});

describe('with MARKETPLACE_APPROVAL=0', () => {
  let privateCtx: TestContext;
  beforeAll(async () => {
    privateCtx = await createTestApp({ marketplaceApproval: false });
  });
  afterAll(async () => {
    await privateCtx.close();
  });

  it('a new farm sells at once', async () => {
    const ownFarmer = await signUpFarmer(privateCtx.app, 'Private Farm');
    const buyer = await signUpRestaurant(privateCtx.app, 'Private Kitchen');
    const product = await createProduct(privateCtx.database.db, ownFarmer.farmId);
    const profile = (await ownFarmer.get('/api/auth/user')).json().profile;
    expect(profile.approvalStatus).toBe('approved');
    const listed = (await buyer.get('/api/products')).json<Product[]>();
    expect(listed.map((row) => row.id)).toContain(product.id);
    const placed = await buyer.post(
      '/api/orders',
      orderBody(ownFarmer.farmId, [{ product, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
  });
});
