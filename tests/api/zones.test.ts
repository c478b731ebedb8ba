import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/server/clock';
import { notifications, orders, orderStatusHistory } from '../../src/server/db/schema';
import { cancelOverdueOrders } from '../../src/server/modules/orders/auto-cancel';
import { startAutoCancelWorker } from '../../src/server/modules/orders/auto-cancel-worker';
import { expectBooksBalance } from '../helpers/invariants';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  stockOf,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';
import { pdfText } from '../helpers/pdf-text';

/**
 * A fixed clock: Monday Nov 23, 2026, noon in Hawaii. Tuesday's run closes at 6 PM today by
 * default; Monday's (today) closed yesterday.
 */
const MONDAY_NOON = new Date('2026-11-23T22:00:00Z');
const MON = '2026-11-23';
const TUE = '2026-11-24';
const WED = '2026-11-25';
const THU = '2026-11-26';
const at = (iso: string) => new Date(iso);

let ctx: TestContext;
let farm: Awaited<ReturnType<typeof signUpFarmer>>;
let islandFarm: Awaited<ReturnType<typeof signUpFarmer>>;
let homeFarm: Awaited<ReturnType<typeof signUpFarmer>>;
let honolulu: Awaited<ReturnType<typeof signUpRestaurant>>;
let noZone: Awaited<ReturnType<typeof signUpRestaurant>>;
let kale: ProductFixture;
let farmUserIdValue = 0;
let papaya: ProductFixture;
let eggs: ProductFixture;

