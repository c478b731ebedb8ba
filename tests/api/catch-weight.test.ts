import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiplyCents, orderAmounts, parseMoney, rateOf, toMoneyString } from '#core/money';
import type { Order } from '#core/schemas/order';
import type { Product } from '#core/schemas/product';
import { orderItemWeights } from '../../src/server/db/schema';
import { expectBooksBalance } from '../helpers/invariants';
import { ULU_TAX_RATE, uluScene, type UluScene } from '../helpers/catch-weight-fixtures';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let farmer: UluScene['farmer'];
let restaurant: UluScene['restaurant'];
let ulu: Product;
let uluOrder: UluScene['orderOf'];
let placeConfirmed: UluScene['placeConfirmed'];

const TAX_RATE = ULU_TAX_RATE;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ farmer, restaurant, ulu, orderOf: uluOrder, placeConfirmed } = await uluScene(ctx));
});
afterAll(async () => {
  await ctx.close();
});

/** The order's money on `billedWeight` lb of ʻulu, with the fee and GET. */
function expectedTotals(billedWeight: number) {
  const subtotal = multiplyCents(parseMoney('3.50')!, billedWeight);
  const { taxCents, totalCents } = orderAmounts(subtotal, parseMoney('5.00')!, rateOf(TAX_RATE));
  return {
    subtotal: toMoneyString(subtotal),
    taxAmount: toMoneyString(taxCents),
    totalAmount: toMoneyString(totalCents),
  };
}

