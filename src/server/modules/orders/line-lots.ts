import { and, asc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { OrderLineLot } from '#core/schemas/order';
import { formatQuantity, quantityHundredths, quantityProblem } from '#core/quantity';
import { unitsOfPacks } from '#core/packs';
import type { LineLotsBody } from '#core/schemas/traceability';
import { LOT_REQUIRED_CODE } from '#core/traceability';
import type { Tx } from '../../db/database';
import { farms, lots, orderItemLots, orderItems, orderLotChanges, products } from '../../db/schema';
import { jsonValue } from '../../db/raw-sql';
import { AppError, badRequest } from '../../errors';

/**
 * The lots of order lines (docs/traceability.md), written only from the one order-change path:
 * assigning a line's lots, clearing them when an adjustment changes the line, and the check
 * that a traced line has its lots before the order is packed or shipped. A lot's `remaining`
 * moves with every line's share, in the same transaction, its row locked.
 */

export const LOT_INSUFFICIENT_CODE = 'lot_insufficient';

interface LineToTrace {
  id: number;
  productId: number;
  productName: string;
  productUnit: string;
  quantity: number;
  /** Units of stock in one of the line's packs: lots count units (docs/packs.md). */
  packSize: number;
}

interface HistoryActor {
  changedByUserId: number | null;
  changedByRole: 'farmer' | 'restaurant' | 'system';
}

const hundredths = (quantity: number) => quantityHundredths(quantity) ?? 0;

/** The lots a line holds now, with their codes. */
async function heldBy(tx: Tx, orderItemId: number) {
  return tx
    .select({ lotId: orderItemLots.lotId, quantity: orderItemLots.quantity, code: lots.code })
    .from(orderItemLots)
    .innerJoin(lots, eq(lots.id, orderItemLots.lotId))
    .where(eq(orderItemLots.orderItemId, orderItemId))
    .orderBy(asc(lots.id));
}

/** Locks the lots in id order, so two assignments touching the same lots never deadlock. */
async function lockLots(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: lots.id,
      farmId: lots.farmId,
      productId: lots.productId,
      code: lots.code,
      remaining: lots.remaining,
    })
    .from(lots)
    .where(inArray(lots.id, [...new Set(ids)]))
    .orderBy(asc(lots.id))
    .for('update');
}

async function giveBack(tx: Tx, held: { lotId: number; quantity: number }[]) {
  for (const { lotId, quantity } of held) {
    await tx
      .update(lots)
      .set({ remaining: sql`${lots.remaining} + ${quantity}`, updatedAt: new Date() })
      .where(eq(lots.id, lotId));
  }
}

/**
 * Sets a line's lots to `wanted`, replacing what it held: every lot the farm's own and of the
 * line's product (400 naming the field otherwise), their quantities adding up to the line (400),
 * none taking more than the lot has left, counting back what this line already held (409
 * `lot_insufficient`). An empty list clears the line's lots.
 */
export async function setLineLots(
  tx: Tx,
  farmId: number,
  orderId: number,
  line: LineToTrace,
  wanted: LineLotsBody['lots'],
  actor: HistoryActor,
): Promise<void> {
  const held = await heldBy(tx, line.id);
  const locked = await lockLots(tx, [
    ...held.map((lot) => lot.lotId),
    ...wanted.map((lot) => lot.lotId),
  ]);
  const byId = new Map(locked.map((lot) => [lot.id, lot]));
  const heldById = new Map(held.map((lot) => [lot.lotId, lot.quantity]));
  wanted.forEach((want, index) => {
    const lot = byId.get(want.lotId);
    if (!lot || lot.farmId !== farmId) {
      throw badRequest('No such lot', { [`lots.${index}.lotId`]: 'No such lot of this farm' });
    }
    if (lot.productId !== line.productId) {
      throw badRequest(`Lot ${lot.code} is of another product`, {
        [`lots.${index}.lotId`]: `Not a lot of ${line.productName}`,
      });
    }
    const problem = quantityProblem(line.productUnit, want.quantity);
    if (problem) throw badRequest(problem, { [`lots.${index}.quantity`]: problem });
  });
  if (wanted.length > 0) {
    const total = wanted.reduce((sum, want) => sum + hundredths(want.quantity), 0);
    const units = unitsOfPacks(line.quantity, line.packSize);
    if (total !== hundredths(units)) {
      const message = `The lots add up to ${formatQuantity(total / 100)} ${line.productUnit}; the line is ${formatQuantity(units)} ${line.productUnit}`;
      throw badRequest(message, { lots: message });
    }
  }
  wanted.forEach((want, index) => {
    const lot = byId.get(want.lotId)!;
    const available = hundredths(lot.remaining) + hundredths(heldById.get(lot.id) ?? 0);
    if (hundredths(want.quantity) > available) {
      const left = formatQuantity(available / 100);
      const message = `Lot ${lot.code} has ${left} ${line.productUnit} left`;
      throw new AppError(
        409,
        message,
        LOT_INSUFFICIENT_CODE,
        { [`lots.${index}.quantity`]: message },
        { lotId: lot.id, remaining: available / 100 },
      );
    }
  });

  await giveBack(tx, held);
  await tx.delete(orderItemLots).where(eq(orderItemLots.orderItemId, line.id));
  for (const want of wanted) {
    await tx
      .update(lots)
      .set({ remaining: sql`${lots.remaining} - ${want.quantity}`, updatedAt: new Date() })
      .where(eq(lots.id, want.lotId));
  }
  if (wanted.length > 0) {
    await tx.insert(orderItemLots).values(
      wanted.map((want) => ({
        orderItemId: line.id,
        lotId: want.lotId,
        quantity: want.quantity,
        assignedByUserId: actor.changedByUserId,
      })),
    );
  }
  await tx.insert(orderLotChanges).values({
    orderId,
    orderItemId: line.id,
    reason: 'assigned',
    lots: wanted.map((want) => ({
      lotId: want.lotId,
      code: byId.get(want.lotId)!.code,
      quantity: want.quantity,
    })),
    ...actor,
  });
}

