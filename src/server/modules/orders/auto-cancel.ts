import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { UNDATED_PENDING_DAYS } from '#core/delivery-days';
import { hawaiiDate } from '#core/hawaii-time';
import { now as clockNow } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { orderItems, orders, orderStatusHistory } from '../../db/schema';
import { publishLiveEvent } from '../events/publish';
import { recordNotificationEvents } from '../notifications/service';
import { returnStock } from './service';

/** How many overdue orders one sweep handles; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Pending and overdue at `now`: its delivery day has ended in Hawaii (the day is before today),
 * or, without a day, it was placed seven days ago or more.
 */
function overdue(now: Date) {
  const weekAgo = new Date(now.getTime() - UNDATED_PENDING_DAYS * 24 * 3_600_000);
  return and(
    eq(orders.status, 'pending'),
    or(
      and(isNotNull(orders.deliveryDate), lt(orders.deliveryDate, hawaiiDate(now))),
      and(isNull(orders.deliveryDate), lte(orders.createdAt, weekAgo)),
    ),
  );
}

/**
 * Cancels one overdue pending order as the system: the update is conditional on the order
 * still being pending and overdue, so of any number of sweeps (in any number of processes)
 * exactly one cancels it; that one returns the stock, records the change as by the system,
 * and tells both sides. Answers whether this call cancelled it.
 */
export async function autoCancelOrder(db: Db, orderId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const cancelled = await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), overdue(now)))
      .returning({ farmId: orders.farmId, restaurantId: orders.restaurantId });
    const row = cancelled[0];
    if (!row) return false;
    await tx.insert(orderStatusHistory).values({
      orderId,
      fromStatus: 'pending',
      toStatus: 'cancelled',
      changedByUserId: null,
      changedByRole: 'system',
    });
    await returnStock(tx, orderId);
    await recordNotificationEvents(tx, [{ type: 'order.auto_cancelled', orderId }]);
    await publishLiveEvent(tx, { type: 'orders.changed', orderId, ...row });
    const productIds = await orderProductIds(tx, orderId);
    await publishLiveEvent(tx, { type: 'products.changed', farmId: row.farmId, productIds });
    return true;
  });
}

async function orderProductIds(tx: DbOrTx, orderId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ productId: orderItems.productId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return rows.map((row) => row.productId);
}

/** Every pending order overdue at `now` (by the clock), cancelled one by one; answers their ids. */
export async function cancelOverdueOrders(db: Db, now: Date = clockNow()): Promise<number[]> {
  const cancelledIds: number[] = [];
  for (;;) {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(overdue(now))
      .orderBy(asc(orders.id))
      .limit(SWEEP_BATCH);
    let progressed = false;
    for (const { id } of due) {
      if (await autoCancelOrder(db, id, now)) {
        cancelledIds.push(id);
        progressed = true;
      }
    }
    // A batch another sweep emptied first leaves nothing more for this one.
    if (due.length < SWEEP_BATCH || !progressed) return cancelledIds;
  }
}

/** For tests and logs: the number of pending orders overdue at `now`. */
export async function countOverdue(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(overdue(now));
  return row?.n ?? 0;
}
