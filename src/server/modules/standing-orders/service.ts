import { and, asc, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { shortPersonName } from '#core/actor';
import { orderCutoff, type OrderCutoffRule } from '#core/delivery-days';
import type { DeliveryZone } from '#core/delivery-zones';
import { addDays, formatCalendarDate, hawaiiDate } from '#core/hawaii-time';
import { centsOf, toMoneyString } from '#core/money';
import { isUnitPack, packQuantityProblem } from '#core/packs';
import { linePriceOf, onePackCents } from '#core/pricing';
import { ORDER_CONFLICT_CODES } from '#core/schemas/order';
import {
  STANDING_ORDER_CODES,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type StandingOrder,
  type StandingOrderCreateBody,
  type StandingOrderDay,
  type StandingOrderPatchBody,
  type StandingOrderSeenPriceBody,
  type Weekday,
} from '#core/schemas/standing-order';
import { placementMoment, weekdayOf } from '#core/standing-orders';
import { now as clockNow } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import {
  deliverySchedules,
  farms,
  productPacks,
  products,
  standingOrderLines,
  standingOrderRuns,
  standingOrders,
  users,
} from '../../db/schema';
import { farmIsOpen } from '../businesses';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { afterCursor, cursorTimestamp, splitPage } from '../paging';
import { listOfFarm, restaurantPricing, type RestaurantPricing } from '../price-lists';
import { restaurantZone } from '../schedules';

/** How many upcoming days an answer lists. */
const UPCOMING_DAYS = 8;
/** How far ahead days are looked for: two months of weekly runs, and then some. */
const LOOKAHEAD_DAYS = 70;

export interface Owner {
  restaurantId: number;
}

/** The restaurant's person who sets one up: the standing order names them. */
export interface Creator extends Owner {
  userId: number;
}

type StandingOrderRow = typeof standingOrders.$inferSelect;

export const weekdayNames = (numbers: readonly number[]): Weekday[] =>
  [...numbers].sort((a, b) => a - b).map((n) => WEEKDAYS[n]!);
const weekdayNumbers = (names: readonly Weekday[]): number[] =>
  names.map((name) => WEEKDAYS.indexOf(name));

function weekdayList(names: readonly Weekday[]): string {
  const labels = names.map((name) => `${WEEKDAY_LABELS[name]}s`);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

async function farmOf(db: DbOrTx, farmId: number) {
  const [farm] = await db
    .select({
      id: farms.id,
      name: farms.name,
      daysBefore: farms.orderCutoffDaysBefore,
      minutes: farms.orderCutoffMinutes,
      open: sql<boolean>`${farmIsOpen}`,
      approvalStatus: farms.approvalStatus,
    })
    .from(farms)
    .where(eq(farms.id, farmId));
  return farm ?? null;
}

/** The farm's delivery days to `zone` from `today` on, within the look-ahead. */
async function zoneDays(
  db: DbOrTx,
  farmIds: number[],
  zoneName: string,
  today: string,
): Promise<{ farmId: number; deliveryDate: string }[]> {
  if (farmIds.length === 0) return [];
  return db
    .selectDistinct({
      farmId: deliverySchedules.farmId,
      deliveryDate: deliverySchedules.deliveryDate,
    })
    .from(deliverySchedules)
    .where(
      and(
        inArray(deliverySchedules.farmId, farmIds),
        eq(deliverySchedules.deliveryArea, zoneName),
        gte(deliverySchedules.deliveryDate, today),
        sql`${deliverySchedules.deliveryDate} <= ${addDays(today, LOOKAHEAD_DAYS)}::date`,
      ),
    )
    .orderBy(asc(deliverySchedules.deliveryDate));
}

async function requireZone(db: DbOrTx, restaurantId: number): Promise<DeliveryZone> {
  const zone = await restaurantZone(db, restaurantId);
  if (!zone) {
    throw conflict(
      'Choose your delivery zone in your profile first: a standing order follows the farm’s days to your zone',
      STANDING_ORDER_CODES.noZone,
    );
  }
  return zone;
}

/**
 * A pack as a line is priced by: its id, size, own price (null: size × the product's) and
 * estimated weight (a product priced by weight).
 */
export interface LinePack {
  id: number;
  size: number;
  price: string | null;
  estimatedWeight: number | null;
}

/**
 * The restaurant's price of one pack on a line of `quantity` packs, by its list of the
 * product's farm, as a money string (src/core/pricing.ts); by weight, the pack's estimate's.
 */
export function restaurantPackPrice(
  pricing: RestaurantPricing,
  product: { id: number; farmId: number; listPrice: string; weightUnit: string | null },
  pack: LinePack,
  quantity: number,
): string {
  const pricedByWeight = product.weightUnit !== null;
  const { unitCents } = linePriceOf(
    { id: product.id, listPriceCents: centsOf(product.listPrice), pricedByWeight },
    pack,
    listOfFarm(pricing, product.farmId),
    quantity,
  );
  return toMoneyString(onePackCents(unitCents, pack, pricedByWeight));
}

/** The pack columns a line's answer and price read. */
const linePackColumns = {
  packId: productPacks.id,
  packLabel: productPacks.label,
  packSize: productPacks.size,
  packPrice: productPacks.price,
  packArchived: sql<boolean>`${productPacks.archivedAt} is not null`,
  packWeight: productPacks.estimatedWeight,
  weightUnit: products.weightUnit,
};

const packOf = (line: {
  packId: number;
  packSize: number;
  packPrice: string | null;
  packWeight: number | null;
}): LinePack => ({
  id: line.packId,
  size: line.packSize,
  price: line.packPrice,
  estimatedWeight: line.packWeight,
});

/**
 * The lines as stored: each product must be the farm's and listed, each pack a live one of it
 * (absent: its unit pack), each pack once; the price kept is the restaurant's today for one
 * pack at the line's quantity (what it sees when it sets the line).
 */
async function checkedLines(
  db: DbOrTx,
  restaurantId: number,
  farm: { id: number; name: string; open: boolean },
  lines: StandingOrderCreateBody['lines'],
) {
  const rows = await db
    .select({
      id: products.id,
      farmId: products.farmId,
      unit: products.unit,
      price: products.price,
      weightUnit: products.weightUnit,
      isActive: products.isActive,
      deletedAt: products.deletedAt,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((line) => line.productId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const packs = await db
    .select({
      id: productPacks.id,
      productId: productPacks.productId,
      label: productPacks.label,
      size: productPacks.size,
      price: productPacks.price,
      minimumQuantity: productPacks.minimumQuantity,
      estimatedWeight: productPacks.estimatedWeight,
    })
    .from(productPacks)
    .where(
      and(
        inArray(
          productPacks.productId,
          lines.map((line) => line.productId),
        ),
        isNull(productPacks.archivedAt),
      ),
    );
  const fields: Record<string, string> = {};
  const packOfLine = new Map<number, (typeof packs)[number]>();
  const linedPacks = new Set<number>();
  lines.forEach((line, index) => {
    const product = byId.get(line.productId);
    // A farm that is not open sells nothing (docs/admission.md).
    const listed = product && product.isActive && product.deletedAt === null && farm.open;
    if (!listed) fields[`lines.${index}.productId`] = 'This product is not available';
    else if (product.farmId !== farm.id) {
      fields[`lines.${index}.productId`] = `Not sold by ${farm.name}`;
    } else {
      const ofProduct = packs.filter((pack) => pack.productId === line.productId);
      const pack =
        line.packId === undefined
          ? ofProduct.find(isUnitPack)
          : ofProduct.find((candidate) => candidate.id === line.packId);
      if (!pack) {
        fields[`lines.${index}.packId`] =
          line.packId === undefined ? 'Choose a pack' : 'Not a pack of this product';
      } else if (linedPacks.has(pack.id)) {
        fields[`lines.${index}.packId`] = 'This pack is listed twice';
      } else {
        linedPacks.add(pack.id);
        packOfLine.set(index, pack);
        // Whole packs, decimals for a weighed unit only, at least the pack's minimum.
        const problem = packQuantityProblem(product.unit, pack, line.quantity);
        if (problem) fields[`lines.${index}.quantity`] = problem;
      }
    }
  });
  if (Object.keys(fields).length > 0) {
    throw badRequest(
      Object.keys(fields).every((field) => field.endsWith('.quantity'))
        ? 'Check the quantities'
        : `Choose products that ${farm.name} sells now`,
      fields,
    );
  }
  const pricing = await restaurantPricing(db, restaurantId, [farm.id]);
  return lines.map((line, index) => {
    const pack = packOfLine.get(index)!;
    return {
      productId: line.productId,
      packId: pack.id,
      quantity: line.quantity,
      seenUnitPrice: restaurantPackPrice(
        pricing,
        {
          id: line.productId,
          farmId: farm.id,
          listPrice: byId.get(line.productId)!.price,
          weightUnit: byId.get(line.productId)!.weightUnit,
        },
        pack,
        line.quantity,
      ),
    };
  });
}

/** 409 unless the farm has an upcoming day to the zone on one of the weekdays. */
async function requireDeliveryDay(
  db: DbOrTx,
  farm: { id: number; name: string },
  zone: DeliveryZone,
  weekdays: readonly Weekday[],
  today: string,
): Promise<void> {
  const wanted = new Set(weekdayNumbers(weekdays));
  const days = await zoneDays(db, [farm.id], zone.name, today);
  if (days.some((day) => wanted.has(weekdayOf(day.deliveryDate)))) return;
  const message = `${farm.name} has no delivery to ${zone.name} scheduled on ${weekdayList(weekdays)}`;
  throw new AppError(409, message, STANDING_ORDER_CODES.noDeliveryDay, { weekdays: message });
}

async function ownRow(db: DbOrTx, owner: Owner, id: number, lock = false) {
  const query = db
    .select()
    .from(standingOrders)
    .where(
      and(
        eq(standingOrders.id, id),
        eq(standingOrders.restaurantId, owner.restaurantId),
        isNull(standingOrders.deletedAt),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Standing order not found');
  return row;
}

/** Standing orders as docs/standing-orders.md has them, with their upcoming days. */
async function present(
  db: DbOrTx,
  rows: StandingOrderRow[],
  restaurantId: number,
  now: Date,
): Promise<StandingOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const farmIds = [...new Set(rows.map((row) => row.farmId))];
  const farmRows = await db
    .select({
      id: farms.id,
      name: farms.name,
      daysBefore: farms.orderCutoffDaysBefore,
      minutes: farms.orderCutoffMinutes,
    })
    .from(farms)
    .where(inArray(farms.id, farmIds));
  const farmById = new Map(farmRows.map((farm) => [farm.id, farm]));
  const lines = await db
    .select({
      standingOrderId: standingOrderLines.standingOrderId,
      productId: standingOrderLines.productId,
      quantity: standingOrderLines.quantity,
      seenUnitPrice: standingOrderLines.seenUnitPrice,
      name: products.name,
      unit: products.unit,
      price: products.price,
      isActive: products.isActive,
      deletedAt: products.deletedAt,
      ...linePackColumns,
    })
    .from(standingOrderLines)
    .innerJoin(products, eq(products.id, standingOrderLines.productId))
    .innerJoin(productPacks, eq(productPacks.id, standingOrderLines.packId))
    .where(inArray(standingOrderLines.standingOrderId, ids))
    .orderBy(asc(standingOrderLines.id));
  const today = hawaiiDate(now);
  const pricing = await restaurantPricing(db, restaurantId, farmIds);
  const zone = await restaurantZone(db, restaurantId);
  const days = zone ? await zoneDays(db, farmIds, zone.name, today) : [];
  const runs = await db
    .select({
      standingOrderId: standingOrderRuns.standingOrderId,
      deliveryDate: standingOrderRuns.deliveryDate,
      outcome: standingOrderRuns.outcome,
      orderId: standingOrderRuns.orderId,
      leftOutProductIds: standingOrderRuns.leftOutProductIds,
    })
    .from(standingOrderRuns)
    .where(
      and(
        inArray(standingOrderRuns.standingOrderId, ids),
        gte(standingOrderRuns.deliveryDate, today),
      ),
    );
  const runOf = new Map(runs.map((run) => [`${run.standingOrderId}:${run.deliveryDate}`, run]));
  const creatorIds = [
    ...new Set(rows.flatMap((row) => (row.createdByUserId === null ? [] : [row.createdByUserId]))),
  ];
  const creators =
    creatorIds.length === 0
      ? []
      : await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, creatorIds));
  const creatorName = new Map(
    creators.map((user) => [user.id, shortPersonName(user.firstName, user.lastName)]),
  );

  return rows.map((row) => {
    const farm = farmById.get(row.farmId)!;
    const rule: OrderCutoffRule = { daysBefore: farm.daysBefore, minutes: farm.minutes };
    const weekdays = new Set(row.weekdays);
    const upcoming: StandingOrderDay[] = days
      .filter((day) => day.farmId === row.farmId && weekdays.has(weekdayOf(day.deliveryDate)))
      .filter((day) => now.getTime() < orderCutoff(day.deliveryDate, rule).getTime())
      .slice(0, UPCOMING_DAYS)
      .map((day) => {
        const run = runOf.get(`${row.id}:${day.deliveryDate}`);
        return {
          deliveryDate: day.deliveryDate,
          placeAt: placementMoment(day.deliveryDate, row.daysBefore, rule).toISOString(),
          orderBy: orderCutoff(day.deliveryDate, rule).toISOString(),
          status: (run?.outcome ?? 'upcoming') as StandingOrderDay['status'],
          orderId: run?.orderId ?? null,
          leftOutProductIds: run?.leftOutProductIds ?? [],
        };
      });
    return {
      id: row.id,
      farm: { id: farm.id, name: farm.name },
      lines: lines
        .filter((line) => line.standingOrderId === row.id)
        .map((line) => ({
          productId: line.productId,
          packId: line.packId,
          pack: { label: line.packLabel, size: line.packSize },
          product: {
            name: line.name,
            unit: line.unit,
            unitPrice: restaurantPackPrice(
              pricing,
              {
                id: line.productId,
                farmId: row.farmId,
                listPrice: line.price,
                weightUnit: line.weightUnit,
              },
              packOf(line),
              line.quantity,
            ),
            // A pack the farm stopped selling leaves the line as an unlisted product does.
            available: line.isActive && line.deletedAt === null && !line.packArchived,
          },
          quantity: line.quantity,
          seenUnitPrice: toMoneyString(centsOf(line.seenUnitPrice)),
        })),
      weekdays: weekdayNames(row.weekdays),
      daysBefore: row.daysBefore,
      paused: row.paused,
      notes: row.notes,
      createdAt: row.createdAt.toISOString(),
      createdBy:
        row.createdByUserId === null ? null : (creatorName.get(row.createdByUserId) ?? null),
      updatedAt: row.updatedAt.toISOString(),
      nextPlacement: row.paused
        ? null
        : (upcoming.find((day) => day.status === 'upcoming') ?? null),
      upcoming,
    };
  });
}

async function presentOne(db: DbOrTx, owner: Owner, id: number, now: Date) {
  const row = await ownRow(db, owner, id);
  const [shown] = await present(db, [row], owner.restaurantId, now);
  return shown!;
}

/** GET /api/standing-orders: one page of the restaurant's own, newest first. */
export async function listStandingOrders(
  db: Db,
  owner: Owner,
  query: { limit: number; cursor?: string | undefined },
  now: Date = clockNow(),
) {
  const mine: SQL = and(
    eq(standingOrders.restaurantId, owner.restaurantId),
    isNull(standingOrders.deletedAt),
  )!;
  const rows = await db
    .select({ row: standingOrders, cursorCreatedAt: cursorTimestamp(standingOrders.createdAt) })
    .from(standingOrders)
    .where(and(mine, afterCursor(standingOrders.createdAt, standingOrders.id, query.cursor)))
    .orderBy(desc(standingOrders.createdAt), desc(standingOrders.id))
    .limit(query.limit + 1);
  const page = splitPage(
    rows.map((entry) => ({ ...entry, id: entry.row.id })),
    query.limit,
  );
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(standingOrders)
    .where(mine);
  return {
    items: await present(
      db,
      page.rows.map((entry) => entry.row),
      owner.restaurantId,
      now,
    ),
    total: counted?.total ?? 0,
    nextCursor: page.nextCursor,
  };
}

export function getStandingOrder(db: Db, owner: Owner, id: number, now: Date = clockNow()) {
  return presentOne(db, owner, id, now);
}

/** POST /api/standing-orders. */
export async function createStandingOrder(
  db: Db,
  owner: Creator,
  body: StandingOrderCreateBody,
  now: Date = clockNow(),
): Promise<StandingOrder> {
  return db.transaction(async (tx) => {
    const farm = await farmOf(tx, body.farmId);
    // A farm never approved is one restaurants do not know of.
    if (!farm || farm.approvalStatus !== 'approved') {
      throw new AppError(404, 'Farm not found', 'farm_not_found', { farmId: 'No such farm' });
    }
    const lines = await checkedLines(tx, owner.restaurantId, farm, body.lines);
    const zone = await requireZone(tx, owner.restaurantId);
    await requireDeliveryDay(tx, farm, zone, body.weekdays, hawaiiDate(now));
    const [row] = await tx
      .insert(standingOrders)
      .values({
        restaurantId: owner.restaurantId,
        farmId: farm.id,
        weekdays: weekdayNumbers(body.weekdays),
        daysBefore: body.daysBefore,
        paused: body.paused,
        notes: body.notes,
        createdByUserId: owner.userId,
      })
      .returning();
    await tx
      .insert(standingOrderLines)
      .values(lines.map((line) => ({ ...line, standingOrderId: row!.id })));
    const [shown] = await present(tx, [row!], owner.restaurantId, now);
    return shown!;
  });
}

/**
 * PATCH /api/standing-orders/{id}: lines sent replace the lines; a new or changed line takes
 * today's price as the one seen, an unchanged one keeps its own.
 */
export async function updateStandingOrder(
  db: Db,
  owner: Owner,
  id: number,
  body: StandingOrderPatchBody,
  now: Date = clockNow(),
): Promise<StandingOrder> {
  return db.transaction(async (tx) => {
    const row = await ownRow(tx, owner, id, true);
    const farm = (await farmOf(tx, row.farmId))!;
    const lines = body.lines ? await checkedLines(tx, owner.restaurantId, farm, body.lines) : null;
    if (body.weekdays) {
      const zone = await requireZone(tx, owner.restaurantId);
      await requireDeliveryDay(tx, farm, zone, body.weekdays, hawaiiDate(now));
    }
    const [updated] = await tx
      .update(standingOrders)
      .set({
        ...(body.weekdays ? { weekdays: weekdayNumbers(body.weekdays) } : {}),
        ...(body.daysBefore !== undefined ? { daysBefore: body.daysBefore } : {}),
        ...(body.paused !== undefined ? { paused: body.paused } : {}),
        ...(body.notes !== undefined ? { notes: body.notes } : {}),
        updatedAt: new Date(),
      })
      .where(eq(standingOrders.id, row.id))
      .returning();
    if (lines) {
      // A line left as it was keeps the price it was set at; a new or changed one takes today's.
      const before = await tx
        .delete(standingOrderLines)
        .where(eq(standingOrderLines.standingOrderId, row.id))
        .returning({
          packId: standingOrderLines.packId,
          quantity: standingOrderLines.quantity,
          seenUnitPrice: standingOrderLines.seenUnitPrice,
        });
      const kept = new Map(before.map((line) => [line.packId, line]));
      await tx.insert(standingOrderLines).values(
        lines.map((line) => {
          const old = kept.get(line.packId);
          const seenUnitPrice =
            old?.quantity === line.quantity ? old.seenUnitPrice : line.seenUnitPrice;
          return { ...line, seenUnitPrice, standingOrderId: row.id };
        }),
      );
    }
    const [shown] = await present(tx, [updated!], owner.restaurantId, now);
    return shown!;
  });
}

/**
 * POST /api/standing-orders/{id}/seen-prices: the line's `seenUnitPrice` becomes today's price,
 * so the standing order places it again. The price sent must be today's (what the restaurant
 * was shown): one that moved again is 409 `price_changed` with today's.
 */
export async function acceptTodaysPrice(
  db: Db,
  owner: Owner,
  id: number,
  body: StandingOrderSeenPriceBody,
  now: Date = clockNow(),
): Promise<StandingOrder> {
  return db.transaction(async (tx) => {
    const row = await ownRow(tx, owner, id, true);
    const [found] = await tx
      .select({
        id: standingOrderLines.id,
        seenUnitPrice: standingOrderLines.seenUnitPrice,
        listPrice: products.price,
        quantity: standingOrderLines.quantity,
        ...linePackColumns,
      })
      .from(standingOrderLines)
      .innerJoin(products, eq(products.id, standingOrderLines.productId))
      .innerJoin(productPacks, eq(productPacks.id, standingOrderLines.packId))
      .where(
        and(
          eq(standingOrderLines.standingOrderId, row.id),
          eq(standingOrderLines.productId, body.productId),
          // Without a pack, the line of the product's unit pack.
          body.packId === undefined
            ? sql`${productPacks.size} = 1`
            : eq(standingOrderLines.packId, body.packId),
        ),
      );
    if (!found) {
      throw notFound('That product is not a line of this standing order');
    }
    // Today's price is the restaurant's own for the line (docs/price-lists.md).
    const pricing = await restaurantPricing(tx, owner.restaurantId, [row.farmId]);
    const line = {
      ...found,
      price: restaurantPackPrice(
        pricing,
        {
          id: body.productId,
          farmId: row.farmId,
          listPrice: found.listPrice,
          weightUnit: found.weightUnit,
        },
        packOf(found),
        found.quantity,
      ),
    };
    if (centsOf(line.price) !== centsOf(body.unitPrice)) {
      throw conflict('The price has changed again', ORDER_CONFLICT_CODES.priceChanged, {
        productId: body.productId,
        packId: found.packId,
        unitPrice: toMoneyString(centsOf(line.price)),
        seenUnitPrice: toMoneyString(centsOf(line.seenUnitPrice)),
      });
    }
    await tx
      .update(standingOrderLines)
      .set({ seenUnitPrice: line.price })
      .where(eq(standingOrderLines.id, found.id));
    const [shown] = await present(tx, [row], owner.restaurantId, now);
    return shown!;
  });
}

/** DELETE /api/standing-orders/{id}: no more orders; those it placed keep their mark. */
export async function deleteStandingOrder(db: Db, owner: Owner, id: number): Promise<void> {
  const deleted = await db
    .update(standingOrders)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(standingOrders.id, id),
        eq(standingOrders.restaurantId, owner.restaurantId),
        isNull(standingOrders.deletedAt),
      ),
    )
    .returning({ id: standingOrders.id });
  if (deleted.length === 0) throw notFound('Standing order not found');
}

/** The run of one standing order for one delivery day (at most one: its primary key). */
export function runOfDay(standingOrderId: number, deliveryDate: string): SQL {
  return and(
    eq(standingOrderRuns.standingOrderId, standingOrderId),
    eq(standingOrderRuns.deliveryDate, deliveryDate),
  )!;
}

/**
 * POST /api/standing-orders/{id}/skips: no order for that day. A day already placed (or
 * refused) is 409; skipping a skipped day again changes nothing.
 */
export async function skipDate(
  db: Db,
  owner: Owner,
  id: number,
  deliveryDate: string,
  now: Date = clockNow(),
): Promise<StandingOrder> {
  return db.transaction(async (tx) => {
    const row = await ownRow(tx, owner, id);
    const day = formatCalendarDate(deliveryDate, 'weekdayShort') ?? deliveryDate;
    if (deliveryDate < hawaiiDate(now)) {
      throw badRequest(`${day} has passed`, { deliveryDate: 'Choose a day from today on' });
    }
    if (!row.weekdays.includes(weekdayOf(deliveryDate))) {
      throw badRequest(`${day} is not one of this standing order’s weekdays`, {
        deliveryDate: 'Not one of this standing order’s weekdays',
      });
    }
    await tx
      .insert(standingOrderRuns)
      .values({ standingOrderId: row.id, deliveryDate, outcome: 'skipped' })
      .onConflictDoNothing();
    const [run] = await tx
      .select({ outcome: standingOrderRuns.outcome, orderId: standingOrderRuns.orderId })
      .from(standingOrderRuns)
      .where(runOfDay(row.id, deliveryDate));
    if (run && run.outcome !== 'skipped') {
      throw conflict(
        run.orderId
          ? `The order for ${day} is already placed (order #${run.orderId}); cancel it from My Orders instead`
          : `The standing order has already run for ${day}`,
        STANDING_ORDER_CODES.alreadyRun,
        { orderId: run.orderId },
      );
    }
    const [shown] = await present(tx, [row], owner.restaurantId, now);
    return shown!;
  });
}

/** DELETE /api/standing-orders/{id}/skips/{date}: the Undo of a skip. */
export async function unskipDate(
  db: Db,
  owner: Owner,
  id: number,
  deliveryDate: string,
  now: Date = clockNow(),
): Promise<StandingOrder> {
  return db.transaction(async (tx) => {
    const row = await ownRow(tx, owner, id);
    const removed = await tx
      .delete(standingOrderRuns)
      .where(and(runOfDay(row.id, deliveryDate), eq(standingOrderRuns.outcome, 'skipped')))
      .returning({ deliveryDate: standingOrderRuns.deliveryDate });
    if (removed.length === 0) throw notFound('That day is not skipped');
    const [shown] = await present(tx, [row], owner.restaurantId, now);
    return shown!;
  });
}

export { zoneDays, LOOKAHEAD_DAYS };
