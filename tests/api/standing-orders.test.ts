import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/server/clock';
import {
  notifications,
  orders,
  productPacks,
  standingOrderLines,
  standingOrderRuns,
  standingOrders,
} from '../../src/server/db/schema';
import {
  placeDueStandingOrders,
  runStandingOrder,
} from '../../src/server/modules/standing-orders/placement';
import { startStandingOrderWorker } from '../../src/server/modules/standing-orders/worker';
import { expectBooksBalance } from '../helpers/invariants';
import {
  addDeliveryDay,
  createProduct,
  stockOf,
  updateProduct,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/** Monday Nov 23, 2026, noon in Hawaii. */
const MONDAY_NOON = new Date('2026-11-23T22:00:00Z');
const MON_NOV_30 = '2026-11-30';
const TUE_DEC_1 = '2026-12-01';
const THU_DEC_3 = '2026-12-03';
/** Three days before Thu Dec 3, at 6 AM Hawaii time. */
const PLACE_DEC_3 = new Date('2026-11-30T16:00:00Z');
/** Thu Dec 3's cutoff: 6 PM Hawaii the day before. */
const CUTOFF_DEC_3 = new Date('2026-12-03T04:00:00Z');

let ctx: TestContext;
type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;
type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;

interface Scene {
  farm: Farmer;
  restaurant: Restaurant;
  kale: ProductFixture;
  taro: ProductFixture;
}

let sceneCounter = 0;
/** A farm delivering to Honolulu on Mon Nov 30 and Thu Dec 3 (Kailua on Tue Dec 1), a restaurant in Honolulu. */
async function scene(stock: { kale?: number; taro?: number } = {}): Promise<Scene> {
  sceneCounter += 1;
  const farm = await signUpFarmer(ctx.app, `Windward Greens ${sceneCounter}`);
  const restaurant = await signUpRestaurant(ctx.app, `Harbor Kitchen ${sceneCounter}`);
  const zoned = await restaurant.put('/api/profile/restaurant', {
    ...sampleProfile(`Harbor Kitchen ${sceneCounter}`),
    deliveryZone: 'honolulu',
  });
  expect(zoned.statusCode, zoned.body).toBe(200);
  const db = ctx.database.db;
  await addDeliveryDay(db, farm.farmId, MON_NOV_30, 'Honolulu');
  await addDeliveryDay(db, farm.farmId, TUE_DEC_1, 'Kailua');
  await addDeliveryDay(db, farm.farmId, THU_DEC_3, 'Honolulu');
  const kale = await createProduct(db, farm.farmId, {
    price: '4.00',
    availableQuantity: stock.kale ?? 50,
  });
  const taro = await createProduct(db, farm.farmId, {
    price: '3.00',
    availableQuantity: stock.taro ?? 50,
    unit: 'bunch',
  });
  return { farm, restaurant, kale, taro };
}

function weekly(s: Scene, extra: Record<string, unknown> = {}) {
  return {
    farmId: s.farm.farmId,
    lines: [
      { productId: s.kale.id, quantity: 4 },
      { productId: s.taro.id, quantity: 5 },
    ],
    weekdays: ['thu'],
    ...extra,
  };
}

async function create(s: Scene, extra: Record<string, unknown> = {}) {
  const response = await s.restaurant.post('/api/standing-orders', weekly(s, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; [key: string]: unknown };
}

async function standingCount(restaurantId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(standingOrders)
    .where(eq(standingOrders.restaurantId, restaurantId));
  return row!.n;
}

async function ordersOf(standingOrderId: number) {
  return ctx.database.db
    .select({ id: orders.id, deliveryDate: orders.deliveryDate })
    .from(orders)
    .where(eq(orders.standingOrderId, standingOrderId));
}

/** A pack of the product besides its unit, written straight to the database. */
async function addPack(productId: number, label: string, size: number, price: string | null) {
  const [row] = await ctx.database.db
    .insert(productPacks)
    .values({ productId, label, size, price })
    .returning({ id: productPacks.id });
  return row!.id;
}

async function unitPackOf(productId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: productPacks.id })
    .from(productPacks)
    .where(and(eq(productPacks.productId, productId), eq(productPacks.size, 1)));
  return row!.id;
}

async function archivePack(packId: number) {
  await ctx.database.db
    .update(productPacks)
    .set({ archivedAt: new Date() })
    .where(eq(productPacks.id, packId));
}

