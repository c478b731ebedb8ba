import type { AccountingFormat } from '#core/schemas/accounting';
import { formatRatePercent, formatUsd, toMoneyString, type Cents } from '#core/money';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  daysBetween,
  paymentTermsDays,
} from '#core/payments';
import { weightLabel } from '#core/catch-weight';
import { isUnitPack, packCountLabel } from '#core/packs';
import { formatQuantity, quantityHundredths } from '#core/quantity';
import { type CsvFile, type CsvValue, toCsv } from '../reports';
import type { BookInvoice, BookLine, BookPayment, Books } from './books';

/**
 * The import layouts of QuickBooks Online and Xero (docs/accounting.md): one CSV of invoices
 * (a farm's) or bills (a restaurant's) with one row per line, and one of payments. Every line
 * of an invoice is written with the amount the invoice shows, so each file adds up to the
 * invoices to the cent: the products, the delivery fee as its own line, and the GET as its own
 * line, never left to the program's own tax engine (it would tax line by line and round
 * otherwise than docs/tax.md's one rounding of the whole order).
 */

/** The three kinds of line an invoice has. */
type LineKind = 'product' | 'delivery' | 'tax';

interface LedgerLine {
  kind: LineKind;
  /** The product or service's name, for QuickBooks' Item column. */
  item: string;
  /** What the line is, with its quantity and price in words when the columns cannot say it. */
  description: string;
  /** The line in words for a layout without quantity columns (QuickBooks' bills). */
  spelledOut: string;
  quantity: string;
  unitAmount: string;
  amountCents: Cents;
}

/** "Kale (bunch)" for the unit; "Kale — case of 24 bunches" for a pack of it. */
function productDescription(line: BookLine): string {
  if (line.billedWeight) {
    return `${line.productName} — ${packCountLabel(line.quantity, line.pack.label)}, per ${line.billedWeight.unit}`;
  }
  return isUnitPack(line.pack)
    ? `${line.productName} (${line.unit})`
    : `${line.productName} — ${line.pack.label}`;
}

/**
 * "Basil: 2 bunch at $1.50 per bunch" (the unit's wording as it was), or of a pack "Kale: 2
 * cases of 24 bunches at $57.50 per case of 24 bunches".
 */
function lineInWords(line: BookLine): string {
  const price = formatUsd(line.unitCents);
  if (line.billedWeight) {
    const { quantity, unit } = line.billedWeight;
    return `${line.productName}: ${packCountLabel(line.quantity, line.pack.label)}, ${weightLabel(quantity, unit)} at ${price} per ${unit}`;
  }
  return isUnitPack(line.pack)
    ? `${line.productName}: ${formatQuantity(line.quantity)} ${line.unit} at ${price} per ${line.unit}`
    : `${line.productName}: ${packCountLabel(line.quantity, line.pack.label)} at ${price} per ${line.pack.label}`;
}

/**
 * An invoice's lines as the layouts write them, each counted in the pack sold at the price of
 * one pack. A line's quantity times its price is its amount when that product is whole cents;
 * a weighed line whose product is not (1.25 lb at $3.99 is 498.75 cents, $4.99 on the invoice
 * by docs/money.md's rounding) is written as 1 at its amount, the quantity and price in its
 * description, so no program rounds it again.
 */
export function ledgerLines(invoice: BookInvoice): LedgerLine[] {
  const lines: LedgerLine[] = invoice.lines.map((line) => {
    // A line charged by weight counts the weight billed, at its price per weight unit.
    const counted = line.billedWeight?.quantity ?? line.quantity;
    const quantity = formatQuantity(counted);
    const hundredths = quantityHundredths(counted);
    const inWords = lineInWords(line);
    const exact = hundredths !== null && line.unitCents * hundredths === line.amountCents * 100;
    return {
      kind: 'product',
      item: line.productName,
      description: exact ? productDescription(line) : inWords,
      spelledOut: inWords,
      quantity: exact ? quantity : '1',
      unitAmount: toMoneyString(exact ? line.unitCents : line.amountCents),
      amountCents: line.amountCents,
    };
  });
  if (invoice.deliveryFeeCents > 0) {
    lines.push(wholeLine('delivery', 'Delivery fee', 'Delivery fee', invoice.deliveryFeeCents));
  }
  // Coded as the delivery fee is: a fee of the sale, taxed alike (docs/minimums.md).
  if (invoice.smallOrderFeeCents > 0) {
    lines.push(
      wholeLine('delivery', 'Small-order fee', 'Small-order fee', invoice.smallOrderFeeCents),
    );
  }
  if (invoice.taxCents > 0) {
    const name = `General Excise Tax ${formatRatePercent(invoice.taxRate)}`;
    lines.push(wholeLine('tax', 'GET', name, invoice.taxCents));
  }
  return lines;
}

