import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FORMER_MEMBER } from '#core/leaving';
import type { AdminActionEntry } from '#core/schemas/admin';
import type { Order, OrderHistoryEntry } from '#core/schemas/order';
import {
  adminActions,
  notificationDeliveries,
  notifications,
  orders,
  users,
} from '../../src/server/db/schema';
import { grantAdmin } from '../../src/server/modules/auth/service';
import { createProduct, orderBody, stockOf } from '../helpers/catalog-fixtures';
import { hawaiiNoon, useClock } from '../helpers/clock';
import { postProof } from '../helpers/delivery-fixtures';
import { pdfText } from '../helpers/pdf-text';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestAppOn,
  PASSWORD,
  Session,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  useTestApp,
} from '../helpers/test-app';

const NOW = hawaiiNoon('2026-03-10');
useClock(NOW);
const ctx = useTestApp();

type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;
type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;

/** Places an order of `quantity` kale and sets its status straight: placement is not the subject. */
async function orderIn(
  restaurant: Restaurant,
  farmer: Farmer,
  product: Awaited<ReturnType<typeof createProduct>>,
  status: string,
  quantity = 2,
): Promise<number> {
  const response = await restaurant.post(
    '/api/orders',
    orderBody(farmer.farmId, [{ product, quantity }]),
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<Order>().id;
  // Placed two hours ago, so a delivery confirmed a minute ago comes after it.
  const createdAt = new Date(NOW.getTime() - 2 * 3_600_000);
  await ctx.app.db.update(orders).set({ status, createdAt }).where(eq(orders.id, id));
  return id;
}

function unzip(body: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(body));
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}

describe('GET /api/auth/export', () => {
  it("streams a zip of the person's data and their businesses', with money for an owner", async () => {
    const farmer = await signUpFarmer(ctx.app, 'Export Farm');
    const restaurant = await signUpRestaurant(ctx.app, 'Export Bistro');
    const kale = await createProduct(ctx.app.db, farmer.farmId, {
      price: '4.00',
      availableQuantity: 50,
    });
    const orderId = await orderIn(restaurant, farmer, kale, 'in_transit');
    const delivered = await farmer.patch(`/api/orders/${orderId}/status`, {
      status: 'delivered',
      recipientName: 'Chef Malia',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    // Drawing the invoice gives it its number.
    expect((await farmer.get(`/api/orders/${orderId}/invoice`)).statusCode).toBe(200);

    const response = await farmer.get('/api/auth/export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const files = unzip(response.rawPayload);
    const folder = `businesses/farm-${farmer.farmId}`;
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'profile.json',
        'memberships.json',
        'memberships.csv',
        'notifications.json',
        'notifications.csv',
        `${folder}/business.json`,
        `${folder}/orders.json`,
        `${folder}/orders.csv`,
        `${folder}/invoices.json`,
        `${folder}/invoices.csv`,
      ]),
    );
    expect(files['README.txt']).toContain('memberships.json');
    expect(JSON.parse(files['profile.json']!)).toMatchObject({
      email: farmer.email,
      firstName: 'Kai',
      lastName: 'Akana',
    });
    expect(files['memberships.csv']).toContain('Export Farm');
    const exported = JSON.parse(files[`${folder}/orders.json`]!) as Record<string, unknown>[];
    expect(exported).toEqual([
      expect.objectContaining({
        id: orderId,
        status: 'delivered',
        restaurant: 'Export Bistro',
        subtotal: '8.00',
        lines: [expect.objectContaining({ productName: kale.name, unitPrice: '4.00' })],
      }),
    ]);
    expect(files[`${folder}/orders.csv`]!.split('\r\n')[0]).toContain('Total');
    expect(JSON.parse(files[`${folder}/invoices.json`]!)).toEqual([
      expect.objectContaining({ orderId, invoice: expect.stringMatching(/^\d{5}$/) }),
    ]);
    // The restaurant's own export holds the same order, from its side.
    const theirs = unzip((await restaurant.get('/api/auth/export')).rawPayload);
    expect(theirs[`businesses/restaurant-${restaurant.restaurantId}/orders.csv`]).toContain(
      'Export Farm',
    );
  });

  it('carries no money for a packer: no prices, totals, fees or invoices', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Packer Export Farm');
    const restaurant = await signUpRestaurant(ctx.app, 'Packer Export Bistro');
    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    const kale = await createProduct(ctx.app.db, farmer.farmId, {
      price: '4.25',
      availableQuantity: 50,
    });
    await orderIn(restaurant, farmer, kale, 'confirmed');

    const response = await packer.get('/api/auth/export');
    expect(response.statusCode, response.body).toBe(200);
    const files = unzip(response.rawPayload);
    const folder = `businesses/farm-${farmer.farmId}`;
    expect(Object.keys(files)).not.toContain(`${folder}/invoices.json`);
    expect(Object.keys(files)).not.toContain(`${folder}/invoices.csv`);
    // Timestamps carry milliseconds ("…T20:02:08.504Z") that can spell a price by chance.
    const everything = Object.values(files)
      .join('\n')
      .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<time>');
    expect(everything).not.toContain('4.25');
    expect(everything).not.toContain('8.50');
    expect(files[`${folder}/orders.csv`]!.split('\r\n')[0]).not.toMatch(/Total|Subtotal|fee/);
    const [order] = JSON.parse(files[`${folder}/orders.json`]!) as Record<string, unknown>[];
    expect(order).toMatchObject({ status: 'confirmed', lines: [{ productName: kale.name }] });
    expect(order).not.toHaveProperty('total');
    const business = JSON.parse(files[`${folder}/business.json`]!) as Record<string, unknown>;
    expect(business).toMatchObject({ name: 'Packer Export Farm', includesMoney: false });
    expect(business).not.toHaveProperty('deliveryFee');
  });

  it('is 401 signed out', async () => {
    expect((await new Session(ctx.app).get('/api/auth/export')).statusCode).toBe(401);
  });
});

