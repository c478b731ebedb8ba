import { and, asc, eq, not, sql } from 'drizzle-orm';
import { suggestLotShares, type LotShare } from '#core/lot-suggestion';
import { formatQuantity, subtractQuantities } from '#core/quantity';
import { unitsOfPacks } from '#core/packs';
import type { Tx } from '../../db/database';
import { lots, orderItemLots, orders } from '../../db/schema';
import { notFound } from '../../errors';
import {
  type ChangeContext,
  type ChangeOutcome,
  historyActor,
  linesOf,
  type LockedOrder,
  lotRequired,
  type OrderChangeOf,
  setLineLots,
} from '../orders';
import { lotIsRecalled } from './recalls';

type Line = Awaited<ReturnType<typeof linesOf>>[number];

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
  const wanted = change.lots === 'suggested' ? await suggestedLots(tx, order, line) : change.lots;
  if (wanted === null) return {};
  const { changedByUserId, changedByRole } = historyActor(actor);
  await setLineLots(tx, order.farmId, order.id, line, wanted, {
    changedByUserId,
    changedByRole,
  });
  await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id));
  return {};
}

/**
 * The suggested lots of a line that has none: the one rule of core/lot-suggestion over the
 * product's open lots, locked (in id order, as setLineLots locks them) so that what is left
 * cannot move before they are taken. Null when the line has lots already (they stay); 409
 * `lot_required` naming the line when the open lots do not cover it.
 */
async function suggestedLots(tx: Tx, order: LockedOrder, line: Line): Promise<LotShare[] | null> {
  const [held] = await tx
    .select({ lotId: orderItemLots.lotId })
    .from(orderItemLots)
    .where(eq(orderItemLots.orderItemId, line.id))
    .limit(1);
  if (held) return null;
  const open = await tx
    .select({ id: lots.id, harvestDate: lots.harvestDate, remaining: lots.remaining })
    .from(lots)
    .where(
      and(
        eq(lots.farmId, order.farmId),
        eq(lots.productId, line.productId),
        sql`${lots.remaining} > 0`,
        // A recalled lot is never suggested.
        not(lotIsRecalled(lots.id)),
      ),
    )
    .orderBy(asc(lots.id))
    .for('update');
  // Lots count the product's units; a line counts packs (docs/packs.md).
  const units = unitsOfPacks(line.quantity, line.packSize);
  const { shares, uncovered } = suggestLotShares(units, open);
  if (uncovered > 0) {
    const unit = line.productUnit;
    const covered = formatQuantity(subtractQuantities(units, uncovered));
    throw lotRequired(
      line,
      order.status,
      `The open lots of ${line.productName} cover ${covered} of ${formatQuantity(units)} ${unit}: record a lot, then assign lots to this line`,
    );
  }
  return shares;
}
