import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock, today } from '../../src/server/clock';
import { creditBalances, standingOrderRuns } from '../../src/server/db/schema';
import { placeDueStandingOrders } from '../../src/server/modules/standing-orders/placement';
import { hawaiiNoon } from '../helpers/clock';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * Credit limits and holds (docs/customers.md): a farm's terms refuse or warn at placement, a
 * payment releases an automatic hold, a hold set by hand survives it, and two orders at once
 * never both pass a limit. Runs on PostgreSQL too with TEST_DATABASE_URL.
 */

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let ulu: ProductFixture;
let taro: ProductFixture;

const FARM = 'Hāmākua ʻUlu Grove';
/** Delivered on Monday Nov 2, 2026; due that day (due on receipt). */
const DELIVERY_DAY = '2026-11-02';

beforeAll(async () => {
  setClock(hawaiiNoon(DELIVERY_DAY));
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, FARM);
  otherFarmer = await signUpFarmer(ctx.app, 'Kula Taro Patch');
  ulu = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'ʻUlu',
    unit: 'each',
    price: '12.50',
    availableQuantity: 100_000,
  });
  taro = await createProduct(ctx.database.db, otherFarmer.farmId, {
    name: 'Kalo',
    unit: 'each',
    price: '5.00',
    availableQuantity: 100_000,
  });
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;

