import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FarmActor, RestaurantActor } from '#core/actor';
import { centsOf, orderAmounts, parseMoney, rateOf, sumCents, toMoneyString } from '#core/money';
import { quantityHundredths } from '#core/quantity';
import { setClock } from '../../src/server/clock';
import { memberships, orders, productPacks, users } from '../../src/server/db/schema';
import { grantAdmin } from '../../src/server/modules/auth/service';
import { monthlyStatement } from '../../src/server/modules/payments/statement';
import {
  createProduct,
  orderBody,
  placeCheckout,
  setFarmTerms,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { pdfText } from '../helpers/pdf-text';
import {
  createTestApp,
  PASSWORD,
  sampleProfile,
  Session,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * The accounting export (docs/accounting.md): a zip of QuickBooks Online's or Xero's CSV files
 * that, for one month and one counterparty, adds up to that pair's monthly statement.
 */

let ctx: TestContext;
type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;
type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;
let farm: Farmer;
let otherFarm: Farmer;
let restaurant: Restaurant;
let otherRestaurant: Restaurant;
let ulu: ProductFixture;
let kale: ProductFixture;
let taro: ProductFixture;
const placed: Record<string, number> = {};

const hawaiiNoon = (date: string) => new Date(`${date}T22:00:00Z`);
const OCTOBER = 'from=2026-10-01&to=2026-10-31';

/** An order placed and delivered on `day` (the clock's Hawaii day), taxed at the farm's rate. */
async function deliveredOrder(
  day: string,
  by: Farmer,
  buyer: Restaurant,
  lines: { product: ProductFixture; quantity: number }[],
  { deliver = true } = {},
): Promise<number> {
  setClock(hawaiiNoon(day));
  const body = orderBody(by.farmId, lines);
  const subtotal = sumCents(body.items.map((item) => centsOf(item.totalPrice)));
  const fee = centsOf(lines[0]!.product.farmDeliveryFee);
  const profile = (await by.get('/api/auth/user')).json().profile;
  const total = orderAmounts(subtotal, fee, rateOf(profile.taxRate)).totalCents;
  const [order] = await placeCheckout(buyer, [{ ...body, totalAmount: toMoneyString(total) }]);
  for (const status of deliver ? ['confirmed', 'packed', 'in_transit', 'delivered'] : []) {
    const response = await by.patch(`/api/orders/${order!.id}/status`, {
      status,
      recipientName: 'Malia Keawe',
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return order!.id;
}

async function pay(by: Farmer, orderId: number, amount: string, paidOn: string, reference = '') {
  setClock(hawaiiNoon(paidOn));
  const response = await by.post(`/api/orders/${orderId}/payments`, {
    amount,
    paidOn,
    method: 'check',
    reference: reference || undefined,
  });
  expect(response.statusCode, response.body).toBe(201);
  const list = response.json().payments as { id: number }[];
  return list[list.length - 1]!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const { db } = ctx.database;
  farm = await signUpFarmer(ctx.app, 'Kaʻū Farm');
  otherFarm = await signUpFarmer(ctx.app, 'Hāmākua Greens');
  restaurant = await signUpRestaurant(ctx.app, 'Ono Kitchen');
  otherRestaurant = await signUpRestaurant(ctx.app, 'Harbor "Pier 38" Grill');
  const terms = await farm.put('/api/profile/farm', {
    ...sampleProfile('Kaʻū Farm'),
    taxRate: '4.712',
    paymentTerms: 'net_15',
  });
  expect(terms.statusCode, terms.body).toBe(200);
  await setFarmTerms(db, farm.farmId, { deliveryFee: '5.00' });
  ulu = await createProduct(db, farm.farmId, {
    name: 'ʻUlu',
    unit: 'lb',
    price: '3.99',
    availableQuantity: 10_000,
  });
  kale = await createProduct(db, farm.farmId, {
    name: 'Kale, curly',
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

  // September: before the period; its payment in October is in it.
  placed.september = await deliveredOrder('2026-09-28', farm, restaurant, [
    { product: kale, quantity: 2 },
  ]);
  // October: two invoices to Ono Kitchen, one to another restaurant, one from another farm.
  placed.octoberFirst = await deliveredOrder('2026-10-05', farm, restaurant, [
    { product: ulu, quantity: 1.25 },
    { product: kale, quantity: 3 },
  ]);
  placed.octoberSecond = await deliveredOrder('2026-10-20', farm, restaurant, [
    { product: ulu, quantity: 4 },
  ]);
  placed.otherRestaurant = await deliveredOrder('2026-10-21', farm, otherRestaurant, [
    { product: kale, quantity: 1 },
  ]);
  placed.otherFarm = await deliveredOrder('2026-10-22', otherFarm, restaurant, [
    { product: taro, quantity: 7.5 },
  ]);
  // Confirmed but not delivered: not an invoice yet.
  placed.undelivered = await deliveredOrder(
    '2026-10-23',
    farm,
    restaurant,
    [{ product: kale, quantity: 5 }],
    { deliver: false },
  );
  await farm.patch(`/api/orders/${placed.undelivered}/status`, { status: 'confirmed' });
  // November: after the period.
  placed.november = await deliveredOrder('2026-11-02', farm, restaurant, [
    { product: kale, quantity: 4 },
  ]);

  await pay(farm, placed.september!, '14.47', '2026-10-06', 'Check 1042');
  await pay(farm, placed.octoberSecond!, '10.00', '2026-10-25');
  const voided = await pay(farm, placed.octoberFirst!, '5.00', '2026-10-26', 'Check 1043');
  expect((await farm.post(`/api/payments/${voided}/void`, { reason: 'Bounced' })).statusCode).toBe(
    200,
  );
  await pay(farm, placed.octoberFirst!, '3.00', '2026-11-03');
  await pay(otherFarm, placed.otherFarm!, '15.00', '2026-10-30');
  setClock(hawaiiNoon('2026-11-10'));
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

/** A tiny RFC 4180 reader: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  expect(quoted, 'an unterminated quoted field').toBe(false);
  expect(field === '' && row.length === 0, 'a record without its CRLF').toBe(true);
  return rows;
}

interface CsvTable {
  header: string[];
  records: Record<string, string>[];
}

/** The zip's CSV files by name, each checked for its byte order mark and a rectangular shape. */
function unzipCsv(response: LightMyRequestResponse): Record<string, CsvTable> {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['cache-control']).toBe('no-store');
  const files = unzipSync(new Uint8Array(response.rawPayload));
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => {
      expect([...bytes.slice(0, 3)], `${name} starts with a byte order mark`).toEqual([
        0xef, 0xbb, 0xbf,
      ]);
      const [header, ...rows] = parseCsv(strFromU8(bytes.slice(3)));
      for (const row of rows) expect(row).toHaveLength(header!.length);
      const records = rows.map((row) =>
        Object.fromEntries(header!.map((column, index) => [column, row[index]!])),
      );
      return [name, { header: header!, records }];
    }),
  );
}

const cents = (value: string) => {
  const parsed = parseMoney(value);
  expect(parsed, `${value} is an amount`).not.toBeNull();
  return parsed!;
};
/** Quantity × unit amount in cents, exactly (the files never leave a fraction of a cent). */
const lineCents = (quantity: string, unitAmount: string) => {
  const product = cents(unitAmount) * quantityHundredths(Number(quantity))!;
  expect(product % 100, `${quantity} x ${unitAmount} is whole cents`).toBe(0);
  return product / 100;
};

const farmActor = (who: Farmer): FarmActor => ({
  kind: 'person',
  userId: who.userId,
  name: null,
  role: 'farmer',
  business: { kind: 'farm', id: who.farmId },
  businessRole: 'owner',
});
const restaurantActor = (who: Restaurant): RestaurantActor => ({
  kind: 'person',
  userId: who.userId,
  name: null,
  role: 'restaurant',
  business: { kind: 'restaurant', id: who.restaurantId },
  businessRole: 'owner',
});

async function invoiceNumberOf(orderId: number): Promise<string> {
  const [row] = await ctx.database.db
    .select({ number: orders.invoiceNumber })
    .from(orders)
    .where(eq(orders.id, orderId));
  return String(row!.number).padStart(5, '0');
}

const QUICKBOOKS_INVOICE_HEADER = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'ItemTaxCode',
];
const XERO_SALES_HEADER_START = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
];

describe('GET /api/exports/accounting for a farm', () => {
  it('writes QuickBooks invoices and payments that sum to the monthly statement to the cent', async () => {
    const response = await farm.get(`/api/exports/accounting?${OCTOBER}&format=quickbooks`);
    const files = unzipCsv(response);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="quickbooks-kau-farm-2026-10-01-to-2026-10-31.zip"',
    );
    expect(Object.keys(files).sort()).toEqual([
      'invoices-2026-10-01-to-2026-10-31.csv',
      'payments-2026-10-01-to-2026-10-31.csv',
    ]);
    const invoices = files['invoices-2026-10-01-to-2026-10-31.csv']!;
    const payments = files['payments-2026-10-01-to-2026-10-31.csv']!;
    expect(invoices.header).toEqual(QUICKBOOKS_INVOICE_HEADER);
    expect(payments.header).toEqual([
      'PaymentDate',
      'Customer',
      'InvoiceNo',
      'Amount',
      'PaymentMethod',
      'ReferenceNo',
      'Memo',
    ]);

    const statement = await monthlyStatement(ctx.database.db, farmActor(farm), {
      month: '2026-10',
      restaurantId: restaurant.restaurantId,
    });
    const ono = invoices.records.filter((record) => record.Customer === 'Ono Kitchen');
    expect(sumCents(ono.map((record) => cents(record.ItemAmount!)))).toBe(statement.invoicedCents);
    const onoPaid = payments.records.filter((record) => record.Customer === 'Ono Kitchen');
    expect(sumCents(onoPaid.map((record) => cents(record.Amount!)))).toBe(statement.paidCents);
    expect(statement.invoicedCents).toBeGreaterThan(0);
    expect(statement.paidCents).toBe(2447);

    // Each line's amount is its quantity times its rate; each invoice adds up to its order.
    for (const record of invoices.records) {
      expect(lineCents(record.ItemQuantity!, record.ItemRate!)).toBe(cents(record.ItemAmount!));
      expect(record.ItemTaxCode).toBe('NON');
    }
    const [first] = await ctx.database.db
      .select({ total: orders.totalAmount, tax: orders.taxAmount })
      .from(orders)
      .where(eq(orders.id, placed.octoberFirst!));
    const firstNumber = await invoiceNumberOf(placed.octoberFirst!);
    const firstLines = invoices.records.filter((record) => record.InvoiceNo === firstNumber);
    expect(sumCents(firstLines.map((record) => cents(record.ItemAmount!)))).toBe(
      centsOf(first!.total),
    );
    expect(firstLines.map((record) => record['Item(Product/Service)'])).toEqual([
      'ʻUlu',
      'Kale, curly',
      'Delivery fee',
      'GET',
    ]);
    expect(firstLines[0]).toMatchObject({
      // 1.25 lb at $3.99 is $4.9875, $4.99 on the invoice: written as 1 at its amount.
      ItemDescription: 'ʻUlu: 1.25 lb at $3.99 per lb',
      ItemQuantity: '1',
      ItemRate: '4.99',
      ItemAmount: '4.99',
      InvoiceDate: '10/05/2026',
      DueDate: '10/20/2026',
      Terms: 'Net 15',
      Memo: `Harvest Hui order #${placed.octoberFirst}`,
      Customer: 'Ono Kitchen',
    });
    expect(firstLines[1]).toMatchObject({
      ItemQuantity: '3',
      ItemRate: '4.50',
      ItemAmount: '13.50',
    });
    expect(firstLines[2]).toMatchObject({ ItemQuantity: '1', ItemAmount: '5.00' });
    expect(firstLines[3]).toMatchObject({
      ItemDescription: 'General Excise Tax 4.712%',
      ItemAmount: first!.tax,
    });

    // Only this farm's delivered orders of October; the other restaurant's invoice too.
    const numbers = new Set(invoices.records.map((record) => record.InvoiceNo));
    expect(numbers).toEqual(
      new Set(
        await Promise.all(
          [placed.octoberFirst!, placed.octoberSecond!, placed.otherRestaurant!].map(
            invoiceNumberOf,
          ),
        ),
      ),
    );
    expect(invoices.records.some((record) => record.Customer === 'Harbor "Pier 38" Grill')).toBe(
      true,
    );
    // The voided payment and November's are left out; September's invoice is paid in October.
    expect(payments.records).toEqual([
      {
        PaymentDate: '10/06/2026',
        Customer: 'Ono Kitchen',
        InvoiceNo: await invoiceNumberOf(placed.september!),
        Amount: '14.47',
        PaymentMethod: 'Check',
        ReferenceNo: 'Check 1042',
        Memo: expect.stringContaining(`order #${placed.september}`),
      },
      expect.objectContaining({
        PaymentDate: '10/25/2026',
        InvoiceNo: await invoiceNumberOf(placed.octoberSecond!),
        Amount: '10.00',
      }),
    ]);
  });

  it('gives the invoices their numbers for good: the PDF downloaded later prints the same', async () => {
    const number = await invoiceNumberOf(placed.octoberSecond!);
    const pdf = await farm.get(`/api/orders/${placed.octoberSecond}/invoice`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain(number);
    const again = unzipCsv(await farm.get(`/api/exports/accounting?${OCTOBER}&format=quickbooks`));
    const invoices = again['invoices-2026-10-01-to-2026-10-31.csv']!;
    expect(invoices.records.some((record) => record.InvoiceNo === number)).toBe(true);
    // Numbers follow the farm's own counter: no gap, no repeat.
    const all = await ctx.database.db
      .select({ number: orders.invoiceNumber })
      .from(orders)
      .where(eq(orders.farmId, farm.farmId));
    const given = all.map((row) => row.number).filter((n): n is number => n !== null);
    expect(new Set(given).size).toBe(given.length);
    expect(Math.max(...given)).toBe(given.length);
  });

  it('writes Xero sales invoices and payments that sum to the statement', async () => {
    const files = unzipCsv(await farm.get(`/api/exports/accounting?${OCTOBER}&format=xero`));
    const invoices = files['invoices-2026-10-01-to-2026-10-31.csv']!;
    const payments = files['payments-2026-10-01-to-2026-10-31.csv']!;
    expect(invoices.header.slice(0, XERO_SALES_HEADER_START.length)).toEqual(
      XERO_SALES_HEADER_START,
    );
    expect(payments.header).toEqual([
      'Date',
      'ContactName',
      'InvoiceNumber',
      'Amount',
      'Reference',
    ]);
    const statement = await monthlyStatement(ctx.database.db, farmActor(farm), {
      month: '2026-10',
      restaurantId: restaurant.restaurantId,
    });
    const ono = invoices.records.filter((record) => record['*ContactName'] === 'Ono Kitchen');
    expect(
      sumCents(ono.map((record) => lineCents(record['*Quantity']!, record['*UnitAmount']!))),
    ).toBe(statement.invoicedCents);
    const onoPaid = payments.records.filter((record) => record.ContactName === 'Ono Kitchen');
    expect(sumCents(onoPaid.map((record) => cents(record.Amount!)))).toBe(statement.paidCents);
    for (const record of invoices.records) {
      expect(record['*TaxType']).toBe('Tax Exempt');
      expect(record['*InvoiceDate']).toMatch(/^10\/\d{2}\/2026$/);
    }
    const get = ono.find((record) => record['*Description']!.startsWith('General Excise Tax'));
    expect(get).toMatchObject({ '*AccountCode': '820', '*Quantity': '1' });
    expect(ono.find((record) => record['*Description'] === 'Delivery fee')).toMatchObject({
      '*AccountCode': '260',
      '*UnitAmount': '5.00',
    });
    expect(payments.records[0]).toMatchObject({ Reference: 'Check 1042 (Check)' });
  });

  it('keeps each farm to its own books', async () => {
    const files = unzipCsv(await otherFarm.get(`/api/exports/accounting?${OCTOBER}&format=xero`));
    const invoices = files['invoices-2026-10-01-to-2026-10-31.csv']!;
    expect(invoices.records.map((record) => record['*InvoiceNumber'])).toEqual([
      await invoiceNumberOf(placed.otherFarm!),
    ]);
    expect(invoices.records[0]).toMatchObject({
      '*ContactName': 'Ono Kitchen',
      '*Description': 'Taro (lb)',
      '*Quantity': '7.5',
      '*UnitAmount': '2.00',
    });
  });

  it('answers a period with nothing in it with the files and their headers only', async () => {
    const response = await farm.get(
      '/api/exports/accounting?from=2025-01-01&to=2025-01-31&format=quickbooks',
    );
    const files = unzipCsv(response);
    expect(Object.values(files).map((file) => file.records.length)).toEqual([0, 0]);
    expect(files['invoices-2025-01-01-to-2025-01-31.csv']!.header).toEqual(
      QUICKBOOKS_INVOICE_HEADER,
    );
  });
});

describe('GET /api/exports/accounting for a restaurant', () => {
  it('writes QuickBooks bills and bill payments that sum to each farm’s statement', async () => {
    const response = await restaurant.get(`/api/exports/accounting?${OCTOBER}&format=quickbooks`);
    const files = unzipCsv(response);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="quickbooks-ono-kitchen-2026-10-01-to-2026-10-31.zip"',
    );
    const bills = files['bills-2026-10-01-to-2026-10-31.csv']!;
    const paid = files['bill-payments-2026-10-01-to-2026-10-31.csv']!;
    expect(bills.header).toEqual([
      'BillNo',
      'Supplier',
      'BillDate',
      'DueDate',
      'Terms',
      'Memo',
      'Account',
      'LineDescription',
      'LineAmount',
    ]);
    expect(paid.header).toEqual([
      'PaymentDate',
      'Supplier',
      'BillNo',
      'Amount',
      'PaymentMethod',
      'ReferenceNo',
      'Memo',
    ]);
    for (const [supplier, who] of [
      ['Kaʻū Farm', farm],
      ['Hāmākua Greens', otherFarm],
    ] as const) {
      const statement = await monthlyStatement(ctx.database.db, restaurantActor(restaurant), {
        month: '2026-10',
        farmId: who.farmId,
      });
      const lines = bills.records.filter((record) => record.Supplier === supplier);
      expect(sumCents(lines.map((record) => cents(record.LineAmount!)))).toBe(
        statement.invoicedCents,
      );
      const payments = paid.records.filter((record) => record.Supplier === supplier);
      expect(sumCents(payments.map((record) => cents(record.Amount!)))).toBe(statement.paidCents);
    }
    // Only the restaurant's own bills: the other restaurant's invoice is not here.
    const elsewhere = await invoiceNumberOf(placed.otherRestaurant!);
    expect(
      bills.records.some(
        (record) => record.BillNo === elsewhere && record.Supplier === 'Kaʻū Farm',
      ),
    ).toBe(false);
    expect(
      bills.records.find(
        (record) => record.LineDescription === 'Kale, curly: 3 bunch at $4.50 per bunch',
      ),
    ).toMatchObject({ Account: 'Cost of Goods Sold', LineAmount: '13.50' });
  });

  it('writes Xero bills and payments that sum to the statement', async () => {
    const files = unzipCsv(await restaurant.get(`/api/exports/accounting?${OCTOBER}&format=xero`));
    const bills = files['bills-2026-10-01-to-2026-10-31.csv']!;
    const payments = files['payments-2026-10-01-to-2026-10-31.csv']!;
    expect(bills.header.slice(0, 17)).toEqual([
      '*ContactName',
      'EmailAddress',
      'POAddressLine1',
      'POAddressLine2',
      'POAddressLine3',
      'POAddressLine4',
      'POCity',
      'PORegion',
      'POPostalCode',
      'POCountry',
      '*InvoiceNumber',
      '*InvoiceDate',
      '*DueDate',
      'Total',
      'InventoryItemCode',
      'Description',
      '*Quantity',
    ]);
    expect(bills.header).toEqual(
      expect.arrayContaining(['*UnitAmount', '*AccountCode', '*TaxType', 'TaxAmount']),
    );
    const statement = await monthlyStatement(ctx.database.db, restaurantActor(restaurant), {
      month: '2026-10',
      farmId: farm.farmId,
    });
    const lines = bills.records.filter((record) => record['*ContactName'] === 'Kaʻū Farm');
    expect(
      sumCents(lines.map((record) => lineCents(record['*Quantity']!, record['*UnitAmount']!))),
    ).toBe(statement.invoicedCents);
    expect(
      sumCents(
        payments.records
          .filter((record) => record.ContactName === 'Kaʻū Farm')
          .map((record) => cents(record.Amount!)),
      ),
    ).toBe(statement.paidCents);
    expect(lines.map((record) => record['*AccountCode'])).toContain('425');
  });
});

describe('who may export, and what it takes', () => {
  it.each([
    [
      'from=2026-10-31&to=2026-10-01&format=xero',
      'to',
      'The end date cannot be before the start date',
    ],
    ['from=2025-01-01&to=2026-01-02&format=xero', 'to', 'Choose at most 366 days'],
    ['from=2026-02-30&to=2026-03-01&format=xero', 'from', 'Use a date like 2026-12-01'],
    [
      'from=0000-01-01&to=2026-03-01&format=xero',
      'from',
      'Choose a date from 2000-01-01 to 2100-12-31',
    ],
    ['from=2026-01-01&format=xero', 'to', undefined],
    ['from=2026-01-01&to=2026-01-31&format=sage', 'format', 'Choose quickbooks or xero'],
    ['from=2026-01-01&to=2026-01-31', 'format', undefined],
  ])('refuses %s with 400 naming %s', async (query, field, message) => {
    const response = await farm.get(`/api/exports/accounting?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    const fields = response.json().fields as Record<string, string>;
    expect(Object.keys(fields)).toContain(field);
    if (message) expect(fields[field]).toBe(message);
  });

  it('takes a whole leap year', async () => {
    const response = await farm.get(
      '/api/exports/accounting?from=2024-01-01&to=2024-12-31&format=xero',
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it('is 401 signed out and 403 for an administrator, a person with no business, or a packer', async () => {
    expect(
      (await new Session(ctx.app).get(`/api/exports/accounting?${OCTOBER}&format=xero`)).statusCode,
    ).toBe(401);
    const admin = await signUp(ctx.app, 'admin');
    expect(await grantAdmin(ctx.database.db, admin.email)).toBe(true);
    expect((await admin.get(`/api/exports/accounting?${OCTOBER}&format=xero`)).statusCode).toBe(
      403,
    );
    const newcomer = await signUp(ctx.app, 'newcomer');
    expect((await newcomer.get(`/api/exports/accounting?${OCTOBER}&format=xero`)).statusCode).toBe(
      403,
    );
    // A packer of the farm sees no money (src/core/permissions.ts).
    const packer = await signUp(ctx.app, 'packer');
    await ctx.database.db.update(users).set({ role: 'farmer' }).where(eq(users.id, packer.userId));
    await ctx.database.db.insert(memberships).values({
      userId: packer.userId,
      businessKind: 'farm',
      farmId: farm.farmId,
      businessRole: 'packer',
    });
    // Signed in afresh, so the session acts for the farm it now belongs to.
    const packing = new Session(ctx.app);
    expect(
      (await packing.post('/api/auth/login', { email: packer.email, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    const refused = await packing.get(`/api/exports/accounting?${OCTOBER}&format=xero`);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('forbidden_for_role');
  });
});

describe('a line sold by the case', () => {
  it('writes the pack in the description, its count and the price of one case', async () => {
    const [casePack] = await ctx.database.db
      .insert(productPacks)
      .values({ productId: kale.id, label: 'case of 24 bunches', size: 24, price: '99.00' })
      .returning({ id: productPacks.id });
    setClock(hawaiiNoon('2026-12-07'));
    try {
      const profile = (await farm.get('/api/auth/user')).json().profile;
      const subtotal = centsOf('198.00');
      const total = orderAmounts(subtotal, centsOf('5.00'), rateOf(profile.taxRate)).totalCents;
      const caseLine = {
        productId: kale.id,
        packId: casePack!.id,
        quantity: 2,
        unitPrice: '99.00',
        totalPrice: '198.00',
      };
      const [order] = await placeCheckout(restaurant, [
        { farmId: farm.farmId, totalAmount: toMoneyString(total), items: [caseLine] },
      ]);
      for (const status of ['confirmed', 'packed', 'in_transit', 'delivered']) {
        const moved = await farm.patch(`/api/orders/${order!.id}/status`, {
          status,
          recipientName: 'Malia Keawe',
        });
        expect(moved.statusCode, moved.body).toBe(200);
      }
      const december = 'from=2026-12-01&to=2026-12-31';
      const quickbooks = unzipCsv(
        await farm.get(`/api/exports/accounting?${december}&format=quickbooks`),
      )['invoices-2026-12-01-to-2026-12-31.csv']!;
      expect(
        quickbooks.records.find((row) => row['Item(Product/Service)'] === 'Kale, curly'),
      ).toMatchObject({
        ItemDescription: 'Kale, curly — case of 24 bunches',
        ItemQuantity: '2',
        ItemRate: '99.00',
        ItemAmount: '198.00',
      });
      const bills = unzipCsv(
        await restaurant.get(`/api/exports/accounting?${december}&format=quickbooks`),
      )['bills-2026-12-01-to-2026-12-31.csv']!;
      expect(bills.records.map((row) => row.LineDescription)).toContain(
        'Kale, curly: 2 cases of 24 bunches at $99.00 per case of 24 bunches',
      );
    } finally {
      setClock(hawaiiNoon('2026-11-10'));
    }
  });
});
