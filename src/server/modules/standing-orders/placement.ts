import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { BUSINESS_CODES } from '#core/business-status';
import { findZone } from '#core/delivery-zones';
import { hawaiiDate } from '#core/hawaii-time';
import { centsOf, toMoneyString } from '#core/money';
import { isUnitPack } from '#core/packs';
import { onePackCents } from '#core/pricing';
import { ORDER_CONFLICT_CODES, type OrderCreateBody, type PricedOrder } from '#core/schemas/order';
import { belowMinimumReason } from '#core/minimums';
import { isPlacementDue, weekdayOf } from '#core/standing-orders';
import { now as clockNow } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import {
  farms,
  productPacks,
  products,
  restaurants,
  standingOrderLines,
  standingOrderRuns,
  standingOrders,
} from '../../db/schema';
import { AppError } from '../../errors';
import { recordNotificationEvents } from '../notifications';
import type { StandingOrderLineNote } from './notices';
import { placeInTransaction } from '../orders';
import { systemActor } from '#core/actor';
import { restaurantPackPrice, runOfDay, zoneDays } from './service';
import { restaurantPricing } from '../price-lists';
import { holdOnRefusal } from '../customers';

/** What one sweep did for one standing order and delivery day. */
export interface StandingOrderRun {
  standingOrderId: number;
  deliveryDate: string;
  outcome: 'placed' | 'not_placed';
  orderId: number | null;
}

interface Candidate {
  standingOrderId: number;
  deliveryDate: string;
}

/** Rolls the run's transaction back when the standing order changed under the sweep. */
class NothingToRun extends Error {}

interface LineRow {
  productId: number;
  packId: number;
  pack: { label: string; size: number };
  /** The farm stopped selling the pack: the line is left out as an unlisted product is. */
  packArchived: boolean;
  /** Packs. */
  quantity: number;
  seenUnitPrice: string;
  /** The restaurant's price of one pack today, for the line's quantity. */
  price: string;
  /** A product priced by weight: its unit, and one pack's estimated weight. */
  weightUnit: string | null;
  packWeight: number | null;
  name: string;
  unit: string;
}

/** The lines with the restaurant's price of each today, by its price list of the farm. */
async function linesOf(
  db: DbOrTx,
  standingOrderId: number,
  standing: { restaurantId: number; farmId: number },
): Promise<LineRow[]> {
  const [rows, pricing] = await Promise.all([
    rowsOf(db, standingOrderId),
    restaurantPricing(db, standing.restaurantId, [standing.farmId]),
  ]);
  return rows.map(({ listPrice, packLabel, packSize, packPrice, ...row }) => ({
    ...row,
    pack: { label: packLabel, size: packSize },
    price: restaurantPackPrice(
      pricing,
      { id: row.productId, farmId: standing.farmId, listPrice, weightUnit: row.weightUnit },
      { id: row.packId, size: packSize, price: packPrice, estimatedWeight: row.packWeight },
      row.quantity,
    ),
  }));
}

async function rowsOf(db: DbOrTx, standingOrderId: number) {
  return db
    .select({
      productId: standingOrderLines.productId,
      packId: standingOrderLines.packId,
      packLabel: productPacks.label,
      packSize: productPacks.size,
      packPrice: productPacks.price,
      packArchived: sql<boolean>`${productPacks.archivedAt} is not null`,
      packWeight: productPacks.estimatedWeight,
      weightUnit: products.weightUnit,
      quantity: standingOrderLines.quantity,
      seenUnitPrice: standingOrderLines.seenUnitPrice,
      listPrice: products.price,
      name: products.name,
      unit: products.unit,
    })
    .from(standingOrderLines)
    .innerJoin(products, eq(products.id, standingOrderLines.productId))
    .innerJoin(productPacks, eq(productPacks.id, standingOrderLines.packId))
    .where(eq(standingOrderLines.standingOrderId, standingOrderId))
    .orderBy(asc(standingOrderLines.id));
}

/** The order's line of the standing order's line: the same product in the same pack. */
function placedItemOf(line: LineRow, order: PricedOrder | null) {
  return order?.orderItems.find(
    (item) =>
      item.productId === line.productId &&
      // An item answered without its pack is of the unit pack.
      ((item.packId ?? null) === null ? isUnitPack(line.pack) : item.packId === line.packId),
  );
}

/** A line the placement left out because the pack costs more now than the price seen. */
function leftOutForPrice(line: LineRow, order: PricedOrder | null): boolean {
  if (line.packArchived) return false;
  return !placedItemOf(line, order) && centsOf(line.price) > centsOf(line.seenUnitPrice);
}

function leftOutProductIds(lines: LineRow[], order: PricedOrder | null): number[] {
  return lines.filter((line) => leftOutForPrice(line, order)).map((line) => line.productId);
}

