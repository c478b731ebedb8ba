import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/server/clock';
import { openDatabase, type Database } from '../../src/server/db/database';
import {
  cutoffReminders,
  farmMinimums,
  farms,
  notifications,
  orderItems,
  orders,
  productPacks,
} from '../../src/server/db/schema';
import { sendDueCutoffReminders } from '../../src/server/modules/cutoff-reminders/service';
import { startCutoffReminderWorker } from '../../src/server/modules/cutoff-reminders/worker';
import { databaseClient } from '../../src/server/modules/events/database-client';
import { addDeliveryDay, createProduct, type ProductFixture } from '../helpers/catalog-fixtures';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/** Monday Nov 23, 2026, noon in Hawaii. */
const MONDAY_NOON = new Date('2026-11-23T22:00:00Z');
/** The farm's next delivery day; ordering for it closes Monday at 6 PM Hawaii time. */
const TUE_NOV_24 = '2026-11-24';
const TUE_DEC_1 = '2026-12-01';
/**
 * Two Tuesdays before, in two different weeks (a week is seven days back from the day before
 * the delivery day: Nov 17 to Nov 23, Nov 10 to Nov 16, ...); and another day of the last week.
 */
const TUE_NOV_17 = '2026-11-17';
const FRI_NOV_20 = '2026-11-20';
const TUE_NOV_10 = '2026-11-10';
/** Monday 2:59 PM Hawaii: a minute before the default reminder's window (3 hours) opens. */
const BEFORE_WINDOW = new Date('2026-11-24T00:59:00Z');
/** Monday 3:30 PM Hawaii: inside the window. */
const IN_WINDOW = new Date('2026-11-24T01:30:00Z');
/** Monday 5:30 PM Hawaii: inside a one-hour window too. */
const HALF_AN_HOUR_BEFORE = new Date('2026-11-24T03:30:00Z');
/** Monday 6 PM Hawaii: the cutoff. */
const AT_CUTOFF = new Date('2026-11-24T04:00:00Z');

let ctx: TestContext;
type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;
type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;

interface Scene {
  farm: Farmer;
  farmName: string;
  kale: ProductFixture;
  taro: ProductFixture;
  /** Kale's case of 24 bunches. */
  kaleCase: number;
}

let counter = 0;

/** A farm delivering to Honolulu on Tue Nov 24 and Tue Dec 1, selling kale (by the case too) and taro. */
async function scene(): Promise<Scene> {
  counter += 1;
  const farmName = `Reminder Greens ${counter}`;
  const farm = await signUpFarmer(ctx.app, farmName);
  const db = ctx.database.db;
  await addDeliveryDay(db, farm.farmId, TUE_NOV_24, 'Honolulu');
  await addDeliveryDay(db, farm.farmId, TUE_DEC_1, 'Honolulu');
  const kale = await createProduct(db, farm.farmId, {
    name: `Kale ${counter}`,
    unit: 'bunch',
    price: '3.00',
    availableQuantity: 500,
  });
  const taro = await createProduct(db, farm.farmId, {
    name: `Taro ${counter}`,
    unit: 'bunch',
    price: '2.00',
    availableQuantity: 500,
  });
  const [pack] = await db
    .insert(productPacks)
    .values({ productId: kale.id, label: 'case of 24 bunches', size: 24, price: '60.00' })
    .returning({ id: productPacks.id });
  return { farm, farmName, kale, taro, kaleCase: pack!.id };
}

/** A restaurant in Honolulu. */
async function restaurantIn(zone = 'honolulu'): Promise<Restaurant> {
  counter += 1;
  const restaurant = await signUpRestaurant(ctx.app, `Harbor Kitchen ${counter}`);
  const zoned = await restaurant.put('/api/profile/restaurant', {
    ...sampleProfile(`Harbor Kitchen ${counter}`),
    deliveryZone: zone,
  });
  expect(zoned.statusCode, zoned.body).toBe(200);
  return restaurant;
}

interface Line {
  product: ProductFixture;
  /** Kale's case, or the unit pack when left out. */
  packId?: number;
}

