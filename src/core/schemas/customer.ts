import { z } from 'zod';
import { keyCursor, pageCursor, pageLimit } from './paging';
import { resaleCertificateOutput } from './resale-certificate';
import { minimumOutput } from './minimum';
import { moneyInput, moneyOutput, plainString, positiveId, requiredText } from './common';

/** How a farm's credit terms act when an order would break them (docs/customers.md). */
export const CREDIT_MODES = ['warn', 'hold'] as const;
export type CreditMode = (typeof CREDIT_MODES)[number];
export const CREDIT_MODE_LABELS: Record<CreditMode, string> = {
  warn: 'Warn: place the order and tell both sides',
  hold: 'Hold: refuse the order',
};

export const CUSTOMER_STATES = ['ok', 'warned', 'held'] as const;
export type CustomerState = (typeof CUSTOMER_STATES)[number];
export const CUSTOMER_STATE_LABELS: Record<CustomerState, string> = {
  ok: 'In good standing',
  warned: 'Warned',
  held: 'On hold',
};

export const CUSTOMER_CODES = {
  creditHold: 'credit_hold',
  notHeld: 'not_held',
} as const;

export const MAX_HOLD_AFTER_DAYS = 365;
export const HOLD_REASON_MAX_LENGTH = 500;
export const CUSTOMER_LIST_DEFAULT_LIMIT = 25;
export const CUSTOMER_LIST_MAX_LIMIT = 100;
export const CUSTOMER_HISTORY_DEFAULT_LIMIT = 20;
export const CUSTOMER_HISTORY_MAX_LIMIT = 100;
export const CUSTOMER_SEARCH_MAX_LENGTH = 100;

const DAYS_MESSAGE = `Enter whole days from 0 to ${MAX_HOLD_AFTER_DAYS}, or leave it empty`;

/** `{restaurantId}` of the customer routes. */
export const customerParams = z.object({ restaurantId: positiveId });

/** GET /api/customers: one page by name; `q` keeps the names that contain it. */
export const customerListQuery = z.object({
  limit: pageLimit(CUSTOMER_LIST_DEFAULT_LIMIT, CUSTOMER_LIST_MAX_LIMIT),
  cursor: keyCursor,
  q: plainString()
    .max(CUSTOMER_SEARCH_MAX_LENGTH, `At most ${CUSTOMER_SEARCH_MAX_LENGTH} characters`)
    .optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

/** PUT /api/customers/{restaurantId}/credit-terms: `null` clears a figure; both null, the terms. */
export const creditTermsBody = z.object({
  creditLimit: moneyInput.nullable(),
  holdAfterDaysOverdue: z
    .number({ error: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(0, DAYS_MESSAGE)
    .max(MAX_HOLD_AFTER_DAYS, DAYS_MESSAGE)
    .nullable(),
  mode: z.enum(CREDIT_MODES, { error: 'Choose warn or hold' }),
});
export type CreditTermsBody = z.infer<typeof creditTermsBody>;

/** POST /api/customers/{restaurantId}/hold: the farm holds or releases the account by hand. */
export const customerHoldBody = z.object({
  hold: z.boolean({ error: 'Say whether to hold (true) or release (false)' }),
  reason: requiredText(HOLD_REASON_MAX_LENGTH, 'multi'),
});
export type CustomerHoldBody = z.infer<typeof customerHoldBody>;

const personOutput = z.object({ userId: z.number(), name: z.string() }).nullable();

export const customerHoldOutput = z.object({
  reason: z.string(),
  /** Who held it by hand; null for a hold the terms make. */
  by: personOutput,
  /** When it was set or first found; null for a hold the terms make that no order met yet. */
  at: z.string().nullable(),
  automatic: z.boolean(),
});
export type CustomerHold = z.infer<typeof customerHoldOutput>;

export const creditTermsOutput = z.object({
  creditLimit: moneyOutput.nullable(),
  holdAfterDaysOverdue: z.number().nullable(),
  mode: z.enum(CREDIT_MODES),
});
export type CreditTerms = z.infer<typeof creditTermsOutput>;

/**
 * One view of a customer for its farm. The money parts (balances, terms, price list) are null
 * for a member without `money.view`.
 */
export const customerOutput = z.object({
  restaurant: z.object({ id: z.number(), name: z.string() }),
  group: z.object({ id: z.number(), name: z.string() }).nullable(),
  openBalance: moneyOutput.nullable(),
  overdueAmount: moneyOutput.nullable(),
  oldestOverdueDays: z.number().nullable(),
  /** Credit the restaurant holds with the farm (docs/claims.md#credit-balance). */
  creditBalance: moneyOutput.nullable(),
  /** Its orders placed and not delivered yet (pending to in transit). */
  openOrdersAmount: moneyOutput.nullable(),
  priceListId: z.number().nullable(),
  creditTerms: creditTermsOutput.nullable(),
  state: z.enum(CUSTOMER_STATES),
  hold: customerHoldOutput.nullable(),
  /** Why the account is warned or held by its terms, when it is. */
  warning: z.string().nullable(),
  /** The resale certificate the restaurant has given the farm that covers today (docs/tax.md). */
  resaleCertificate: resaleCertificateOutput.nullable(),
  /** The farm's own minimum for this customer, over its zones' (docs/minimums.md); null: none. */
  minimum: minimumOutput.nullable(),
});
export type Customer = z.infer<typeof customerOutput>;
export const customerListOutput = z.array(customerOutput);

export const CUSTOMER_EVENT_KINDS = ['hold', 'release', 'terms'] as const;
export type CustomerEventKind = (typeof CUSTOMER_EVENT_KINDS)[number];

export const customerEventOutput = z.object({
  id: z.number(),
  kind: z.enum(CUSTOMER_EVENT_KINDS),
  automatic: z.boolean(),
  reason: z.string(),
  by: personOutput,
  at: z.string(),
});
export type CustomerEvent = z.infer<typeof customerEventOutput>;
export const customerHistoryOutput = z.array(customerEventOutput);

export const customerHistoryQuery = z.object({
  limit: pageLimit(CUSTOMER_HISTORY_DEFAULT_LIMIT, CUSTOMER_HISTORY_MAX_LIMIT),
  cursor: pageCursor,
});
export type CustomerHistoryQuery = z.infer<typeof customerHistoryQuery>;

/** A restaurant's own view of a farm's hold on its account (bills, checkout). */
export const restaurantHoldOutput = z.object({ reason: z.string() }).nullable();
