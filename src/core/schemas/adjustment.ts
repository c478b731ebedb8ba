import { z } from 'zod';
import { changeAllowedFrom } from '../order-changes';
import { moneyOutput, plainString } from './common';
import { lineQuantity, MAX_ORDER_LINES } from './order-line';

export const ADJUSTMENT_REASON_MAX_LENGTH = 300;
export const ADJUSTMENT_REASON_REQUIRED = 'Say why (for the restaurant)';
/** The statuses in which the farm may still adjust an order to what was picked (the one table's). */
export const ADJUSTABLE_STATUSES = changeAllowedFrom('adjustment');

/**
 * POST /api/orders/{id}/adjustments (docs/adjustments.md): the farm sets lines of its order to
 * what was picked. Each change names the line (`itemId`, the Order's `orderItems[].id`), the
 * new quantity (0 removes the line; decimals only for weighed units) and why.
 */
export const adjustmentBody = z.object({
  lines: z
    .array(
      z.object({
        itemId: z
          .number({ error: 'Choose a line of the order' })
          .int('Choose a line of the order')
          .positive('Choose a line of the order')
          .max(2_147_483_647, 'Choose a line of the order'),
        quantity: lineQuantity('zero'),
        reason: plainString('multi', { error: ADJUSTMENT_REASON_REQUIRED })
          .min(1, ADJUSTMENT_REASON_REQUIRED)
          .max(ADJUSTMENT_REASON_MAX_LENGTH, `At most ${ADJUSTMENT_REASON_MAX_LENGTH} characters`),
      }),
      { error: 'List the lines to change' },
    )
    .min(1, 'List the lines to change')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`),
});
export type AdjustmentBody = z.infer<typeof adjustmentBody>;
export type AdjustmentInput = z.input<typeof adjustmentBody>;

/** One recorded change of one line (GET /api/orders/{id}/adjustments), oldest first. */
export const adjustmentOutput = z.object({
  id: z.number(),
  itemId: z.number(),
  productId: z.number(),
  product: z.object({ name: z.string(), unit: z.string() }),
  fromQuantity: z.number(),
  /** 0 when the line was removed. */
  toQuantity: z.number(),
  reason: z.string(),
  /** The order's totals around the change; null for a member whose role does not see money. */
  fromTotal: moneyOutput.nullable(),
  toTotal: moneyOutput.nullable(),
  changedByUserId: z.number().nullable(),
  /** Who of the farm made it ("Leilani K."); null when the account is gone. */
  changedByName: z.string().nullable(),
  changedAt: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentOutput>;
export const adjustmentListOutput = z.array(adjustmentOutput);