/**
 * Clears the lots of lines an adjustment changes or removes (their shares go back to the lots),
 * so a traced line asks for its lots again; recorded in the line's lot history.
 */
export async function clearLineLots(
  tx: Tx,
  orderId: number,
  lineIds: number[],
  actor: HistoryActor,
): Promise<void> {
  if (lineIds.length === 0) return;
  const held = await tx
    .select({ orderItemId: orderItemLots.orderItemId, lotId: orderItemLots.lotId })
    .from(orderItemLots)
    .where(inArray(orderItemLots.orderItemId, lineIds));
  if (held.length === 0) return;
  await lockLots(
    tx,
    held.map((row) => row.lotId),
  );
  const cleared = await tx
    .delete(orderItemLots)
    .where(inArray(orderItemLots.orderItemId, lineIds))
    .returning({
      orderItemId: orderItemLots.orderItemId,
      lotId: orderItemLots.lotId,
      quantity: orderItemLots.quantity,
    });
  await giveBack(tx, cleared);
  for (const lineId of new Set(cleared.map((row) => row.orderItemId))) {
    await tx.insert(orderLotChanges).values({
      orderId,
      orderItemId: lineId,
      reason: 'cleared_by_adjustment',
      lots: [],
      ...actor,
    });
  }
}

/**
 * 409 `lot_required` naming the first line of the order that needs lots and has none (or lots
 * that no longer add up to it): a traced product of a farm with traceability on.
 */
export async function requireLineLots(
  tx: Tx,
  order: { id: number; farmId: number; status: string },
): Promise<void> {
  const assigned = sql<number>`coalesce((select sum(${orderItemLots.quantity}) from ${orderItemLots} where ${orderItemLots.orderItemId} = ${orderItems.id}), 0)`;
  const [missing] = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      productName: orderItems.productName,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(farms, eq(farms.id, order.farmId))
    .where(
      and(
        eq(orderItems.orderId, order.id),
        eq(farms.traceabilityEnabled, true),
        sql`${products.traceabilityCategory} is not null`,
        sql`${assigned} <> ${orderItems.quantity} * ${orderItems.packSize}`,
      ),
    )
    .orderBy(asc(orderItems.id))
    .limit(1);
  if (!missing) return;
  throw lotRequired(
    missing,
    order.status,
    `Assign lots to ${missing.productName} before packing: it is on the Food Traceability List`,
  );
}

/** 409 `lot_required` naming the line (`itemId`, `productId`, `productName`) that needs lots. */
export function lotRequired(
  line: { id: number; productId: number; productName: string },
  status: string,
  message: string,
): AppError {
  return new AppError(
    409,
    message,
    LOT_REQUIRED_CODE,
    { [`items.${line.id}.lots`]: 'Assign lots to this line' },
    { itemId: line.id, productId: line.productId, productName: line.productName, status },
  );
}

/**
 * The order's traced lines that have no lots at all (a traced product of a farm with
 * traceability on), in line order: those the day's bulk pack gives the suggested lots. A line
 * with lots that do not add up is left to the packer.
 */
export async function tracedLinesWithoutLots(
  tx: Tx,
  order: { id: number; farmId: number },
): Promise<{ id: number; productId: number }[]> {
  return tx
    .select({ id: orderItems.id, productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(farms, eq(farms.id, order.farmId))
    .where(
      and(
        eq(orderItems.orderId, order.id),
        eq(farms.traceabilityEnabled, true),
        sql`${products.traceabilityCategory} is not null`,
        sql`not exists (select 1 from ${orderItemLots} where ${orderItemLots.orderItemId} = ${orderItems.id})`,
      ),
    )
    .orderBy(asc(orderItems.id));
}

/**
 * Locks the farm's open lots of these products at once, in id order, before their lines take
 * from them one by one: every writer of lots locks in id order, so an order whose lines take
 * from two products never waits on another that locked them the other way round.
 */
export async function lockOpenLots(tx: Tx, farmId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .select({ id: lots.id })
    .from(lots)
    .where(
      and(
        eq(lots.farmId, farmId),
        inArray(lots.productId, [...new Set(productIds)]),
        sql`${lots.remaining} > 0`,
      ),
    )
    .orderBy(asc(lots.id))
    .for('update');
}

/** A line's lots as the order answer carries them: one JSON column, oldest harvest first. */
export function lineLotsColumn(orderItemId: AnyColumn) {
  return sql<OrderLineLot[]>`coalesce((
    select json_agg(json_build_object('lotId', ${lots.id}, 'code', ${lots.code}, 'quantity', ${orderItemLots.quantity}) order by ${lots.harvestDate}, ${lots.id})
    from ${orderItemLots} join ${lots} on ${lots.id} = ${orderItemLots.lotId}
    where ${orderItemLots.orderItemId} = ${orderItemId}
  ), '[]'::json)`.mapWith(lineLotsOf);
}

/** The column's JSON as lots with numeric quantities. */
export function lineLotsOf(value: unknown): OrderLineLot[] {
  return jsonValue<OrderLineLot[]>(value).map((lot) => ({
    ...lot,
    quantity: Number(lot.quantity),
  }));
}