async function sweepAt(instant: Date, standingOrderId: number) {
  setClock(instant);
  const runs = await placeDueStandingOrders(ctx.database.db);
  return runs.filter((run) => run.standingOrderId === standingOrderId);
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

describe('setting up a standing order', () => {
  it('creates one with today’s prices, the default three days before and its next placement', async () => {
    const s = await scene();
    const created = await create(s, { weekdays: ['thu', 'mon'] });
    expect(created).toMatchObject({
      farm: { id: s.farm.farmId },
      weekdays: ['mon', 'thu'],
      daysBefore: 3,
      paused: false,
      lines: [
        { productId: s.kale.id, quantity: 4, seenUnitPrice: '4.00' },
        { productId: s.taro.id, quantity: 5, seenUnitPrice: '3.00' },
      ],
    });
    // Mon Nov 30's moment (Fri Nov 27, 6 AM) comes first; Tue Dec 1 goes to Kailua only.
    expect(created.nextPlacement).toEqual({
      deliveryDate: MON_NOV_30,
      placeAt: '2026-11-27T16:00:00.000Z',
      orderBy: '2026-11-30T04:00:00.000Z',
      status: 'upcoming',
      orderId: null,
      leftOutProductIds: [],
    });
    expect((created.upcoming as { deliveryDate: string }[]).map((d) => d.deliveryDate)).toEqual([
      MON_NOV_30,
      THU_DEC_3,
    ]);
    const listed = await s.restaurant.get(`/api/standing-orders/${created.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual(created);
  });

  it('refuses a farm with no delivery day to the zone on those weekdays, and nothing is stored', async () => {
    const s = await scene();
    const response = await s.restaurant.post(
      '/api/standing-orders',
      weekly(s, { weekdays: ['tue', 'wed'] }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'no_delivery_day',
      message: expect.stringMatching(
        /^Windward Greens \d+ has no delivery to Honolulu scheduled on Tuesdays or Wednesdays$/,
      ),
    });
    expect(await standingCount(s.restaurant.restaurantId)).toBe(0);
  });

  it('refuses a restaurant without a zone (409) and an unknown farm (404)', async () => {
    const s = await scene();
    const roaming = await signUpRestaurant(ctx.app, 'Roaming Truck');
    const noZone = await roaming.post('/api/standing-orders', weekly(s));
    expect(noZone.statusCode).toBe(409);
    expect(noZone.json().code).toBe('no_zone');
    const unknown = await s.restaurant.post('/api/standing-orders', weekly(s, { farmId: 999_999 }));
    expect(unknown.statusCode).toBe(404);
    expect(await standingCount(roaming.restaurantId)).toBe(0);
    expect(await standingCount(s.restaurant.restaurantId)).toBe(0);
  });

  it('refuses another farm’s product, an unlisted product and bad input with 400', async () => {
    const s = await scene();
    const other = await scene();
    const hidden = await createProduct(ctx.database.db, s.farm.farmId, { isActive: false });
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [{ productId: other.kale.id, quantity: 1 }] }, 'lines.0.productId'],
      [{ lines: [{ productId: hidden.id, quantity: 1 }] }, 'lines.0.productId'],
      [{ lines: [{ productId: 999_999, quantity: 1 }] }, 'lines.0.productId'],
      [{ lines: [{ productId: s.kale.id, quantity: 0 }] }, 'lines.0.quantity'],
      [{ lines: [{ productId: s.kale.id, quantity: -2 }] }, 'lines.0.quantity'],
      // Taro is sold by the bunch: whole numbers only; kale by the pound: two decimals at most.
      [{ lines: [{ productId: s.taro.id, quantity: 1.5 }] }, 'lines.0.quantity'],
      [{ lines: [{ productId: s.kale.id, quantity: 1.555 }] }, 'lines.0.quantity'],
      [{ lines: [{ productId: s.kale.id, quantity: '3' }] }, 'lines.0.quantity'],
      [{ lines: [{ productId: s.kale.id, quantity: 100_001 }] }, 'lines.0.quantity'],
      [{ lines: [] }, 'lines'],
      [
        {
          lines: [
            { productId: s.kale.id, quantity: 1 },
            { productId: s.kale.id, quantity: 2 },
          ],
        },
        'lines.1.productId',
      ],
      [{ weekdays: [] }, 'weekdays'],
      [{ weekdays: ['funday'] }, 'weekdays.0'],
      [{ weekdays: ['thu', 'thu'] }, 'weekdays'],
      [{ daysBefore: 15 }, 'daysBefore'],
      [{ daysBefore: -1 }, 'daysBefore'],
      [{ daysBefore: 2.5 }, 'daysBefore'],
      [{ farmId: 'one' }, 'farmId'],
    ];
    for (const [extra, field] of cases) {
      const response = await s.restaurant.post('/api/standing-orders', weekly(s, extra));
      expect(response.statusCode, `${JSON.stringify(extra)}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(extra)).toContain(field);
    }
    expect(await standingCount(s.restaurant.restaurantId)).toBe(0);
  });

  it('keeps a weighed line to the hundredth', async () => {
    const s = await scene();
    const created = await create(s, { lines: [{ productId: s.kale.id, quantity: 2.5 }] });
    expect(created.lines).toMatchObject([{ productId: s.kale.id, quantity: 2.5 }]);
  });

  it('is the restaurant’s own: others get 404, farmers 403, the anonymous 401', async () => {
    const s = await scene();
    const created = await create(s);
    const stranger = await signUpRestaurant(ctx.app, 'Other Bistro');
    const base = `/api/standing-orders/${created.id}`;
    expect((await stranger.get(base)).statusCode).toBe(404);
    expect((await stranger.patch(base, { paused: true })).statusCode).toBe(404);
    expect((await stranger.delete(base)).statusCode).toBe(404);
    expect((await stranger.post(`${base}/skips`, { deliveryDate: THU_DEC_3 })).statusCode).toBe(
      404,
    );
    expect((await stranger.get('/api/standing-orders')).json()).toEqual([]);
    expect((await s.farm.get('/api/standing-orders')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    const [row] = await ctx.database.db
      .select({ paused: standingOrders.paused, deletedAt: standingOrders.deletedAt })
      .from(standingOrders)
      .where(eq(standingOrders.id, created.id));
    expect(row).toEqual({ paused: false, deletedAt: null });
  });

  it('lists the restaurant’s own in pages with the total', async () => {
    const s = await scene();
    const first = await create(s);
    const second = await create(s, { weekdays: ['mon'] });
    const page = await s.restaurant.get('/api/standing-orders?limit=1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.json().map((o: { id: number }) => o.id)).toEqual([second.id]);
    const next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link))![1]!;
    const rest = await s.restaurant.get(next);
    expect(rest.json().map((o: { id: number }) => o.id)).toEqual([first.id]);
    expect(rest.headers.link).toBeUndefined();
    expect((await s.restaurant.get('/api/standing-orders?limit=0')).statusCode).toBe(400);
    expect((await s.restaurant.get('/api/standing-orders?limit=101')).statusCode).toBe(400);
    expect((await s.restaurant.get('/api/standing-orders?cursor=%%%')).statusCode).toBe(400);
  });
});

describe('editing, pausing, skipping and deleting', () => {
  it('edits lines at today’s price and refuses weekdays without a delivery day', async () => {
    const s = await scene();
    const created = await create(s);
    await updateProduct(ctx.database.db, s.kale.id, { price: '4.50' });
    await updateProduct(ctx.database.db, s.taro.id, { price: '3.25' });
    const edited = await s.restaurant.patch(`/api/standing-orders/${created.id}`, {
      lines: [
        { productId: s.kale.id, quantity: 6 },
        { productId: s.taro.id, quantity: 5 },
      ],
      daysBefore: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Kale changed: today's price is the one seen; taro did not: it keeps its own.
    expect(edited.json()).toMatchObject({
      daysBefore: 1,
      lines: [
        { productId: s.kale.id, quantity: 6, seenUnitPrice: '4.50' },
        { productId: s.taro.id, quantity: 5, seenUnitPrice: '3.00' },
      ],
    });
    const refused = await s.restaurant.patch(`/api/standing-orders/${created.id}`, {
      weekdays: ['tue'],
      daysBefore: 5,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('no_delivery_day');
    const bad = await s.restaurant.patch(`/api/standing-orders/${created.id}`, {
      farmId: s.farm.farmId,
    });
    expect(bad.statusCode).toBe(400);
    expect((await s.restaurant.patch(`/api/standing-orders/${created.id}`, {})).statusCode).toBe(
      400,
    );
    const after = (await s.restaurant.get(`/api/standing-orders/${created.id}`)).json();
    expect(after).toMatchObject({ weekdays: ['thu'], daysBefore: 1 });
  });

  it('skips a day (and undoes it), refusing a day off its weekdays or past', async () => {
    const s = await scene();
    const created = await create(s);
    const base = `/api/standing-orders/${created.id}`;
    expect((await s.restaurant.post(`${base}/skips`, { deliveryDate: TUE_DEC_1 })).statusCode).toBe(
      400,
    );
    expect(
      (await s.restaurant.post(`${base}/skips`, { deliveryDate: '2026-11-19' })).statusCode,
    ).toBe(400);
    expect(
      (await s.restaurant.post(`${base}/skips`, { deliveryDate: '2026-02-30' })).statusCode,
    ).toBe(400);
    const skipped = await s.restaurant.post(`${base}/skips`, { deliveryDate: THU_DEC_3 });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().upcoming[0]).toMatchObject({
      deliveryDate: THU_DEC_3,
      status: 'skipped',
    });
    expect(skipped.json().nextPlacement).toBeNull();
    // Skipped: the sweep at the moment places nothing for it.
    expect(await sweepAt(PLACE_DEC_3, created.id)).toEqual([]);
    expect(await ordersOf(created.id)).toEqual([]);

    const undone = await s.restaurant.delete(`${base}/skips/${THU_DEC_3}`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().nextPlacement.deliveryDate).toBe(THU_DEC_3);
    expect((await s.restaurant.delete(`${base}/skips/${THU_DEC_3}`)).statusCode).toBe(404);
    // Undone before the cutoff: the next sweep places it.
    const runs = await sweepAt(PLACE_DEC_3, created.id);
    expect(runs).toMatchObject([{ deliveryDate: THU_DEC_3, outcome: 'placed' }]);
    // Too late to skip a placed day.
    const late = await s.restaurant.post(`${base}/skips`, { deliveryDate: THU_DEC_3 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'already_run', orderId: runs[0]!.orderId });
  });

  it('places nothing while paused, and catches up on resume before the cutoff', async () => {
    const s = await scene();
    const created = await create(s, { paused: true });
    expect(created.nextPlacement).toBeNull();
    expect(await sweepAt(PLACE_DEC_3, created.id)).toEqual([]);
    const resumed = await s.restaurant.patch(`/api/standing-orders/${created.id}`, {
      paused: false,
    });
    expect(resumed.statusCode).toBe(200);
    expect(await sweepAt(new Date(PLACE_DEC_3.getTime() + 3_600_000), created.id)).toMatchObject([
      { deliveryDate: THU_DEC_3, outcome: 'placed' },
    ]);
  });

  it('deletes one: 204, then 404, no more orders, and placed orders keep their mark', async () => {
    const s = await scene();
    const created = await create(s, { weekdays: ['mon', 'thu'] });
    // Mon Nov 30 is placed on Fri Nov 27.
    const [placed] = await sweepAt(new Date('2026-11-27T16:00:00Z'), created.id);
    expect(placed?.outcome).toBe('placed');
    expect((await s.restaurant.delete(`/api/standing-orders/${created.id}`)).statusCode).toBe(204);
    expect((await s.restaurant.get(`/api/standing-orders/${created.id}`)).statusCode).toBe(404);
    expect((await s.restaurant.delete(`/api/standing-orders/${created.id}`)).statusCode).toBe(404);
    expect(await sweepAt(PLACE_DEC_3, created.id)).toEqual([]);
    const order = (await s.farm.get('/api/orders/farm')).json()[0];
    expect(order).toMatchObject({ id: placed!.orderId, standingOrderId: created.id });
  });
});

describe('placing standing orders', () => {
  it('places at the moment by the clock, through the usual placement, with its mark', async () => {
    const s = await scene();
    const created = await create(s);
    expect(await sweepAt(new Date(PLACE_DEC_3.getTime() - 1000), created.id)).toEqual([]);
    const runs = await sweepAt(PLACE_DEC_3, created.id);
    expect(runs).toMatchObject([{ deliveryDate: THU_DEC_3, outcome: 'placed' }]);
    const orderId = runs[0]!.orderId!;
    const mine = (await s.restaurant.get('/api/orders/restaurant')).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: orderId,
      status: 'pending',
      standingOrderId: created.id,
      deliveryDate: THU_DEC_3,
      subtotal: '31.00',
      totalAmount: '31.00',
      orderItems: [
        { productId: s.kale.id, quantity: 4, unitPrice: '4.00' },
        { productId: s.taro.id, quantity: 5, unitPrice: '3.00' },
      ],
    });
    expect(await stockOf(ctx.database.db, s.kale.id)).toBe(46);
    const farmSide = (await s.farm.get('/api/orders/farm')).json();
    expect(farmSide[0]).toMatchObject({ id: orderId, standingOrderId: created.id });
    const history = (await s.restaurant.get(`/api/orders/${orderId}/history`)).json();
    // Placed by the standing order: the system, no person.
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'pending',
        changedByRole: 'system',
        changedByJob: 'standing_orders',
        changedByName: null,
      }),
    ]);
    // The standing order names who of the restaurant set it up.
    expect(created.createdBy).toBe('Kai A.');
    const notes = (await s.restaurant.get('/api/notifications')).json().items;
    expect(notes[0]).toMatchObject({
      kind: 'standing_order',
      title: `Standing order placed: order #${orderId}`,
    });
    expect(notes[0].body).toContain('Everything was in stock at the prices you saw');
    // The day shows as placed; the next one is Dec 10's, which the farm has not scheduled.
    const after = (await s.restaurant.get(`/api/standing-orders/${created.id}`)).json();
    expect(after.upcoming[0]).toMatchObject({ status: 'placed', orderId });
    expect(after.nextPlacement).toBeNull();
    // Past the cutoff, nothing more happens.
    expect(await sweepAt(CUTOFF_DEC_3, created.id)).toEqual([]);
  });

  it('places each day once, with sweeps running at the same time and again', async () => {
    const s = await scene();
    // Six days before: Mon Nov 30 is due from Tue Nov 24, Thu Dec 3 from Fri Nov 27.
    const created = await create(s, { weekdays: ['mon', 'thu'], daysBefore: 6 });
    setClock(new Date('2026-11-27T16:00:00Z'));
    const db = ctx.database.db;
    const sweeps = await Promise.all([
      placeDueStandingOrders(db),
      placeDueStandingOrders(db),
      runStandingOrder(db, { standingOrderId: created.id, deliveryDate: THU_DEC_3 }),
      runStandingOrder(db, { standingOrderId: created.id, deliveryDate: THU_DEC_3 }),
    ]);
    await placeDueStandingOrders(db);
    const placedRuns = sweeps
      .flat()
      .filter((run) => run && run.standingOrderId === created.id && run.outcome === 'placed');
    // Mon Nov 30 and Thu Dec 3 are both due: one order each, whoever placed it.
    expect(placedRuns).toHaveLength(2);
    await expectBooksBalance(db);
    const placed = await ordersOf(created.id);
    expect(placed.map((order) => order.deliveryDate).sort()).toEqual([MON_NOV_30, THU_DEC_3]);
    const [runs] = await db
      .select({ n: count() })
      .from(standingOrderRuns)
      .where(eq(standingOrderRuns.standingOrderId, created.id));
    expect(runs!.n).toBe(2);
    expect(await stockOf(db, s.kale.id)).toBe(42);
    const told = await db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.kind, 'standing_order'));
    expect(told[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('places short lines partially, leaves out what is gone, and says what changed', async () => {
    const s = await scene({ kale: 10, taro: 2 });
    const basil = await createProduct(ctx.database.db, s.farm.farmId, {
      name: 'Thai Basil',
      price: '2.00',
      availableQuantity: 5,
    });
    const created = await create(s, {
      lines: [
        { productId: s.kale.id, quantity: 4 },
        { productId: s.taro.id, quantity: 5 },
        { productId: basil.id, quantity: 3 },
      ],
    });
    await updateProduct(ctx.database.db, s.kale.id, { price: '5.00' });
    await updateProduct(ctx.database.db, basil.id, { availableQuantity: 0 });
    const runs = await sweepAt(PLACE_DEC_3, created.id);
    expect(runs).toMatchObject([{ outcome: 'placed' }]);
    const order = (await s.restaurant.get('/api/orders/restaurant')).json()[0];
    // Kale went up since the restaurant last saw it: never placed above that price.
    expect(order).toMatchObject({
      standingOrderId: created.id,
      subtotal: '6.00',
      orderItems: [{ productId: s.taro.id, quantity: 2, unitPrice: '3.00', totalPrice: '6.00' }],
    });
    expect(await stockOf(ctx.database.db, s.taro.id)).toBe(0);
    expect(await stockOf(ctx.database.db, s.kale.id)).toBe(10);
    const note = (await s.restaurant.get('/api/notifications')).json().items[0];
    expect(note.kind).toBe('standing_order');
    expect(note.body).toContain(`${s.taro.name}: 2 of 5 bunch`);
    expect(note.body).toContain('Thai Basil: none available (wanted 3 lb)');
    expect(note.body).toContain(
      `${s.kale.name}: left out, $4.00 → $5.00 per lb; order it at $5.00 if you still want it`,
    );
  });

  it('never places a line above the price the restaurant last saw, and places one that got cheaper', async () => {
    const s = await scene({ kale: 10, taro: 10 });
    const created = await create(s, {
      lines: [
        { productId: s.kale.id, quantity: 1 },
        { productId: s.taro.id, quantity: 2 },
      ],
    });
    await updateProduct(ctx.database.db, s.kale.id, { price: '100000.00' });
    await updateProduct(ctx.database.db, s.taro.id, { price: '2.50' });
    const runs = await sweepAt(PLACE_DEC_3, created.id);
    expect(runs).toMatchObject([{ outcome: 'placed' }]);
    const order = (await s.restaurant.get('/api/orders/restaurant')).json()[0];
    expect(order.orderItems).toMatchObject([
      { productId: s.taro.id, quantity: 2, unitPrice: '2.50' },
    ]);
    expect(await stockOf(ctx.database.db, s.kale.id)).toBe(10);
    const note = (await s.restaurant.get('/api/notifications')).json().items[0];
    expect(note.body).toContain('left out, $4.00 → $100,000.00 per lb');
    // The day names the line it left out, and only that one: taro was placed.
    const shown = (await s.restaurant.get(`/api/standing-orders/${created.id}`)).json();
    expect(shown.upcoming[0]).toMatchObject({ status: 'placed', leftOutProductIds: [s.kale.id] });
  });

  it('keeps a line priced by weight per case, places it per lb, and leaves it out once dearer', async () => {
    const s = await scene();
    const ulu = await createProduct(ctx.database.db, s.farm.farmId, {
      price: '3.25',
      availableQuantity: 20,
      unit: 'box',
    });
    await updateProduct(ctx.database.db, ulu.id, { weightUnit: 'lb' });
    await ctx.database.db
      .update(productPacks)
      .set({ estimatedWeight: 25 })
      .where(eq(productPacks.id, await unitPackOf(ulu.id)));
    const created = await create(s, { lines: [{ productId: ulu.id, quantity: 2 }] });
    // One case of about 25 lb at $3.25/lb.
    expect(created.lines).toMatchObject([
      { quantity: 2, seenUnitPrice: '81.25', product: { unitPrice: '81.25' } },
    ]);
    expect(await sweepAt(PLACE_DEC_3, created.id)).toMatchObject([{ outcome: 'placed' }]);
    const [placed] = (await s.restaurant.get('/api/orders/restaurant')).json();
    expect(placed.orderItems).toMatchObject([
      {
        quantity: 2,
        unitPrice: '3.25',
        weightUnit: 'lb',
        estimatedWeight: 50,
        totalPrice: '162.50',
      },
    ]);
    // Placed at the price seen: nothing to tell beyond the order.
    const told = (await s.restaurant.get('/api/notifications')).json().items[0];
    expect(told.body).not.toContain('New prices');

    const next = await create(s, {
      lines: [
        { productId: ulu.id, quantity: 1 },
        { productId: s.kale.id, quantity: 1 },
      ],
      weekdays: ['mon'],
    });
    await updateProduct(ctx.database.db, ulu.id, { price: '3.30' });
    const shown = (await s.restaurant.get(`/api/standing-orders/${next.id}`)).json();
    expect(shown.lines[0]).toMatchObject({
      seenUnitPrice: '81.25',
      product: { unitPrice: '82.50' },
    });
    // Mon Nov 30's moment: 6 AM three days before. The kale is placed, the dearer ʻulu left out.
    const runs = await sweepAt(new Date('2026-11-27T16:00:00Z'), next.id);
    expect(runs).toMatchObject([{ outcome: 'placed' }]);
    const order = (await s.restaurant.get('/api/orders/restaurant')).json()[0];
    expect(order.orderItems).toMatchObject([{ productId: s.kale.id }]);
    const note = (await s.restaurant.get('/api/notifications')).json().items[0];
    expect(note.body).toContain('$81.25 → $82.50');
  });

  it('names no line left out when a price rose only after the day was placed', async () => {
    const s = await scene({ kale: 10, taro: 10 });
    const created = await create(s);
    expect(await sweepAt(PLACE_DEC_3, created.id)).toMatchObject([{ outcome: 'placed' }]);
    await updateProduct(ctx.database.db, s.kale.id, { price: '5.00' });
    const shown = (await s.restaurant.get(`/api/standing-orders/${created.id}`)).json();
    expect(shown.upcoming[0]).toMatchObject({ status: 'placed', leftOutProductIds: [] });
  });

  it('records a day with nothing available once, tells the restaurant, and places no order', async () => {
    const s = await scene({ kale: 0, taro: 0 });
    const created = await create(s);
    const runs = await sweepAt(PLACE_DEC_3, created.id);
    expect(runs).toEqual([
      {
        standingOrderId: created.id,
        deliveryDate: THU_DEC_3,
        outcome: 'not_placed',
        orderId: null,
      },
    ]);
    expect(await sweepAt(PLACE_DEC_3, created.id)).toEqual([]);
    expect(await ordersOf(created.id)).toEqual([]);
    const note = (await s.restaurant.get('/api/notifications')).json().items;
    expect(note).toHaveLength(1);
    expect(note[0].title).toBe('Standing order for Thu, Dec 3 not placed');
    expect(note[0].body).toContain('nothing was available');
    const shown = (await s.restaurant.get(`/api/standing-orders/${created.id}`)).json();
    expect(shown.upcoming[0]).toMatchObject({ status: 'not_placed', orderId: null });
  });

  it('places an hour before the cutoff when the chosen day is past it', async () => {
    const s = await scene();
    const created = await create(s, { daysBefore: 0 });
    expect(created.nextPlacement).toMatchObject({
      deliveryDate: THU_DEC_3,
      placeAt: '2026-12-03T03:00:00.000Z',
    });
    expect(await sweepAt(new Date('2026-12-03T02:59:00Z'), created.id)).toEqual([]);
    expect(await sweepAt(new Date('2026-12-03T03:00:00Z'), created.id)).toMatchObject([
      { outcome: 'placed' },
    ]);
  });

  it('runs in the durable queue when the clock reaches the moment', async () => {
    const s = await scene();
    const created = await create(s);
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const worker = await startStandingOrderWorker({
      database: ctx.database,
      log,
      intervalSeconds: 3600,
      pollingIntervalSeconds: 0.5,
    });
    try {
      // Setting the clock asks the queue for a sweep at once.
      setClock(PLACE_DEC_3);
      const deadline = Date.now() + 30_000;
      let placed = await ordersOf(created.id);
      while (placed.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        placed = await ordersOf(created.id);
      }
      expect(placed).toEqual([expect.objectContaining({ deliveryDate: THU_DEC_3 })]);
    } finally {
      await worker.stop();
    }
    const [lines] = await ctx.database.db
      .select({ n: count() })
      .from(standingOrderLines)
      .where(and(eq(standingOrderLines.standingOrderId, created.id)));
    expect(lines!.n).toBe(2);
  });
});

