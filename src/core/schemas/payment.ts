import { z } from 'zod';
import { parseMoney, toMoneyString } from '../money';
import { AGING_BUCKETS, PAYMENT_METHODS, PAYMENT_STATUSES, PAYMENT_TERMS } from '../payments';
import { calendarDateInput, moneyOutput, monthInput, optionalText, requiredText } from './common';
import {
  INVOICE_LIST_DEFAULT_LIMIT,
  INVOICE_LIST_MAX_LIMIT,
  keyCursor,
  keyedListQuery,
  pageLimit,
} from './paging';

export const PAYMENT_REFERENCE_MAX_LENGTH = 120;
export const VOID_REASON_MAX_LENGTH = 500;
export const AMOUNT_MESSAGE = 'Enter an amount above $0 like 12.50';

export const paymentTermsInput = z.enum(PAYMENT_TERMS, {
  error: 'Choose due on receipt, net 7, net 15 or net 30',
});

/** A payment's amount: above zero, at most two decimals. */
export const paymentAmountInput = z
  .string({ error: AMOUNT_MESSAGE })
  .trim()
  .refine((value) => {
    const cents = parseMoney(value);
    return cents !== null && cents > 0 && cents <= 9_999_999_999;
  }, AMOUNT_MESSAGE)
  .transform((value) => toMoneyString(parseMoney(value)!));

/** POST /api/orders/{id}/payments (the farm). */
export const paymentCreateBody = z.object({
  amount: paymentAmountInput,
  /** The Hawaii day the money came in; not after today (checked by the server). */
  paidOn: calendarDateInput(),
  method: z.enum(PAYMENT_METHODS, { error: 'Choose check, cash, bank transfer or other' }),
  reference: optionalText(PAYMENT_REFERENCE_MAX_LENGTH),
});
export type PaymentCreateBody = z.infer<typeof paymentCreateBody>;
export type PaymentCreateInput = z.input<typeof paymentCreateBody>;

/** POST /api/payments/{id}/void (the farm). */
export const paymentVoidBody = z.object({ reason: requiredText(VOID_REASON_MAX_LENGTH, 'multi') });
export type PaymentVoidBody = z.infer<typeof paymentVoidBody>;

export const paymentOutput = z.object({
  id: z.number(),
  orderId: z.number(),
  amount: moneyOutput,
  paidOn: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  provider: z.string(),
  recordedAt: z.string(),
  recordedBy: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentOutput>;

/** The payment fields an order carries (additive to the Order of docs/api.md). */
export const orderPaymentFields = {
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  amountPaid: moneyOutput,
  /** Credit put on the invoice from credit notes and credit balance (docs/claims.md). */
  amountCredited: moneyOutput.optional(),
  balanceDue: moneyOutput,
  dueDate: z.string().nullable(),
};

/** GET /api/orders/{id}/payments: the order's payment state and every payment, voided too. */
export const orderPaymentsOutput = z.object({
  orderId: z.number(),
  totalAmount: moneyOutput,
  ...orderPaymentFields,
  payments: z.array(paymentOutput),
});
export type OrderPayments = z.infer<typeof orderPaymentsOutput>;

/** The 409 of a payment above the balance: the balance it may not exceed. */
export const paymentConflictBody = z.object({
  message: z.string(),
  code: z.string(),
  balanceDue: moneyOutput.optional(),
});

const agingTotals = z.object({
  current: moneyOutput,
  days_1_30: moneyOutput,
  days_31_60: moneyOutput,
  over_60: moneyOutput,
  total: moneyOutput,
});
export type AgingTotals = z.infer<typeof agingTotals>;

/** One unpaid invoice in receivables or bills. */
export const openInvoiceOutput = z.object({
  orderId: z.number(),
  invoiceNumber: z.number().nullable(),
  deliveryDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  totalAmount: moneyOutput,
  amountPaid: moneyOutput,
  /** Credit notes and credit balance put on it (docs/claims.md). */
  amountCredited: moneyOutput.optional(),
  balanceDue: moneyOutput,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  daysPastDue: z.number(),
  agingBucket: z.enum(AGING_BUCKETS),
});
export type OpenInvoice = z.infer<typeof openInvoiceOutput>;

export const receivablesQuery = z.object({
  restaurantId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(['unpaid', 'partly_paid', 'overdue'] as const).optional(),
  bucket: z.enum(AGING_BUCKETS).optional(),
  format: z.enum(['json', 'csv']).default('json'),
  // One page of the open invoices (the CSV download holds them all).
  limit: pageLimit(INVOICE_LIST_DEFAULT_LIMIT, INVOICE_LIST_MAX_LIMIT),
  cursor: keyCursor,
});
export type ReceivablesQuery = z.infer<typeof receivablesQuery>;

/** GET /api/receivables (the farm): what each restaurant owes, aged. */
export const receivablesOutput = z.object({
  asOf: z.string(),
  totals: agingTotals,
  restaurants: z.array(
    z.object({
      restaurant: z.object({ id: z.number(), name: z.string() }),
      totals: agingTotals,
      invoices: z.array(openInvoiceOutput),
    }),
  ),
});
export type Receivables = z.infer<typeof receivablesOutput>;

/** GET /api/bills (the restaurant): what it owes to whom and when it is due. */
export const billsOutput = z.object({
  asOf: z.string(),
  totalDue: moneyOutput,
  overdue: moneyOutput,
  farms: z.array(
    z.object({
      farm: z.object({ id: z.number(), name: z.string(), checksPayableTo: z.string().nullable() }),
      balanceDue: moneyOutput,
      nextDueDate: z.string().nullable(),
      invoices: z.array(openInvoiceOutput),
      /** The farm's hold on the restaurant's account, in words it can act on (docs/customers.md). */
      hold: z.object({ reason: z.string() }).nullable(),
    }),
  ),
});
export type Bills = z.infer<typeof billsOutput>;

/** GET /api/bills: one page of the open invoices. */
export const billsQuery = keyedListQuery(INVOICE_LIST_DEFAULT_LIMIT, INVOICE_LIST_MAX_LIMIT);
export type BillsQuery = z.infer<typeof billsQuery>;

/** GET /api/statements?month=2026-11&restaurantId= | &farmId= */
export const statementQuery = z.object({
  month: monthInput,
  restaurantId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  farmId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type StatementQuery = z.infer<typeof statementQuery>;
