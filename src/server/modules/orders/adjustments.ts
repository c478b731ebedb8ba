import { asc, eq } from 'drizzle-orm';
import { shortPersonName, type FarmActor } from '#core/actor';
import { centsOf, toMoneyString } from '#core/money';
import type { Adjustment, AdjustmentBody } from '#core/schemas/adjustment';
import type { PricedOrder } from '#core/schemas/order';
import type { Db, DbOrTx } from '../../db/database';
import { orderAdjustments, users } from '../../db/schema';
import { applyOrderChange } from './order-change';

/**
 * POST /api/orders/{id}/adjustments: the farm sets lines of its pending, confirmed or packed
 * order to what was picked (docs/adjustments.md), through the one order-change path.
 */
export async function adjustOrder(
  db: Db,
  actor: FarmActor,
  orderId: number,
  body: AdjustmentBody,
): Promise<PricedOrder> {
  return db.transaction((tx) =>
    applyOrderChange(tx, actor, orderId, { kind: 'adjustment', lines: body.lines }),
  );
}

/** GET /api/orders/{id}/adjustments: every recorded change of the order, oldest first. */
export async function listAdjustments(db: DbOrTx, orderId: number): Promise<Adjustment[]> {
  const rows = await db
    .select({
      adjustment: orderAdjustments,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(orderAdjustments)
    .leftJoin(users, eq(users.id, orderAdjustments.changedByUserId))
    .where(eq(orderAdjustments.orderId, orderId))
    .orderBy(asc(orderAdjustments.id));
  return rows.map(({ adjustment: row, firstName, lastName }) => ({
    id: row.id,
    itemId: row.orderItemId,
    productId: row.productId,
    product: { name: row.productName, unit: row.productUnit },
    fromQuantity: row.fromQuantity,
    toQuantity: row.toQuantity,
    reason: row.reason,
    fromTotal: toMoneyString(centsOf(row.fromTotal)),
    toTotal: toMoneyString(centsOf(row.toTotal)),
    changedByUserId: row.changedByUserId,
    changedByName: row.changedByUserId === null ? null : shortPersonName(firstName, lastName),
    changedAt: row.changedAt.toISOString(),
  }));
}