describe('"Order it at $X": a line left out for its price', () => {
  async function leftOut() {
    const s = await scene({ kale: 10, taro: 10 });
    const created = await create(s);
    await updateProduct(ctx.database.db, s.kale.id, { price: '5.00' });
    expect(await sweepAt(PLACE_DEC_3, created.id)).toMatchObject([{ outcome: 'placed' }]);
    return { s, created };
  }
  const kaleLine = (body: { lines: { productId: number; seenUnitPrice: string }[] }, id: number) =>
    body.lines.find((line) => line.productId === id);

  it('orders the line for that day at today’s price and sets the price seen to it', async () => {
    const { s, created } = await leftOut();
    // The separate order, as the button places it: POST /api/orders before the cutoff.
    const placed = await s.restaurant.post('/api/orders', {
      farmId: s.farm.farmId,
      deliveryDate: THU_DEC_3,
      totalAmount: '20.00',
      items: [{ productId: s.kale.id, quantity: 4, unitPrice: '5.00' }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const response = await s.restaurant.post(`/api/standing-orders/${created.id}/seen-prices`, {
      productId: s.kale.id,
      unitPrice: '5.00',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(kaleLine(response.json(), s.kale.id)).toMatchObject({ seenUnitPrice: '5.00' });
    const [row] = await ctx.database.db
      .select({ seen: standingOrderLines.seenUnitPrice })
      .from(standingOrderLines)
      .where(
        and(
          eq(standingOrderLines.standingOrderId, created.id),
          eq(standingOrderLines.productId, s.kale.id),
        ),
      );
    expect(row!.seen).toBe('5.00');
  });

  it('refuses a price that moved again with 409 price_changed and today’s price, and keeps the line', async () => {
    const { s, created } = await leftOut();
    await updateProduct(ctx.database.db, s.kale.id, { price: '6.00' });
    const response = await s.restaurant.post(`/api/standing-orders/${created.id}/seen-prices`, {
      productId: s.kale.id,
      unitPrice: '5.00',
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'price_changed',
      productId: s.kale.id,
      unitPrice: '6.00',
      seenUnitPrice: '4.00',
    });
    const shown = (await s.restaurant.get(`/api/standing-orders/${created.id}`)).json();
    expect(kaleLine(shown, s.kale.id)).toMatchObject({ seenUnitPrice: '4.00' });
  });

  it('answers 404 for a product not in it and for another restaurant’s, 403 for a farm, 400 for no price', async () => {
    const { s, created } = await leftOut();
    const other = await scene();
    const path = `/api/standing-orders/${created.id}/seen-prices`;
    const body = { productId: s.kale.id, unitPrice: '5.00' };
    expect(
      (await s.restaurant.post(path, { productId: other.kale.id, unitPrice: '4.00' })).statusCode,
    ).toBe(404);
    expect((await other.restaurant.post(path, body)).statusCode).toBe(404);
    expect((await s.farm.post(path, body)).statusCode).toBe(403);
    const bad = await s.restaurant.post(path, { productId: s.kale.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('unitPrice');
  });
});

describe('lines by pack', () => {
  it('keeps a case line and a bunch line of one product, each priced per pack, and places both', async () => {
    const s = await scene({ taro: 60 });
    const caseId = await addPack(s.taro.id, 'case of 24 bunches', 24, '60.00');
    const created = await create(s, {
      lines: [
        { productId: s.taro.id, packId: caseId, quantity: 2 },
        // No pack: the unit pack, the bunch.
        { productId: s.taro.id, quantity: 5 },
      ],
    });
    const bunchId = await unitPackOf(s.taro.id);
    expect(created.lines).toEqual([
      {
        productId: s.taro.id,
        packId: caseId,
        pack: { label: 'case of 24 bunches', size: 24 },
        product: { name: s.taro.name, unit: 'bunch', unitPrice: '60.00', available: true },
        quantity: 2,
        seenUnitPrice: '60.00',
      },
      {
        productId: s.taro.id,
        packId: bunchId,
        pack: { label: 'bunch', size: 1 },
        product: { name: s.taro.name, unit: 'bunch', unitPrice: '3.00', available: true },
        quantity: 5,
        seenUnitPrice: '3.00',
      },
    ]);
    const rows = await ctx.database.db
      .select({ packId: standingOrderLines.packId, quantity: standingOrderLines.quantity })
      .from(standingOrderLines)
      .where(eq(standingOrderLines.standingOrderId, created.id));
    expect(rows).toEqual(
      expect.arrayContaining([
        { packId: caseId, quantity: 2 },
        { packId: bunchId, quantity: 5 },
      ]),
    );

    const runs = await sweepAt(PLACE_DEC_3, created.id);
    expect(runs).toMatchObject([{ outcome: 'placed' }]);
    const order = (await s.restaurant.get('/api/orders/restaurant')).json()[0];
    expect(order.standingOrderId).toBe(created.id);
    expect(order.orderItems).toHaveLength(2);
    expect(order.orderItems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          productId: s.taro.id,
          packId: caseId,
          pack: { label: 'case of 24 bunches', size: 24 },
          quantity: 2,
          unitPrice: '60.00',
        }),
        expect.objectContaining({
          productId: s.taro.id,
          packId: bunchId,
          quantity: 5,
          unitPrice: '3.00',
        }),
      ]),
    );
    // 2 cases of 24 and 5 bunches come out of the one stock of 60 bunches.
    expect(await stockOf(ctx.database.db, s.taro.id)).toBe(7);
  });

  it('refuses an unknown pack, another product’s, a removed one, one pack twice and part of a case', async () => {
    const s = await scene();
    const caseId = await addPack(s.taro.id, 'case of 24 bunches', 24, null);
    const kaleBox = await addPack(s.kale.id, '10 lb box', 10, null);
    const removed = await addPack(s.taro.id, 'crate of 12 bunches', 12, null);
    await archivePack(removed);
    const taroUnit = await unitPackOf(s.taro.id);
    const cases: [Record<string, unknown>[], string][] = [
      [[{ productId: s.taro.id, packId: 999_999, quantity: 1 }], 'lines.0.packId'],
      [[{ productId: s.taro.id, packId: kaleBox, quantity: 1 }], 'lines.0.packId'],
      [[{ productId: s.taro.id, packId: removed, quantity: 1 }], 'lines.0.packId'],
      [
        [
          { productId: s.taro.id, packId: caseId, quantity: 1 },
          { productId: s.taro.id, packId: caseId, quantity: 2 },
        ],
        'lines.1.packId',
      ],
      [
        [
          { productId: s.taro.id, quantity: 1 },
          { productId: s.taro.id, packId: taroUnit, quantity: 2 },
        ],
        'lines.1.packId',
      ],
      // A case of a weighed or counted unit is counted whole.
      [[{ productId: s.kale.id, packId: kaleBox, quantity: 1.5 }], 'lines.0.quantity'],
    ];
    for (const [lines, field] of cases) {
      const response = await s.restaurant.post('/api/standing-orders', weekly(s, { lines }));
      expect(response.statusCode, `${JSON.stringify(lines)} ${response.body}`).toBe(400);
      expect(response.json().fields, JSON.stringify(lines)).toHaveProperty([field]);
    }
    expect(await standingCount(s.restaurant.restaurantId)).toBe(0);
  });

  it('asks for a pack when the product no longer sells its unit alone', async () => {
    const s = await scene();
    await addPack(s.taro.id, 'case of 24 bunches', 24, null);
    await archivePack(await unitPackOf(s.taro.id));
    const response = await s.restaurant.post(
      '/api/standing-orders',
      weekly(s, { lines: [{ productId: s.taro.id, quantity: 1 }] }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toHaveProperty(['lines.0.packId']);
  });

  it('keeps the price seen of a pack line left as it was, and takes today’s for a changed one', async () => {
    const s = await scene();
    const caseId = await addPack(s.taro.id, 'case of 24 bunches', 24, '60.00');
    const created = await create(s, {
      lines: [
        { productId: s.taro.id, packId: caseId, quantity: 1 },
        { productId: s.taro.id, quantity: 5 },
      ],
    });
    await ctx.database.db
      .update(productPacks)
      .set({ price: '66.00' })
      .where(eq(productPacks.id, caseId));
    await updateProduct(ctx.database.db, s.taro.id, { price: '3.50' });
    const response = await s.restaurant.patch(`/api/standing-orders/${created.id}`, {
      lines: [
        { productId: s.taro.id, packId: caseId, quantity: 1 },
        { productId: s.taro.id, quantity: 6 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lines).toMatchObject([
      { packId: caseId, seenUnitPrice: '60.00', product: { unitPrice: '66.00' } },
      { pack: { size: 1 }, quantity: 6, seenUnitPrice: '3.50' },
    ]);
  });

  it('leaves out a line whose pack the farm removed, telling it as none available', async () => {
    const s = await scene({ taro: 60 });
    const caseId = await addPack(s.taro.id, 'case of 24 bunches', 24, null);
    const created = await create(s, {
      lines: [
        { productId: s.taro.id, packId: caseId, quantity: 1 },
        { productId: s.taro.id, quantity: 5 },
      ],
    });
    await archivePack(caseId);
    const shown = (await s.restaurant.get(`/api/standing-orders/${created.id}`)).json();
    expect(shown.lines[0]).toMatchObject({ packId: caseId, product: { available: false } });
    expect(await sweepAt(PLACE_DEC_3, created.id)).toMatchObject([{ outcome: 'placed' }]);
    const order = (await s.restaurant.get('/api/orders/restaurant')).json()[0];
    expect(order.orderItems).toMatchObject([{ productId: s.taro.id, quantity: 5 }]);
    expect(await stockOf(ctx.database.db, s.taro.id)).toBe(55);
    const note = (await s.restaurant.get('/api/notifications')).json().items[0];
    expect(note.body).toContain(`${s.taro.name}: none available (wanted 1 case of 24 bunches)`);
  });

  it('takes today’s price of the pack line named, leaving the other line of the product', async () => {
    const s = await scene();
    const caseId = await addPack(s.taro.id, 'case of 24 bunches', 24, '60.00');
    const created = await create(s, {
      lines: [
        { productId: s.taro.id, packId: caseId, quantity: 1 },
        { productId: s.taro.id, quantity: 5 },
      ],
    });
    await ctx.database.db
      .update(productPacks)
      .set({ price: '66.00' })
      .where(eq(productPacks.id, caseId));
    await updateProduct(ctx.database.db, s.taro.id, { price: '3.50' });
    const path = `/api/standing-orders/${created.id}/seen-prices`;
    const stale = await s.restaurant.post(path, {
      productId: s.taro.id,
      packId: caseId,
      unitPrice: '3.50',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ packId: caseId, unitPrice: '66.00' });
    const response = await s.restaurant.post(path, {
      productId: s.taro.id,
      packId: caseId,
      unitPrice: '66.00',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lines).toMatchObject([
      { packId: caseId, seenUnitPrice: '66.00' },
      { pack: { size: 1 }, seenUnitPrice: '3.00' },
    ]);
  });
});
