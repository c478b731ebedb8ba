import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { FarmActor } from '#core/actor';
import { asciiSlug } from '#core/file-name';
import {
  centsOf,
  rateOf,
  sumCents,
  taxableFeesCents,
  toMoneyString,
  toRateString,
  type Cents,
} from '#core/money';
import type {
  GetSummary,
  GetSummaryCreditNote,
  GetSummaryFormat,
  GetSummaryInvoice,
  GetSummaryPeriod,
} from '#core/schemas/get-summary';
import type { Db } from '../../db/database';
import { creditNotes, farms, orders, restaurants } from '../../db/schema';
import { invoiceNumberLabel, issueInvoiceNumbers, orderScope } from '../orders';
import { isBill } from '../owed';
import { toCsv, type CsvFile, type CsvValue } from './csv';

/*
 * The farm's GET summary (docs/tax.md#the-get-summary): for some Hawaii days, its gross proceeds
 * by General Excise Tax rate. An invoice counts by its delivery day and a credit note by the day
 * it was issued, as the accounting export and the monthly statement count them (the owed rule's
 * bill: a delivered order; cancelled orders never are). Each is grouped at the rate stored on
 * its order, and every figure is a sum of stored cents: no amount is computed again here.
 */

interface InvoiceFacts {
  rate: number;
  invoice: GetSummaryInvoice;
  subtotalCents: Cents;
  feeCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

interface CreditFacts {
  rate: number;
  note: GetSummaryCreditNote;
  amountCents: Cents;
}

/** The figures of a group of invoices and credit notes, as the wire writes them. */
function figuresOf(invoices: InvoiceFacts[], credits: CreditFacts[]) {
  const subtotal = sumCents(invoices.map((row) => row.subtotalCents));
  const fees = sumCents(invoices.map((row) => row.feeCents));
  const tax = sumCents(invoices.map((row) => row.taxCents));
  const invoiced = sumCents(invoices.map((row) => row.totalCents));
  const credited = sumCents(credits.map((row) => row.amountCents));
  return {
    invoiceCount: invoices.length,
    subtotal: toMoneyString(subtotal),
    deliveryFees: toMoneyString(fees),
    taxPassedOn: toMoneyString(tax),
    invoiced: toMoneyString(invoiced),
    creditNoteCount: credits.length,
    credited: toMoneyString(credited),
    grossProceeds: toMoneyString(invoiced - credited),
  };
}

/** The GET summary of the farm the person acts for, `from`..`to` (both included). */
export async function getSummary(
  db: Db,
  who: FarmActor,
  period: GetSummaryPeriod,
): Promise<GetSummary> {
  const { from, to } = period;
  const invoicesInPeriod = and(
    orderScope(who),
    isBill,
    gte(orders.deliveryDate, from),
    lte(orders.deliveryDate, to),
  );
  const read = () =>
    db.transaction(
      async (tx) => {
        const [invoiceRows, creditRows, [farm]] = await Promise.all([
          tx
            .select({
              orderId: orders.id,
              invoiceNumber: orders.invoiceNumber,
              deliveryDate: orders.deliveryDate,
              restaurantName: restaurants.name,
              subtotal: orders.subtotal,
              deliveryFee: orders.deliveryFee,
              smallOrderFee: orders.smallOrderFee,
              taxRate: orders.taxRate,
              taxAmount: orders.taxAmount,
              totalAmount: orders.totalAmount,
            })
            .from(orders)
            .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
            .where(invoicesInPeriod)
            .orderBy(asc(orders.deliveryDate), asc(orders.id)),
          tx
            .select({
              number: creditNotes.number,
              orderId: creditNotes.orderId,
              issuedOn: creditNotes.issuedOn,
              restaurantName: restaurants.name,
              subtotal: creditNotes.subtotal,
              taxAmount: creditNotes.taxAmount,
              amount: creditNotes.amount,
              taxRate: orders.taxRate,
            })
            .from(creditNotes)
            .innerJoin(orders, eq(orders.id, creditNotes.orderId))
            .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
            .where(
              and(
                orderScope(who),
                isBill,
                gte(creditNotes.issuedOn, from),
                lte(creditNotes.issuedOn, to),
              ),
            )
            .orderBy(asc(creditNotes.issuedOn), asc(creditNotes.number)),
          tx
            .select({ id: farms.id, name: farms.name })
            .from(farms)
            .where(eq(farms.id, who.business.id)),
        ]);
        return { invoiceRows, creditRows, farm };
      },
      // One snapshot for the three reads: a credit note issued meanwhile is in all or none.
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

  let { invoiceRows, creditRows, farm } = await read();
  // Listed by their numbers, as the accounting export lists them: an invoice never downloaded
  // yet gets its number now, the one its PDF will print; then the period is read again (an
  // order delivered meanwhile gets its number on the next round).
  for (let round = 1; invoiceRows.some((row) => row.invoiceNumber === null); round += 1) {
    if (round > 3) throw new Error('The invoices of the period kept arriving without numbers');
    const unnumbered = invoiceRows.filter((row) => row.invoiceNumber === null);
    await db.transaction((tx) =>
      issueInvoiceNumbers(
        tx,
        unnumbered.map((row) => row.orderId),
      ),
    );
    ({ invoiceRows, creditRows, farm } = await read());
  }

  const invoices = invoiceRows.map((row): InvoiceFacts => {
    // The fees taxed with the lines: delivery and small-order fees alike (docs/minimums.md).
    const feeCents = taxableFeesCents(centsOf(row.deliveryFee), centsOf(row.smallOrderFee));
    const facts: InvoiceFacts = {
      rate: rateOf(row.taxRate),
      invoice: {
        orderId: row.orderId,
        invoiceNumber: invoiceNumberOf(row),
        deliveryDate: row.deliveryDate!,
        restaurantName: row.restaurantName,
        subtotal: toMoneyString(centsOf(row.subtotal)),
        deliveryFee: toMoneyString(feeCents),
        taxAmount: toMoneyString(centsOf(row.taxAmount)),
        totalAmount: toMoneyString(centsOf(row.totalAmount)),
      },
      subtotalCents: centsOf(row.subtotal),
      feeCents,
      taxCents: centsOf(row.taxAmount),
      totalCents: centsOf(row.totalAmount),
    };
    // A return built from figures that do not add up would be wrong in a way nobody sees: an
    // order whose subtotal, fee and tax do not make its total is a bug to surface.
    if (facts.subtotalCents + facts.feeCents + facts.taxCents !== facts.totalCents) {
      throw new Error(`Order ${row.orderId}: subtotal, fee and tax do not make its total`);
    }
    return facts;
  });
  const credits = creditRows.map((row): CreditFacts => ({
    rate: rateOf(row.taxRate),
    note: {
      number: `CN-${String(row.number).padStart(5, '0')}`,
      orderId: row.orderId,
      issuedOn: row.issuedOn,
      restaurantName: row.restaurantName,
      subtotal: toMoneyString(centsOf(row.subtotal)),
      taxAmount: toMoneyString(centsOf(row.taxAmount)),
      amount: toMoneyString(centsOf(row.amount)),
    },
    amountCents: centsOf(row.amount),
  }));

  const rates = [...new Set([...invoices, ...credits].map((row) => row.rate))].sort(
    (a, b) => a - b,
  );
  return {
    from,
    to,
    farm: farm!,
    rates: rates.map((rate) => {
      const atRate = invoices.filter((row) => row.rate === rate);
      const creditsAtRate = credits.filter((row) => row.rate === rate);
      return {
        taxRate: toRateString(rate),
        ...figuresOf(atRate, creditsAtRate),
        invoices: atRate.map((row) => row.invoice),
        creditNotes: creditsAtRate.map((row) => row.note),
      };
    }),
    totals: figuresOf(invoices, credits),
  };
}

function invoiceNumberOf(row: { orderId: number; invoiceNumber: number | null }): string {
  // Given above to every invoice read.
  if (row.invoiceNumber === null) throw new Error(`Order ${row.orderId} has no invoice number`);
  return invoiceNumberLabel(row.invoiceNumber);
}

/** "get-summary-kau-farm-2026-10-01-to-2026-10-31.pdf"; the farm's id when its name has no letter. */
export function getSummaryFileName(summary: GetSummary, format: GetSummaryFormat): string {
  const owner = asciiSlug(summary.farm.name) || `farm-${summary.farm.id}`;
  return `get-summary-${owner}-${summary.from}-to-${summary.to}.${format}`;
}

/**
 * The summary as one CSV table: each invoice and each credit note at its rate, amounts as
 * written on them (positive: a leading minus would read as a formula, docs/accounting.md), then
 * for each rate and for all rates the amount invoiced, credited and the gross proceeds.
 */
export function getSummaryCsv(summary: GetSummary): CsvFile {
  const header = [
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
  ];
  const rows: CsvValue[][] = summary.rates.flatMap((rate) => [
    ...rate.invoices.map((invoice) => [
      rate.taxRate,
      'Invoice',
      invoice.deliveryDate,
      invoice.orderId,
      invoice.invoiceNumber,
      invoice.restaurantName,
      invoice.subtotal,
      invoice.deliveryFee,
      invoice.taxAmount,
      invoice.totalAmount,
    ]),
    ...rate.creditNotes.map((note) => [
      rate.taxRate,
      'Credit note (less)',
      note.issuedOn,
      note.orderId,
      note.number,
      note.restaurantName,
      note.subtotal,
      '0.00',
      note.taxAmount,
      note.amount,
    ]),
  ]);
  const totals = (rate: string, figures: GetSummary['totals']): CsvValue[][] =>
    (
      [
        ['Invoiced', figures.invoiced],
        ['Credited', figures.credited],
        ['Gross proceeds', figures.grossProceeds],
      ] as const
    ).map(([name, amount]) => [rate, name, null, null, null, null, null, null, null, amount]);
  return {
    filename: getSummaryFileName(summary, 'csv'),
    body: toCsv(header, [
      ...rows,
      ...summary.rates.flatMap((rate) => totals(rate.taxRate, rate)),
      ...totals('All rates', summary.totals),
    ]),
  };
}
