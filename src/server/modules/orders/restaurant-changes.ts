import type { RestaurantActor } from '#core/actor';
import type { OrderItemsChangeBody } from '#core/schemas/delivery';
import type { PricedOrder } from '#core/schemas/order';
import { now as clockNow } from '../../clock';
import type { Db } from '../../db/database';
import { applyOrderChange } from './order-change';

/**
 * The restaurant cancels its own pending order before the day's cutoff (after it, only the
 * farm can): stock goes back, the history records the restaurant, the farm is told.
 */
export async function cancelOwnOrder(
  db: Db,
  actor: RestaurantActor,
  orderId: number,
  now: Date = clockNow(),
): Promise<PricedOrder> {
  return db.transaction((tx) =>
    applyOrderChange(tx, actor, orderId, { kind: 'restaurant_cancel', now }),
  );
}

/**
 * The restaurant changes the quantities of its own pending order before the day's cutoff
 * (docs/delivery.md): lowering keeps the placed price, raising needs today's price; totals are
 * worked out again on the server, never taken from the client.
 */
export async function changeOwnOrderItems(
  db: Db,
  actor: RestaurantActor,
  orderId: number,
  body: OrderItemsChangeBody,
  now: Date = clockNow(),
): Promise<PricedOrder> {
  return db.transaction((tx) =>
    applyOrderChange(tx, actor, orderId, { kind: 'restaurant_items', items: body.items, now }),
  );
}