async function setZone(
  restaurant: Awaited<ReturnType<typeof signUpRestaurant>>,
  name: string,
  zone: string | null,
) {
  const response = await restaurant.put('/api/profile/restaurant', {
    ...sampleProfile(name),
    deliveryZone: zone,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  setClock(MONDAY_NOON);
  ctx = await createTestApp();
  farm = await signUpFarmer(ctx.app, 'Windward Greens');
  islandFarm = await signUpFarmer(ctx.app, 'Puna Orchard');
  homeFarm = await signUpFarmer(ctx.app, 'Backyard Eggs');
  honolulu = await signUpRestaurant(ctx.app, 'Harbor Kitchen');
  noZone = await signUpRestaurant(ctx.app, 'Roaming Truck');
  await setZone(honolulu, 'Harbor Kitchen', 'Honolulu');
  // Windward Greens: Monday (today) and Tuesday to Princeville, Wednesday and Thursday to Honolulu.
  await addDeliveryDay(ctx.database.db, farm.farmId, MON, 'Honolulu');
  await addDeliveryDay(ctx.database.db, farm.farmId, TUE, 'Princeville');
  await addDeliveryDay(ctx.database.db, farm.farmId, WED, 'Honolulu');
  await addDeliveryDay(ctx.database.db, farm.farmId, THU, 'Honolulu');
  // Puna Orchard only delivers to Pahoa; Backyard Eggs has no days at all.
  await addDeliveryDay(ctx.database.db, islandFarm.farmId, WED, 'Pahoa');
  kale = await createProduct(ctx.database.db, farm.farmId, { price: '4.00' });
  papaya = await createProduct(ctx.database.db, islandFarm.farmId, { price: '2.00' });
  eggs = await createProduct(ctx.database.db, homeFarm.farmId, { price: '6.00', unit: 'dozen' });
  farmUserIdValue = (await farm.get('/api/auth/user')).json().id;
});
afterEach(() => setClock(MONDAY_NOON));
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

describe('one list of delivery zones', () => {
  it('keeps a restaurant zone as a slug and a schedule zone as a name, taking either form', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Pearl Diner');
    expect((await setZone(restaurant, 'Pearl Diner', 'Pearl City')).deliveryZone).toBe(
      'pearl-city',
    );
    expect((await setZone(restaurant, 'Pearl Diner', 'kahului')).deliveryZone).toBe('kahului');
    const unknown = await restaurant.put('/api/profile/restaurant', {
      ...sampleProfile('Pearl Diner'),
      deliveryZone: 'Atlantis',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.deliveryZone).toBe('Choose a delivery zone from the list');

    const farmer = await signUpFarmer(ctx.app, 'Slug Farm');
    const created = await farmer.post('/api/delivery-schedules', {
      deliveryDates: [THU],
      deliveryArea: 'west-oahu',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()[0].deliveryArea).toBe('West Oahu');
  });

  it('offers the zone at restaurant setup without requiring it', async () => {
    const withZone = await signUp(ctx.app, 'setup');
    const response = await withZone.post('/api/profile/restaurant', {
      ...sampleProfile('Lahaina Grill'),
      deliveryZone: 'Lahaina',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().deliveryZone).toBe('lahaina');
    const without = await signUp(ctx.app, 'setup');
    const plain = await without.post('/api/profile/restaurant', sampleProfile('No Zone Cafe'));
    expect(plain.statusCode).toBe(201);
    expect(plain.json().deliveryZone).toBeNull();
  });
});

describe('next delivery for the restaurant’s zone', () => {
  const farmIds = () => [farm.farmId, islandFarm.farmId, homeFarm.farmId].join(',');

  it('gives each farm its next open day for the zone, or the reason there is none', async () => {
    const response = await honolulu.get(`/api/delivery-schedules/next?farmIds=${farmIds()}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.zone).toEqual({ slug: 'honolulu', name: 'Honolulu' });
    const [windward, puna, backyard] = body.farms;
    // Monday's Honolulu run closed yesterday at 6 PM; Tuesday goes to Princeville.
    expect(windward).toMatchObject({
      status: 'open',
      next: { deliveryDate: WED, deliveryArea: 'Honolulu', orderBy: '2026-11-25T04:00:00.000Z' },
      reason: null,
      cutoffRule: '6 PM the day before',
    });
    expect(windward.openDays.map((day: { deliveryDate: string }) => day.deliveryDate)).toEqual([
      WED,
      THU,
    ]);
    expect(puna).toMatchObject({
      status: 'no_zone_delivery',
      next: null,
      reason: 'No delivery to Honolulu scheduled',
    });
    expect(backyard).toMatchObject({ status: 'unscheduled', next: null, reason: null });
  });

  it('shows a restaurant without a zone the next day of any zone', async () => {
    const body = (await noZone.get(`/api/delivery-schedules/next?farmIds=${farmIds()}`)).json();
    expect(body.zone).toBeNull();
    expect(body.farms[0].next).toMatchObject({ deliveryDate: TUE, deliveryArea: 'Princeville' });
    expect(body.farms[1].next).toMatchObject({ deliveryDate: WED, deliveryArea: 'Pahoa' });
  });

  it('puts the same day on the catalogue’s products', async () => {
    const mine = (await honolulu.get(`/api/products?farmId=${farm.farmId}`)).json();
    expect(mine.items[0].nextDeliveryDate).toBe(WED);
    const puna = (await honolulu.get(`/api/products?farmId=${islandFarm.farmId}`)).json();
    expect(puna.items[0].nextDeliveryDate).toBeNull();
    const any = (await noZone.get(`/api/products?farmId=${farm.farmId}`)).json();
    expect(any.items[0].nextDeliveryDate).toBe(TUE);
  });

  it('answers 400 to a bad farm list and 401 to the signed-out', async () => {
    expect((await honolulu.get('/api/delivery-schedules/next?farmIds=a,b')).statusCode).toBe(400);
    expect((await honolulu.get('/api/delivery-schedules/next')).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/delivery-schedules/next?farmIds=${farm.farmId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('placing orders by zone and cutoff', () => {
  it('refuses a farm with no day for the zone, with that reason on fields.deliveryDate', async () => {
    const response = await honolulu.post('/api/checkout', {
      orders: [
        orderBody(farm.farmId, [{ product: kale, quantity: 1 }]),
        orderBody(islandFarm.farmId, [{ product: papaya, quantity: 1 }]),
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields['orders.1.deliveryDate']).toBe(
      'No delivery to Honolulu scheduled',
    );
    expect(await stockOf(ctx.database.db, kale.id)).toBe(50);
  });

  it('takes the next open day for the zone and keeps the zone on the order', async () => {
    const response = await honolulu.post(
      '/api/orders',
      orderBody(farm.farmId, [{ product: kale, quantity: 1 }]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().deliveryDate).toBe(WED);
    const [row] = await ctx.database.db
      .select({ deliveryArea: orders.deliveryArea })
      .from(orders)
      .where(eq(orders.id, response.json().id));
    expect(row!.deliveryArea).toBe('Honolulu');
    // On the wire in both forms: the slug as a restaurant has it, the name as a schedule has it.
    expect(response.json()).toMatchObject({ deliveryZone: 'honolulu', deliveryArea: 'Honolulu' });
  });

  it('refuses a day past its cutoff, a day for another zone, and one not scheduled', async () => {
    for (const [day, message] of [
      [MON, 'Ordering for Mon, Nov 23 has closed (6 PM the day before)'],
      [TUE, 'No delivery to Honolulu on Tue, Nov 24'],
      ['2026-11-27', 'Not one of this farm’s upcoming delivery days'],
    ] as const) {
      const response = await honolulu.post(
        '/api/orders',
        orderBody(farm.farmId, [{ product: kale, quantity: 1 }], { deliveryDate: day }),
      );
      expect(response.statusCode, day).toBe(400);
      expect(response.json().fields.deliveryDate).toBe(message);
    }
  });

  it('closes Wednesday at 6 PM on Tuesday, then offers Thursday', async () => {
    setClock(at('2026-11-25T03:59:00Z'));
    const before = await honolulu.post(
      '/api/orders',
      orderBody(farm.farmId, [{ product: kale, quantity: 1 }], { deliveryDate: WED }),
    );
    expect(before.statusCode, before.body).toBe(201);
    setClock(at('2026-11-25T04:00:00Z'));
    const after = await honolulu.post(
      '/api/orders',
      orderBody(farm.farmId, [{ product: kale, quantity: 1 }], { deliveryDate: WED }),
    );
    expect(after.statusCode).toBe(400);
    expect(after.json().fields.deliveryDate).toContain('has closed');
    const next = await honolulu.post(
      '/api/orders',
      orderBody(farm.farmId, [{ product: kale, quantity: 1 }]),
    );
    expect(next.json().deliveryDate).toBe(THU);
  });

  it('follows the cutoff the farm sets in its profile', async () => {
    const update = await farm.put('/api/profile/farm', {
      ...sampleProfile('Windward Greens'),
      orderCutoffTime: '09:00',
      orderCutoffDaysBefore: 2,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({ orderCutoffTime: '09:00', orderCutoffDaysBefore: 2 });
    try {
      // Monday noon is past Wednesday's new cutoff (Monday 9 AM): Thursday is next.
      const body = (
        await honolulu.get(`/api/delivery-schedules/next?farmIds=${farm.farmId}`)
      ).json();
      expect(body.farms[0].next.deliveryDate).toBe(THU);
      expect(body.farms[0].cutoffRule).toBe('9 AM 2 days before');
      const bad = await farm.put('/api/profile/farm', {
        ...sampleProfile('Windward Greens'),
        orderCutoffTime: '25:00',
        orderCutoffDaysBefore: 15,
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(
        expect.arrayContaining(['orderCutoffTime', 'orderCutoffDaysBefore']),
      );
    } finally {
      await farm.put('/api/profile/farm', {
        ...sampleProfile('Windward Greens'),
        orderCutoffTime: '18:00',
        orderCutoffDaysBefore: 1,
      });
    }
  });

  it('gives a farm with no days an order without a date, as before', async () => {
    const response = await honolulu.post(
      '/api/orders',
      orderBody(homeFarm.farmId, [{ product: eggs, quantity: 1 }]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().deliveryDate).toBeNull();
    // Without a day the order still keeps the zone the restaurant ordered for.
    expect(response.json()).toMatchObject({ deliveryZone: 'honolulu', deliveryArea: 'Honolulu' });
  });

  it('prints the zone the order was placed for on the packing slip, not the current one', async () => {
    const placed = await honolulu.post(
      '/api/orders',
      orderBody(farm.farmId, [{ product: kale, quantity: 2 }], { deliveryDate: THU }),
    );
    const id = placed.json().id as number;
    expect((await farm.patch(`/api/orders/${id}/status`, { status: 'confirmed' })).statusCode).toBe(
      200,
    );
    await setZone(honolulu, 'Harbor Kitchen', 'kailua');
    try {
      // The Order keeps its zone too, in the farm's list and for the restaurant.
      for (const [session, path] of [
        [farm, '/api/orders/farm?limit=100'],
        [honolulu, '/api/orders/restaurant?limit=100'],
      ] as const) {
        const listed = (await session.get(path)).json() as { id: number }[];
        expect(listed.find((order) => order.id === id)).toMatchObject({
          deliveryZone: 'honolulu',
          deliveryArea: 'Honolulu',
        });
      }
      const slip = await farm.get(`/api/orders/${id}/packing-slip`);
      expect(slip.statusCode).toBe(200);
      const text = await pdfText(slip.rawPayload);
      expect(text).toMatch(/Delivery zone\s+Honolulu/);
      expect(text).not.toContain('Kailua');
    } finally {
      await setZone(honolulu, 'Harbor Kitchen', 'honolulu');
    }
  });
});

describe('the restaurant changes its own pending order until the cutoff', () => {
  async function place(quantity = 3, deliveryDate = THU) {
    const response = await honolulu.post(
      '/api/orders',
      orderBody(farm.farmId, [{ product: kale, quantity }], { deliveryDate }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; totalAmount: string; orderCutoff: string | null };
  }

  it('cancels it before the cutoff: stock back, history by the restaurant, the farm told', async () => {
    const stock = await stockOf(ctx.database.db, kale.id);
    const order = await place(3);
    const response = await honolulu.patch(`/api/orders/${order.id}/status`, {
      status: 'cancelled',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('cancelled');
    expect(await stockOf(ctx.database.db, kale.id)).toBe(stock);
    const history = (await honolulu.get(`/api/orders/${order.id}/history`)).json();
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'cancelled',
      changedByUserId: expect.any(Number),
      changedByRole: 'restaurant',
    });
    const told = await ctx.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.userId, farmUserId())));
    expect(told.map((row) => row.title)).toContain(
      `Order #${order.id} cancelled by Harbor Kitchen`,
    );
    const again = await honolulu.patch(`/api/orders/${order.id}/status`, { status: 'cancelled' });
    expect(again.statusCode).toBe(409);
  });

  it('changes quantities at the placed price, taking or returning stock', async () => {
    const stock = await stockOf(ctx.database.db, kale.id);
    const order = await place(3);
    const more = await honolulu.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: kale.id, quantity: 5 }],
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json()).toMatchObject({ subtotal: '20.00', totalAmount: '20.00' });
    expect(more.json().orderItems[0]).toMatchObject({ quantity: 5, totalPrice: '20.00' });
    expect(await stockOf(ctx.database.db, kale.id)).toBe(stock - 5);
    const less = await honolulu.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: kale.id, quantity: 1 }],
    });
    expect(less.json().totalAmount).toBe('4.00');
    expect(await stockOf(ctx.database.db, kale.id)).toBe(stock - 1);
    const tooMany = await honolulu.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: kale.id, quantity: 9_999 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('insufficient_stock');
    const none = await honolulu.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: kale.id, quantity: 0 }],
    });
    expect(none.statusCode).toBe(400);
    const foreign = await honolulu.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: papaya.id, quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields['items.0.productId']).toBeDefined();
    expect(await stockOf(ctx.database.db, kale.id)).toBe(stock - 1);
  });

  it('leaves the order to the farm after the cutoff or once confirmed', async () => {
    const order = await place(2, THU);
    // Thursday closes Wednesday 6 PM Hawaii time; the order says when, so My Orders can too.
    expect(order.orderCutoff).toBe('2026-11-26T04:00:00.000Z');
    setClock(at('2026-11-26T04:00:00Z'));
    const cancel = await honolulu.patch(`/api/orders/${order.id}/status`, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe('cutoff_passed');
    const change = await honolulu.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: kale.id, quantity: 1 }],
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().code).toBe('cutoff_passed');
    expect(
      (await farm.patch(`/api/orders/${order.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(200);

    setClock(MONDAY_NOON);
    const confirmed = await place(1, THU);
    await farm.patch(`/api/orders/${confirmed.id}/status`, { status: 'confirmed' });
    const late = await honolulu.patch(`/api/orders/${confirmed.id}/status`, {
      status: 'cancelled',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('invalid_transition');
  });

  it('refuses another restaurant’s order (404), other moves (403), and farms on items (403)', async () => {
    const order = await place(1);
    const other = await signUpRestaurant(ctx.app, 'Nosy Cafe');
    expect(
      (await other.patch(`/api/orders/${order.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(404);
    expect(
      (
        await other.patch(`/api/orders/${order.id}/items`, {
          items: [{ productId: kale.id, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await honolulu.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' })).statusCode,
    ).toBe(403);
    expect(
      (
        await farm.patch(`/api/orders/${order.id}/items`, {
          items: [{ productId: kale.id, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(403);
  });
});

function farmUserId(): number {
  return farmUserIdValue;
}

describe('auto-cancel', () => {
  it('cancels orders still pending when their day has ended, once, as the system', async () => {
    const basil = await createProduct(ctx.database.db, farm.farmId, { price: '3.00' });
    const placed = await honolulu.post(
      '/api/orders',
      orderBody(farm.farmId, [{ product: basil, quantity: 4 }], { deliveryDate: WED }),
    );
    const id = placed.json().id as number;
    const confirmed = await honolulu.post(
      '/api/orders',
      orderBody(farm.farmId, [{ product: basil, quantity: 1 }], { deliveryDate: WED }),
    );
    await farm.patch(`/api/orders/${confirmed.json().id}/status`, { status: 'confirmed' });

    // Wednesday has not ended at 11:59 PM Hawaii time.
    expect(await cancelOverdueOrders(ctx.database.db, at('2026-11-26T09:59:00Z'))).not.toContain(
      id,
    );
    // Two sweeps at once, as two processes would run them: one cancels.
    const thursday = at('2026-11-26T10:00:00Z');
    const [first, second] = await Promise.all([
      cancelOverdueOrders(ctx.database.db, thursday),
      cancelOverdueOrders(ctx.database.db, thursday),
    ]);
    expect([...first, ...second].filter((each) => each === id)).toHaveLength(1);
    expect(first).not.toContain(confirmed.json().id);
    // The cancelled order's 4 are back; the confirmed order keeps its 1.
    expect(await stockOf(ctx.database.db, basil.id)).toBe(49);
    const history = await ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.toStatus, 'cancelled')));
    expect(history).toHaveLength(1);
    await expectBooksBalance(ctx.database.db);
    expect(history[0]).toMatchObject({ changedByUserId: null, changedByRole: 'system' });
    const told = await ctx.database.db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.orderId, id));
    const titles = told.filter((row) => row.title === `Order #${id} cancelled automatically`);
    expect(titles.map((row) => row.userId).sort()).toEqual(
      [farmUserId(), (await honolulu.get('/api/auth/user')).json().id].sort(),
    );
  });

  it('cancels an order without a day seven days after it was placed', async () => {
    const placed = await honolulu.post(
      '/api/orders',
      orderBody(homeFarm.farmId, [{ product: eggs, quantity: 1 }]),
    );
    const id = placed.json().id as number;
    const [row] = await ctx.database.db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, id));
    const week = 7 * 24 * 3_600_000;
    expect(
      await cancelOverdueOrders(ctx.database.db, new Date(row!.createdAt.getTime() + week - 1000)),
    ).not.toContain(id);
    expect(
      // A second on: PostgreSQL keeps microseconds the millisecond instant leaves out.
      await cancelOverdueOrders(ctx.database.db, new Date(row!.createdAt.getTime() + week + 1000)),
    ).toContain(id);
    const [after] = await ctx.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, id));
    expect(after!.status).toBe('cancelled');
  });
});

describe('auto-cancel through the durable queue', () => {
  it('a sweep job cancels an overdue order', async () => {
    const placed = await honolulu.post(
      '/api/orders',
      orderBody(farm.farmId, [{ product: kale, quantity: 1 }], { deliveryDate: THU }),
    );
    const id = placed.json().id as number;
    setClock(at('2026-11-27T10:00:00Z'));
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const worker = await startAutoCancelWorker({
      database: ctx.database,
      log,
      intervalSeconds: 3600,
      pollingIntervalSeconds: 0.5,
    });
    try {
      await worker.requestSweep();
      const deadline = Date.now() + 30_000;
      let status = 'pending';
      while (status === 'pending' && Date.now() < deadline) {
        const [row] = await ctx.database.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, id));
        status = row!.status;
        if (status === 'pending') await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe('cancelled');
    } finally {
      await worker.stop();
    }
  });
});
