import { z } from 'zod';
import { moneyInput, moneyOutput, optionalText, requiredText } from './common';
import { lineQuantity, MAX_ORDER_LINES } from './order-line';
import { pageCursor, pageLimit } from './paging';

/** What went wrong with a delivered line (docs/claims.md). */
export const CLAIM_KINDS = ['short', 'damaged', 'wrong_item', 'quality'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = {
  short: 'Short',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  quality: 'Quality',
};

export const CLAIM_STATES = ['open', 'accepted', 'partly_accepted', 'declined'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
export const CLAIM_STATE_LABELS: Record<ClaimState, string> = {
  open: 'Open',
  accepted: 'Accepted',
  partly_accepted: 'Partly accepted',
  declined: 'Declined',
};

export const CLAIM_DECISIONS = ['accept', 'partial', 'decline'] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];

/** The 409 codes of claims. */
export const CLAIM_CODES = {
  decided: 'claim_decided',
  windowClosed: 'claim_window_closed',
  notDelivered: 'order_not_delivered',
  aboveLine: 'claim_above_line',
} as const;

export const CLAIM_NOTE_MAX_LENGTH = 500;
export const CLAIM_REASON_MAX_LENGTH = 500;
export const CLAIM_LIST_DEFAULT_LIMIT = 20;
export const CLAIM_LIST_MAX_LIMIT = 100;

const itemId = z
  .number({ error: 'Choose a line of the order' })
  .int('Choose a line of the order')
  .positive('Choose a line of the order')
  .max(2_147_483_647, 'Choose a line of the order');

/** POST /api/orders/{id}/claims: one line per order line at fault. */
export const claimCreateBody = z.object({
  lines: z
    .array(
      z.object({
        itemId,
        kind: z.enum(CLAIM_KINDS, { error: 'Choose short, damaged, wrong item or quality' }),
        quantity: lineQuantity('positive'),
        note: optionalText(CLAIM_NOTE_MAX_LENGTH, 'multi').transform((value) => value ?? ''),
      }),
      { error: 'List the lines with a problem' },
    )
    .min(1, 'List the lines with a problem')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`),
});
export type ClaimCreateBody = z.infer<typeof claimCreateBody>;
export type ClaimCreateInput = z.input<typeof claimCreateBody>;

/** POST /api/claims/{id}/decision. */
export const claimDecisionBody = z
  .object({
    decision: z.enum(CLAIM_DECISIONS, { error: 'Choose accept, partial or decline' }),
    lines: z
      .array(z.object({ itemId, quantity: lineQuantity('zero') }))
      .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`)
      .optional(),
    reason: optionalText(CLAIM_REASON_MAX_LENGTH, 'multi'),
  })
  .superRefine((body, context) => {
    if (body.decision === 'decline' && !body.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'Say why you decline' });
    }
    if (body.decision === 'partial' && (!body.lines || body.lines.length === 0)) {
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: 'Give the quantity you accept of each line',
      });
    }
  });
export type ClaimDecisionBody = z.infer<typeof claimDecisionBody>;

export const claimListQuery = z.object({
  limit: pageLimit(CLAIM_LIST_DEFAULT_LIMIT, CLAIM_LIST_MAX_LIMIT),
  cursor: pageCursor,
  state: z
    .enum(CLAIM_STATES, { error: 'Use open, accepted, partly_accepted or declined' })
    .optional(),
});
export type ClaimListQuery = z.infer<typeof claimListQuery>;

export const creditNoteOutput = z.object({
  id: z.number(),
  /** "CN-00001": the farm's own sequence. */
  number: z.string(),
  orderId: z.number(),
  claimId: z.number(),
  farm: z.object({ id: z.number(), name: z.string() }),
  restaurant: z.object({ id: z.number(), name: z.string() }),
  subtotal: moneyOutput,
  taxAmount: moneyOutput,
  /** subtotal + taxAmount. */
  amount: moneyOutput,
  /** What of it lowered the invoice's balance, and what went to the restaurant's credit. */
  appliedToInvoice: moneyOutput,
  toCreditBalance: moneyOutput,
  issuedOn: z.string(),
  createdAt: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteOutput>;

export const claimLineOutput = z.object({
  itemId: z.number(),
  /** `unit` is what the claim counts: the line's unit, or its weight unit when charged by weight. */
  product: z.object({ name: z.string(), unit: z.string() }),
  /**
   * The pack the claim's quantity counts (docs/packs.md): "case of 24 bunches", or the unit at
   * size 1; null for a line charged by weight, whose claim counts `product.unit`. Always sent.
   */
  pack: z.object({ label: z.string(), size: z.number() }).nullable().optional(),
  kind: z.enum(CLAIM_KINDS),
  quantity: z.number(),
  /** What the farm accepted; null while the claim is open. */
  acceptedQuantity: z.number().nullable(),
  note: z.string(),
  /** The line as delivered, for the decision (for a line charged by weight, the weight billed). */
  deliveredQuantity: z.number(),
  unitPrice: moneyOutput,
});

export const claimOutput = z.object({
  id: z.number(),
  orderId: z.number(),
  state: z.enum(CLAIM_STATES),
  farm: z.object({ id: z.number(), name: z.string() }),
  restaurant: z.object({ id: z.number(), name: z.string() }),
  lines: z.array(claimLineOutput),
  photos: z.array(z.object({ id: z.number(), url: z.string() })),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  reason: z.string().nullable(),
  creditNote: creditNoteOutput.nullable(),
});
export type Claim = z.infer<typeof claimOutput>;
export const claimListOutput = z.array(claimOutput);

export const claimPhotoParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  photoId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** GET /api/credit-balances: one line per restaurant (farm) or per farm (restaurant). */
export const creditBalanceOutput = z.object({
  farm: z.object({ id: z.number(), name: z.string() }),
  restaurant: z.object({ id: z.number(), name: z.string() }),
  amount: moneyOutput,
});
export type CreditBalance = z.infer<typeof creditBalanceOutput>;
export const creditBalanceListOutput = z.array(creditBalanceOutput);

const restaurantId = z
  .number({ error: 'Choose a restaurant' })
  .int('Choose a restaurant')
  .positive('Choose a restaurant')
  .max(2_147_483_647, 'Choose a restaurant');

export const creditApplyBody = z.object({
  restaurantId,
  orderId: z
    .number({ error: 'Choose an invoice' })
    .int('Choose an invoice')
    .positive('Choose an invoice')
    .max(2_147_483_647, 'Choose an invoice'),
  amount: moneyInput,
});
export type CreditApplyBody = z.infer<typeof creditApplyBody>;

export const creditRefundBody = z.object({
  restaurantId,
  amount: moneyInput,
  reference: requiredText(200),
});
export type CreditRefundBody = z.infer<typeof creditRefundBody>;

/** GET /api/credit-notes: Bills and Receivables list them, newest first. */
export const creditNoteListOutput = z.array(creditNoteOutput);
export const creditNoteListQuery = z.object({
  limit: pageLimit(CLAIM_LIST_DEFAULT_LIMIT, CLAIM_LIST_MAX_LIMIT),
  cursor: pageCursor,
});
export type CreditNoteListQuery = z.infer<typeof creditNoteListQuery>;
