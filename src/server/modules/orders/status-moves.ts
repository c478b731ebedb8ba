import { eq, sql } from 'drizzle-orm';
import { hawaiiDate } from '#core/hawaii-time';
import { isOverdue, statusAfter } from '#core/order-changes';
import {
  DELIVERED_AT_BEFORE_ORDER_MESSAGE,
  DELIVERED_AT_FUTURE_MESSAGE,
  DELIVERED_AT_SKEW_MS,
} from '#core/schemas/delivery-proof';
import { farms, orderDeliveries, orders } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import type { NotificationEvent } from '../notifications';
import { requireLineLots } from './line-lots';
import { writeShippingRecords } from './shipping-records';
import {
  linesMoves,
  linesOf,
  type ChangeContext,
  type ChangeOutcome,
  type LockedOrder,
  type OrderChangeOf,
} from './order-change';
import { moveStock } from './stock';
import { requireWeightDecisions } from './weights';

/** The changes that move an order along its status machine, or cancel it. */
export type StatusMove = OrderChangeOf<
  'status' | 'delivery' | 'restaurant_cancel' | 'auto_cancel' | 'closure_cancel'
>;

/**
 * What must happen in an order's own transaction before it is packed or shipped, registered
 * where the app is assembled (a feature the orders module does not import): a substitute still
 * waiting for the restaurant's answer is shorted then (docs/substitutions.md). Every pack, the
 * single move and the day's bulk one, comes through moveStatus, so through these.
 */
export type BeforePackStep = (context: ChangeContext<StatusMove>) => Promise<ChangeOutcome>;
const beforePackSteps: BeforePackStep[] = [];

export function registerBeforePackStep(step: BeforePackStep): void {
  if (!beforePackSteps.includes(step)) beforePackSteps.push(step);
}

/** A phone's delivery time may not be still to come (beyond a phone's clock skew) nor before the order. */
function checkDeliveredAt(deliveredAt: Date, order: LockedOrder, now: Date) {
  const message =
    deliveredAt.getTime() > now.getTime() + DELIVERED_AT_SKEW_MS
      ? DELIVERED_AT_FUTURE_MESSAGE
      : deliveredAt.getTime() < order.createdAt.getTime()
        ? DELIVERED_AT_BEFORE_ORDER_MESSAGE
        : null;
  if (message) throw new AppError(400, message, 'validation', { deliveredAt: message });
}

/**
 * The handler of a status move or a cancel: the new status (its history is the kernel's), the
 * driver's proof on a delivery, the shipping records when it ships, the stock back on a cancel.
 */
export async function moveStatus(context: ChangeContext<StatusMove>): Promise<ChangeOutcome> {
  const { tx, actor, order, kind, change, now } = context;
  if (change.kind === 'auto_cancel' && !isOverdue(order.deliveryDate, order.createdAt, now)) {
    throw conflict('This order is not overdue', 'not_overdue');
  }
  if (change.kind === 'delivery') checkDeliveredAt(change.deliveredAt, order, now);
  const to = statusAfter(kind)!;
  const today = change.kind === 'status' ? change.today : null;
  const delivered = to === 'delivered' && today !== null && change.kind === 'status';
  // The day it was handed over, in Hawaii, as the phone confirmed it: the order's delivery
  // date, and the day its payment terms count from.
  const handedOver = change.kind === 'delivery' ? hawaiiDate(change.deliveredAt) : null;
  const before: ChangeOutcome[] = [];
  if (to === 'packed' || to === 'in_transit') {
    for (const step of beforePackSteps) before.push(await step(context));
  }
  // A traced line is packed, and shipped, only with its lots (docs/traceability.md).
  if (to === 'packed' || to === 'in_transit') await requireLineLots(tx, order);
  // A weight past the tolerance ships only once the restaurant has decided it.
  if (to === 'in_transit') await requireWeightDecisions(tx, order.id);
  await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: new Date(),
      ...(change.kind === 'delivery'
        ? {
            recipientName: change.recipientName,
            deliveryDate: handedOver,
            dueDate: sql`${handedOver}::date + (select ${farms.paymentTermsDays} from ${farms} where ${farms.id} = ${orders.farmId})`,
          }
        : {}),
      ...(delivered
        ? {
            recipientName: change.recipientName ?? null,
            // Delivered on the scheduled day, or earlier: never on a day still to come.
            deliveryDate: sql`least(coalesce(${orders.deliveryDate}, ${today}::date), ${today}::date)`,
            // Due by the farm's terms of today, counted from that same Hawaii delivery date.
            dueDate: sql`least(coalesce(${orders.deliveryDate}, ${today}::date), ${today}::date) + (select ${farms.paymentTermsDays} from ${farms} where ${farms.id} = ${orders.farmId})`,
          }
        : {}),
    })
    .where(eq(orders.id, order.id));
  if (change.kind === 'delivery') {
    await tx.insert(orderDeliveries).values({
      orderId: order.id,
      recipientName: change.recipientName,
      deliveredAt: change.deliveredAt,
      receivedAt: change.now,
      deliveredByUserId: actor.kind === 'person' ? actor.userId : null,
      photoKey: change.photoKey,
      signatureKey: change.signatureKey,
    });
  }
  if (to === 'in_transit') await writeShippingRecords(tx, order.id, today ?? hawaiiDate(now));
  let productIds: number[] = [];
  if (to === 'cancelled') {
    const lines = await linesOf(tx, order.id);
    const back = lines.map((line) => ({ line, quantity: 0 }));
    await moveStock(tx, actor, linesMoves(order.id, back, 'cancellation'));
    productIds = lines.map((line) => line.productId);
  }
  const event: NotificationEvent =
    kind === 'restaurant_cancel'
      ? { type: 'order.cancelled_by_restaurant', orderId: order.id }
      : kind === 'auto_cancel'
        ? { type: 'order.auto_cancelled', orderId: order.id }
        : kind === 'closure_cancel'
          ? { type: 'order.closure_cancelled', orderId: order.id }
          : { type: 'order.status_changed', orderId: order.id };
  return {
    status: to,
    events: [...before.flatMap((done) => done.events ?? []), event],
    productIds: [...before.flatMap((done) => done.productIds ?? []), ...productIds],
  };
}
