import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf, orderAmounts, rateOf, sumCents, toMoneyString } from '#core/money';
import type { GetSummary } from '#core/schemas/get-summary';
import { setClock } from '../../src/server/clock';
import { creditNotes, orders } from '../../src/server/db/schema';
import { hawaiiNoon } from '../helpers/clock';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
  setFarmTerms,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { pdfText } from '../helpers/pdf-text';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  sampleProfile,
  Session,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * The farm's GET summary (docs/tax.md#the-get-summary): gross proceeds by GET rate, the sum of
 * the period's invoices at each rate to the cent, less the credit notes issued in it.
 */

let ctx: TestContext;
type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;
type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;
let farm: Farmer;
let otherFarm: Farmer;
let ono: Restaurant;
let harbor: Restaurant;
let ulu: ProductFixture;
let kale: ProductFixture;
let taro: ProductFixture;
const placed: Record<string, number> = {};

const OCTOBER = 'from=2026-10-01&to=2026-10-31';
const WHOLESALE = '0.5';
const PASS_ON = '4.712';

interface PlacedOrder {
  id: number;
  orderItems: { id: number; productId: number }[];
}

/** Places an order at the farm's rate of the moment, on `day`; delivers it that day unless told. */
async function order(
  day: string,
  by: Farmer,
  buyer: Restaurant,
  lines: { product: ProductFixture; quantity: number }[],
  { deliver = true, deliveryDate }: { deliver?: boolean; deliveryDate?: string } = {},
): Promise<PlacedOrder> {
  setClock(hawaiiNoon(day));
  const body = orderBody(by.farmId, lines, deliveryDate ? { deliveryDate } : {});
  const subtotal = sumCents(body.items.map((item) => centsOf(item.totalPrice)));
  const fee = centsOf(lines[0]!.product.farmDeliveryFee);
  const profile = (await by.get('/api/auth/user')).json().profile;
  const total = orderAmounts(subtotal, fee, rateOf(profile.taxRate)).totalCents;
  const [placedOrder] = await placeCheckout(buyer, [
    { ...body, totalAmount: toMoneyString(total) },
  ]);
  for (const status of deliver ? ['confirmed', 'packed', 'in_transit', 'delivered'] : []) {
    const response = await by.patch(`/api/orders/${placedOrder!.id}/status`, {
      status,
      recipientName: 'Malia Keawe',
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return placedOrder as unknown as PlacedOrder;
}

async function setRate(rate: string) {
  const response = await farm.put('/api/profile/farm', {
    ...sampleProfile('Kaʻū Farm'),
    taxRate: rate,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A claim on one line of a delivered order, accepted in full on `day`: one credit note. */
async function creditNote(day: string, buyer: Restaurant, on: PlacedOrder, quantity: number) {
  setClock(hawaiiNoon(day));
  const reported = await buyer.post(`/api/orders/${on.id}/claims`, {
    lines: [{ itemId: on.orderItems[0]!.id, kind: 'damaged', quantity, note: 'Bruised' }],
  });
  expect(reported.statusCode, reported.body).toBe(201);
  const decided = await farm.post(`/api/claims/${reported.json().id}/decision`, {
    decision: 'accept',
  });
  expect(decided.statusCode, decided.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const { db } = ctx.database;
  farm = await signUpFarmer(ctx.app, 'Kaʻū Farm');
  otherFarm = await signUpFarmer(ctx.app, 'Hāmākua Greens');
  ono = await signUpRestaurant(ctx.app, 'Ono Kitchen');
  harbor = await signUpRestaurant(ctx.app, 'Harbor "Pier 38" Grill');
  await setRate(PASS_ON);
  await setFarmTerms(db, farm.farmId, { deliveryFee: '5.00' });
  ulu = await createProduct(db, farm.farmId, {
    name: 'ʻUlu',
    unit: 'lb',
    price: '3.99',
    availableQuantity: 10_000,
  });
  kale = await createProduct(db, farm.farmId, {
    name: 'Kale',
    unit: 'bunch',
    price: '4.50',
    availableQuantity: 10_000,
  });
  taro = await createProduct(db, otherFarm.farmId, {
    name: 'Taro',
    unit: 'lb',
    price: '2.00',
    availableQuantity: 10_000,
  });

  // At the pass-on rate: the last day of September (outside October), then two in October.
  const september = await order('2026-09-30', farm, ono, [{ product: kale, quantity: 2 }]);
  placed.september = september.id;
  // September's invoice credited on October 1: in October's summary, at its order's rate.
  await creditNote('2026-10-01', ono, september, 1);
  const first = await order('2026-10-05', farm, ono, [
    { product: ulu, quantity: 1.25 },
    { product: kale, quantity: 3 },
  ]);
  placed.first = first.id;
  // Credited in October too.
  await creditNote('2026-10-06', ono, first, 1.25);
  placed.harbor = (await order('2026-10-12', farm, harbor, [{ product: kale, quantity: 1 }])).id;

  // The farm changes its rate: the next orders keep the wholesale rate.
  await setRate(WHOLESALE);
  placed.wholesale = (await order('2026-10-20', farm, ono, [{ product: ulu, quantity: 4 }])).id;
  const lastDay = await order('2026-10-31', farm, harbor, [{ product: kale, quantity: 7 }]);
  placed.lastDay = lastDay.id;
  // Due in October but never delivered, and cancelled: neither is an invoice.
  await addDeliveryDay(db, farm.farmId, '2026-10-23');
  placed.undelivered = (
    await order('2026-10-21', farm, ono, [{ product: kale, quantity: 5 }], {
      deliver: false,
      deliveryDate: '2026-10-23',
    })
  ).id;
  expect(
    (await farm.patch(`/api/orders/${placed.undelivered}/status`, { status: 'confirmed' }))
      .statusCode,
  ).toBe(200);
  placed.cancelled = (
    await order('2026-10-21', farm, harbor, [{ product: ulu, quantity: 9 }], {
      deliver: false,
      deliveryDate: '2026-10-23',
    })
  ).id;
  const cancel = await farm.patch(`/api/orders/${placed.cancelled}/status`, {
    status: 'cancelled',
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  // Another farm's October invoice.
  placed.otherFarm = (
    await order('2026-10-22', otherFarm, ono, [{ product: taro, quantity: 3 }])
  ).id;
  // November: a credit note on October's last invoice, and an invoice.
  await creditNote('2026-11-01', harbor, lastDay, 2);
  placed.november = (await order('2026-11-02', farm, ono, [{ product: kale, quantity: 4 }])).id;
  setClock(hawaiiNoon('2026-11-10'));
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

async function summaryOf(who: Session, query: string): Promise<GetSummary> {
  const response = await who.get(`/api/reports/get-summary?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json() as GetSummary;
}

/**
 * What the farm's invoices of the period say, from its own order list: each delivered order of
 * the period at its stored rate, its tax checked against the one rounding rule, less the credit
 * notes issued in the period on the farm's orders.
 */
async function invoicesByRate(from: string, to: string) {
  const list = await farm.get('/api/orders/farm?limit=100');
  expect(list.statusCode, list.body).toBe(200);
  const all = list.json() as {
    id: number;
    status: string;
    deliveryDate: string | null;
    subtotal: string;
    deliveryFee: string;
    taxRate: string;
    taxAmount: string;
    totalAmount: string;
  }[];
  const byRate = new Map<string, { invoiced: number; credited: number; orderIds: number[] }>();
  const at = (rate: string) => {
    const entry = byRate.get(rate) ?? { invoiced: 0, credited: 0, orderIds: [] };
    byRate.set(rate, entry);
    return entry;
  };
  for (const row of all) {
    if (row.status !== 'delivered' || row.deliveryDate! < from || row.deliveryDate! > to) continue;
    const amounts = orderAmounts(
      centsOf(row.subtotal),
      centsOf(row.deliveryFee),
      rateOf(row.taxRate),
    );
    expect(centsOf(row.taxAmount)).toBe(amounts.taxCents);
    expect(centsOf(row.totalAmount)).toBe(amounts.totalCents);
    at(row.taxRate).invoiced += amounts.totalCents;
    at(row.taxRate).orderIds.push(row.id);
  }
  const notes = await ctx.database.db
    .select({ amount: creditNotes.amount, taxRate: orders.taxRate })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(
      and(
        eq(creditNotes.farmId, farm.farmId),
        gte(creditNotes.issuedOn, from),
        lte(creditNotes.issuedOn, to),
      ),
    );
  for (const note of notes) at(note.taxRate).credited += centsOf(note.amount);
  return byRate;
}

describe('GET /api/reports/get-summary', () => {
  it('adds up a month as the sum of its invoices by rate, to the cent, less credit notes', async () => {
    const summary = await summaryOf(farm, OCTOBER);
    const expected = await invoicesByRate('2026-10-01', '2026-10-31');
    expect(summary.rates.map((rate) => rate.taxRate)).toEqual(['0.5000', '4.7120']);
    expect(new Set(expected.keys())).toEqual(new Set(['0.5000', '4.7120']));
    for (const rate of summary.rates) {
      const invoices = expected.get(rate.taxRate)!;
      expect(centsOf(rate.invoiced)).toBe(invoices.invoiced);
      expect(centsOf(rate.credited)).toBe(invoices.credited);
      expect(centsOf(rate.grossProceeds)).toBe(invoices.invoiced - invoices.credited);
      expect(rate.invoices.map((invoice) => invoice.orderId).sort()).toEqual(
        invoices.orderIds.sort(),
      );
      // Each figure is the sum of the orders listed under it.
      const listed = (pick: (invoice: GetSummary['rates'][number]['invoices'][number]) => string) =>
        toMoneyString(sumCents(rate.invoices.map((invoice) => centsOf(pick(invoice)))));
      expect(rate.subtotal).toBe(listed((invoice) => invoice.subtotal));
      expect(rate.deliveryFees).toBe(listed((invoice) => invoice.deliveryFee));
      expect(rate.taxPassedOn).toBe(listed((invoice) => invoice.taxAmount));
      expect(centsOf(rate.subtotal) + centsOf(rate.deliveryFees) + centsOf(rate.taxPassedOn)).toBe(
        centsOf(rate.invoiced),
      );
      expect(rate.credited).toBe(
        toMoneyString(sumCents(rate.creditNotes.map((note) => centsOf(note.amount)))),
      );
    }

    // The same figures worked out by hand.
    const [wholesale, passOn] = summary.rates;
    // ʻUlu 1.25 lb at $3.99 is $4.99, kale 3 at $4.50 is $13.50, fee $5.00: $23.49 taxed at
    // 4.712% is $1.1069, so $1.11. Kale 1 at $4.50 + $5.00 = $9.50 at 4.712% is $0.45.
    expect(passOn).toMatchObject({
      invoiceCount: 2,
      subtotal: '22.99',
      deliveryFees: '10.00',
      taxPassedOn: '1.56',
      invoiced: '34.55',
      creditNoteCount: 2,
      // Kale $4.50 + $0.21 GET (September's); ʻUlu $4.99 + $0.24 GET.
      credited: '9.94',
      grossProceeds: '24.61',
    });
    // ʻUlu 4 lb $15.96 + $5.00 = $20.96 at 0.5% is $0.1048, so $0.10; kale 7 at $4.50 =
    // $31.50 + $5.00 = $36.50 at 0.5% is $0.1825, so $0.18.
    expect(wholesale).toMatchObject({
      invoiceCount: 2,
      subtotal: '47.46',
      deliveryFees: '10.00',
      taxPassedOn: '0.28',
      invoiced: '57.74',
      creditNoteCount: 0,
      credited: '0.00',
      grossProceeds: '57.74',
    });
    expect(summary.totals).toMatchObject({
      invoiceCount: 4,
      invoiced: '92.29',
      credited: '9.94',
      grossProceeds: '82.35',
    });
    expect(summary).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      farm: { id: farm.farmId, name: 'Kaʻū Farm' },
    });
  });

  it('lists the orders behind each figure, and leaves out the others', async () => {
    const summary = await summaryOf(farm, OCTOBER);
    const [wholesale, passOn] = summary.rates;
    expect(passOn!.invoices.map((invoice) => invoice.orderId)).toEqual([
      placed.first,
      placed.harbor,
    ]);
    expect(wholesale!.invoices.map((invoice) => invoice.orderId)).toEqual([
      placed.wholesale,
      placed.lastDay,
    ]);
    expect(passOn!.invoices[1]).toMatchObject({
      deliveryDate: '2026-10-12',
      restaurantName: 'Harbor "Pier 38" Grill',
      subtotal: '4.50',
      deliveryFee: '5.00',
      taxAmount: '0.45',
      totalAmount: '9.95',
      invoiceNumber: expect.stringMatching(/^\d{5}$/),
    });
    // Numbered as the invoice itself prints it (given now when it had no number yet).
    const invoicePdf = await farm.get(`/api/orders/${placed.harbor}/invoice`);
    expect(await pdfText(invoicePdf.rawPayload)).toContain(passOn!.invoices[1]!.invoiceNumber);
    const numbers = summary.rates.flatMap((rate) => rate.invoices.map((i) => i.invoiceNumber));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(passOn!.creditNotes.map((note) => [note.orderId, note.issuedOn])).toEqual([
      [placed.september, '2026-10-01'],
      [placed.first, '2026-10-06'],
    ]);
    expect(passOn!.creditNotes[0]).toMatchObject({
      number: 'CN-00001',
      subtotal: '4.50',
      taxAmount: '0.21',
      amount: '4.71',
    });
    const listed = summary.rates.flatMap((rate) => rate.invoices.map((invoice) => invoice.orderId));
    for (const left of ['september', 'undelivered', 'cancelled', 'otherFarm', 'november']) {
      expect(listed, left).not.toContain(placed[left]);
    }
  });

  it('counts a credit note in the period it was issued in, whenever its invoice was', async () => {
    const november = await summaryOf(farm, 'from=2026-11-01&to=2026-11-30');
    expect(november.rates.map((rate) => rate.taxRate)).toEqual(['0.5000']);
    const [wholesale] = november.rates;
    // November's order was placed at the wholesale rate; the note credits October's last order.
    expect(wholesale!.invoices.map((invoice) => invoice.orderId)).toEqual([placed.november]);
    expect(wholesale!.creditNotes.map((note) => note.orderId)).toEqual([placed.lastDay]);
    // Kale 2 at $4.50 = $9.00, GET at 0.5% $0.045 rounds half up to $0.05.
    expect(wholesale!.creditNotes[0]).toMatchObject({ subtotal: '9.00', taxAmount: '0.05' });
    expect(wholesale!.grossProceeds).toBe(
      toMoneyString(centsOf(wholesale!.invoiced) - centsOf(wholesale!.credited)),
    );
  });

  it('adds up a year across the months, and a day on its own', async () => {
    const year = await summaryOf(farm, 'from=2026-01-01&to=2026-12-31');
    const months = await Promise.all(
      ['from=2026-09-01&to=2026-09-30', OCTOBER, 'from=2026-11-01&to=2026-11-30'].map((query) =>
        summaryOf(farm, query),
      ),
    );
    expect(centsOf(year.totals.grossProceeds)).toBe(
      sumCents(months.map((month) => centsOf(month.totals.grossProceeds))),
    );
    expect(year.totals.invoiceCount).toBe(6);
    const lastDay = await summaryOf(farm, 'from=2026-10-31&to=2026-10-31');
    expect(
      lastDay.rates.flatMap((rate) => rate.invoices.map((invoice) => invoice.orderId)),
    ).toEqual([placed.lastDay]);
  });

  it('keeps each farm to its own orders, and answers an empty period with zeros', async () => {
    const other = await summaryOf(otherFarm, OCTOBER);
    expect(other.rates).toHaveLength(1);
    expect(other.rates[0]!.taxRate).toBe('0.0000');
    expect(other.rates[0]!.invoices.map((invoice) => invoice.orderId)).toEqual([placed.otherFarm]);
    const empty = await summaryOf(farm, 'from=2025-01-01&to=2025-01-31');
    expect(empty.rates).toEqual([]);
    expect(empty.totals).toEqual({
      invoiceCount: 0,
      subtotal: '0.00',
      deliveryFees: '0.00',
      taxPassedOn: '0.00',
      invoiced: '0.00',
      creditNoteCount: 0,
      credited: '0.00',
      grossProceeds: '0.00',
    });
  });

  it('downloads the same figures as CSV', async () => {
    const response = await farm.get(`/api/reports/get-summary?${OCTOBER}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="get-summary-kau-farm-2026-10-01-to-2026-10-31.csv"',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = response.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header).toEqual([
      'GET rate (%)',
      'Row',
      'Date',
      'Order',
      'Number',
      'Restaurant',
      'Subtotal',
      'Delivery fee',
      'GET passed on',
      'Amount',
    ]);
    const summary = await summaryOf(farm, OCTOBER);
    const amountOf = (rate: string, row: string) =>
      rows.filter((cells) => cells[0] === rate && cells[1] === row).map((cells) => cells.at(-1));
    for (const rate of summary.rates) {
      const invoices = amountOf(rate.taxRate, 'Invoice');
      expect(invoices).toEqual(rate.invoices.map((invoice) => invoice.totalAmount));
      expect(amountOf(rate.taxRate, 'Credit note (less)')).toEqual(
        rate.creditNotes.map((note) => note.amount),
      );
      expect(amountOf(rate.taxRate, 'Gross proceeds')).toEqual([rate.grossProceeds]);
    }
    expect(amountOf('All rates', 'Gross proceeds')).toEqual([summary.totals.grossProceeds]);
    expect(response.body).toContain('"Harbor ""Pier 38"" Grill"');
  });

  it('downloads the same figures as a PDF', async () => {
    const response = await farm.get(`/api/reports/get-summary?${OCTOBER}&format=pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="get-summary-kau-farm-2026-10-01-to-2026-10-31.pdf"',
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Kaʻū Farm');
    expect(text).toContain('GET SUMMARY · Oct 1, 2026 to Oct 31, 2026');
    expect(text).toMatch(/Gross proceeds at 4\.712% \$24\.61/);
    expect(text).toMatch(/Gross proceeds at 0\.5% \$57\.74/);
    expect(text).toMatch(/All rates 4 \$70\.45 \$20\.00 \$1\.84 -\$9\.94 \$82\.35/);
    expect(text).toContain(`#${placed.harbor}`);
    expect(text).toContain('CN-00001');
  });
});

describe('who may ask, and what', () => {
  it('answers the owner and the bookkeeper; refuses a manager, a packer and a restaurant', async () => {
    const bookkeeper = await signUpMember(ctx.app, { kind: 'farm', id: farm.farmId }, 'bookkeeper');
    expect((await bookkeeper.get(`/api/reports/get-summary?${OCTOBER}`)).statusCode).toBe(200);
    for (const role of ['manager', 'packer'] as const) {
      const member = await signUpMember(ctx.app, { kind: 'farm', id: farm.farmId }, role);
      const refused = await member.get(`/api/reports/get-summary?${OCTOBER}&format=pdf`);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().code).toBe('forbidden_for_role');
      expect(refused.body).not.toContain('Ono Kitchen');
    }
    const restaurant = await ono.get(`/api/reports/get-summary?${OCTOBER}`);
    expect(restaurant.statusCode).toBe(403);
    expect((await new Session(ctx.app).get(`/api/reports/get-summary?${OCTOBER}`)).statusCode).toBe(
      401,
    );
  });

  it('refuses a bad period with the field at fault', async () => {
    const cases: [string, string, string][] = [
      ['from=2026-13-01&to=2026-12-31', 'from', 'Use a date like 2026-12-01'],
      ['from=2026-10-01&to=31/10/2026', 'to', 'Use a date like 2026-12-01'],
      ['to=2026-10-31', 'from', ''],
      ['from=1999-12-31&to=2000-01-31', 'from', 'Choose a date from 2000-01-01 to 2100-12-31'],
      ['from=2026-10-31&to=2026-10-01', 'to', 'The end date cannot be before the start date'],
      ['from=2026-01-01&to=2027-01-02', 'to', 'Choose at most 366 days'],
      [`${OCTOBER}&format=xlsx`, 'format', 'Choose pdf or csv'],
    ];
    for (const [query, field, message] of cases) {
      const response = await farm.get(`/api/reports/get-summary?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe('validation');
      expect(Object.keys(response.json().fields), query).toEqual([field]);
      if (message) expect(response.json().fields[field], query).toBe(message);
    }
    // A leap year is 366 days: the longest period.
    expect(
      (await farm.get('/api/reports/get-summary?from=2028-01-01&to=2028-12-31')).statusCode,
    ).toBe(200);
  });
});
