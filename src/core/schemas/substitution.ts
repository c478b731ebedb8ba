import { z } from 'zod';
import { calendarDateInput, moneyOutput } from './common';
import { lineQuantity } from './order-line';
import { afterOrderIdInput, lastOrderIdOutput } from './order-bulk';
import { SUBSTITUTIONS } from '../substitutions';

// The day's exceptions (docs/substitutions.md): what a farm does with a line it cannot fill, and
// the restaurant's answer.

export { SUBSTITUTION_PREFERENCE_LABELS, SUBSTITUTIONS, type Substitution } from '../substitutions';
export { pendingSubstitutionOutput, type PendingSubstitution } from './order';

export const SUBSTITUTION_STATES = [
  'pending',
  'accepted',
  'declined',
  'expired',
  'shorted',
] as const;
export type SubstitutionState = (typeof SUBSTITUTION_STATES)[number];

const id = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is too large`);

export const substitutionPreference = z.enum(SUBSTITUTIONS, {
  error: 'Choose allow, ask or never',
});

/** PATCH /api/orders/{id}/items/{itemId}: the restaurant's preference, while the order is pending. */
export const orderItemPreferenceBody = z.object({ substitution: substitutionPreference }).strict();
export type OrderItemPreferenceBody = z.infer<typeof orderItemPreferenceBody>;

/**
 * POST /api/orders/{id}/items/{itemId}/substitution: `{short: true}`, or a substitute of the
 * farm's own, `packId` left out meaning the product's unit pack.
 */
export const substitutionProposalBody = z
  .object({
    short: z.literal(true, { error: 'short can only be true' }).optional(),
    productId: id('Product').optional(),
    packId: id('Pack').optional(),
    quantity: lineQuantity('positive').optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.short) {
      for (const field of ['productId', 'packId', 'quantity'] as const) {
        if (body[field] !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: 'Leave this out to short the line',
          });
        }
      }
      return;
    }
    if (body.productId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['productId'], message: 'Choose a substitute' });
    }
    if (body.quantity === undefined) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Enter a quantity' });
    }
  });
export type SubstitutionProposalBody = z.infer<typeof substitutionProposalBody>;

/** POST /api/substitutions/{id}/decision and /api/substitutions/decide?token=. */
export const substitutionDecisionBody = z
  .object({ accept: z.boolean({ error: 'Say whether you accept the substitute' }) })
  .strict();
export type SubstitutionDecisionBody = z.infer<typeof substitutionDecisionBody>;

/** POST /api/orders/bulk-substitution: one product shorted, or substituted, on a day's orders. */
export const bulkSubstitutionBody = z
  .object({
    deliveryDate: calendarDateInput(),
    productId: id('Product'),
    substitute: z
      .object({ productId: id('Product'), packId: id('Pack').optional() })
      .strict()
      .optional(),
    afterOrderId: afterOrderIdInput.optional(),
  })
  .strict();
export type BulkSubstitutionBody = z.infer<typeof bulkSubstitutionBody>;

/** A substitute as proposed: prices are null for a member who sees no money (a packer). */
const substituteOutput = z.object({
  productId: z.number(),
  packId: z.number().nullable(),
  productName: z.string(),
  packLabel: z.string(),
  quantity: z.number(),
  unitPrice: moneyOutput.nullable(),
  totalPrice: moneyOutput.nullable(),
  /** The substitute's line on the order, once it is there. */
  itemId: z.number().nullable(),
});

export const substitutionOutput = z.object({
  id: z.number(),
  orderId: z.number(),
  /** The line that could not be filled. */
  itemId: z.number(),
  farm: z.object({ id: z.number(), name: z.string() }),
  restaurant: z.object({ id: z.number(), name: z.string() }),
  deliveryDate: z.string().nullable(),
  original: z.object({
    productId: z.number(),
    productName: z.string(),
    packLabel: z.string(),
    quantity: z.number(),
  }),
  /** Null for a short. */
  substitute: substituteOutput.nullable(),
  preference: z.enum(SUBSTITUTIONS),
  state: z.enum(SUBSTITUTION_STATES),
  /** When a pending proposal is shorted unanswered. */
  deadline: z.string().nullable(),
  proposedAt: z.string(),
  proposedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedVia: z.enum(['app', 'email', 'system']).nullable(),
});
export type SubstitutionRecord = z.infer<typeof substitutionOutput>;
export const substitutionListOutput = z.array(substitutionOutput);

/** GET /api/substitutions: paged by `limit` and `cursor`, newest first. */
export const SUBSTITUTION_LIST_DEFAULT_LIMIT = 50;
export const SUBSTITUTION_LIST_MAX_LIMIT = 200;

/** The answer of the bulk call: like the bulk status move's. */
export const bulkSubstitutionOutput = z.object({
  deliveryDate: z.string(),
  productId: z.number(),
  /** Each order changed, with what was done to its line. */
  changed: z.array(
    z.object({
      id: z.number(),
      itemId: z.number(),
      substitutionId: z.number(),
      state: z.enum(SUBSTITUTION_STATES),
    }),
  ),
  refused: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      message: z.string(),
      itemId: z.number().optional(),
    }),
  ),
  /**
   * Orders of the day left beyond the call's limit (after `afterOrderId` when it was sent): call
   * again, with `afterOrderId: lastOrderId`.
   */
  remaining: z.number().int(),
  /** The batch's last order (null when it was empty): the next call's `afterOrderId`. */
  lastOrderId: lastOrderIdOutput,
});
export type BulkSubstitutionResult = z.infer<typeof bulkSubstitutionOutput>;
