import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import type { Permission } from '../permissions';
import { calendarDateInput } from './common';

/**
 * The day's bulk actions of the farmer's Orders page (docs/order-lists.md): every pending order
 * of a delivery day confirmed, or every confirmed one packed. Each order moves in its own
 * guarded transaction, exactly as one PATCH /api/orders/{id}/status would move it.
 */
export const BULK_MOVES = {
  confirmed: 'pending',
  packed: 'confirmed',
} as const;
export type BulkTarget = keyof typeof BULK_MOVES;
/** A bulk call moves at most this many orders; `remaining` says how many are left. */
export const BULK_MAX_ORDERS = 200;

const AFTER_ORDER_ID_MESSAGE = 'Use the lastOrderId of the previous answer';
/** The 400 for an `afterOrderId` that is not one of the farm's orders (wherever else it is). */
export const NOT_AN_ORDER_OF_THE_FARM =
  "Not one of your farm's orders: use the lastOrderId of the previous answer";

/**
 * Where a day's bulk call goes on (this one and POST /api/orders/bulk-substitution): only the
 * orders after this one, oldest first by (created_at, id). The previous answer's `lastOrderId`,
 * so the orders it refused, still in the starting status, are not taken again.
 */
export const afterOrderIdInput = z
  .number({ error: AFTER_ORDER_ID_MESSAGE })
  .int(AFTER_ORDER_ID_MESSAGE)
  .positive(AFTER_ORDER_ID_MESSAGE)
  .max(2_147_483_647, AFTER_ORDER_ID_MESSAGE);

/** The last order of a bulk call's batch, in the order it took them; null when it took none. */
export const lastOrderIdOutput = z.number().nullable();

/** The one value of `lots`: each traced line without lots takes the suggested lots first. */
export const SUGGESTED_LOTS = 'suggested';
export const LOTS_ONLY_WHEN_PACKING = 'Suggested lots are assigned only when packing';

/**
 * What the day's bulk move needs of the person's role (docs/teams.md): moving orders on, and,
 * when `lots` is sent, assigning lots as well. The route asks it of the body as sent; the
 * Orders page asks it before offering the suggested lots.
 */
export function bulkStatusPermissions(lots: unknown): Permission[] {
  return lots === undefined ? ['orders.status'] : ['orders.status', 'lots.manage'];
}

export const bulkStatusBody = z
  .object({
    deliveryDate: calendarDateInput(),
    status: z.enum(['confirmed', 'packed'], {
      error: 'Choose confirmed (every pending order) or packed (every confirmed order)',
    }),
    /**
     * With `packed` only: every traced line without lots is given the suggested lots
     * (core/lot-suggestion) before its order is packed, in the order's own transaction.
     */
    lots: z.literal(SUGGESTED_LOTS, { error: 'Use "suggested" or leave lots out' }).optional(),
    afterOrderId: afterOrderIdInput.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.lots !== undefined && body.status !== 'packed') {
      ctx.addIssue({ code: 'custom', path: ['lots'], message: LOTS_ONLY_WHEN_PACKING });
    }
  });
export type BulkStatusBody = z.infer<typeof bulkStatusBody>;

const orderStatus = z.enum(ORDER_STATUSES);

export const bulkStatusOutput = z.object({
  deliveryDate: z.string(),
  fromStatus: orderStatus,
  status: orderStatus,
  /** The orders moved, by id (oldest first, the order in which they were moved). */
  changed: z.array(z.object({ id: z.number(), fromStatus: orderStatus, toStatus: orderStatus })),
  /** Orders that were in `fromStatus` when the call began but could not move, and why. */
  refused: z.array(
    z.object({
      id: z.number(),
      status: orderStatus,
      code: z.string(),
      message: z.string(),
      /** With `lot_required`: the line that has no lots (none could cover it). */
      itemId: z.number().optional(),
      productId: z.number().optional(),
      productName: z.string().optional(),
    }),
  ),
  /**
   * Orders of the day still in `fromStatus` beyond this call's BULK_MAX_ORDERS (after
   * `afterOrderId` when it was sent): call again, with `afterOrderId: lastOrderId`.
   */
  remaining: z.number().int(),
  /** The batch's last order (null when it was empty): the next call's `afterOrderId`. */
  lastOrderId: lastOrderIdOutput,
});
export type BulkStatusResult = z.infer<typeof bulkStatusOutput>;