describe('catch weight', () => {
  it('answers a product priced per lb, and refuses one whose pack has no estimate', async () => {
    expect(ulu).toMatchObject({ pricedByWeight: true, weightUnit: 'lb', unit: 'box' });
    expect(ulu.packs).toEqual([expect.objectContaining({ label: 'case', estimatedWeight: 25 })]);
    const refused = await farmer.post('/api/products', {
      name: 'Pork side',
      unit: 'piece',
      price: '6.00',
      pricedByWeight: true,
      weightUnit: 'lb',
      packs: [{ label: 'side', size: 1 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty(['packs.0.estimatedWeight']);
    const noUnit = await farmer.post('/api/products', {
      name: 'Pork side',
      unit: 'piece',
      price: '6.00',
      pricedByWeight: true,
    });
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json().fields).toHaveProperty('weightUnit');
  });

  it('places a case at its estimate and invoices it at its weight, to the cent, with GET', async () => {
    const wrong = await restaurant.post('/api/orders', uluOrder(2, '7.00'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty(['items.0.totalPrice']);

    const order = await placeConfirmed(2);
    expect(order.weightsPending).toBe(true);
    expect(order.orderItems[0]).toMatchObject({
      quantity: 2,
      unitPrice: '3.50',
      totalPrice: '175.00',
      weightUnit: 'lb',
      estimatedWeight: 50,
      weight: null,
    });
    expect(order).toMatchObject(expectedTotals(50));

    const itemId = order.orderItems[0]!.id;
    const miscount = await farmer.put(`/api/orders/${order.id}/items/${itemId}/weight`, {
      weights: [24.6],
    });
    expect(miscount.statusCode).toBe(400);
    expect(miscount.json().fields).toHaveProperty('weights');

    const weighed = await farmer.put(`/api/orders/${order.id}/items/${itemId}/weight`, {
      weights: [24.6, 25.3],
    });
    expect(weighed.statusCode, weighed.body).toBe(200);
    const after: Order = weighed.json();
    expect(after.weightsPending).toBe(false);
    expect(after.orderItems[0]).toMatchObject({
      weight: 49.9,
      weights: [24.6, 25.3],
      totalPrice: '174.65',
      weightDecision: null,
      weighedBy: expect.any(String),
      weighedAt: expect.any(String),
      weightHistory: [expect.objectContaining({ kind: 'weighed', weight: 49.9 })],
    });
    expect(after).toMatchObject(expectedTotals(49.9));
    await expectBooksBalance(ctx.database.db);
  });

  it('refuses a weight before the order is confirmed and on a line not priced by weight', async () => {
    const placed = await restaurant.post('/api/orders', uluOrder(1));
    expect(placed.statusCode, placed.body).toBe(201);
    const order: Order = placed.json();
    const early = await farmer.put(
      `/api/orders/${order.id}/items/${order.orderItems[0]!.id}/weight`,
      { weight: 25 },
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('not_adjustable');

    const kale = await farmer.post('/api/products', {
      name: 'Kale',
      unit: 'bunch',
      price: '2.00',
      availableQuantity: 10,
    });
    const kaleOrder = await restaurant.post('/api/orders', {
      farmId: farmer.farmId,
      totalAmount: toMoneyString(
        orderAmounts(parseMoney('2.00')!, parseMoney('5.00')!, rateOf(TAX_RATE)).totalCents,
      ),
      items: [{ productId: kale.json().id, quantity: 1, unitPrice: '2.00' }],
    });
    expect(kaleOrder.statusCode, kaleOrder.body).toBe(201);
    await farmer.patch(`/api/orders/${kaleOrder.json().id}/status`, { status: 'confirmed' });
    const notByWeight = await farmer.put(
      `/api/orders/${kaleOrder.json().id}/items/${kaleOrder.json().orderItems[0].id}/weight`,
      { weight: 1.1 },
    );
    expect(notByWeight.statusCode).toBe(400);
  });

  it('holds a weight past the tolerance at the estimate and blocks the ship until the restaurant accepts', async () => {
    const order = await placeConfirmed(2);
    const itemId = order.orderItems[0]!.id;
    const url = `/api/orders/${order.id}/items/${itemId}/weight`;
    const heavy = await farmer.put(url, { weight: 58 });
    expect(heavy.statusCode, heavy.body).toBe(200);
    expect(heavy.json().orderItems[0]).toMatchObject({ weightDecision: 'pending', weight: 58 });
    // Waiting for the restaurant, the line is charged no more than the estimate.
    expect(heavy.json()).toMatchObject(expectedTotals(50));

    const notices = (await restaurant.get('/api/notifications')).json().items as {
      title: string;
    }[];
    expect(notices.some((notice) => /accept the weight of ʻUlu/.test(notice.title))).toBe(true);

    expect(
      (await farmer.patch(`/api/orders/${order.id}/status`, { status: 'packed' })).statusCode,
    ).toBe(200);
    const ship = await farmer.patch(`/api/orders/${order.id}/status`, { status: 'in_transit' });
    expect(ship.statusCode).toBe(409);
    expect(ship.json()).toMatchObject({
      code: 'weight_approval_needed',
      items: [{ itemId, productName: 'ʻUlu' }],
    });

    const byFarm = await farmer.post(`${url}/decision`, { accept: true });
    expect(byFarm.statusCode).toBe(403);
    const accepted = await restaurant.post(`${url}/decision`, { accept: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject(expectedTotals(58));
    expect(
      accepted.json().orderItems[0].weightHistory.map((entry: { kind: string }) => entry.kind),
    ).toEqual(['weighed', 'accepted']);
    const again = await restaurant.post(`${url}/decision`, { accept: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('no_weight_decision');

    const shipped = await farmer.patch(`/api/orders/${order.id}/status`, { status: 'in_transit' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await expectBooksBalance(ctx.database.db);
  });

  it('charges the estimate when the restaurant declines the heavier weight', async () => {
    const order = await placeConfirmed(1);
    const url = `/api/orders/${order.id}/items/${order.orderItems[0]!.id}/weight`;
    expect((await farmer.put(url, { weight: 30 })).statusCode).toBe(200);
    const declined = await restaurant.post(`${url}/decision`, { accept: false });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject(expectedTotals(25));
    expect(declined.json().orderItems[0]).toMatchObject({
      weight: 30,
      weightDecision: 'declined',
      totalPrice: '87.50',
    });
  });

  it('charges a lighter weight as it is, and takes a weight sent twice with one key once', async () => {
    const order = await placeConfirmed(1);
    const itemId = order.orderItems[0]!.id;
    const url = `/api/orders/${order.id}/items/${itemId}/weight`;
    const headers = { 'idempotency-key': `weight-${order.id}-first` };
    const send = () => farmer.request({ method: 'PUT', url, payload: { weight: 23.4 }, headers });
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.json()).toMatchObject(expectedTotals(23.4));
    const history = await ctx.database.db
      .select()
      .from(orderItemWeights)
      .where(eq(orderItemWeights.orderItemId, itemId));
    expect(history).toHaveLength(1);
  });

  it('tells the restaurant the new total of an invoice it already holds', async () => {
    const order = await placeConfirmed(1);
    const invoice = await farmer.get(`/api/orders/${order.id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    const url = `/api/orders/${order.id}/items/${order.orderItems[0]!.id}/weight`;
    const weighed = await farmer.put(url, { weight: 24.2 });
    expect(weighed.statusCode, weighed.body).toBe(200);
    const notices = (await restaurant.get('/api/notifications')).json().items as {
      title: string;
      body: string;
    }[];
    const revised = notices.find(
      (notice) => notice.title === `Order #${order.id}: invoice revised for the weight of ʻUlu`,
    );
    expect(revised?.body).toContain(`New total: $${weighed.json().totalAmount}`);
  });
});
