import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAmounts, parseMoney, rateOf, toMoneyString } from '#core/money';
import type { Order } from '#core/schemas/order';
import { setClock } from '../../src/server/clock';
import { farms, orders, standingOrderRuns } from '../../src/server/db/schema';
import { placeDueStandingOrders } from '../../src/server/modules/standing-orders/placement';
import { hawaiiNoon } from '../helpers/clock';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
  setFarmTerms,
  stockOf,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { pdfText } from '../helpers/pdf-text';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * A farm's minimums (docs/minimums.md): refused, charged a small-order fee (taxed as the
 * delivery fee, on the order, the invoice and the accounting export) or warned below them; a
 * zone's over the every-zone one, a customer's over both. Runs on PostgreSQL too with
 * TEST_DATABASE_URL.
 */

let ctx: TestContext;
type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;
type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;

const DAY = '2026-11-02';
const FARM = 'Hāmākua Farm';

beforeAll(async () => {
  setClock(hawaiiNoon(DAY));
  ctx = await createTestApp();
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

/** A farm with one product at $4.99 each and its fee, and a restaurant in `zone`. */
async function scene(
  name: string,
  options: { deliveryFee?: string; taxRate?: string; zone?: string } = {},
): Promise<{ farmer: Farmer; restaurant: Restaurant; taro: ProductFixture }> {
  const db = ctx.database.db;
  const farmer = await signUpFarmer(ctx.app, name);
  await setFarmTerms(db, farmer.farmId, { deliveryFee: options.deliveryFee ?? '0.00' });
  if (options.taxRate) {
    const taxed = await farmer.put('/api/profile/farm', {
      ...sampleProfile(name),
      taxRate: options.taxRate,
    });
    expect(taxed.statusCode, taxed.body).toBe(200);
  }
  const taro = await createProduct(db, farmer.farmId, {
    name: 'Kalo',
    unit: 'each',
    price: '4.99',
    availableQuantity: 1000,
  });
  const restaurant = await signUpRestaurant(ctx.app, `${name} Kitchen`);
  if (options.zone) {
    const zoned = await restaurant.put('/api/profile/restaurant', {
      ...sampleProfile(`${name} Kitchen`),
      deliveryZone: options.zone,
    });
    expect(zoned.statusCode, zoned.body).toBe(200);
  }
  return { farmer, restaurant, taro };
}

async function setMinimums(farmer: Farmer, name: string, minimums: unknown[]) {
  const response = await farmer.put('/api/profile/farm', { ...sampleProfile(name), minimums });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The total the cart shows: lines + delivery fee + small-order fee, GET on all three. */
function totalOf(subtotal: string, fees: string[], taxRate = '0') {
  const feeCents = fees.reduce((sum, fee) => sum + parseMoney(fee)!, 0);
  return toMoneyString(orderAmounts(parseMoney(subtotal)!, feeCents, rateOf(taxRate)).totalCents);
}

describe('a block minimum', () => {
  it('refuses an order below it with 409 below_minimum, taking no stock', async () => {
    const { farmer, restaurant, taro } = await scene('Block Farm');
    await setMinimums(farmer, 'Block Farm', [{ zone: null, amount: '50.00', mode: 'block' }]);
    const refused = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: taro, quantity: 3 }]),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'below_minimum',
      message: "Your order is below Block Farm's $50.00 minimum",
      farmId: farmer.farmId,
      farmName: 'Block Farm',
      amount: '50.00',
      subtotal: '14.97',
      farms: [
        { farmId: farmer.farmId, farmName: 'Block Farm', amount: '50.00', subtotal: '14.97' },
      ],
    });
    expect(await stockOf(ctx.database.db, taro.id)).toBe(1000);
    const rows = await ctx.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.farmId, farmer.farmId));
    expect(rows).toEqual([]);

    // At the minimum exactly, the order is placed with no fee.
    const met = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: taro, quantity: 11 }]),
    );
    expect(met.statusCode, met.body).toBe(201);
    expect(met.json()).toMatchObject({ subtotal: '54.89', smallOrderFee: '0.00' });
  });
});

