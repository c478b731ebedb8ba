import { and, eq, isNull } from 'drizzle-orm';
import type { BusinessRef } from '#core/actor';
import { BUSINESS_CODES } from '#core/business-status';
import type { LiveEvent } from '#core/schemas/notification';
import type { Tx } from '../../db/database';
import { farms, products, restaurants, standingOrders } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { publishLiveEvents } from '../events';
import { recordAdminAction, type AdminPerson } from './audit';

/*
 * Closing a business, its own part (docs/leaving.md#closing-a-business): the business marked
 * closed with who and when, its products out of the catalogue, the standing orders that would
 * buy from it or for it ended, and the closure in the admin audit log. Its pending orders are
 * the order path's (modules/leaving). Nothing is deleted: its records stay.
 */

/** Marks the business closed by `owner`, in the caller's transaction; answers its name. */
export async function markBusinessClosed(
  tx: Tx,
  owner: AdminPerson,
  business: BusinessRef,
): Promise<{ name: string }> {
  const table = business.kind === 'farm' ? farms : restaurants;
  const [row] = await tx
    .select({ name: table.name, closedAt: table.closedAt })
    .from(table)
    .where(eq(table.id, business.id))
    .for('update');
  if (!row) throw notFound(business.kind === 'farm' ? 'No such farm' : 'No such restaurant');
  if (row.closedAt) {
    throw conflict(`This ${business.kind} is already closed`, BUSINESS_CODES.alreadyClosed);
  }
  const now = new Date();
  await tx
    .update(table)
    .set({ closedAt: now, closedByUserId: owner.userId, updatedAt: now })
    .where(eq(table.id, business.id));
  const events: LiveEvent[] = [
    { type: 'business.changed', businessKind: business.kind, businessId: business.id },
  ];
  if (business.kind === 'farm') {
    const gone = await tx
      .update(products)
      .set({ isActive: false, deletedAt: now, updatedAt: now })
      .where(and(eq(products.farmId, business.id), isNull(products.deletedAt)))
      .returning({ id: products.id });
    events.push({
      type: 'products.changed',
      farmId: business.id,
      productIds: gone.map((product) => product.id),
    });
  }
  await tx
    .update(standingOrders)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(
        isNull(standingOrders.deletedAt),
        business.kind === 'farm'
          ? eq(standingOrders.farmId, business.id)
          : eq(standingOrders.restaurantId, business.id),
      ),
    );
  await recordAdminAction(tx, owner, {
    action: 'close',
    businessKind: business.kind,
    businessId: business.id,
    businessName: row.name,
    reason: null,
  });
  await publishLiveEvents(tx, events);
  return { name: row.name };
}