/** The lines placed short (or left out) and those placed at another price than was seen. */
function compare(lines: LineRow[], order: PricedOrder | null) {
  const short: StandingOrderLineNote[] = [];
  const repriced: StandingOrderLineNote[] = [];
  for (const line of lines) {
    const item = placedItemOf(line, order);
    const note: StandingOrderLineNote = {
      productName: line.name,
      unit: line.unit,
      packLabel: isUnitPack(line.pack) ? null : line.pack.label,
      requested: line.quantity,
      placed: item?.quantity ?? 0,
      seenUnitPrice: toMoneyString(centsOf(line.seenUnitPrice)),
      // Per pack, as it was seen: by weight, the placed price per unit × the pack's estimate.
      unitPrice:
        item?.unitPrice == null
          ? toMoneyString(centsOf(line.seenUnitPrice))
          : toMoneyString(
              onePackCents(
                centsOf(item.unitPrice),
                { estimatedWeight: line.packWeight },
                line.weightUnit !== null,
              ),
            ),
    };
    // Dearer than last seen: left out, and the restaurant is told the new price.
    if (leftOutForPrice(line, order ?? null)) {
      repriced.push({ ...note, unitPrice: toMoneyString(centsOf(line.price)) });
      continue;
    }
    if (note.placed < note.requested) short.push(note);
    if (item && note.unitPrice !== note.seenUnitPrice) repriced.push(note);
  }
  return { short, repriced };
}

/** Why a placement was refused, in the words of its first field error or its message. */
function reasonOf(error: AppError): string {
  if (error.code === 'nothing_available') return 'nothing was available';
  if (error.code === BUSINESS_CODES.suspended) return 'your restaurant is suspended';
  // "below Hāmākua Farm's $50.00 minimum" (docs/minimums.md).
  if (error.code === ORDER_CONFLICT_CODES.belowMinimum && error.details) {
    return belowMinimumReason(
      String(error.details.farmName),
      centsOf(String(error.details.amount)),
    );
  }
  const field = error.fields ? Object.values(error.fields)[0] : undefined;
  return (field ?? error.message).replace(/\.$/, '');
}

/**
 * Places one standing order's order for one delivery day, through the same placement as a
 * person's order, partially. The run row is inserted first in the same transaction as the
 * order: a second sweep (another process, a retry after a crash) waits on its key and then
 * finds the day done. A refusal is recorded as `not_placed` and told to the restaurant, once.
 * Answers null when there was nothing to do.
 */
export async function runStandingOrder(
  db: Db,
  candidate: Candidate,
  now: Date = clockNow(),
): Promise<StandingOrderRun | null> {
  const { standingOrderId, deliveryDate } = candidate;
  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(standingOrderRuns)
        .values({ standingOrderId, deliveryDate, outcome: 'placed' })
        .onConflictDoNothing()
        .returning({ standingOrderId: standingOrderRuns.standingOrderId });
      if (claimed.length === 0) return null;
      const standing = await activeStandingOrder(tx, standingOrderId);
      if (!standing) throw new NothingToRun();
      // The job acts for the restaurant: a suspended one places nothing (docs/admission.md).
      if (standing.restaurantSuspended) {
        throw new AppError(403, 'Your restaurant is suspended', BUSINESS_CODES.suspended);
      }
      const lines = await linesOf(tx, standingOrderId, standing);
      // A pack no longer sold is not asked for: the notice names it as none available.
      const sold = lines.filter((line) => !line.packArchived);
      if (sold.length === 0) {
        throw new AppError(409, 'No products are left in it', 'nothing_available');
      }
      const body: OrderCreateBody = {
        farmId: standing.farmId,
        // A partial placement works the total out itself; nothing sent is compared.
        totalAmount: '0.00',
        items: sold.map((line) => ({
          productId: line.productId,
          packId: line.packId,
          quantity: line.quantity,
          unitPrice: toMoneyString(centsOf(line.seenUnitPrice)),
        })),
        deliveryDate,
        notes: standing.notes,
      };
      const [order] = await placeInTransaction(tx, {
        buyer: { restaurantId: standing.restaurantId },
        actor: systemActor('standing_orders'),
        entries: [{ body, fieldPrefix: '', standingOrderId }],
        now,
        partial: true,
      });
      if (!order) throw new Error('A standing order placement answered no order');
      await tx
        .update(standingOrderRuns)
        .set({ orderId: order.id, leftOutProductIds: leftOutProductIds(lines, order) })
        .where(runOfDay(standingOrderId, deliveryDate));
      await recordNotificationEvents(tx, [
        {
          type: 'standing_order.run',
          standingOrderId,
          deliveryDate,
          restaurantId: standing.restaurantId,
          farmName: order.farm.name,
          orderId: order.id,
          totalAmount: order.totalAmount,
          ...compare(lines, order),
          reason: null,
        },
      ]);
      return { standingOrderId, deliveryDate, outcome: 'placed' as const, orderId: order.id };
    });
  } catch (error) {
    if (error instanceof NothingToRun) return null;
    if (!(error instanceof AppError)) throw error;
    // A farm's hold skips the day with its reason; the hold it found is recorded first.
    await holdOnRefusal(db, error);
    return recordNotPlaced(db, candidate, error);
  }
}