/** An order of the restaurant from the farm for a day, written straight to the database. */
async function ordered(
  s: Scene,
  restaurant: Restaurant,
  deliveryDate: string,
  lines: Line[] = [{ product: s.kale, packId: s.kaleCase }],
  status = 'delivered',
) {
  const db = ctx.database.db;
  const [order] = await db
    .insert(orders)
    .values({
      farmId: s.farm.farmId,
      restaurantId: restaurant.restaurantId,
      status,
      subtotal: '10.00',
      totalAmount: '10.00',
      deliveryDate,
      deliveryArea: 'Honolulu',
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values(
    lines.map((line) => {
      const isCase = line.packId === s.kaleCase;
      return {
        orderId: order!.id,
        productId: line.product.id,
        productName: line.product.name,
        productUnit: line.product.unit,
        packId: line.packId ?? null,
        packLabel: isCase ? 'case of 24 bunches' : line.product.unit,
        packSize: isCase ? 24 : 1,
        quantity: 1,
        unitPrice: '5.00',
        totalPrice: '5.00',
      };
    }),
  );
  return order!.id;
}

/** A restaurant that ordered from the farm in two of the last four weeks. */
async function usualCustomer(s: Scene): Promise<Restaurant> {
  const restaurant = await restaurantIn();
  await ordered(s, restaurant, TUE_NOV_17);
  await ordered(s, restaurant, TUE_NOV_10);
  return restaurant;
}

/** A sweep at `instant`: the reminders it sent of the scene's farm. */
async function sweepAt(instant: Date, s: Scene, db = ctx.database.db) {
  const sent = await sendDueCutoffReminders(db, instant);
  return sent.filter((reminder) => reminder.farmId === s.farm.farmId);
}

async function remindersOf(userId: number) {
  return ctx.database.db
    .select({
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      eventKey: notifications.eventKey,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'cutoff_reminder')));
}

beforeAll(async () => {
  setClock(MONDAY_NOON);
  ctx = await createTestApp();
});
afterEach(() => setClock(MONDAY_NOON));
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

describe('who is reminded, and when', () => {
  it('reminds a usual restaurant once within the window, not before it nor after the cutoff', async () => {
    const s = await scene();
    const restaurant = await usualCustomer(s);
    expect(await sweepAt(BEFORE_WINDOW, s)).toEqual([]);
    expect(await sweepAt(AT_CUTOFF, s)).toEqual([]);
    expect(await remindersOf(restaurant.userId)).toEqual([]);

    const expected = {
      restaurantId: restaurant.restaurantId,
      farmId: s.farm.farmId,
      deliveryDate: TUE_NOV_24,
    };
    expect(await sweepAt(IN_WINDOW, s)).toEqual([expected]);
    // A second sweep, and a later one in the window, send nothing more.
    expect(await sweepAt(IN_WINDOW, s)).toEqual([]);
    expect(await sweepAt(HALF_AN_HOUR_BEFORE, s)).toEqual([]);
    expect(await remindersOf(restaurant.userId)).toHaveLength(1);
    const [rows] = await ctx.database.db
      .select({ n: count() })
      .from(cutoffReminders)
      .where(eq(cutoffReminders.farmId, s.farm.farmId));
    expect(rows!.n).toBe(1);
  });

  it('leaves out a restaurant with orders in one week only, and one that ordered for the day', async () => {
    const s = await scene();
    const usual = await usualCustomer(s);
    // Two orders, both in the week before the day.
    const oneWeek = await restaurantIn();
    await ordered(s, oneWeek, TUE_NOV_17);
    await ordered(s, oneWeek, FRI_NOV_20);
    const alreadyOrdered = await usualCustomer(s);
    await ordered(s, alreadyOrdered, TUE_NOV_24, undefined, 'pending');
    // A cancelled order for the day is no order: that restaurant is reminded.
    const cancelledIt = await usualCustomer(s);
    await ordered(s, cancelledIt, TUE_NOV_24, undefined, 'cancelled');
    // Cancelled orders do not make a restaurant a usual one.
    const cancelledBefore = await restaurantIn();
    await ordered(s, cancelledBefore, TUE_NOV_17);
    await ordered(s, cancelledBefore, TUE_NOV_10, undefined, 'cancelled');
    // Another zone is served by other days.
    const elsewhere = await restaurantIn('kailua');
    await ordered(s, elsewhere, TUE_NOV_17);
    await ordered(s, elsewhere, TUE_NOV_10);

    const sent = await sweepAt(IN_WINDOW, s);
    expect(sent.map((reminder) => reminder.restaurantId).sort((a, b) => a - b)).toEqual(
      [usual.restaurantId, cancelledIt.restaurantId].sort((a, b) => a - b),
    );
    for (const restaurant of [oneWeek, alreadyOrdered, cancelledBefore, elsewhere]) {
      expect(await remindersOf(restaurant.userId)).toEqual([]);
    }
  });

  it('reminds a restaurant whose pending order for the day is under the farm’s minimum, once', async () => {
    const s = await scene();
    await ctx.database.db
      .insert(farmMinimums)
      .values({ farmId: s.farm.farmId, zone: null, amount: '50.00', mode: 'warn' });
    // A first-time customer with a $10.00 pending order, and one whose order clears $50.00.
    const under = await restaurantIn();
    await ordered(s, under, TUE_NOV_24, undefined, 'pending');
    const enough = await restaurantIn();
    const big = await ordered(s, enough, TUE_NOV_24, undefined, 'pending');
    await ctx.database.db.update(orders).set({ subtotal: '50.00' }).where(eq(orders.id, big));

    expect(await sweepAt(BEFORE_WINDOW, s)).toEqual([]);
    expect(await sweepAt(IN_WINDOW, s)).toEqual([
      { restaurantId: under.restaurantId, farmId: s.farm.farmId, deliveryDate: TUE_NOV_24 },
    ]);
    expect(await sweepAt(HALF_AN_HOUR_BEFORE, s)).toEqual([]);
    expect(await remindersOf(under.userId)).toEqual([
      {
        title: `Your order from ${s.farmName} for Tue, Nov 24 is under its minimum`,
        body: `Your order is $40.00 short of ${s.farmName}'s $50.00 minimum. Ordering closes Mon, Nov 23 at 6 PM.`,
        link: '/restaurant/orders',
        eventKey: `cutoff-reminder:${under.restaurantId}:${s.farm.farmId}:${TUE_NOV_24}`,
      },
    ]);
    expect(await remindersOf(enough.userId)).toEqual([]);
  });

  it('leaves out a restaurant whose standing order with the farm is still to place the day', async () => {
    const s = await scene();
    const restaurant = await usualCustomer(s);
    const standing = await restaurant.post('/api/standing-orders', {
      farmId: s.farm.farmId,
      lines: [{ productId: s.taro.id, quantity: 2 }],
      weekdays: ['tue'],
    });
    expect(standing.statusCode, standing.body).toBe(201);
    expect(await sweepAt(IN_WINDOW, s)).toEqual([]);
    // Skipped for the day, it orders nothing by itself: the restaurant is reminded.
    const skipped = await restaurant.post(`/api/standing-orders/${standing.json().id}/skips`, {
      deliveryDate: TUE_NOV_24,
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(await sweepAt(IN_WINDOW, s)).toHaveLength(1);
  });

  it('follows the farm’s hours: 0 sends none, 1 opens the window an hour before the cutoff', async () => {
    const s = await scene();
    const restaurant = await usualCustomer(s);
    const off = await s.farm.put('/api/profile/farm', {
      ...sampleProfile(s.farmName),
      reminderHoursBeforeCutoff: 0,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().reminderHoursBeforeCutoff).toBe(0);
    expect(await sweepAt(IN_WINDOW, s)).toEqual([]);
    expect(await sweepAt(HALF_AN_HOUR_BEFORE, s)).toEqual([]);

    await ctx.database.db
      .update(farms)
      .set({ reminderHoursBeforeCutoff: 1 })
      .where(eq(farms.id, s.farm.farmId));
    expect(await sweepAt(IN_WINDOW, s)).toEqual([]);
    expect(await sweepAt(HALF_AN_HOUR_BEFORE, s)).toEqual([
      { restaurantId: restaurant.restaurantId, farmId: s.farm.farmId, deliveryDate: TUE_NOV_24 },
    ]);
  });
});

describe('what it says, and to whom', () => {
  it('lists the usual items, most often ordered first and at most 8, with the order guide link', async () => {
    const s = await scene();
    const restaurant = await restaurantIn();
    const others: ProductFixture[] = [];
    for (let index = 0; index < 8; index += 1) {
      others.push(
        await createProduct(ctx.database.db, s.farm.farmId, {
          name: `Herb ${counter}-${index}`,
          unit: 'lb',
        }),
      );
    }
    await ordered(s, restaurant, TUE_NOV_17, [
      { product: s.kale, packId: s.kaleCase },
      { product: s.taro },
    ]);
    await ordered(s, restaurant, TUE_NOV_10, [
      { product: s.kale, packId: s.kaleCase },
      ...others.map((product) => ({ product })),
    ]);
    expect(await sweepAt(IN_WINDOW, s)).toHaveLength(1);

    const bell = (await restaurant.get('/api/notifications')).json() as {
      items: { kind: string; title: string; body: string; link: string }[];
    };
    const reminder = bell.items.find((item) => item.kind === 'cutoff_reminder');
    expect(reminder).toMatchObject({
      title: `Order from ${s.farmName} for Tue, Nov 24`,
      link: '/restaurant/order-guide',
    });
    expect(reminder!.body).toMatch(
      `You have no order from ${s.farmName} for Tue, Nov 24 yet. Ordering closes Mon, Nov 23 at 6 PM. You usually order: `,
    );
    const usual = reminder!.body.split('You usually order: ')[1]!.replace(/\.$/, '').split('; ');
    expect(usual).toEqual([
      `${s.kale.name}, case of 24 bunches`,
      `${s.taro.name}, bunch`,
      ...others.slice(0, 6).map((product) => `${product.name}, lb`),
    ]);
  });

  it('goes to the people who order, except one who turned the farm’s reminders off', async () => {
    const s = await scene();
    const restaurant = await usualCustomer(s);
    const business = { kind: 'restaurant', id: restaurant.restaurantId } as const;
    const buyer = await signUpMember(ctx.app, business, 'buyer');
    const bookkeeper = await signUpMember(ctx.app, business, 'bookkeeper');
    const url = `/api/farms/${s.farm.farmId}/reminders`;

    expect((await restaurant.get(url)).json()).toEqual({ farmId: s.farm.farmId, enabled: true });
    const off = await restaurant.put(url, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ farmId: s.farm.farmId, enabled: false });
    expect((await restaurant.put(url, { enabled: false })).statusCode).toBe(200);
    expect((await restaurant.get(url)).json()).toEqual({ farmId: s.farm.farmId, enabled: false });
    // The choice is the person's own: the colleague's stays on.
    expect((await buyer.get(url)).json()).toEqual({ farmId: s.farm.farmId, enabled: true });

    expect(await sweepAt(IN_WINDOW, s)).toHaveLength(1);
    expect(await remindersOf(restaurant.userId)).toEqual([]);
    expect(await remindersOf(buyer.userId)).toEqual([
      expect.objectContaining({
        link: '/restaurant/order-guide',
        eventKey: `cutoff-reminder:${restaurant.restaurantId}:${s.farm.farmId}:${TUE_NOV_24}`,
      }),
    ]);
    // A bookkeeper does not order.
    expect(await remindersOf(bookkeeper.userId)).toEqual([]);

    // Turned on again, the next day's reminder reaches the owner too.
    expect((await restaurant.put(url, { enabled: true })).json()).toEqual({
      farmId: s.farm.farmId,
      enabled: true,
    });
  });

  it('answers 404 for a farm the restaurant cannot see, 400 for a bad body, 403 to a farm', async () => {
    const s = await scene();
    const restaurant = await restaurantIn();
    const suspended = await signUpFarmer(ctx.app, 'Hidden Farm');
    await ctx.database.db
      .update(farms)
      .set({ suspendedAt: new Date(), suspensionReason: 'Checking the permit' })
      .where(eq(farms.id, suspended.farmId));
    for (const farmId of [suspended.farmId, 999_999]) {
      expect((await restaurant.get(`/api/farms/${farmId}/reminders`)).statusCode).toBe(404);
      const put = await restaurant.put(`/api/farms/${farmId}/reminders`, { enabled: false });
      expect(put.statusCode).toBe(404);
    }
    const url = `/api/farms/${s.farm.farmId}/reminders`;
    const bad = await restaurant.put(url, { enabled: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.enabled).toBeDefined();
    expect((await s.farm.get(url)).statusCode).toBe(403);
    expect((await s.farm.put(url, { enabled: false })).statusCode).toBe(403);
    const nobody = await signUp(ctx.app, 'nobody');
    expect((await nobody.get(url)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('the farm’s setting', () => {
  it('defaults to 3 hours, takes 0 to 48 from the owner, refuses 49 and a manager', async () => {
    const s = await scene();
    expect((await s.farm.get('/api/auth/user')).json().profile.reminderHoursBeforeCutoff).toBe(3);
    const profile = sampleProfile(s.farmName);

    const tooMany = await s.farm.put('/api/profile/farm', {
      ...profile,
      reminderHoursBeforeCutoff: 49,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.reminderHoursBeforeCutoff).toBe(
      'Use a whole number of hours from 0 to 48',
    );
    const fraction = await s.farm.put('/api/profile/farm', {
      ...profile,
      reminderHoursBeforeCutoff: 2.5,
    });
    expect(fraction.statusCode).toBe(400);

    const manager = await signUpMember(ctx.app, { kind: 'farm', id: s.farm.farmId }, 'manager');
    const refused = await manager.put('/api/profile/farm', {
      ...profile,
      reminderHoursBeforeCutoff: 5,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden_for_role');
    // The rest of the profile stays the manager's.
    expect((await manager.put('/api/profile/farm', profile)).statusCode).toBe(200);

    const set = await s.farm.put('/api/profile/farm', {
      ...profile,
      reminderHoursBeforeCutoff: 48,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().reminderHoursBeforeCutoff).toBe(48);
    expect((await s.farm.get('/api/auth/user')).json().profile.reminderHoursBeforeCutoff).toBe(48);
  });
});

describe('the sweep job', () => {
  it('sends a due reminder through the durable queue when the clock moves', async () => {
    const s = await scene();
    const restaurant = await usualCustomer(s);
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const worker = await startCutoffReminderWorker({
      database: ctx.database,
      log,
      intervalSeconds: 3600,
      pollingIntervalSeconds: 0.5,
    });
    try {
      // Setting the clock asks the queue for a sweep at once.
      setClock(IN_WINDOW);
      await expect
        .poll(async () => (await remindersOf(restaurant.userId)).length, { timeout: 30_000 })
        .toBe(1);
    } finally {
      await worker.stop();
    }
  });
});

// Two processes need a server with many connections: PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two processes sweeping at once (PostgreSQL)',
  () => {
    let second: Database;

    beforeAll(async () => {
      const { pool } = databaseClient(ctx.database) as {
        pool: { options: { connectionString?: string } };
      };
      // The second process has a pool of its own.
      second = await openDatabase({ url: pool.options.connectionString });
    });
    afterAll(async () => {
      await second?.close();
    });

    it('sends exactly one reminder per restaurant, farm and day', async () => {
      const s = await scene();
      const restaurants = [await usualCustomer(s), await usualCustomer(s), await usualCustomer(s)];
      const sweeps = await Promise.all([
        sweepAt(IN_WINDOW, s),
        sweepAt(IN_WINDOW, s, second.db),
        sweepAt(IN_WINDOW, s),
        sweepAt(IN_WINDOW, s, second.db),
      ]);
      const sent = sweeps.flat().map((reminder) => reminder.restaurantId);
      expect(sent.sort((a, b) => a - b)).toEqual(restaurants.map((r) => r.restaurantId));
      for (const restaurant of restaurants) {
        expect(await remindersOf(restaurant.userId)).toHaveLength(1);
      }
      const [rows] = await ctx.database.db
        .select({ n: count() })
        .from(cutoffReminders)
        .where(eq(cutoffReminders.farmId, s.farm.farmId));
      expect(rows!.n).toBe(3);
    });
  },
);
