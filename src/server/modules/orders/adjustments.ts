import { asc, eq, sql } from 'drizzle-orm';
import { shortPersonName, type FarmActor } from '#core/actor';
import { billedQuantity } from '#core/catch-weight';
import { centsOf, multiplyCents, rateOf, toMoneyString, type Cents } from '#core/money';
import { isWeighedUnit } from '#core/quantity';
import { isUnitPack, packCountLabel, packQuantityProblem, unitsOfPacks } from '#core/packs';
import type { Substitution } from '#core/schemas/order-guide';
import type { Adjustment, AdjustmentBody } from '#core/schemas/adjustment';
import type { PricedOrder } from '#core/schemas/order';
import type { Db, DbOrTx } from '../../db/database';
import { farms, orderAdjustments, orderItems, orders, users } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { clearLineLots } from './line-lots';
import {
  applyOrderChange,
  historyActor,
  judgeAs,
  lineTotalCents,
  linesMoves,
  linesOf,
  orderFeesCents,
  priceOrder,
  refusedTake,
  tooLarge,
  type ChangeContext,
  type ChangeOutcome,
  type OrderChangeOf,
  type StoredLine,
} from './order-change';
import { moveStock } from './stock';

/** The 409 code of a farm's adjustment above what the farm may deliver of a line. */
export const OVER_ORDERED_CODE = 'over_ordered';

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

/** The most of a line the farm may deliver: a weighed line its allowance above what was ordered. */
function maxDeliverable(line: StoredLine, allowancePercent: number): number {
  const ordered = line.orderedQuantity ?? line.quantity;
  // A pack other than the unit is counted whole, whatever its unit (docs/packs.md).
  if (!isWeighedUnit(line.productUnit) || !isUnitPack({ size: line.packSize })) return ordered;
  return Math.floor(ordered * (100 + allowancePercent) + 1e-6) / 100;
}

/**
 * The farm's adjustment of its order to what was picked (docs/adjustments.md): lines changed
 * or removed with a reason each, at the order's own unit prices; a weighed line raised at most
 * the farm's allowance above what was ordered, a counted one not at all. Removing every line is
 * a cancel, allowed only where a cancel is (pending).
 */
export async function adjustLines(
  context: ChangeContext<OrderChangeOf<'adjustment'>>,
): Promise<ChangeOutcome> {
  const { tx, order } = context;
  const body = context.change.lines;
  const lines = await linesOf(tx, order.id);
  const seen = new Set<number>();
  const changes = body.map((change, index) => {
    const line = lines.find((candidate) => candidate.id === change.itemId);
    if (!line) {
      throw badRequest('Only the order’s own lines can be adjusted', {
        [`lines.${index}.itemId`]: 'Not a line of this order',
      });
    }
    if (seen.has(line.id)) {
      throw badRequest('List each line once', { [`lines.${index}.itemId`]: 'Listed twice' });
    }
    seen.add(line.id);
    const problem = packQuantityProblem(
      line.productUnit,
      { label: line.packLabel, size: line.packSize, minimumQuantity: null },
      change.quantity,
    );
    if (problem) throw badRequest(problem, { [`lines.${index}.quantity`]: problem });
    if (change.quantity === line.quantity) {
      throw badRequest('This line already has that quantity', {
        [`lines.${index}.quantity`]: 'Already this quantity',
      });
    }
    return { line, quantity: change.quantity, reason: change.reason };
  });

  const raised = changes.filter(({ line, quantity }) => quantity > line.quantity);
  if (raised.length > 0) {
    const [farm] = await tx
      .select({ allowance: farms.adjustmentAllowancePercent })
      .from(farms)
      .where(eq(farms.id, order.farmId));
    for (const { line, quantity } of raised) {
      const maxQuantity = maxDeliverable(line, farm!.allowance);
      if (quantity > maxQuantity) {
        throw conflict(
          `At most ${packCountLabel(maxQuantity, line.packLabel)} of ${line.productName} can be delivered for this order`,
          OVER_ORDERED_CODE,
          { itemId: line.id, orderedQuantity: line.orderedQuantity ?? line.quantity, maxQuantity },
        );
      }
    }
  }

  return writeLineChanges(context, lines, changes);
}

