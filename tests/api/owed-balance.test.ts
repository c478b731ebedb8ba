import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { centsOf } from '#core/money';
import type { Order } from '#core/schemas/order';
import { setClock } from '../../src/server/clock';
import { orders, payments } from '../../src/server/db/schema';
import { amountCreditedSql, amountPaidSql } from '../../src/server/modules/owed';
import {
  createProduct,
  orderBody,
  placeCheckout,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * `orders.balance_due` is kept by the database (docs/payments.md): every way money or a total
 * changes leaves it equal to the owed rule computed from the payments and credit entries, and
 * receivables select through it.
 */

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let poi: ProductFixture;

/** 10 AM in Hawaii on Mon Nov 2, 2026. */
const TODAY = '2026-11-02';

beforeAll(async () => {
  setClock(new Date(`${TODAY}T20:00:00Z`));
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Waiʻanae Taro');
  restaurant = await signUpRestaurant(ctx.app, 'Ono Kitchen');
  poi = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Poi',
    unit: 'gallon',
    price: '12.50',
    availableQuantity: 10_000,
  });
});
afterEach(async () => {
  // Whatever a test did, no order anywhere holds a balance other than the rule's.
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      sql`${orders.balanceDue} <> ${orders.totalAmount} - ${amountPaidSql} - ${amountCreditedSql}`,
    );
  expect(row!.n).toBe(0);
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

/** Four gallons of poi: $50.00, no fee. */
async function placed(): Promise<Order> {
  const [order] = await placeCheckout(restaurant, [
    orderBody(farmer.farmId, [{ product: poi, quantity: 4 }]),
  ]);
  return order!;
}

async function moveTo(orderId: number, statuses: string[]) {
  for (const status of statuses) {
    const response = await farmer.patch(`/api/orders/${orderId}/status`, {
      status,
      recipientName: 'Malia Keawe',
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

async function delivered(): Promise<{ id: number; itemId: number }> {
  const order = await placed();
  await moveTo(order.id, ['confirmed', 'packed', 'in_transit', 'delivered']);
  return { id: order.id, itemId: order.orderItems[0]!.id };
}

/** The stored balance, in cents, once checked against the rule computed from the rows. */
async function storedBalance(orderId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({
      stored: orders.balanceDue,
      computed: sql<string>`${orders.totalAmount} - ${amountPaidSql} - ${amountCreditedSql}`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  expect(centsOf(row!.stored)).toBe(centsOf(row!.computed));
  return centsOf(row!.stored);
}

/** The farm's receivables: each open invoice's order and balance. */
async function receivables(): Promise<Map<number, string>> {
  const response = await farmer.get('/api/receivables');
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as {
    restaurants: { invoices: { orderId: number; balanceDue: string }[] }[];
  };
  return new Map(
    body.restaurants.flatMap((r) => r.invoices.map((i) => [i.orderId, i.balanceDue] as const)),
  );
}

const pay = (orderId: number, amount: string) =>
  farmer.post(`/api/orders/${orderId}/payments`, { amount, paidOn: TODAY, method: 'check' });

async function claimAccepted(order: { id: number; itemId: number }, quantity: number) {
  const reported = await restaurant.post(`/api/orders/${order.id}/claims`, {
    lines: [{ itemId: order.itemId, kind: 'damaged', quantity, note: 'Spilled' }],
  });
  expect(reported.statusCode, reported.body).toBe(201);
  const decided = await farmer.post(`/api/claims/${reported.json().id}/decision`, {
    decision: 'accept',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return decided.json().creditNote as { amount: string; appliedToInvoice: string };
}

describe('the stored balance follows payments', () => {
  it('goes down with a partial and a full payment, and back up with a void', async () => {
    const order = await delivered();
    expect(await storedBalance(order.id)).toBe(5000);
    expect((await receivables()).get(order.id)).toBe('50.00');

    expect((await pay(order.id, '20.00')).statusCode).toBe(201);
    expect(await storedBalance(order.id)).toBe(3000);
    expect((await receivables()).get(order.id)).toBe('30.00');

    const rest = await pay(order.id, '30.00');
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await storedBalance(order.id)).toBe(0);
    expect((await receivables()).has(order.id)).toBe(false);

    // The void brings the bill back into receivables with what it owes again.
    const last = (rest.json().payments as { id: number; amount: string }[]).find(
      (payment) => payment.amount === '30.00',
    )!;
    const voided = await farmer.post(`/api/payments/${last.id}/void`, { reason: 'Bounced' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await storedBalance(order.id)).toBe(3000);
    expect((await receivables()).get(order.id)).toBe('30.00');
  });
});

describe('the stored balance follows credit', () => {
  it('goes down by a credit note put on the invoice and by credit balance applied', async () => {
    const claimed = await delivered();
    const note = await claimAccepted(claimed, 1);
    expect(note.appliedToInvoice).toBe(note.amount);
    expect(await storedBalance(claimed.id)).toBe(5000 - centsOf(note.amount));
    expect((await receivables()).get(claimed.id)).toBe('37.50');

    // Credit on a paid invoice goes to the restaurant's balance and leaves the invoice at 0.
    const paid = await delivered();
    expect((await pay(paid.id, '50.00')).statusCode).toBe(201);
    const toBalance = await claimAccepted(paid, 2);
    expect(toBalance.appliedToInvoice).toBe('0.00');
    expect(await storedBalance(paid.id)).toBe(0);

    const next = await delivered();
    const applied = await farmer.post('/api/credit-balances/apply', {
      restaurantId: restaurant.restaurantId,
      orderId: next.id,
      amount: '10.00',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await storedBalance(next.id)).toBe(4000);
    expect((await receivables()).get(next.id)).toBe('40.00');
  });
});

describe('the stored balance follows the total', () => {
  it('takes an adjusted total, and any later write of a total or of the balance itself', async () => {
    const order = await placed();
    expect(await storedBalance(order.id)).toBe(5000);
    await moveTo(order.id, ['confirmed']);
    const adjusted = await farmer.post(`/api/orders/${order.id}/adjustments`, {
      lines: [{ itemId: order.orderItems[0]!.id, quantity: 3, reason: 'Short a gallon' }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(adjusted.json().totalAmount).toBe('37.50');
    expect(await storedBalance(order.id)).toBe(3750);
    // Not delivered yet: not a bill, whatever its balance.
    expect((await receivables()).has(order.id)).toBe(false);
    await moveTo(order.id, ['packed', 'in_transit', 'delivered']);
    expect((await receivables()).get(order.id)).toBe('37.50');
    expect((await pay(order.id, '37.50')).statusCode).toBe(201);
    expect(await storedBalance(order.id)).toBe(0);

    // Whoever writes: a total raised by hand opens the bill again.
    await ctx.database.db
      .update(orders)
      .set({ totalAmount: '40.00' })
      .where(eq(orders.id, order.id));
    expect(await storedBalance(order.id)).toBe(250);
    expect((await receivables()).get(order.id)).toBe('2.50');
    // A balance written by hand is the rule's again.
    await ctx.database.db.update(orders).set({ balanceDue: '0' }).where(eq(orders.id, order.id));
    expect(await storedBalance(order.id)).toBe(250);

    // Paid beyond its total: below zero as stored, owing nothing everywhere it is read.
    await ctx.database.db
      .update(orders)
      .set({ totalAmount: '30.00' })
      .where(eq(orders.id, order.id));
    expect(await storedBalance(order.id)).toBe(-750);
    expect((await receivables()).has(order.id)).toBe(false);
    const seen = await farmer.get(`/api/orders/${order.id}/payments`);
    expect(seen.json()).toMatchObject({ paymentStatus: 'paid', balanceDue: '0.00' });
  });
});

describe('the stored balance follows statements of many rows', () => {
  it('keeps every order a statement inserts, moves or deletes payments of', async () => {
    const first = await delivered();
    const second = await delivered();
    const inserted = await ctx.database.db
      .insert(payments)
      .values([
        { orderId: first.id, amount: '5.00', paidOn: TODAY, method: 'cash' },
        { orderId: second.id, amount: '7.00', paidOn: TODAY, method: 'cash' },
      ])
      .returning({ id: payments.id });
    expect(await storedBalance(first.id)).toBe(4500);
    expect(await storedBalance(second.id)).toBe(4300);

    // A payment moved to the other order changes both.
    await ctx.database.db
      .update(payments)
      .set({ orderId: second.id })
      .where(eq(payments.id, inserted[0]!.id));
    expect(await storedBalance(first.id)).toBe(5000);
    expect(await storedBalance(second.id)).toBe(3800);

    await ctx.database.db.delete(payments).where(eq(payments.orderId, second.id));
    expect(await storedBalance(first.id)).toBe(5000);
    expect(await storedBalance(second.id)).toBe(5000);
  });
});
