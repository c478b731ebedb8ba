import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf } from '#core/money';
import { setClock } from '../../src/server/clock';
import { orders } from '../../src/server/db/schema';
import {
  createProduct,
  orderBody,
  placeCheckout,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { pdfText } from '../helpers/pdf-text';
import {
  createTestApp,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let otherRestaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let poi: ProductFixture;

/** 10 AM in Hawaii on Nov 2, 2026. */
const DELIVERY_INSTANT = new Date('2026-11-02T20:00:00Z');
const hawaiiNoon = (date: string) => new Date(`${date}T22:00:00Z`);

beforeAll(async () => {
  setClock(DELIVERY_INSTANT);
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Waimanalo Greens');
  otherFarmer = await signUpFarmer(ctx.app, 'Other Farm');
  restaurant = await signUpRestaurant(ctx.app, 'Ono Kitchen');
  otherRestaurant = await signUpRestaurant(ctx.app, 'Elsewhere Cafe');
  poi = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Poi',
    unit: 'gallon',
    price: '12.50',
    availableQuantity: 100_000,
  });
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

const farmProfile = (extra: Record<string, unknown>) => ({
  ...sampleProfile('Waimanalo Greens'),
  ...extra,
});

async function deliveredOrder(
  options: {
    quantity?: number;
    session?: typeof restaurant;
    by?: typeof farmer;
    product?: ProductFixture;
  } = {},
) {
  const by = options.by ?? farmer;
  const product = options.product ?? poi;
  const [order] = await placeCheckout(options.session ?? restaurant, [
    orderBody(by.farmId, [{ product, quantity: options.quantity ?? 4 }]),
  ]);
  for (const status of ['confirmed', 'packed', 'in_transit', 'delivered']) {
    const response = await by.patch(`/api/orders/${order!.id}/status`, {
      status,
      recipientName: 'Malia Keawe',
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return order!.id;
}

const pay = (orderId: number, amount: string, extra: Record<string, unknown> = {}) =>
  farmer.post(`/api/orders/${orderId}/payments`, {
    amount,
    paidOn: '2026-11-02',
    method: 'check',
    reference: 'Check 1042',
    ...extra,
  });

describe('payment terms', () => {
  it('defaults to due on receipt and accepts net 7, 15 or 30; anything else is a 400', async () => {
    const me = await farmer.get('/api/auth/user');
    expect(me.json().profile.paymentTerms).toBe('due_on_receipt');
    const bad = await farmer.put('/api/profile/farm', farmProfile({ paymentTerms: 'net_45' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('paymentTerms');
    const saved = await farmer.put('/api/profile/farm', farmProfile({ paymentTerms: 'net_15' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().paymentTerms).toBe('net_15');
    // A profile saved without the field keeps the terms.
    const again = await farmer.put('/api/profile/farm', farmProfile({}));
    expect(again.json().paymentTerms).toBe('net_15');
  });
});

describe('invoices that get paid', () => {
  it('dates a delivered order due by the terms, from the Hawaii delivery date, on the order and the PDF', async () => {
    const id = await deliveredOrder();
    const list = await farmer.get('/api/orders/farm');
    const order = list.json().find((o: { id: number }) => o.id === id);
    expect(order).toMatchObject({
      deliveryDate: '2026-11-02',
      dueDate: '2026-11-17',
      paymentStatus: 'unpaid',
      amountPaid: '0.00',
      balanceDue: '50.00',
    });
    const pdf = await farmer.get(`/api/orders/${id}/invoice`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Due date');
    expect(text).toContain('Nov 17, 2026');
  });

  it('shows no due date on an order not delivered yet', async () => {
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmer.farmId, [{ product: poi, quantity: 1 }]),
    ]);
    const mine = (await restaurant.get('/api/orders/restaurant')).json();
    expect(mine.find((o: { id: number }) => o.id === order!.id)).toMatchObject({
      dueDate: null,
      paymentStatus: 'unpaid',
      balanceDue: '12.50',
    });
    const early = await pay(order!.id, '5.00');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('order_not_delivered');
  });

  it('records partial and full payments, and refuses one above the balance with the balance', async () => {
    const id = await deliveredOrder();
    const first = await pay(id, '20');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      paymentStatus: 'partly_paid',
      amountPaid: '20.00',
      balanceDue: '30.00',
    });
    expect(first.json().payments[0]).toMatchObject({
      amount: '20.00',
      method: 'check',
      reference: 'Check 1042',
      provider: 'manual',
      recordedBy: 'Kai Akana',
      voidedAt: null,
    });
    const tooMuch = await pay(id, '30.01');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'payment_above_balance', balanceDue: '30.00' });
    const rest = await pay(id, '30.00', { method: 'bank_transfer', reference: null });
    expect(rest.json()).toMatchObject({ paymentStatus: 'paid', balanceDue: '0.00' });
    const more = await pay(id, '0.01');
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'payment_above_balance', balanceDue: '0.00' });
  });

  it('answers bad input with a 400 and records nothing', async () => {
    const id = await deliveredOrder();
    for (const body of [
      { amount: '-5.00' },
      { amount: '0' },
      { amount: '1.005' },
      { amount: 'ten' },
      { method: 'card' },
      { paidOn: '2026-02-30' },
      { paidOn: '2026-11-03' },
    ]) {
      const response = await pay(id, '5.00', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const state = await farmer.get(`/api/orders/${id}/payments`);
    expect(state.json()).toMatchObject({ payments: [], balanceDue: '50.00' });
  });

  it('takes a day received from the Hawaii day the order was placed to today, else 400 paidOn', async () => {
    const id = await deliveredOrder();
    // Placed at 2 AM on Oct 30 in Hawaii (12:00 UTC); the clock reads Nov 2.
    await ctx.database.db
      .update(orders)
      .set({ createdAt: new Date('2026-10-30T12:00:00Z') })
      .where(eq(orders.id, id));
    for (const paidOn of ['0001-01-01', '2026-10-29', '2026-11-03']) {
      const response = await pay(id, '5.00', { paidOn });
      expect(response.statusCode, paidOn).toBe(400);
      expect(response.json().fields, paidOn).toHaveProperty('paidOn');
    }
    expect((await pay(id, '5.00', { paidOn: '2026-10-30' })).statusCode).toBe(201);
    expect((await pay(id, '5.00', { paidOn: '2026-11-02' })).statusCode).toBe(201);
  });

  it('voids a payment with a reason, keeps it, and answers 409 to a second void', async () => {
    const id = await deliveredOrder();
    const paid = await pay(id, '50.00');
    const paymentId = paid.json().payments[0].id as number;
    const noReason = await farmer.post(`/api/payments/${paymentId}/void`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const voided = await farmer.post(`/api/payments/${paymentId}/void`, {
      reason: 'Check bounced',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ paymentStatus: 'unpaid', balanceDue: '50.00' });
    expect(voided.json().payments[0]).toMatchObject({
      voidReason: 'Check bounced',
      voidedBy: 'Kai Akana',
    });
    const twice = await farmer.post(`/api/payments/${paymentId}/void`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('payment_already_voided');
  });

  it("keeps each farm to its own orders: another farm's order or payment is a 404", async () => {
    const id = await deliveredOrder();
    const paid = await pay(id, '10.00');
    const paymentId = paid.json().payments[0].id as number;
    const foreign = await otherFarmer.post(`/api/orders/${id}/payments`, {
      amount: '1.00',
      paidOn: '2026-11-02',
      method: 'cash',
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await otherFarmer.post(`/api/payments/${paymentId}/void`, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await otherFarmer.get(`/api/orders/${id}/payments`)).statusCode).toBe(404);
    expect((await otherRestaurant.get(`/api/orders/${id}/payments`)).statusCode).toBe(404);
    const byRestaurant = await restaurant.post(`/api/orders/${id}/payments`, {
      amount: '1.00',
      paidOn: '2026-11-02',
      method: 'cash',
    });
    expect(byRestaurant.statusCode).toBe(403);
    const seen = await restaurant.get(`/api/orders/${id}/payments`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().amountPaid).toBe('10.00');
  });

  it('never overpays with two payments at once: one is recorded, the other refused', async () => {
    const id = await deliveredOrder();
    const answers = await Promise.all([pay(id, '30.00'), pay(id, '30.00')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const state = (await farmer.get(`/api/orders/${id}/payments`)).json();
    expect(state).toMatchObject({ amountPaid: '30.00', balanceDue: '20.00' });
  });

  it('never makes a balance negative nor loses a cent, whatever payments and voids come', async () => {
    const id = await deliveredOrder({ quantity: 3 }); // $37.50
    const total = 3750;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('pay' as const),
              cents: fc.integer({ min: 1, max: 4000 }),
            }),
            fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }),
          ),
          { maxLength: 6 },
        ),
        async (steps) => {
          for (const step of steps) {
            const before = (await farmer.get(`/api/orders/${id}/payments`)).json();
            if (step.kind === 'pay') {
              const amount = (step.cents / 100).toFixed(2);
              const response = await pay(id, amount);
              expect(response.statusCode).toBe(
                step.cents <= centsOf(before.balanceDue) ? 201 : 409,
              );
            } else {
              const active = before.payments.filter(
                (p: { voidedAt: string | null }) => !p.voidedAt,
              );
              if (active.length === 0) continue;
              const target = active[step.pick % active.length];
              const response = await farmer.post(`/api/payments/${target.id}/void`, {
                reason: 'Entered twice',
              });
              expect(response.statusCode).toBe(200);
            }
            const after = (await farmer.get(`/api/orders/${id}/payments`)).json();
            const activeSum = after.payments
              .filter((p: { voidedAt: string | null }) => !p.voidedAt)
              .reduce((sum: number, p: { amount: string }) => sum + centsOf(p.amount), 0);
            expect(centsOf(after.balanceDue)).toBeGreaterThanOrEqual(0);
            expect(centsOf(after.amountPaid)).toBe(activeSum);
            expect(centsOf(after.balanceDue) + activeSum).toBe(total);
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('receivables and bills', () => {
  it('ages what each restaurant owes, filters it, exports it, and shows the restaurant its bills', async () => {
    // A fresh farm with its own orders so the figures are exact.
    const farm = await signUpFarmer(ctx.app, 'Aging Acres');
    const product = await createProduct(ctx.database.db, farm.farmId, {
      name: 'Kalo',
      unit: 'lb',
      price: '10.00',
      availableQuantity: 1_000,
    });
    setClock(hawaiiNoon('2026-09-01'));
    const old = await deliveredOrder({ by: farm, product, quantity: 7 }); // $70, due Sep 1
    setClock(hawaiiNoon('2026-10-10'));
    const middle = await deliveredOrder({ by: farm, product, quantity: 5 }); // $50, due Oct 10
    setClock(hawaiiNoon('2026-11-01'));
    const recent = await deliveredOrder({
      by: farm,
      product,
      quantity: 2,
      session: otherRestaurant,
    }); // $20
    const paidOff = await deliveredOrder({ by: farm, product, quantity: 1 });
    await farm.post(`/api/orders/${paidOff}/payments`, {
      amount: '10.00',
      paidOn: '2026-11-01',
      method: 'cash',
    });
    setClock(hawaiiNoon('2026-11-15'));

    const response = await farm.get('/api/receivables');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.asOf).toBe('2026-11-15');
    expect(body.totals).toEqual({
      current: '0.00',
      days_1_30: '20.00',
      days_31_60: '50.00',
      over_60: '70.00',
      total: '140.00',
    });
    const ono = body.restaurants.find(
      (r: { restaurant: { name: string } }) => r.restaurant.name === 'Ono Kitchen',
    );
    expect(ono.invoices.map((i: { orderId: number }) => i.orderId)).toEqual([old, middle]);
    expect(ono.invoices[0]).toMatchObject({
      paymentStatus: 'overdue',
      daysPastDue: 75,
      agingBucket: 'over_60',
    });

    const filtered = (
      await farm.get(`/api/receivables?restaurantId=${otherRestaurant.restaurantId}`)
    ).json();
    expect(filtered.totals.total).toBe('20.00');
    expect(filtered.restaurants[0].invoices[0].orderId).toBe(recent);
    const bucket = (await farm.get('/api/receivables?bucket=days_31_60')).json();
    expect(bucket.totals.total).toBe('50.00');
    expect((await farm.get('/api/receivables?bucket=someday')).statusCode).toBe(400);

    const csv = await farm.get('/api/receivables?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Ono Kitchen');
    expect(csv.body.trim().split('\r\n')).toHaveLength(4);

    const bills = (await restaurant.get('/api/bills')).json();
    const owed = bills.farms.find((f: { farm: { id: number } }) => f.farm.id === farm.farmId);
    expect(owed).toMatchObject({ balanceDue: '120.00', nextDueDate: '2026-09-01' });
    expect(centsOf(bills.overdue)).toBeGreaterThanOrEqual(12_000);

    expect((await restaurant.get('/api/receivables')).statusCode).toBe(403);
    expect((await farm.get('/api/bills')).statusCode).toBe(403);
    setClock(DELIVERY_INSTANT);
  });
});

describe('monthly statements', () => {
  it('gives farm and restaurant the same month: opening balance, invoices, payments, closing', async () => {
    const farm = await signUpFarmer(ctx.app, 'Statement Farm');
    const product = await createProduct(ctx.database.db, farm.farmId, {
      name: 'Kalo',
      unit: 'lb',
      price: '10.00',
      availableQuantity: 1_000,
    });
    setClock(hawaiiNoon('2026-09-20'));
    const september = await deliveredOrder({ by: farm, product, quantity: 5 }); // $50
    setClock(hawaiiNoon('2026-10-05'));
    const october = await deliveredOrder({ by: farm, product, quantity: 3 }); // $30
    const paid = await farm.post(`/api/orders/${september}/payments`, {
      amount: '20.00',
      paidOn: '2026-10-05',
      method: 'check',
      reference: 'Check 77',
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const fromFarm = await farm.get(
      `/api/statements?month=2026-10&restaurantId=${restaurant.restaurantId}`,
    );
    expect(fromFarm.statusCode, fromFarm.body.slice(0, 200)).toBe(200);
    // Named for the month and the other party, so two of one month can be told apart.
    expect(fromFarm.headers['content-disposition']).toBe(
      'attachment; filename="statement-2026-10-ono-kitchen.pdf"',
    );
    const text = await pdfText(fromFarm.rawPayload);
    const [numbered] = await ctx.database.db
      .select({ invoiceNumber: orders.invoiceNumber })
      .from(orders)
      .where(eq(orders.id, october));
    expect(numbered!.invoiceNumber).not.toBeNull();
    for (const expected of [
      'STATEMENT',
      'Ono Kitchen',
      'Opening balance',
      '$50.00',
      // Each invoice with its number, as printed on the invoice itself.
      `Invoice ${String(numbered!.invoiceNumber).padStart(5, '0')} for order #${october}`,
      '$30.00',
      `Payment for order #${september}`,
      'Check 77',
      'Closing balance',
      '$60.00',
    ]) {
      expect(text).toContain(expected);
    }
    const fromRestaurant = await restaurant.get(
      `/api/statements?month=2026-10&farmId=${farm.farmId}`,
    );
    expect(fromRestaurant.statusCode).toBe(200);
    expect(fromRestaurant.headers['content-disposition']).toBe(
      'attachment; filename="statement-2026-10-statement-farm.pdf"',
    );
    expect(await pdfText(fromRestaurant.rawPayload)).toContain('$60.00');

    expect(
      (await otherRestaurant.get(`/api/statements?month=2026-10&farmId=${farm.farmId}`)).statusCode,
    ).toBe(404);
    expect((await farm.get('/api/statements?month=2026-13&restaurantId=1')).statusCode).toBe(400);
    expect((await farm.get('/api/statements?month=2026-10')).statusCode).toBe(400);
    setClock(DELIVERY_INSTANT);
  });
});
