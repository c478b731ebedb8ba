import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { plainString } from './common';
import { deliveryRunOutput, deliveryRunStopOutput } from './delivery-run';
import {
  deliveryProofOutput,
  RECIPIENT_NAME_MAX_LENGTH,
  RECIPIENT_REQUIRED_MESSAGE,
} from './order';

export { deliveryProofOutput, type DeliveryProof } from './order';

/**
 * How far ahead of the server's clock a phone's `deliveredAt` may be: phones keep their own
 * time, a little off. Anything later is a time still to come (400 `fields.deliveredAt`).
 */
export const DELIVERED_AT_SKEW_MS = 5 * 60 * 1000;
export const DELIVERED_AT_FUTURE_MESSAGE = 'The delivery time is in the future';
export const DELIVERED_AT_BEFORE_ORDER_MESSAGE = 'The delivery time is before the order was placed';
/** How long a delivery's Idempotency-Key is kept: a phone may sync days after the drop. */
export const DELIVERY_IDEMPOTENCY_TTL_HOURS = 30 * 24;
export { DELIVERY_PHOTO_FIELD, DELIVERY_SIGNATURE_FIELD } from '../delivery-request';

/** The text fields of POST /api/orders/{id}/delivery (multipart), as the phone sends them. */
export const deliveryConfirmFields = z.object({
  recipientName: plainString('single', { error: RECIPIENT_REQUIRED_MESSAGE })
    .min(1, RECIPIENT_REQUIRED_MESSAGE)
    .max(RECIPIENT_NAME_MAX_LENGTH, `At most ${RECIPIENT_NAME_MAX_LENGTH} characters`),
  /** The instant the driver confirmed on the phone, with its offset. */
  deliveredAt: z.iso.datetime({
    offset: true,
    error: 'Use an ISO time like 2026-11-23T18:00:00-10:00',
  }),
});
export type DeliveryConfirmFields = z.infer<typeof deliveryConfirmFields>;

/** The most orders one stop's confirmation may deliver. */
export const MAX_STOP_DELIVERY_ORDERS = 50;
/** The 409 code of a stop's confirmation when one of its orders cannot be delivered. */
export const NOT_DELIVERABLE_CODE = 'not_deliverable';
const ORDER_IDS_MESSAGE = `List 1 to ${MAX_STOP_DELIVERY_ORDERS} order ids, separated by commas`;

/**
 * `orderIds` of POST /api/deliveries: one multipart field, the stop's order ids separated by
 * commas ("41,43"), 1 to 50 of them, each once.
 */
export const stopOrderIdsField = z
  .string({ error: ORDER_IDS_MESSAGE })
  .transform((value, context) => {
    const parts = value.split(',').map((part) => part.trim());
    const ids = parts.map((part) => (/^[1-9]\d{0,9}$/.test(part) ? Number(part) : NaN));
    if (ids.some((id) => !Number.isSafeInteger(id) || id > 2_147_483_647)) {
      context.addIssue({ code: 'custom', message: ORDER_IDS_MESSAGE });
      return z.NEVER;
    }
    if (ids.length > MAX_STOP_DELIVERY_ORDERS) {
      context.addIssue({
        code: 'custom',
        message: `At most ${MAX_STOP_DELIVERY_ORDERS} orders at one stop`,
      });
      return z.NEVER;
    }
    if (new Set(ids).size !== ids.length) {
      context.addIssue({ code: 'custom', message: 'List each order once' });
      return z.NEVER;
    }
    return ids;
  });

/** The text fields of POST /api/deliveries (multipart): one stop's orders and one proof. */
export const stopDeliveryFields = deliveryConfirmFields.extend({ orderIds: stopOrderIdsField });
export type StopDeliveryFields = z.infer<typeof stopDeliveryFields>;

/** The 409 `not_deliverable` body: the orders that could not be delivered, and why. */
export const notDeliverableBody = z.object({
  message: z.string(),
  code: z.literal(NOT_DELIVERABLE_CODE),
  orders: z.array(z.object({ id: z.number(), status: z.enum(ORDER_STATUSES), code: z.string() })),
});
export type NotDeliverableBody = z.infer<typeof notDeliverableBody>;

/** One line of a stop's order as the driver sees it: what to hand over, never its price. */
export const driveLineOutput = z.object({
  name: z.string(),
  quantity: z.number(),
  unit: z.string(),
});

/** GET /api/delivery-runs/{id}: one run for the driver, each stop with its lines and proof. */
export const driveRunOutput = deliveryRunOutput.extend({
  stops: z.array(
    deliveryRunStopOutput.extend({
      status: z.enum(ORDER_STATUSES),
      lines: z.array(driveLineOutput),
      delivery: deliveryProofOutput.nullable(),
    }),
  ),
});
export type DriveRun = z.infer<typeof driveRunOutput>;
export type DriveStop = DriveRun['stops'][number];
