import { and, asc, eq, isNull, lt, lte, type SQL } from 'drizzle-orm';
import { systemActor } from '#core/actor';
import { UNDATED_PENDING_DAYS } from '#core/delivery-days';
import { hawaiiDate } from '#core/hawaii-time';
import { now as clockNow } from '../../clock';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema';
import { AppError } from '../../errors';
import { applyOrderChange } from './order-change';

/** How many overdue orders one sweep handles; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Pending and overdue at `now`: its delivery day has ended in Hawaii (the day is before today),
 * or, without a day, it was placed seven days ago or more. The sweep's query of `isOverdue`
 * (core/order-changes), which judges each order again once it is locked. Two ranges of the
 * pending orders' index (orders_pending_day_idx), each read in its own order: written as one
 * condition, the planner took a year's pending orders for overdue ones and walked every order.
 */
function overdueBatch(db: Db, now: Date) {
  const weekAgo = new Date(now.getTime() - UNDATED_PENDING_DAYS * 24 * 3_600_000);
  const pendingWhere = (condition: SQL) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), condition))
      .orderBy(asc(orders.deliveryDate), asc(orders.createdAt))
      .limit(SWEEP_BATCH);
  return Promise.all([
    pendingWhere(lt(orders.deliveryDate, hawaiiDate(now))!),
    pendingWhere(and(isNull(orders.deliveryDate), lte(orders.createdAt, weekAgo))!),
  ]).then(([dated, undated]) => [...dated, ...undated].slice(0, SWEEP_BATCH));
}

/**
 * Cancels one overdue pending order as the system, through the one order-change path: the
 * order's row is locked and judged there, so of any number of sweeps (in any number of
 * processes) exactly one cancels it; that one returns the stock, records the change as by the
 * system, and tells both sides. Answers whether this call cancelled it.
 */
export async function autoCancelOrder(db: Db, orderId: number, now: Date): Promise<boolean> {
  try {
    await db.transaction((tx) =>
      applyOrderChange(tx, systemActor('auto_cancel'), orderId, { kind: 'auto_cancel', now }),
    );
    return true;
  } catch (error) {
    // Cancelled, moved on or no longer overdue by the time its row was locked: nothing to do.
    if (error instanceof AppError && error.statusCode === 409) return false;
    throw error;
  }
}

/** Every pending order overdue at `now` (by the clock), cancelled one by one; answers their ids. */
export async function cancelOverdueOrders(db: Db, now: Date = clockNow()): Promise<number[]> {
  const cancelledIds: number[] = [];
  for (;;) {
    const due = await overdueBatch(db, now);
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
