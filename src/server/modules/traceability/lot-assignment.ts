import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { notFound } from '../../errors';
import {
  historyActor,
  linesOf,
  type ChangeContext,
  type ChangeOutcome,
  type OrderChangeOf,
} from '../orders/order-change';
import { setLineLots } from './line-lots';

/**
 * The handler of a lot assignment: the farm sets the lots one line of its confirmed or packed
 * order was packed from (docs/traceability.md). The lots' checks and shares are line-lots'; here
 * the line is found in the locked order (404 otherwise), and the kernel tells both sides.
 */
export async function assignLots({
  tx,
  actor,
  order,
  change,
}: ChangeContext<OrderChangeOf<'lot_assignment'>>): Promise<ChangeOutcome> {
  const line = (await linesOf(tx, order.id)).find((candidate) => candidate.id === change.itemId);
  if (!line) throw notFound('Order line not found');
  const { changedByUserId, changedByRole } = historyActor(actor);
  await setLineLots(tx, order.farmId, order.id, line, change.lots, {
    changedByUserId,
    changedByRole,
  });
  await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id));
  return {};
}