function wholeLine(kind: LineKind, item: string, description: string, cents: Cents): LedgerLine {
  const amount = toMoneyString(cents);
  return {
    kind,
    item,
    description,
    spelledOut: description,
    quantity: '1',
    unitAmount: amount,
    amountCents: cents,
  };
}

/** "2026-10-05" -> "10/05/2026": the US date both programs read for a US company. */
export function usDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${month}/${day}/${year}`;
}

/** "Net 15" when the days from delivery to due are one of the farm's terms; else blank. */
function termsOf(invoice: BookInvoice): string {
  const days = daysBetween(invoice.date, invoice.dueDate);
  const terms = PAYMENT_TERMS.find((candidate) => paymentTermsDays(candidate) === days);
  return terms ? PAYMENT_TERMS_LABELS[terms] : '';
}

const memoOf = (invoice: BookInvoice) => `Harvest Hui order #${invoice.orderId}`;
const methodOf = (payment: BookPayment) => PAYMENT_METHOD_LABELS[payment.method];
const paymentMemo = (payment: BookPayment) =>
  `Harvest Hui payment ${payment.paymentId} for order #${payment.orderId}`;

/**
 * The accounts each kind of line is coded to: Xero's account codes and QuickBooks' account
 * names of their default charts of accounts for a US company. The accountant changes them in
 * the file, or in the program after the import, where the chart differs.
 */
export const ACCOUNTS = {
  xero: {
    sales: { product: '200', delivery: '260', tax: '820' },
    purchases: { product: '310', delivery: '425', tax: '310' },
  },
  quickbooks: {
    purchases: {
      product: 'Cost of Goods Sold',
      delivery: 'Cost of Goods Sold',
      tax: 'Cost of Goods Sold',
    },
  },
} as const;

/** Xero's name of the tax rate that adds no tax: the GET is a line of its own. */
export const XERO_NO_TAX = 'Tax Exempt';
/** QuickBooks' code of a line it does not tax, for the same reason. */
export const QUICKBOOKS_NO_TAX = 'NON';

export const QUICKBOOKS_INVOICE_COLUMNS = [
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
] as const;

export const QUICKBOOKS_BILL_COLUMNS = [
  'BillNo',
  'Supplier',
  'BillDate',
  'DueDate',
  'Terms',
  'Memo',
  'Account',
  'LineDescription',
  'LineAmount',
] as const;

export const QUICKBOOKS_PAYMENT_COLUMNS = [
  'PaymentDate',
  'Customer',
  'InvoiceNo',
  'Amount',
  'PaymentMethod',
  'ReferenceNo',
  'Memo',
] as const;

export const QUICKBOOKS_BILL_PAYMENT_COLUMNS = [
  'PaymentDate',
  'Supplier',
  'BillNo',
  'Amount',
  'PaymentMethod',
  'ReferenceNo',
  'Memo',
] as const;

/** The contact's postal address columns both Xero templates start with; left blank. */
const XERO_ADDRESS_COLUMNS = [
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
] as const;
const XERO_TRACKING_COLUMNS = [
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
] as const;

export const XERO_SALES_INVOICE_COLUMNS = [
  '*ContactName',
  ...XERO_ADDRESS_COLUMNS,
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
  ...XERO_TRACKING_COLUMNS,
  'Currency',
  'BrandingTheme',
] as const;

export const XERO_BILL_COLUMNS = [
  '*ContactName',
  ...XERO_ADDRESS_COLUMNS,
  '*InvoiceNumber',
  '*InvoiceDate',
  '*DueDate',
  'Total',
  'InventoryItemCode',
  'Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  ...XERO_TRACKING_COLUMNS,
  'Currency',
] as const;

export const XERO_PAYMENT_COLUMNS = [
  'Date',
  'ContactName',
  'InvoiceNumber',
  'Amount',
  'Reference',
] as const;

const blanks = (count: number): CsvValue[] => Array.from({ length: count }, () => '');

function quickbooksInvoices(books: Books): CsvValue[][] {
  return books.invoices.flatMap((invoice) =>
    ledgerLines(invoice).map((line) => [
      invoice.invoiceNumber,
      invoice.counterparty.name,
      usDate(invoice.date),
      usDate(invoice.dueDate),
      termsOf(invoice),
      memoOf(invoice),
      line.item,
      line.description,
      line.quantity,
      line.unitAmount,
      toMoneyString(line.amountCents),
      QUICKBOOKS_NO_TAX,
    ]),
  );
}

function quickbooksBills(books: Books): CsvValue[][] {
  return books.invoices.flatMap((invoice) =>
    ledgerLines(invoice).map((line) => [
      invoice.invoiceNumber,
      invoice.counterparty.name,
      usDate(invoice.date),
      usDate(invoice.dueDate),
      termsOf(invoice),
      memoOf(invoice),
      ACCOUNTS.quickbooks.purchases[line.kind],
      line.spelledOut,
      toMoneyString(line.amountCents),
    ]),
  );
}