describe('a fee minimum', () => {
  const NAME = 'Fee Farm';
  let farmer: Farmer;
  let restaurant: Restaurant;
  let taro: ProductFixture;
  let order: Order;

  beforeAll(async () => {
    ({ farmer, restaurant, taro } = await scene(NAME, { deliveryFee: '5.00', taxRate: '4.712' }));
    const profile = await setMinimums(farmer, NAME, [
      { zone: null, amount: '50.00', mode: 'fee', fee: '8.00' },
    ]);
    expect(profile.minimums).toEqual([{ zone: null, amount: '50.00', mode: 'fee', fee: '8.00' }]);
    expect(profile.orderMinimum).toBe('50.00');
  });

  it('refuses a total without the fee with 409 total_changed showing smallOrderFee', async () => {
    const response = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: taro, quantity: 3 }], {
        totalAmount: totalOf('14.97', ['5.00'], '4.712'),
      }),
    );
    expect(response.statusCode, response.body).toBe(409);
    const farm = {
      farmId: farmer.farmId,
      farmName: NAME,
      subtotal: '14.97',
      deliveryFee: '5.00',
      smallOrderFee: '8.00',
      taxRate: '4.7120',
      // (14.97 + 5.00 + 8.00) × 4.712% = 1.3179… → $1.32
      taxAmount: '1.32',
      totalAmount: '29.29',
      sentTotalAmount: '20.91',
    };
    expect(response.json()).toMatchObject({ code: 'total_changed', ...farm, farms: [farm] });
    expect(await stockOf(ctx.database.db, taro.id)).toBe(1000);
  });

  it('charges the fee below the minimum and taxes it as the delivery fee, to the cent', async () => {
    expect(totalOf('14.97', ['5.00', '8.00'], '4.712')).toBe('29.29');
    const placed = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: taro, quantity: 3 }], { totalAmount: '29.29' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    order = placed.json();
    expect(order).toMatchObject({
      subtotal: '14.97',
      deliveryFee: '5.00',
      smallOrderFee: '8.00',
      taxRate: '4.7120',
      taxAmount: '1.32',
      totalAmount: '29.29',
    });
    const [row] = await ctx.database.db
      .select({ fee: orders.smallOrderFee })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.fee).toBe('8.00');
  });

  it('keeps the fee through an adjustment, taxed again on the new subtotal', async () => {
    const adjusted = await farmer.post(`/api/orders/${order.id}/adjustments`, {
      lines: [{ itemId: order.orderItems[0]!.id, quantity: 2, reason: 'One was bruised' }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    // 9.98 + 5.00 + 8.00 = 22.98; × 4.712% = 1.0828… → $1.08
    expect(adjusted.json()).toMatchObject({
      subtotal: '9.98',
      smallOrderFee: '8.00',
      taxAmount: '1.08',
      totalAmount: '24.06',
    });
    order = adjusted.json();
  });

  it('prints the fee on the invoice and writes it in the accounting export', async () => {
    await ctx.database.db.update(orders).set({ deliveryDate: DAY }).where(eq(orders.id, order.id));
    for (const status of ['confirmed', 'packed', 'in_transit', 'delivered']) {
      const moved = await farmer.patch(`/api/orders/${order.id}/status`, {
        status,
        recipientName: 'Malia Keawe',
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const invoice = await farmer.get(`/api/orders/${order.id}/invoice`);
    expect(invoice.statusCode, invoice.body).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toMatch(/Delivery fee\s*\$5\.00/);
    expect(text).toMatch(/Small-order fee\s*\$8\.00/);
    expect(text).toContain('$24.06');

    const exported = await farmer.get(
      '/api/exports/accounting?from=2026-11-01&to=2026-11-30&format=quickbooks',
    );
    expect(exported.statusCode, exported.body).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const [, invoices] = Object.entries(files).find(([file]) => file.startsWith('invoices-'))!;
    const rows = strFromU8(invoices).split(/\r?\n/);
    const fee = rows.find((line) => line.includes('Small-order fee'));
    expect(fee).toBeDefined();
    expect(fee).toContain(',1,8.00,8.00,');
    expect(rows.find((line) => line.includes('Delivery fee'))).toContain(',1,5.00,5.00,');
  });

  it('leaves orders at or above the minimum without the fee', async () => {
    const placed = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: taro, quantity: 11 }], {
        totalAmount: totalOf('54.89', ['5.00'], '4.712'),
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ subtotal: '54.89', smallOrderFee: '0.00' });
  });
});

describe('a warn minimum', () => {
  it('places an order below it as before', async () => {
    const { farmer, restaurant, taro } = await scene('Warn Farm', { deliveryFee: '3.00' });
    await setMinimums(farmer, 'Warn Farm', [{ zone: null, amount: '50.00', mode: 'warn' }]);
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmer.farmId, [{ product: taro, quantity: 1 }]),
    ]);
    expect(order).toMatchObject({ subtotal: '4.99', smallOrderFee: '0.00', totalAmount: '7.99' });
  });

  it('places exactly as before for a farm migrated from its orderMinimum', async () => {
    const { farmer, restaurant, taro } = await scene('Migrated Farm', { deliveryFee: '6.00' });
    const db = ctx.database.db;
    // A farm of before the minimums: its one order_minimum, then the migration's data step.
    await db.update(farms).set({ orderMinimum: '75.00' }).where(eq(farms.id, farmer.farmId));
    const migration = readFileSync('drizzle/0037_farm_minimums.sql', 'utf8');
    const insert = migration.slice(migration.indexOf('INSERT INTO "farm_minimums"'));
    await db.execute(
      sql.raw(`${insert.trim().replace(/;$/, '')} AND "id" = ${Number(farmer.farmId)}`),
    );
    const profile = await farmer.put('/api/profile/farm', sampleProfile('Migrated Farm'));
    expect(profile.json()).toMatchObject({
      orderMinimum: '75.00',
      minimums: [{ zone: null, amount: '75.00', mode: 'warn', fee: null }],
    });
    // The total it placed before: lines + delivery fee, nothing more.
    const body = orderBody(farmer.farmId, [{ product: taro, quantity: 2 }]);
    expect(body.totalAmount).toBe('15.98');
    const placed = await restaurant.post('/api/orders', body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      subtotal: '9.98',
      deliveryFee: '6.00',
      smallOrderFee: '0.00',
      totalAmount: '15.98',
    });
  });

  it('keeps orderMinimum as the every-zone amount, and refuses two that differ', async () => {
    const { farmer } = await scene('Synced Farm');
    const set = await farmer.put('/api/profile/farm', {
      ...sampleProfile('Synced Farm'),
      orderMinimum: '30.00',
    });
    expect(set.json()).toMatchObject({
      orderMinimum: '30.00',
      minimums: [{ zone: null, amount: '30.00', mode: 'warn', fee: null }],
    });
    const both = await farmer.put('/api/profile/farm', {
      ...sampleProfile('Synced Farm'),
      orderMinimum: '30.00',
      minimums: [{ zone: null, amount: '40.00', mode: 'block' }],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toHaveProperty(['minimums.0.amount']);
    const noFee = await farmer.put('/api/profile/farm', {
      ...sampleProfile('Synced Farm'),
      minimums: [{ zone: null, amount: '40.00', mode: 'fee' }],
    });
    expect(noFee.statusCode).toBe(400);
    expect(noFee.json().fields).toHaveProperty(['minimums.0.fee']);
    const strayFee = await farmer.put('/api/profile/farm', {
      ...sampleProfile('Synced Farm'),
      minimums: [{ zone: 'hilo', amount: '40.00', mode: 'warn', fee: '2.00' }],
    });
    expect(strayFee.json().fields).toHaveProperty(['minimums.0.fee']);
    const twice = await farmer.put('/api/profile/farm', {
      ...sampleProfile('Synced Farm'),
      minimums: [
        { zone: 'hilo', amount: '40.00', mode: 'warn' },
        { zone: 'Hilo', amount: '20.00', mode: 'warn' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toHaveProperty(['minimums.1.zone']);
    const tooMuch = await farmer.put('/api/profile/farm', {
      ...sampleProfile('Synced Farm'),
      minimums: [{ zone: null, amount: '100000.01', mode: 'warn' }],
    });
    expect(tooMuch.json().fields).toHaveProperty(['minimums.0.amount']);
    // A manager may not change them: they are the owner's terms.
    const manager = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'manager');
    const byManager = await manager.put('/api/profile/farm', {
      ...sampleProfile('Synced Farm'),
      minimums: [],
    });
    expect(byManager.statusCode).toBe(403);
    // Every minimum removed: orderMinimum follows to 0.
    const cleared = await farmer.put('/api/profile/farm', {
      ...sampleProfile('Synced Farm'),
      minimums: [],
    });
    expect(cleared.json()).toMatchObject({ orderMinimum: '0.00', minimums: [] });
  });
});

describe('which minimum applies', () => {
  const NAME = 'Zoned Farm';
  let farmer: Farmer;
  let honolulu: Restaurant;
  let kailua: Restaurant;
  let taro: ProductFixture;

  beforeAll(async () => {
    ({ farmer, restaurant: honolulu, taro } = await scene(NAME, { zone: 'honolulu' }));
    kailua = await signUpRestaurant(ctx.app, 'Kailua Kitchen');
    await kailua.put('/api/profile/restaurant', {
      ...sampleProfile('Kailua Kitchen'),
      deliveryZone: 'kailua',
    });
    await setMinimums(farmer, NAME, [
      { zone: null, amount: '20.00', mode: 'block' },
      { zone: 'honolulu', amount: '40.00', mode: 'block' },
    ]);
  });

  const order = (restaurant: Restaurant, quantity: number) =>
    restaurant.post('/api/orders', orderBody(farmer.farmId, [{ product: taro, quantity }]));

  it("holds a restaurant to its zone's minimum over the every-zone one", async () => {
    // 6 × 4.99 = 29.94: above the every-zone 20.00, below Honolulu's 40.00.
    const refused = await order(honolulu, 6);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'below_minimum', amount: '40.00' });
    expect((await order(kailua, 6)).statusCode).toBe(201);
    const kailuaRefused = await order(kailua, 4);
    expect(kailuaRefused.json()).toMatchObject({ code: 'below_minimum', amount: '20.00' });

    const next = await honolulu.get(`/api/delivery-schedules/next?farmIds=${farmer.farmId}`);
    expect(next.json().farms[0].minimum).toEqual({ amount: '40.00', mode: 'block', fee: null });
  });

  it("holds a customer to the farm's own minimum for it over both", async () => {
    // Kailua ordered above, so it is a customer; Honolulu is not one yet.
    const notCustomer = await farmer.put(`/api/customers/${honolulu.restaurantId}/minimum`, {
      amount: '10.00',
      mode: 'warn',
    });
    expect(notCustomer.statusCode).toBe(404);
    await honolulu.post(`/api/farms/${farmer.farmId}/follow`, {});

    const set = await farmer.put(`/api/customers/${honolulu.restaurantId}/minimum`, {
      amount: '10.00',
      mode: 'fee',
      fee: '2.50',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().minimum).toEqual({ amount: '10.00', mode: 'fee', fee: '2.50' });
    // 6 × 4.99 = 29.94: over the override's 10.00, so placed though under Honolulu's 40.00.
    expect((await order(honolulu, 6)).statusCode).toBe(201);
    // 1 × 4.99: under the override, charged its fee.
    const small = await honolulu.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: taro, quantity: 1 }], { totalAmount: '7.49' }),
    );
    expect(small.statusCode, small.body).toBe(201);
    expect(small.json()).toMatchObject({ smallOrderFee: '2.50', totalAmount: '7.49' });
    const next = await honolulu.get(`/api/delivery-schedules/next?farmIds=${farmer.farmId}`);
    expect(next.json().farms[0].minimum).toEqual({ amount: '10.00', mode: 'fee', fee: '2.50' });

    const raised = await farmer.put(`/api/customers/${honolulu.restaurantId}/minimum`, {
      amount: '100.00',
      mode: 'block',
    });
    expect(raised.json().minimum).toEqual({ amount: '100.00', mode: 'block', fee: null });
    expect((await order(honolulu, 6)).json()).toMatchObject({ amount: '100.00' });

    const removed = await farmer.delete(`/api/customers/${honolulu.restaurantId}/minimum`);
    expect(removed.statusCode).toBe(204);
    expect((await farmer.get(`/api/customers/${honolulu.restaurantId}`)).json().minimum).toBe(null);
    expect((await order(honolulu, 6)).json()).toMatchObject({ amount: '40.00' });
  });

  it('lets only owners and bookkeepers set a customer minimum; 400 for a bad one', async () => {
    const farm = { kind: 'farm' as const, id: farmer.farmId };
    const body = { amount: '10.00', mode: 'warn' };
    for (const role of ['packer', 'manager'] as const) {
      const member = await signUpMember(ctx.app, farm, role);
      const put = await member.put(`/api/customers/${kailua.restaurantId}/minimum`, body);
      expect(put.statusCode, role).toBe(403);
      const removed = await member.delete(`/api/customers/${kailua.restaurantId}/minimum`);
      expect(removed.statusCode, role).toBe(403);
    }
    const bookkeeper = await signUpMember(ctx.app, farm, 'bookkeeper');
    const put = await bookkeeper.put(`/api/customers/${kailua.restaurantId}/minimum`, body);
    expect(put.statusCode, put.body).toBe(200);
    const noFee = await farmer.put(`/api/customers/${kailua.restaurantId}/minimum`, {
      amount: '10.00',
      mode: 'fee',
    });
    expect(noFee.statusCode).toBe(400);
    expect(noFee.json().fields).toHaveProperty(['fee']);
    const strayFee = await farmer.put(`/api/customers/${kailua.restaurantId}/minimum`, {
      ...body,
      fee: '1.00',
    });
    expect(strayFee.json().fields).toHaveProperty(['fee']);
    const otherFarm = await signUpFarmer(ctx.app, 'Not Their Farm');
    const stranger = await otherFarm.put(`/api/customers/${kailua.restaurantId}/minimum`, body);
    expect(stranger.statusCode).toBe(404);
    expect(
      (await otherFarm.delete(`/api/customers/${kailua.restaurantId}/minimum`)).statusCode,
    ).toBe(404);
  });
});

