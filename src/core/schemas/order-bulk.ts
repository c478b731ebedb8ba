import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
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

export const bulkStatusBody = z.object({
  deliveryDate: calendarDateInput(),
  status: z.enum(['confirmed', 'packed'], {
    error: 'Choose confirmed (every pending order) or packed (every confirmed order)',
  }),
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
    z.object({ id: z.number(), status: orderStatus, code: z.string(), message: z.string() }),
  ),
  /** Orders of the day still in `fromStatus` beyond BULK_MAX_ORDERS: call again. */
  remaining: z.number().int(),
});
export type BulkStatusResult = z.infer<typeof bulkStatusOutput>;