function quickbooksPayments(books: Books): CsvValue[][] {
  return books.payments.map((payment) => [
    usDate(payment.date),
    payment.counterparty.name,
    payment.invoiceNumber,
    toMoneyString(payment.amountCents),
    methodOf(payment),
    payment.reference,
    paymentMemo(payment),
  ]);
}

function xeroSalesInvoices(books: Books): CsvValue[][] {
  return books.invoices.flatMap((invoice) =>
    ledgerLines(invoice).map((line) => [
      invoice.counterparty.name,
      ...blanks(XERO_ADDRESS_COLUMNS.length),
      invoice.invoiceNumber,
      memoOf(invoice),
      usDate(invoice.date),
      usDate(invoice.dueDate),
      '',
      line.description,
      line.quantity,
      line.unitAmount,
      '',
      ACCOUNTS.xero.sales[line.kind],
      XERO_NO_TAX,
      '0.00',
      ...blanks(XERO_TRACKING_COLUMNS.length),
      '',
      '',
    ]),
  );
}

function xeroBills(books: Books): CsvValue[][] {
  return books.invoices.flatMap((invoice) =>
    ledgerLines(invoice).map((line) => [
      invoice.counterparty.name,
      ...blanks(XERO_ADDRESS_COLUMNS.length),
      invoice.invoiceNumber,
      usDate(invoice.date),
      usDate(invoice.dueDate),
      toMoneyString(invoice.totalCents),
      '',
      line.description,
      line.quantity,
      line.unitAmount,
      ACCOUNTS.xero.purchases[line.kind],
      XERO_NO_TAX,
      '0.00',
      ...blanks(XERO_TRACKING_COLUMNS.length),
      '',
    ]),
  );
}

function xeroPayments(books: Books): CsvValue[][] {
  return books.payments.map((payment) => [
    usDate(payment.date),
    payment.counterparty.name,
    payment.invoiceNumber,
    toMoneyString(payment.amountCents),
    payment.reference ? `${payment.reference} (${methodOf(payment)})` : methodOf(payment),
  ]);
}

/**
 * The period's credit notes (docs/claims.md), one row each, in both programs' exports: the
 * accountant enters them as credit memos (QuickBooks) or credit notes (Xero) against the
 * invoice named. Only when there are any, so a period without claims keeps its two files.
 */
export const CREDIT_NOTE_COLUMNS = [
  'CreditNoteNumber',
  'Date',
  'Contact',
  'InvoiceNumber',
  'Order',
  'Subtotal',
  'GET',
  'Total',
  'OnInvoice',
  'ToCreditBalance',
] as const;

function creditNoteRows(books: Books): CsvValue[][] {
  return books.creditNotes.map((note) => [
    note.number,
    usDate(note.date),
    note.counterparty.name,
    note.invoiceNumber,
    `Harvest Hui order #${note.orderId}`,
    toMoneyString(note.subtotalCents),
    toMoneyString(note.taxCents),
    toMoneyString(note.amountCents),
    toMoneyString(note.onInvoiceCents),
    toMoneyString(note.amountCents - note.onInvoiceCents),
  ]);
}

/** The files of one program's layout for these books, named for the period. */
export function accountingFiles(books: Books, format: AccountingFormat): CsvFile[] {
  const period = `${books.from}-to-${books.to}`;
  const file = (name: string, header: readonly string[], rows: CsvValue[][]): CsvFile => ({
    filename: `${name}-${period}.csv`,
    body: toCsv(header, rows),
  });
  const credits =
    books.creditNotes.length > 0
      ? [file('credit-notes', CREDIT_NOTE_COLUMNS, creditNoteRows(books))]
      : [];
  return [...programFiles(books, format, file), ...credits];
}

function programFiles(
  books: Books,
  format: AccountingFormat,
  file: (name: string, header: readonly string[], rows: CsvValue[][]) => CsvFile,
): CsvFile[] {
  const sales = books.side === 'sales';
  switch (format) {
    case 'quickbooks':
      return sales
        ? [
            file('invoices', QUICKBOOKS_INVOICE_COLUMNS, quickbooksInvoices(books)),
            file('payments', QUICKBOOKS_PAYMENT_COLUMNS, quickbooksPayments(books)),
          ]
        : [
            file('bills', QUICKBOOKS_BILL_COLUMNS, quickbooksBills(books)),
            file('bill-payments', QUICKBOOKS_BILL_PAYMENT_COLUMNS, quickbooksPayments(books)),
          ];
    case 'xero':
      return sales
        ? [
            file('invoices', XERO_SALES_INVOICE_COLUMNS, xeroSalesInvoices(books)),
            file('payments', XERO_PAYMENT_COLUMNS, xeroPayments(books)),
          ]
        : [
            file('bills', XERO_BILL_COLUMNS, xeroBills(books)),
            file('payments', XERO_PAYMENT_COLUMNS, xeroPayments(books)),
          ];
  }
}
