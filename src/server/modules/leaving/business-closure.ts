import { and, asc, eq } from 'drizzle-orm';
import { systemActor, type BusinessRef } from '#core/actor';
import { now as clockNow } from '../../clock';
import type { Db } from '../../db/database';
import { orders, users } from '../../db/schema';
import { adminPersonOf, markBusinessClosed } from '../businesses';
import { changeOrder } from '../orders';
import { checkCurrentPassword } from './account-closure';

/**
 * POST /api/business/close (docs/leaving.md#closing-a-business): after the owner's password is
 * checked, in one transaction: the business closed (its products out of the catalogue, the
 * standing orders ended, the audit row), and each of its pending orders cancelled through the
 * one order path as the system's `closure_cancel`, so the stock goes back, the history records
 * it and the other side is told. Confirmed orders stay to be delivered and paid.
 */
export async function closeBusiness(
  db: Db,
  owner: { userId: number; business: BusinessRef },
  currentPassword: string,
): Promise<{ cancelledOrderIds: number[] }> {
  await checkCurrentPassword(db, owner.userId, currentPassword);
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(eq(users.id, owner.userId));
    await markBusinessClosed(tx, adminPersonOf(person!), owner.business);
    const own = owner.business.kind === 'farm' ? orders.farmId : orders.restaurantId;
    const pending = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(own, owner.business.id), eq(orders.status, 'pending')))
      .orderBy(asc(orders.id));
    const actor = systemActor('business_closure');
    const now = clockNow();
    for (const { id } of pending) {
      await changeOrder(tx, actor, id, { kind: 'closure_cancel', now });
    }
    return { cancelledOrderIds: pending.map((order) => order.id) };
  });
}