/** A line a substitution adds to the order, priced at the restaurant's price (docs/substitutions.md). */
export interface AddedLine {
  productId: number;
  productName: string;
  productUnit: string;
  packId: number;
  packLabel: string;
  packSize: number;
  weightUnit: string | null;
  packWeight: number | null;
  quantity: number;
  unitCents: Cents;
  priceBreakQuantity: number | null;
  substitution: Substitution;
  substituteForItemId: number;
  /** Why, as the adjustment's record says it. */
  reason: string;
}

/** A line changed to `quantity` (0: removed), with the reason the record keeps. */
export interface LineChange {
  line: StoredLine;
  quantity: number;
  reason: string;
}

/** An added line as the stored lines read, for the refusal of its take. */
function storedOf(added: AddedLine, id: number): StoredLine {
  return {
    id,
    productId: added.productId,
    productName: added.productName,
    productUnit: added.productUnit,
    packId: added.packId,
    packLabel: added.packLabel,
    packSize: added.packSize,
    weightUnit: added.weightUnit,
    packWeight: added.packWeight,
    weight: null,
    weightDecision: null,
    quantity: added.quantity,
    orderedQuantity: null,
    unitPrice: toMoneyString(added.unitCents),
    priceBreakQuantity: added.priceBreakQuantity,
  };
}

/**
 * The writes of a farm's adjustment, once its lines are checked: the stock of each changed line
 * moved (and taken for any line added, a substitute), its lots cleared, the lines written, the
 * order repriced at its own fees and GET rate, and a record per line. Removing every line is a
 * cancel, judged as one. Shared by the adjustment and by the day's exceptions (shorts and
 * substitutes, docs/substitutions.md), so that money and stock follow one rule.
 */
