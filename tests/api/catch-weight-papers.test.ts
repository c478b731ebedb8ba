import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate, hawaiiDate } from '#core/hawaii-time';
import { multiplyCents, parseMoney, rateOf, taxCents, toMoneyString } from '#core/money';
import type { Claim } from '#core/schemas/claim';
import type { Order } from '#core/schemas/order';
import type { Product } from '#core/schemas/product';
import { setClock } from '../../src/server/clock';
import { farms, orders, products } from '../../src/server/db/schema';
import { ULU_PRICE, ULU_TAX_RATE, uluScene, type UluScene } from '../helpers/catch-weight-fixtures';
import { pdfText } from '../helpers/pdf-text';
import { createTestApp, type TestContext } from '../helpers/test-app';

// The papers of a line charged by weight (docs/catch-weight.md): the invoice, the FSMA 204
// shipping record, the accounting export and a claim of a short weight, each on 49.9 lb.

let ctx: TestContext;
let farmer: UluScene['farmer'];
let restaurant: UluScene['restaurant'];
let ulu: Product;
let orderOf: UluScene['orderOf'];

const TAX_RATE = ULU_TAX_RATE;
const DAY = '2026-12-03';
const PRICE = parseMoney(ULU_PRICE)!;

beforeAll(async () => {
  setClock(new Date(`${DAY}T22:00:00Z`));
  ctx = await createTestApp();
  ({ farmer, restaurant, ulu, orderOf } = await uluScene(ctx));
  const { db } = ctx.database;
  await db.update(farms).set({ traceabilityEnabled: true }).where(eq(farms.id, farmer.farmId));
  await db
    .update(products)
    .set({ traceabilityCategory: 'tropical_tree_fruits' })
    .where(eq(products.id, ulu.id));
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

/** Two cases of ʻulu placed at their 50 lb estimate and confirmed, delivering on DAY. */
async function confirmedCases(): Promise<Order> {
  const placed = await restaurant.post('/api/orders', orderOf(2));
  expect(placed.statusCode, placed.body).toBe(201);
  const id = (placed.json() as Order).id;
  await ctx.database.db.update(orders).set({ deliveryDate: DAY }).where(eq(orders.id, id));
  const confirmed = await farmer.patch(`/api/orders/${id}/status`, { status: 'confirmed' });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json();
}

async function weigh(order: Order): Promise<Order> {
  const weighed = await farmer.put(
    `/api/orders/${order.id}/items/${order.orderItems[0]!.id}/weight`,
    { weights: [24.6, 25.3] },
  );
  expect(weighed.statusCode, weighed.body).toBe(200);
  return weighed.json();
}

async function invoiceText(order: Order): Promise<string> {
  const response = await farmer.get(`/api/orders/${order.id}/invoice`);
  expect(response.statusCode, response.body).toBe(200);
  return pdfText(response.rawPayload);
}

/** Lots, packed, shipped and delivered: the order the papers below are of. */
async function deliver(order: Order): Promise<void> {
  const lot = await farmer.post('/api/lots', {
    code: `ULU-${order.id}`,
    productId: ulu.id,
    quantity: 2,
    harvestDate: '2026-12-01',
    location: 'Orchard 2, Paʻauilo',
  });
  expect(lot.statusCode, lot.body).toBe(201);
  const assigned = await farmer.put(
    `/api/orders/${order.id}/items/${order.orderItems[0]!.id}/lots`,
    { lots: [{ lotId: lot.json().id, quantity: 2 }] },
  );
  expect(assigned.statusCode, assigned.body).toBe(200);
  for (const status of ['packed', 'in_transit', 'delivered']) {
    const moved = await farmer.patch(`/api/orders/${order.id}/status`, {
      status,
      recipientName: 'Kealoha Chef',
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

describe('the papers of a case charged by weight', () => {
  let order: Order;

  beforeAll(async () => {
    order = await confirmedCases();
  });

  it('invoices the estimate until weighed, then the weight, noting it was revised after issue', async () => {
    const before = await invoiceText(order);
    expect(before).toContain('2 cases · 50 lb estimated');
    expect(before).toContain('$3.50/lb');
    expect(before).not.toContain('Revised on');

    // Weighed an hour after the invoice was issued.
    setClock(new Date(`${DAY}T23:00:00Z`));
    const weighed = await weigh(order);
    expect(weighed.orderItems[0]).toMatchObject({ weight: 49.9, totalPrice: '174.65' });
    const after = await invoiceText(weighed);
    expect(after).toContain('2 cases · 49.9 lb (est. 50 lb)');
    expect(after).toContain('$174.65');
    const weighedOn = formatCalendarDate(hawaiiDate(new Date(weighed.orderItems[0]!.weighedAt!)));
    expect(after).toContain(`Revised on ${weighedOn}: weights entered`);
    // The GET is on the final total.
    expect(after).toContain(`$${weighed.taxAmount}`);
    order = weighed;
  });

  it('does not call an invoice first issued after the weighing revised', async () => {
    const weighedFirst = await weigh(await confirmedCases());
    const text = await invoiceText(weighedFirst);
    expect(text).toContain('49.9 lb (est. 50 lb)');
    expect(text).not.toContain('Revised on');
  });

  it('records the weight shipped on the FSMA 204 shipping record', async () => {
    await deliver(order);
    const response = await farmer.get(
      `/api/traceability/records?lot=ULU-${order.id}&farmId=${farmer.farmId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const [, record] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(record!.split(',').slice(0, 3)).toEqual([`ULU-${order.id}`, '49.9', 'lb']);
  });

  it('exports the weight billed at the price per lb, and the final amount', async () => {
    const response = await farmer.get(
      '/api/exports/accounting?from=2026-12-01&to=2026-12-31&format=quickbooks',
    );
    expect(response.statusCode, response.body).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const invoices = Object.entries(files).find(([name]) => name.startsWith('invoices-'))!;
    const line = strFromU8(invoices[1])
      .split(/\r?\n/)
      .find((row) => row.includes('ʻUlu') && row.includes('174.65'));
    expect(line).toBeDefined();
    expect(line).toContain(',49.9,3.50,174.65,');
  });

  it('credits a short weight at the price per lb, never more than the weight billed', async () => {
    const itemId = order.orderItems[0]!.id;
    const tooMuch = await restaurant.post(`/api/orders/${order.id}/claims`, {
      lines: [{ itemId, kind: 'short', quantity: 50, note: '' }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields).toHaveProperty(['lines.0.quantity']);

    const reported = await restaurant.post(`/api/orders/${order.id}/claims`, {
      lines: [{ itemId, kind: 'short', quantity: 1.5, note: 'The scale at the door said 48.4' }],
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const claim = reported.json() as Claim;
    expect(claim.lines[0]).toMatchObject({
      product: { name: 'ʻUlu', unit: 'lb' },
      quantity: 1.5,
      deliveredQuantity: 49.9,
      unitPrice: '3.50',
    });
    const decided = await farmer.post(`/api/claims/${claim.id}/decision`, { decision: 'accept' });
    expect(decided.statusCode, decided.body).toBe(200);
    const subtotal = multiplyCents(PRICE, 1.5);
    const credit = subtotal + taxCents(subtotal, rateOf(TAX_RATE));
    expect(decided.json().creditNote.amount).toBe(toMoneyString(credit));
  });
});
