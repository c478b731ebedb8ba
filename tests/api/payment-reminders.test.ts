import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/server/clock';
import { notificationDeliveries, notifications } from '../../src/server/db/schema';
import { startPaymentReminderWorker } from '../../src/server/modules/payments/reminder-worker';
import { reminderSlot, sendDueReminders } from '../../src/server/modules/payments/reminders';
import {
  createProduct,
  orderBody,
  placeCheckout,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let kalo: ProductFixture;
const hawaiiNoon = (date: string) => new Date(`${date}T22:00:00Z`);

beforeAll(async () => {
  setClock(hawaiiNoon('2026-11-02'));
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Reminder Farm');
  restaurant = await signUpRestaurant(ctx.app, 'Late Payer Cafe');
  const terms = await farmer.put('/api/profile/farm', {
    ...sampleProfile('Reminder Farm'),
    paymentTerms: 'net_7',
  });
  expect(terms.statusCode, terms.body).toBe(200);
  kalo = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Kalo',
    unit: 'lb',
    price: '10.00',
    availableQuantity: 1_000,
  });
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

async function deliveredOrder(quantity: number) {
  const [order] = await placeCheckout(restaurant, [
    orderBody(farmer.farmId, [{ product: kalo, quantity }]),
  ]);
  for (const status of ['confirmed', 'packed', 'in_transit', 'delivered']) {
    const response = await farmer.patch(`/api/orders/${order!.id}/status`, {
      status,
      recipientName: 'Malia',
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return order!.id;
}

const remindersOf = (orderId: number) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(like(notifications.eventKey, `order:${orderId}:payment_reminder:%`));

describe('payment reminders', () => {
  it('counts slots from the due date, every seventh day after it', () => {
    expect(reminderSlot('2026-11-09', '2026-11-08')).toBeNull();
    expect(reminderSlot('2026-11-09', '2026-11-09')).toBe('2026-11-09');
    expect(reminderSlot('2026-11-09', '2026-11-15')).toBe('2026-11-09');
    expect(reminderSlot('2026-11-09', '2026-11-16')).toBe('2026-11-16');
    expect(reminderSlot('2026-11-09', '2026-12-01')).toBe('2026-11-30');
  });

  it('reminds the restaurant on the due date and weekly while overdue, once per reminder, until paid', async () => {
    const id = await deliveredOrder(3); // $30, net 7 from Nov 2: due Nov 9
    const db = ctx.database.db;
    await sendDueReminders(db, '2026-11-08');
    expect(await remindersOf(id)).toHaveLength(0);

    await sendDueReminders(db, '2026-11-09');
    const [first] = await remindersOf(id);
    expect(first).toMatchObject({
      kind: 'payment_reminder',
      title: `Payment due today: order #${id}`,
      link: '/restaurant/bills',
    });
    expect(first!.body).toContain('$30.00');
    // Its email copy went to the durable queue like every notification's.
    const deliveries = await db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, first!.id));
    expect(deliveries.map((d) => d.channel)).toEqual(['email']);

    await sendDueReminders(db, '2026-11-12');
    expect(await remindersOf(id)).toHaveLength(1);

    // Two processes sweeping the same day at once: one reminder.
    await Promise.all([sendDueReminders(db, '2026-11-16'), sendDueReminders(db, '2026-11-16')]);
    const afterWeek = await remindersOf(id);
    expect(afterWeek).toHaveLength(2);
    expect(afterWeek[1]!.title).toBe(`Payment overdue: order #${id}`);

    setClock(hawaiiNoon('2026-11-17'));
    const paid = await farmer.post(`/api/orders/${id}/payments`, {
      amount: '30.00',
      paidOn: '2026-11-17',
      method: 'check',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await sendDueReminders(db, '2026-11-23');
    expect(await remindersOf(id)).toHaveLength(2);

    const bell = (await restaurant.get('/api/notifications')).json();
    expect(JSON.stringify(bell)).toContain(`Payment overdue: order #${id}`);
  });

  it('reads as overdue once the bill is past due, though it was made on the due date', async () => {
    setClock(hawaiiNoon('2026-11-02'));
    const id = await deliveredOrder(2); // $20, net 7 from Nov 2: due Nov 9
    await sendDueReminders(ctx.database.db, '2026-11-09');
    const reminderOf = async () => {
      const bell = (await restaurant.get('/api/notifications')).json() as {
        items: { title: string; body: string }[];
      };
      return bell.items.find((item) => item.title.endsWith(`order #${id}`));
    };

    setClock(hawaiiNoon('2026-11-09'));
    expect(await reminderOf()).toMatchObject({
      title: `Payment due today: order #${id}`,
      body: `$20.00 is due today to Reminder Farm for order #${id}.`,
    });

    setClock(hawaiiNoon('2026-11-12'));
    const paid = await farmer.post(`/api/orders/${id}/payments`, {
      amount: '5.00',
      paidOn: '2026-11-12',
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    // Read three days later: what the bill is now, and what is still owed on it.
    expect(await reminderOf()).toMatchObject({
      title: `Payment overdue: order #${id}`,
      body: `$15.00 is overdue since Nov 9, 2026 to Reminder Farm for order #${id}.`,
    });
  });

  it('runs the sweep through the durable queue, one queued sweep per day under a singleton key', async () => {
    setClock(hawaiiNoon('2026-11-02'));
    const id = await deliveredOrder(1); // due Nov 9
    setClock(hawaiiNoon('2026-11-09'));
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const worker = await startPaymentReminderWorker({
      database: ctx.database,
      log,
      pollingIntervalSeconds: 0.5,
    });
    try {
      // The marker: the reminder the queued sweep records.
      const deadline = Date.now() + 60_000;
      while ((await remindersOf(id)).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(await remindersOf(id)).toHaveLength(1);
      expect(await worker.request()).toBeNull();
    } finally {
      await worker.stop();
    }
    const again = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, id), eq(notifications.kind, 'payment_reminder')));
    expect(again).toHaveLength(1);
  });
});