async function deliveredOrder(restaurant: Restaurant, quantity: number): Promise<number> {
  const [order] = await placeCheckout(restaurant, [
    orderBody(farmer.farmId, [{ product: ulu, quantity }]),
  ]);
  for (const status of ['confirmed', 'packed', 'in_transit', 'delivered']) {
    const response = await farmer.patch(`/api/orders/${order!.id}/status`, {
      status,
      recipientName: 'Malia Keawe',
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return order!.id;
}

const order = (restaurant: Restaurant, quantity: number) =>
  restaurant.post('/api/orders', orderBody(farmer.farmId, [{ product: ulu, quantity }]));

const pay = (orderId: number, amount: string) =>
  farmer.post(`/api/orders/${orderId}/payments`, {
    amount,
    paidOn: today(),
    method: 'check',
    reference: 'Check 1042',
  });

const setTerms = (restaurant: Restaurant, terms: Record<string, unknown>) =>
  farmer.put(`/api/customers/${restaurant.restaurantId}/credit-terms`, terms);

async function historyOf(restaurant: Restaurant) {
  const response = await farmer.get(`/api/customers/${restaurant.restaurantId}/history`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { kind: string; automatic: boolean; reason: string; by: unknown }[];
}

async function creditNotices(session: Restaurant | typeof farmer) {
  const response = await session.get('/api/notifications?limit=50');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as { kind: string; title: string; body: string }[]).filter(
    (notice) => notice.kind === 'credit_hold',
  );
}

describe('credit holds', () => {
  it('refuses an order with 409 credit_hold while invoices are overdue beyond the days set, and a payment releases it', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Ono Kitchen');
    const invoice = await deliveredOrder(restaurant, 4); // $50.00, due Nov 2
    setClock(hawaiiNoon('2026-11-12')); // 10 days past due
    try {
      const terms = await setTerms(restaurant, {
        creditLimit: null,
        holdAfterDaysOverdue: 7,
        mode: 'hold',
      });
      expect(terms.statusCode, terms.body).toBe(200);
      const reason = `$50.00 of invoices to ${FARM} are overdue more than 7 days; pay them to order again`;
      expect(terms.json()).toMatchObject({
        state: 'held',
        hold: { reason, by: null, automatic: true },
        creditTerms: { creditLimit: null, holdAfterDaysOverdue: 7, mode: 'hold' },
        overdueAmount: '50.00',
        oldestOverdueDays: 10,
      });

      const refused = await order(restaurant, 1);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'credit_hold',
        message: reason,
        farmId: farmer.farmId,
        farmName: FARM,
      });
      // The restaurant sees it before it tries: on Bills and in the checkout's farm facts.
      const bills = await restaurant.get('/api/bills');
      expect(bills.json().farms[0]).toMatchObject({
        farm: { id: farmer.farmId },
        hold: { reason },
      });
      const next = await restaurant.get(`/api/delivery-schedules/next?farmIds=${farmer.farmId}`);
      expect(next.json().farms[0]).toMatchObject({ farmId: farmer.farmId, hold: { reason } });

      // A part payment leaves it overdue; paying the rest releases the hold at once.
      expect((await pay(invoice, '20.00')).statusCode).toBe(201);
      expect((await order(restaurant, 1)).statusCode).toBe(409);
      expect((await pay(invoice, '30.00')).statusCode).toBe(201);
      const customer = await farmer.get(`/api/customers/${restaurant.restaurantId}`);
      expect(customer.json()).toMatchObject({ state: 'ok', hold: null, overdueAmount: '0.00' });
      expect((await order(restaurant, 1)).statusCode).toBe(201);
      const released = await restaurant.get(
        '/api/delivery-schedules/next?farmIds=' + farmer.farmId,
      );
      expect(released.json().farms[0].hold).toBeNull();

      const history = await historyOf(restaurant);
      expect(history.map((entry) => [entry.kind, entry.automatic])).toEqual([
        ['release', true],
        ['hold', true],
        ['terms', false],
      ]);
      expect(history[1]!.reason).toBe(reason);
      expect(history[2]!.by).toMatchObject({ name: 'Kai A.' });
      // Both sides heard of the hold and of its release.
      const told = await creditNotices(restaurant);
      expect(told.map((notice) => notice.title)).toEqual([
        `${FARM} released the hold on your account`,
        `${FARM} has put your account on hold`,
      ]);
      expect((await creditNotices(farmer)).length).toBeGreaterThanOrEqual(2);
    } finally {
      setClock(hawaiiNoon(DELIVERY_DAY));
    }
  });

  it('keeps a hold set by hand through a payment, until the farm releases it', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Pono Plates');
    const invoice = await deliveredOrder(restaurant, 2); // $25.00
    const held = await farmer.post(`/api/customers/${restaurant.restaurantId}/hold`, {
      hold: true,
      reason: 'Check 1042 bounced',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({
      state: 'held',
      hold: { reason: 'Check 1042 bounced', automatic: false, by: { name: 'Kai A.' } },
    });
    const refused = await order(restaurant, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'credit_hold',
      message: `${FARM} has put your account on hold: Check 1042 bounced`,
    });

    expect((await pay(invoice, '25.00')).statusCode).toBe(201);
    const after = await farmer.get(`/api/customers/${restaurant.restaurantId}`);
    expect(after.json()).toMatchObject({ state: 'held', openBalance: '0.00' });
    expect((await order(restaurant, 1)).statusCode).toBe(409);

    const release = await farmer.post(`/api/customers/${restaurant.restaurantId}/hold`, {
      hold: false,
      reason: 'Paid in cash',
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json()).toMatchObject({ state: 'ok', hold: null });
    expect((await order(restaurant, 1)).statusCode).toBe(201);
    const again = await farmer.post(`/api/customers/${restaurant.restaurantId}/hold`, {
      hold: false,
      reason: 'Paid in cash',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('not_held');
    const history = await historyOf(restaurant);
    expect(history.map((entry) => [entry.kind, entry.automatic, entry.reason])).toEqual([
      ['release', false, 'Paid in cash'],
      ['hold', false, 'Check 1042 bounced'],
    ]);
  });

  it('refuses an order whose exposure would pass the limit: invoices + open orders + the order − credit', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Limit Lanai');
    await deliveredOrder(restaurant, 4); // $50.00 owed, due today: not overdue
    expect((await order(restaurant, 2)).statusCode).toBe(201); // $25.00 pending
    const terms = await setTerms(restaurant, {
      creditLimit: '100.00',
      holdAfterDaysOverdue: 0,
      mode: 'hold',
    });
    expect(terms.json()).toMatchObject({ state: 'ok', openBalance: '50.00' });
    // 50 + 25 + 37.50 = 112.50 > 100.00
    const refused = await order(restaurant, 3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('credit_hold');
    expect(refused.json().message).toContain('$112.50');
    expect(refused.json().message).toContain('$100.00');
    // The refusal does not hold the account: the order alone passed the limit.
    expect((await farmer.get(`/api/customers/${restaurant.restaurantId}`)).json().state).toBe('ok');
    // Exactly at the limit passes: 50 + 25 + 25 = 100.00.
    expect((await order(restaurant, 2)).statusCode).toBe(201);
    expect((await order(restaurant, 1)).statusCode).toBe(409);
    // Credit the restaurant holds with the farm counts against what it owes.
    await ctx.database.db.insert(creditBalances).values({
      farmId: farmer.farmId,
      restaurantId: restaurant.restaurantId,
      amount: '12.50',
    });
    expect((await order(restaurant, 1)).statusCode).toBe(201);
    const view = await farmer.get(`/api/customers/${restaurant.restaurantId}`);
    expect(view.json()).toMatchObject({
      creditBalance: '12.50',
      openOrdersAmount: '62.50',
      openBalance: '50.00',
    });
  });

  it('refuses a whole checkout when one of its farms holds the account, all or none', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Both Farms Bistro');
    const first = await order(restaurant, 1);
    const held = await farmer.post(`/api/customers/${restaurant.restaurantId}/hold`, {
      hold: true,
      reason: 'Account under review',
    });
    expect(held.statusCode, held.body).toBe(200);
    const response = await restaurant.post('/api/checkout', {
      orders: [
        orderBody(otherFarmer.farmId, [{ product: taro, quantity: 2 }]),
        orderBody(farmer.farmId, [{ product: ulu, quantity: 1 }]),
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'credit_hold', farmId: farmer.farmId });
    const mine = await restaurant.get('/api/orders/restaurant');
    expect(mine.json().map((placed: { id: number }) => placed.id)).toEqual([first.json().id]);
    // The other farm alone is fine.
    await placeCheckout(restaurant, [
      orderBody(otherFarmer.farmId, [{ product: taro, quantity: 2 }]),
    ]);
  });

  it('places an order past the terms in warn mode and tells both sides', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Warned Wok');
    expect((await order(restaurant, 1)).statusCode).toBe(201);
    const terms = await setTerms(restaurant, {
      creditLimit: '20.00',
      holdAfterDaysOverdue: null,
      mode: 'warn',
    });
    expect(terms.json()).toMatchObject({ state: 'ok' });
    const placed = await order(restaurant, 1); // 12.50 + 12.50 > 20.00
    expect(placed.statusCode, placed.body).toBe(201);
    const view = await farmer.get(`/api/customers/${restaurant.restaurantId}`);
    expect(view.json()).toMatchObject({ state: 'warned', hold: null, openOrdersAmount: '25.00' });
    expect(view.json().warning).toContain('$20.00');
    const told = await creditNotices(restaurant);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(`Your account with ${FARM} is past its credit terms`);
    const farmTold = await creditNotices(farmer);
    expect(
      farmTold.some((notice) => notice.title === 'Warned Wok ordered past its credit terms'),
    ).toBe(true);
  });

  it('never lets two orders at once both pass a limit they pass only alone', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Race Ramen');
    expect((await order(restaurant, 1)).statusCode).toBe(201); // $12.50 open
    await setTerms(restaurant, { creditLimit: '50.00', holdAfterDaysOverdue: null, mode: 'hold' });
    // 12.50 + 37.50 = 50.00 alone; both would make 87.50. Two products, so that nothing but
    // the credit check makes one wait for the other.
    const breadfruitChips = await createProduct(ctx.database.db, farmer.farmId, {
      name: 'ʻUlu chips',
      unit: 'each',
      price: '12.50',
      availableQuantity: 100_000,
    });
    const answers = await Promise.all([
      order(restaurant, 3),
      restaurant.post(
        '/api/orders',
        orderBody(farmer.farmId, [{ product: breadfruitChips, quantity: 3 }]),
      ),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const view = await farmer.get(`/api/customers/${restaurant.restaurantId}`);
    expect(view.json().openOrdersAmount).toBe('50.00');
  });

  it('skips a held farm on a standing order and says why', async () => {
    setClock(new Date('2026-11-23T22:00:00Z'));
    try {
      const db = ctx.database.db;
      const farm = await signUpFarmer(ctx.app, 'Windward Held Greens');
      const restaurant = await signUpRestaurant(ctx.app, 'Standing Saimin');
      const zoned = await restaurant.put('/api/profile/restaurant', {
        ...sampleProfile('Standing Saimin'),
        deliveryZone: 'honolulu',
      });
      expect(zoned.statusCode, zoned.body).toBe(200);
      await addDeliveryDay(db, farm.farmId, '2026-11-26', 'Honolulu');
      await addDeliveryDay(db, farm.farmId, '2026-12-03', 'Honolulu');
      const kale = await createProduct(db, farm.farmId, { price: '4.00', availableQuantity: 50 });
      // An order makes the restaurant the farm's customer.
      await placeCheckout(restaurant, [
        orderBody(farm.farmId, [{ product: kale, quantity: 1 }], { deliveryDate: '2026-11-26' }),
      ]);
      const standing = await restaurant.post('/api/standing-orders', {
        farmId: farm.farmId,
        lines: [{ productId: kale.id, quantity: 4 }],
        weekdays: ['thu'],
      });
      expect(standing.statusCode, standing.body).toBe(201);
      const held = await farm.post(`/api/customers/${restaurant.restaurantId}/hold`, {
        hold: true,
        reason: 'Invoices unpaid since October',
      });
      expect(held.statusCode, held.body).toBe(200);
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
      expect(run!.reason).toBe(
        'Windward Held Greens has put your account on hold: Invoices unpaid since October',
      );
    } finally {
      setClock(hawaiiNoon(DELIVERY_DAY));
    }
  });

  it('lets only owners and bookkeepers set terms and holds; 400 with the field for bad terms', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Rules Room');
    await order(restaurant, 1);
    const farm = { kind: 'farm' as const, id: farmer.farmId };
    const manager = await signUpMember(ctx.app, farm, 'manager');
    const bookkeeper = await signUpMember(ctx.app, farm, 'bookkeeper');
    const packer = await signUpMember(ctx.app, farm, 'packer');
    const path = `/api/customers/${restaurant.restaurantId}/credit-terms`;
    const body = { creditLimit: '500', holdAfterDaysOverdue: 30, mode: 'hold' };
    expect((await manager.put(path, body)).statusCode).toBe(403);
    expect((await packer.get(`/api/customers/${restaurant.restaurantId}`)).statusCode).toBe(403);
    const saved = await bookkeeper.put(path, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().creditTerms).toEqual({
      creditLimit: '500.00',
      holdAfterDaysOverdue: 30,
      mode: 'hold',
    });
    for (const [bad, field] of [
      [{ ...body, creditLimit: '-1' }, 'creditLimit'],
      [{ ...body, creditLimit: '1.005' }, 'creditLimit'],
      [{ ...body, holdAfterDaysOverdue: 366 }, 'holdAfterDaysOverdue'],
      [{ ...body, holdAfterDaysOverdue: 1.5 }, 'holdAfterDaysOverdue'],
      [{ ...body, mode: 'block' }, 'mode'],
    ] as const) {
      const response = await bookkeeper.put(path, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().fields).toHaveProperty(field);
    }
    const noReason = await farmer.post(`/api/customers/${restaurant.restaurantId}/hold`, {
      hold: true,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    // Clearing both figures clears the terms.
    const cleared = await bookkeeper.put(path, {
      creditLimit: null,
      holdAfterDaysOverdue: null,
      mode: 'hold',
    });
    expect(cleared.json()).toMatchObject({ creditTerms: null, state: 'ok' });
    // A restaurant that is not the farm's customer is 404, as one that does not exist.
    const stranger = await signUpRestaurant(ctx.app, 'Stranger Sushi');
    expect(
      (await farmer.put(`/api/customers/${stranger.restaurantId}/credit-terms`, body)).statusCode,
    ).toBe(404);
    expect((await otherFarmer.get(`/api/customers/${restaurant.restaurantId}`)).statusCode).toBe(
      404,
    );
    expect((await farmer.get('/api/customers/999999')).statusCode).toBe(404);
  });
});
