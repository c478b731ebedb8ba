import { describe, expect, it } from 'vitest';
import type { BookInvoice, Books } from './books';
import { accountingFiles, ledgerLines, usDate } from './layouts';

const invoice = (overrides: Partial<BookInvoice> = {}): BookInvoice => ({
  orderId: 41,
  invoiceNumber: '00007',
  date: '2026-10-05',
  dueDate: '2026-10-05',
  counterparty: { id: 3, name: 'Ono Kitchen' },
  lines: [
    {
      productName: 'Taro',
      unit: 'lb',
      pack: { label: 'lb', size: 1 },
      quantity: 1.25,
      unitCents: 399,
      amountCents: 499,
      billedWeight: null,
    },
    {
      productName: 'Basil',
      unit: 'bunch',
      pack: { label: 'bunch', size: 1 },
      quantity: 2,
      unitCents: 150,
      amountCents: 300,
      billedWeight: null,
    },
  ],
  deliveryFeeCents: 0,
  smallOrderFeeCents: 0,
  taxRate: '0.0000',
  taxCents: 0,
  totalCents: 799,
  ...overrides,
});

const books = (invoices: BookInvoice[]): Books => ({
  side: 'sales',
  business: { id: 1, name: 'Kula Greens' },
  from: '2026-10-01',
  to: '2026-10-31',
  invoices,
  payments: [],
  creditNotes: [],
});

describe('ledgerLines', () => {
  it('writes a weighed line whose price is not whole cents as 1 at its amount', () => {
    const [taro, basil] = ledgerLines(invoice());
    expect(taro).toMatchObject({
      quantity: '1',
      unitAmount: '4.99',
      amountCents: 499,
      description: 'Taro: 1.25 lb at $3.99 per lb',
    });
    expect(basil).toMatchObject({
      quantity: '2',
      unitAmount: '1.50',
      description: 'Basil (bunch)',
    });
    expect(basil!.spelledOut).toBe('Basil: 2 bunch at $1.50 per bunch');
  });

  it('counts a line charged by weight in the weight billed at its price per lb', () => {
    const [ulu] = ledgerLines(
      invoice({
        lines: [
          {
            productName: 'ʻUlu',
            unit: 'box',
            pack: { label: 'case', size: 1 },
            quantity: 2,
            unitCents: 350,
            amountCents: 17465,
            billedWeight: { quantity: 49.9, unit: 'lb' },
          },
        ],
        totalCents: 17465,
      }),
    );
    expect(ulu).toMatchObject({ quantity: '49.9', unitAmount: '3.50', amountCents: 17465 });
    expect(ulu!.spelledOut).toBe('ʻUlu: 2 cases, 49.9 lb at $3.50 per lb');
  });

  it('counts a line in its pack at the price of one pack', () => {
    const [kale] = ledgerLines(
      invoice({
        lines: [
          {
            productName: 'Kale',
            unit: 'bunch',
            pack: { label: 'case of 24 bunches', size: 24 },
            quantity: 2,
            unitCents: 5750,
            amountCents: 11500,
            billedWeight: null,
          },
        ],
        totalCents: 11500,
      }),
    );
    expect(kale).toMatchObject({
      quantity: '2',
      unitAmount: '57.50',
      amountCents: 11500,
      description: 'Kale — case of 24 bunches',
      spelledOut: 'Kale: 2 cases of 24 bunches at $57.50 per case of 24 bunches',
    });
  });

  it('adds the delivery fee and the GET as lines of their own only when there are some', () => {
    expect(ledgerLines(invoice()).map((line) => line.kind)).toEqual(['product', 'product']);
    const taxed = ledgerLines(
      invoice({ deliveryFeeCents: 500, taxRate: '4.7120', taxCents: 61, totalCents: 1360 }),
    );
    expect(taxed.slice(2)).toMatchObject([
      { kind: 'delivery', item: 'Delivery fee', quantity: '1', unitAmount: '5.00' },
      { kind: 'tax', item: 'GET', description: 'General Excise Tax 4.712%', unitAmount: '0.61' },
    ]);
  });

  it('writes a small-order fee as a line under the delivery fee, coded as it is', () => {
    const lines = ledgerLines(
      invoice({
        deliveryFeeCents: 500,
        smallOrderFeeCents: 800,
        taxRate: '4.7120',
        taxCents: 99,
        totalCents: 2199,
      }),
    );
    expect(lines.slice(2)).toMatchObject([
      { kind: 'delivery', item: 'Delivery fee', unitAmount: '5.00' },
      { kind: 'delivery', item: 'Small-order fee', unitAmount: '8.00', amountCents: 800 },
      { kind: 'tax', item: 'GET', unitAmount: '0.99' },
    ]);
  });
});

describe('accountingFiles', () => {
  it('writes US dates, the terms when they are the farm’s, and quotes what needs it', () => {
    expect(usDate('2026-01-09')).toBe('01/09/2026');
    const [invoices] = accountingFiles(
      books([
        invoice({ counterparty: { id: 3, name: '=Ono, "the" Kitchen' }, dueDate: '2026-10-20' }),
        invoice({ orderId: 42, invoiceNumber: '00008', dueDate: '2026-10-09' }),
      ]),
      'quickbooks',
    );
    const rows = invoices!.body.slice(1).split('\r\n');
    expect(rows[1]).toBe(
      `00007,"'=Ono, ""the"" Kitchen",10/05/2026,10/20/2026,Net 15,Harvest Hui order #41,Taro,Taro: 1.25 lb at $3.99 per lb,1,4.99,4.99,NON`,
    );
    // Four days is none of the farm's terms: the due date says it alone.
    expect(rows[3]).toContain(',10/05/2026,10/09/2026,,Harvest Hui order #42,');
  });
});