/** A refused placement: recorded once (the day is not tried again) and told to the restaurant. */
async function recordNotPlaced(
  db: Db,
  { standingOrderId, deliveryDate }: Candidate,
  error: AppError,
): Promise<StandingOrderRun | null> {
  return db.transaction(async (tx) => {
    const reason = reasonOf(error);
    const recorded = await tx
      .insert(standingOrderRuns)
      .values({ standingOrderId, deliveryDate, outcome: 'not_placed', reason })
      .onConflictDoNothing()
      .returning({ standingOrderId: standingOrderRuns.standingOrderId });
    if (recorded.length === 0) return null;
    const standing = await activeStandingOrder(tx, standingOrderId);
    if (standing) {
      const lines = await linesOf(tx, standingOrderId, standing);
      if (error.code === 'nothing_available') {
        await tx
          .update(standingOrderRuns)
          .set({ leftOutProductIds: leftOutProductIds(lines, null) })
          .where(runOfDay(standingOrderId, deliveryDate));
      }
      await recordNotificationEvents(tx, [
        {
          type: 'standing_order.run',
          standingOrderId,
          deliveryDate,
          restaurantId: standing.restaurantId,
          farmName: standing.farmName,
          orderId: null,
          totalAmount: null,
          ...(error.code === 'nothing_available'
            ? compare(lines, null)
            : { short: [], repriced: [] }),
          reason,
        },
      ]);
    }
    return { standingOrderId, deliveryDate, outcome: 'not_placed' as const, orderId: null };
  });
}

async function activeStandingOrder(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      id: standingOrders.id,
      farmId: standingOrders.farmId,
      farmName: farms.name,
      restaurantId: standingOrders.restaurantId,
      restaurantSuspended: sql<boolean>`${restaurants.suspendedAt} is not null`,
      notes: standingOrders.notes,
    })
    .from(standingOrders)
    .innerJoin(restaurants, eq(restaurants.id, standingOrders.restaurantId))
    .innerJoin(farms, eq(farms.id, standingOrders.farmId))
    .where(
      and(
        eq(standingOrders.id, id),
        isNull(standingOrders.deletedAt),
        eq(standingOrders.paused, false),
      ),
    );
  return row ?? null;
}

/**
 * Every standing order's delivery days due at `now` (from the placement moment until the
 * farm's cutoff, docs/standing-orders.md) and not yet run or skipped.
 */
export async function dueStandingOrderDays(db: DbOrTx, now: Date): Promise<Candidate[]> {
  const active = await db
    .select({
      id: standingOrders.id,
      farmId: standingOrders.farmId,
      weekdays: standingOrders.weekdays,
      daysBefore: standingOrders.daysBefore,
      zone: restaurants.deliveryZone,
      cutoffDaysBefore: farms.orderCutoffDaysBefore,
      cutoffMinutes: farms.orderCutoffMinutes,
    })
    .from(standingOrders)
    .innerJoin(restaurants, eq(restaurants.id, standingOrders.restaurantId))
    .innerJoin(farms, eq(farms.id, standingOrders.farmId))
    .where(and(isNull(standingOrders.deletedAt), eq(standingOrders.paused, false)))
    .orderBy(asc(standingOrders.id));
  if (active.length === 0) return [];
  const today = hawaiiDate(now);
  const byZone = new Map<string, typeof active>();
  for (const row of active) {
    const zone = findZone(row.zone);
    if (!zone) continue;
    byZone.set(zone.name, [...(byZone.get(zone.name) ?? []), row]);
  }
  const due: Candidate[] = [];
  for (const [zoneName, rows] of byZone) {
    const days = await zoneDays(db, [...new Set(rows.map((row) => row.farmId))], zoneName, today);
    for (const row of rows) {
      const rule = { daysBefore: row.cutoffDaysBefore, minutes: row.cutoffMinutes };
      for (const day of days) {
        if (day.farmId !== row.farmId) continue;
        if (!row.weekdays.includes(weekdayOf(day.deliveryDate))) continue;
        if (!isPlacementDue(day.deliveryDate, row.daysBefore, rule, now)) continue;
        due.push({ standingOrderId: row.id, deliveryDate: day.deliveryDate });
      }
    }
  }
  if (due.length === 0) return [];
  const done = await db
    .select({
      standingOrderId: standingOrderRuns.standingOrderId,
      deliveryDate: standingOrderRuns.deliveryDate,
    })
    .from(standingOrderRuns)
    .where(
      and(
        inArray(
          standingOrderRuns.standingOrderId,
          due.map((candidate) => candidate.standingOrderId),
        ),
        gte(standingOrderRuns.deliveryDate, today),
      ),
    );
  const ran = new Set(done.map((run) => `${run.standingOrderId}:${run.deliveryDate}`));
  return due.filter(
    (candidate) => !ran.has(`${candidate.standingOrderId}:${candidate.deliveryDate}`),
  );
}

/** One sweep: places every due day, one transaction each; answers what it did. */
export async function placeDueStandingOrders(
  db: Db,
  now: Date = clockNow(),
): Promise<StandingOrderRun[]> {
  const runs: StandingOrderRun[] = [];
  for (const candidate of await dueStandingOrderDays(db, now)) {
    const run = await runStandingOrder(db, candidate, now);
    if (run) runs.push(run);
  }
  return runs;
}
