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
