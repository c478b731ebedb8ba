import { z } from 'zod';
import { daysBetween } from '../payments';
import { calendarDateInput, moneyOutput, rateOutput } from './common';

/**
 * GET /api/reports/get-summary: a farm's gross proceeds by General Excise Tax rate over some
 * Hawaii days, the figures of its G-45 and G-49 returns (docs/tax.md#the-get-summary).
 */

/** The longest period one summary covers, in days counted inclusively: a leap year. */
export const GET_SUMMARY_MAX_DAYS = 366;

export const GET_SUMMARY_FORMATS = ['pdf', 'csv'] as const;
export type GetSummaryFormat = (typeof GET_SUMMARY_FORMATS)[number];

export const GET_SUMMARY_ORDER_MESSAGE = 'The end date cannot be before the start date';
export const GET_SUMMARY_LENGTH_MESSAGE = `Choose at most ${GET_SUMMARY_MAX_DAYS} days`;

/** The Hawaii days from `from` to `to`, both included; a reversed or too long period on `to`. */
function checkPeriod(period: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (period.from > period.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: GET_SUMMARY_ORDER_MESSAGE });
  } else if (daysBetween(period.from, period.to) + 1 > GET_SUMMARY_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: GET_SUMMARY_LENGTH_MESSAGE });
  }
}

/** The period alone: the screen's form checks it before asking. */
export const getSummaryPeriod = z
  .object({ from: calendarDateInput(), to: calendarDateInput() })
  .superRefine(checkPeriod);
export type GetSummaryPeriod = z.infer<typeof getSummaryPeriod>;

/** The period, and the download wanted: none for the figures as JSON. */
export const getSummaryQuery = z
  .object({
    from: calendarDateInput(),
    to: calendarDateInput(),
    format: z.enum(GET_SUMMARY_FORMATS, { error: 'Choose pdf or csv' }).optional(),
  })
  .superRefine(checkPeriod);
export type GetSummaryQuery = z.infer<typeof getSummaryQuery>;

/** An invoice counted: a delivered order of the period, by its Hawaii delivery day. */
export const getSummaryInvoiceOutput = z.object({
  orderId: z.number().int(),
  /** The farm's invoice number as its PDF prints it: "00042". */
  invoiceNumber: z.string(),
  deliveryDate: z.string(),
  restaurantName: z.string(),
  subtotal: moneyOutput,
  /** The invoice's fees: its delivery fee and small-order fee (docs/minimums.md). */
  deliveryFee: moneyOutput,
  taxAmount: moneyOutput,
  totalAmount: moneyOutput,
});
export type GetSummaryInvoice = z.infer<typeof getSummaryInvoiceOutput>;

/** A credit note issued in the period, counted at the rate of the order it credits. */
export const getSummaryCreditNoteOutput = z.object({
  /** "CN-00001". */
  number: z.string(),
  orderId: z.number().int(),
  issuedOn: z.string(),
  restaurantName: z.string(),
  subtotal: moneyOutput,
  taxAmount: moneyOutput,
  amount: moneyOutput,
});
export type GetSummaryCreditNote = z.infer<typeof getSummaryCreditNoteOutput>;

const figures = {
  invoiceCount: z.number().int(),
  subtotal: moneyOutput,
  deliveryFees: moneyOutput,
  /** The GET the invoices passed on to the restaurants. */
  taxPassedOn: moneyOutput,
  /** subtotal + deliveryFees + taxPassedOn. */
  invoiced: moneyOutput,
  creditNoteCount: z.number().int(),
  /** The credit notes' amounts (their subtotal and GET). */
  credited: moneyOutput,
  /** invoiced - credited: what the return reports at this rate. */
  grossProceeds: moneyOutput,
};

export const getSummaryRateOutput = z.object({
  /** The GET rate stored on the orders, "4.7120". */
  taxRate: rateOutput,
  ...figures,
  invoices: z.array(getSummaryInvoiceOutput),
  creditNotes: z.array(getSummaryCreditNoteOutput),
});
export type GetSummaryRate = z.infer<typeof getSummaryRateOutput>;

export const getSummaryOutput = z.object({
  from: z.string(),
  to: z.string(),
  farm: z.object({ id: z.number().int(), name: z.string() }),
  /** One entry per rate with an invoice or a credit note in the period, lowest rate first. */
  rates: z.array(getSummaryRateOutput),
  totals: z.object(figures),
});
export type GetSummary = z.infer<typeof getSummaryOutput>;