describe('a standing order under a block minimum', () => {
  it('is recorded as not placed, with the minimum as the reason', async () => {
    setClock(new Date('2026-11-23T22:00:00Z'));
    try {
      const db = ctx.database.db;
      const { farmer, restaurant, taro } = await scene(FARM, { zone: 'honolulu' });
      await addDeliveryDay(db, farmer.farmId, '2026-12-03', 'Honolulu');
      const standing = await restaurant.post('/api/standing-orders', {
        farmId: farmer.farmId,
        lines: [{ productId: taro.id, quantity: 2 }],
        weekdays: ['thu'],
      });
      expect(standing.statusCode, standing.body).toBe(201);
      await setMinimums(farmer, FARM, [{ zone: null, amount: '50.00', mode: 'block' }]);
      // 6 AM Hawaii three days before Thu Dec 3.
      setClock(new Date('2026-11-30T16:00:00Z'));
      const runs = (await placeDueStandingOrders(db)).filter(
        (run) => run.standingOrderId === standing.json().id,
      );
      expect(runs).toMatchObject([{ outcome: 'not_placed', orderId: null }]);
      const [run] = await db
        .select({ reason: standingOrderRuns.reason })
        .from(standingOrderRuns)
        .where(eq(standingOrderRuns.standingOrderId, standing.json().id));
      expect(run!.reason).toBe("below Hāmākua Farm's $50.00 minimum");
      expect(await stockOf(db, taro.id)).toBe(1000);
    } finally {
      setClock(hawaiiNoon(DAY));
    }
  });
});