export async function writeLineChanges(
  context: ChangeContext,
  lines: StoredLine[],
  changes: LineChange[],
  added: AddedLine[] = [],
): Promise<ChangeOutcome & { addedItemIds: number[] }> {
  const { tx, actor, order } = context;
  const wanted = new Map(changes.map((change) => [change.line.id, change.quantity]));
  const remaining = lines.filter((line) => (wanted.get(line.id) ?? line.quantity) > 0);
  const cancels = remaining.length === 0 && added.length === 0;
  // Emptying the order is a cancel: judged as one (role, then status) before any write.
  if (cancels) judgeAs(context, 'farm_cancel');
  const addedTotal = (line: AddedLine) =>
    multiplyCents(line.unitCents, billedQuantity({ ...line, weight: null, weightDecision: null }));
  const price = priceOrder(
    [
      ...remaining.map((line) =>
        lineTotalCents(line, centsOf(line.unitPrice), wanted.get(line.id) ?? line.quantity),
      ),
      ...added.map(addedTotal),
    ],
    orderFeesCents(order),
    rateOf(order.taxRate),
  );
  if (!price.withinCap) throw tooLarge('lines');

  // A substitute's line is written first, so that its take names it in the stock's ledger.
  const addedIds: number[] = [];
  for (const line of added) {
    const [row] = await tx
      .insert(orderItems)
      .values({
        orderId: order.id,
        productId: line.productId,
        productName: line.productName,
        productUnit: line.productUnit,
        packId: line.packId,
        packLabel: line.packLabel,
        packSize: line.packSize,
        weightUnit: line.weightUnit,
        packWeight: line.packWeight,
        quantity: line.quantity,
        unitPrice: toMoneyString(line.unitCents),
        totalPrice: toMoneyString(addedTotal(line)),
        priceBreakQuantity: line.priceBreakQuantity,
        substitution: line.substitution,
        substituteForItemId: line.substituteForItemId,
      })
      .returning({ id: orderItems.id });
    addedIds.push(row!.id);
  }
  const takes = added.map((line, index) => ({
    productId: line.productId,
    change: -unitsOfPacks(line.quantity, line.packSize),
    reason: 'farm_adjustment' as const,
    orderId: order.id,
    orderItemId: addedIds[index]!,
  }));
  const result = await moveStock(tx, actor, [
    ...linesMoves(order.id, changes, 'farm_adjustment'),
    ...takes,
  ]);
  if (!result.ok) {
    const takenFor = addedIds.indexOf(result.refused.move.orderItemId ?? -1);
    if (takenFor >= 0) {
      const line = added[takenFor]!;
      throw refusedTake(result, storedOf(line, addedIds[takenFor]!), line.quantity);
    }
    const line = lines.find((candidate) => candidate.id === result.refused.move.orderItemId)!;
    throw refusedTake(result, line, wanted.get(line.id)!);
  }
  const now = new Date();
  // A changed line's lots no longer add up to it: they go back, and packing asks for them again.
  await clearLineLots(
    tx,
    order.id,
    changes.map(({ line }) => line.id),
    historyActor(actor),
  );
  for (const { line, quantity } of changes) {
    if (quantity === 0 && !cancels) {
      await tx.delete(orderItems).where(eq(orderItems.id, line.id));
    } else if (quantity > 0) {
      await tx
        .update(orderItems)
        .set({
          quantity,
          // What was ordered is kept from the first adjustment on.
          orderedQuantity: sql`coalesce(${orderItems.orderedQuantity}, ${orderItems.quantity})`,
          totalPrice: toMoneyString(lineTotalCents(line, centsOf(line.unitPrice), quantity)),
          // A weight no longer fits the packs: the line is charged on its estimate again.
          ...(line.weightUnit === null
            ? {}
            : {
                weight: null,
                weights: null,
                weighedByUserId: null,
                weighedAt: null,
                weightDecision: null,
              }),
        })
        .where(eq(orderItems.id, line.id));
    }
  }
  if (cancels) {
    // The lines stay as they were, as on any cancelled order; the stock is back already.
    await tx
      .update(orders)
      .set({ status: 'cancelled', adjustedAt: now, updatedAt: now })
      .where(eq(orders.id, order.id));
  } else {
    await tx
      .update(orders)
      .set({
        subtotal: toMoneyString(price.subtotal),
        taxAmount: toMoneyString(price.taxCents),
        totalAmount: toMoneyString(price.totalCents),
        adjustedAt: now,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
  }
  const { changedByUserId } = historyActor(actor);
  const recorded = await tx
    .insert(orderAdjustments)
    .values([
      ...changes.map(({ line, quantity, reason }) => ({
        orderId: order.id,
        orderItemId: line.id,
        productId: line.productId,
        productName: line.productName,
        // The quantities count packs: the pack names them ("1 case", not "1 bunch").
        productUnit: line.packLabel,
        fromQuantity: line.quantity,
        toQuantity: quantity,
        reason,
        fromTotal: order.totalAmount,
        toTotal: toMoneyString(cancels ? 0 : price.totalCents),
        changedByUserId,
      })),
      ...added.map((line, index) => ({
        orderId: order.id,
        orderItemId: addedIds[index]!,
        productId: line.productId,
        productName: line.productName,
        productUnit: line.packLabel,
        fromQuantity: 0,
        toQuantity: line.quantity,
        reason: line.reason,
        fromTotal: order.totalAmount,
        toTotal: toMoneyString(price.totalCents),
        changedByUserId,
      })),
    ])
    .returning({ id: orderAdjustments.id });
  return {
    ...(cancels ? { status: 'cancelled' as const } : {}),
    events: [
      {
        type: 'order.adjusted',
        orderId: order.id,
        revision: String(recorded[0]!.id),
        cancelled: cancels,
        changes: changes.map(({ line, quantity, reason }) => ({
          productName: line.productName,
          unit: line.packLabel,
          fromQuantity: line.quantity,
          toQuantity: quantity,
          reason,
        })),
      },
    ],
    productIds: [...changes.map(({ line }) => line.productId), ...added.map((l) => l.productId)],
    addedItemIds: addedIds,
  };
}