describe('POST /api/auth/delete-account', () => {
  it('needs the current password', async () => {
    const person = await signUp(ctx.app, 'wrong-password');
    const response = await person.post('/api/auth/delete-account', {
      currentPassword: 'not-my-password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'wrong_password',
      fields: { currentPassword: expect.any(String) },
    });
    expect((await person.get('/api/auth/user')).statusCode).toBe(200);
    const missing = await person.post('/api/auth/delete-account', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('validation');
  });

  it('counts wrong passwords like failed sign-ins: 429 past the limit', async () => {
    const strict = await createTestAppOn(ctx.database, { loginRateLimit: 2 });
    try {
      const person = await signUp(strict.app, 'leaving-limit');
      for (const guess of ['first-wrong-guess', 'second-wrong-guess']) {
        const wrong = await person.post('/api/auth/delete-account', { currentPassword: guess });
        expect(wrong.statusCode).toBe(400);
      }
      const limited = await person.post('/api/auth/delete-account', { currentPassword: PASSWORD });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect((await person.get('/api/auth/user')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('refuses the last owner of an open business with 409 last_owner', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Only Owner Farm');
    const response = await farmer.post('/api/auth/delete-account', { currentPassword: PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'last_owner' });
    expect(response.json().message).toContain('Only Owner Farm');
    expect((await farmer.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('closes the account: invoices keep the name as printed, sign-in ends, the email is free again', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Printed Name Farm');
    const restaurant = await signUpRestaurant(ctx.app, 'Printed Name Bistro');
    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    const kale = await createProduct(ctx.app.db, farmer.farmId, { availableQuantity: 50 });
    const orderId = await orderIn(restaurant, farmer, kale, 'in_transit');
    const proof = await postProof(
      packer,
      `/api/orders/${orderId}/delivery`,
      {
        recipientName: 'Chef Malia',
        deliveredAt: new Date(NOW.getTime() - 60_000).toISOString(),
      },
      `leaving-delivery-${orderId}`,
    );
    expect(proof.statusCode, proof.body).toBe(200);
    const before = await pdfText(
      (await restaurant.get(`/api/invoices/${orderId}/download`)).rawPayload,
    );
    expect(before).toContain('Delivered by Kai A.');

    const closed = await packer.post('/api/auth/delete-account', { currentPassword: PASSWORD });
    expect(closed.statusCode, closed.body).toBe(204);
    expect(String(closed.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    // Its sessions ended; it cannot sign in again.
    expect((await packer.get('/api/auth/user')).statusCode).toBe(401);
    const signIn = await new Session(ctx.app).post('/api/auth/login', {
      email: packer.email,
      password: PASSWORD,
    });
    expect(signIn.statusCode).toBe(401);

    // Name, email, phone and password are erased.
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, packer.userId));
    expect(row).toMatchObject({
      firstName: FORMER_MEMBER,
      lastName: null,
      smsPhone: null,
      passwordHash: null,
    });
    expect(row!.email).not.toBe(packer.email);
    expect(row!.closedAt).not.toBeNull();

    // The invoice still prints the name as it was printed.
    for (const session of [restaurant, farmer]) {
      const url =
        session === restaurant
          ? `/api/invoices/${orderId}/download`
          : `/api/orders/${orderId}/invoice`;
      const invoice = await session.get(url);
      expect(invoice.statusCode).toBe(200);
      const text = await pdfText(invoice.rawPayload);
      expect(text).toContain('Delivered by Kai A.');
      expect(text).toContain('Printed Name Bistro');
    }

    // Names read live show "Former member".
    const history = (await farmer.get(`/api/orders/${orderId}/history`)).json<
      OrderHistoryEntry[]
    >();
    expect(history.at(-1)).toMatchObject({ toStatus: 'delivered', changedByName: FORMER_MEMBER });
    const team = (await farmer.get('/api/team')).json<{ userId: number }[]>();
    expect(team.map((member) => member.userId)).not.toContain(packer.userId);

    // The address can register again, as a new account.
    const again = await new Session(ctx.app).post('/api/auth/register', {
      email: packer.email,
      password: PASSWORD,
      firstName: 'Kai',
      lastName: 'Akana',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).not.toBe(packer.userId);
  });

  it('lets one of two owners leave, and the last owner once the business is closed', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Two Owners Farm');
    const second = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'owner');
    const left = await second.post('/api/auth/delete-account', { currentPassword: PASSWORD });
    expect(left.statusCode, left.body).toBe(204);
    expect(
      (await farmer.post('/api/auth/delete-account', { currentPassword: PASSWORD })).statusCode,
    ).toBe(409);
    const close = await farmer.post('/api/business/close', { currentPassword: PASSWORD });
    expect(close.statusCode, close.body).toBe(200);
    const last = await farmer.post('/api/auth/delete-account', { currentPassword: PASSWORD });
    expect(last.statusCode, last.body).toBe(204);
  });
});

describe('POST /api/business/close', () => {
  it('is for owners: other roles get 403, a wrong password 400', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Roles Close Farm');
    const manager = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'manager');
    const refused = await manager.post('/api/business/close', { currentPassword: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden_for_role');
    const wrong = await farmer.post('/api/business/close', { currentPassword: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('wrong_password');
    // Nothing closed.
    const product = await farmer.post('/api/products', {
      name: 'Still open kale',
      category: 'vegetables',
      price: '3.00',
      unit: 'lb',
      availableQuantity: 5,
    });
    expect(product.statusCode, product.body).toBe(201);
  });

  it('closes a farm: pending orders cancelled with notice, products gone, confirmed ones go on', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Closing Farm');
    const restaurant = await signUpRestaurant(ctx.app, 'Closing Farm Customer');
    const admin = await signUp(ctx.app, 'leaving-admin');
    expect(await grantAdmin(ctx.app.db, admin.email)).toBe(true);
    const kale = await createProduct(ctx.app.db, farmer.farmId, {
      price: '5.00',
      availableQuantity: 40,
    });
    const pendingId = await orderIn(restaurant, farmer, kale, 'pending', 3);
    const confirmedId = await orderIn(restaurant, farmer, kale, 'confirmed', 1);
    expect(await stockOf(ctx.app.db, kale.id)).toBe(36);

    const response = await farmer.post('/api/business/close', { currentPassword: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ cancelledOrderIds: [pendingId] });

    // The pending order is cancelled by the system for the closure; its stock came back.
    const pending = (await restaurant.get(`/api/orders/${pendingId}/history`)).json<
      OrderHistoryEntry[]
    >();
    expect(pending.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'cancelled',
      changedByRole: 'system',
      changedByJob: 'business_closure',
    });
    expect(await stockOf(ctx.app.db, kale.id)).toBe(39);

    // The restaurant is told, in the app and by email.
    const [notice] = await ctx.app.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, restaurant.userId), eq(notifications.orderId, pendingId)),
      );
    expect(notice).toMatchObject({
      kind: 'order_status',
      title: `Order #${pendingId} cancelled: Closing Farm has closed`,
    });
    const emailed = await ctx.app.db
      .select()
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.notificationId, notice!.id),
          eq(notificationDeliveries.channel, 'email'),
        ),
      );
    expect(emailed).toHaveLength(1);

    // Its products left the catalogue; it cannot be ordered from.
    const browse = (await restaurant.get('/api/products')).json<{ id: number }[]>();
    expect(browse.map((product) => product.id)).not.toContain(kale.id);
    const order = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]),
    );
    expect(order.statusCode).toBe(409);
    expect(order.json().code).toBe('product_unavailable');

    // The closed farm cannot list again, but delivers and is paid for the confirmed order.
    const product = await farmer.post('/api/products', {
      name: 'After closing',
      category: 'vegetables',
      price: '3.00',
      unit: 'lb',
      availableQuantity: 5,
    });
    expect(product.statusCode).toBe(403);
    expect(product.json().code).toBe('business_closed');
    for (const status of ['packed', 'in_transit', 'delivered']) {
      const moved = await farmer.patch(`/api/orders/${confirmedId}/status`, {
        status,
        recipientName: 'Chef Malia',
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const paid = await farmer.post(`/api/orders/${confirmedId}/payments`, {
      amount: '5.00',
      paidOn: '2026-03-10',
      method: 'check',
    });
    expect(paid.statusCode, paid.body).toBe(201);

    // The admin's audit log records the closure, with who.
    const audit = (await admin.get('/api/admin/audit')).json<AdminActionEntry[]>();
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'close',
        businessKind: 'farm',
        businessId: farmer.farmId,
        businessName: 'Closing Farm',
        actorUserId: farmer.userId,
        actorName: 'Kai Akana',
      }),
    );

    // Closing again is refused (the closed farm's writes are).
    const again = await farmer.post('/api/business/close', { currentPassword: PASSWORD });
    expect(again.statusCode).toBe(403);
  });

  it('closes a restaurant: its pending orders are cancelled and the farm is told', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Closed Customer Farm');
    const restaurant = await signUpRestaurant(ctx.app, 'Closing Bistro');
    const kale = await createProduct(ctx.app.db, farmer.farmId, { availableQuantity: 10 });
    const pendingId = await orderIn(restaurant, farmer, kale, 'pending');

    const response = await restaurant.post('/api/business/close', { currentPassword: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ cancelledOrderIds: [pendingId] });
    const told = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, farmer.userId), eq(notifications.orderId, pendingId)));
    expect(told.map((notice) => notice.title)).toContain(
      `Order #${pendingId} cancelled: Closing Bistro has closed`,
    );
    // A closed restaurant cannot order.
    const order = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]),
    );
    expect(order.statusCode).toBe(403);
    expect(order.json().code).toBe('business_closed');
    const [row] = await ctx.app.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.action, 'close'), eq(adminActions.businessKind, 'restaurant')));
    expect(row).toMatchObject({ businessName: 'Closing Bistro', actorUserId: restaurant.userId });
  });
});
