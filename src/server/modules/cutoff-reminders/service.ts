import { and, asc, desc, eq, gte, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MAX_CUTOFF_DAYS_BEFORE, orderCutoff } from '#core/delivery-days';
import { findZone, type DeliveryZone } from '#core/delivery-zones';
import { addDays, hawaiiDate, hawaiiWallClock } from '#core/hawaii-time';
import type { CutoffReminderSetting } from '#core/schemas/cutoff-reminder';
import {
  REMINDER_ITEMS_MAX,
  REMINDER_WEEKS_LOOKED_AT,
  REMINDER_WEEKS_ORDERED,
} from '#core/schemas/cutoff-reminder';
import { REMINDER_HOURS_MAX } from '#core/schemas/profile';
import { weekdayOf } from '#core/standing-orders';
import { shortOfMinimumCents } from '#core/minimums';
import { centsOf, toMoneyString } from '#core/money';
import { now as clockNow } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { qualified } from '../../db/raw-sql';
import {
  cutoffReminderOptOuts,
  cutoffReminders,
  deliverySchedules,
  farms,
  orderItems,
  orders,
  restaurants,
  standingOrderRuns,
  standingOrders,
} from '../../db/schema';
import { notFound } from '../../errors';
import { farmIsOpen } from '../businesses';
import { farmMinimumsFor } from '../minimums';
import { recordNotificationEvents } from '../notifications';
import type { CutoffReminderEvent } from './notices';

/** One reminder a sweep sent. */
export interface CutoffReminderSent {
  restaurantId: number;
  farmId: number;
  deliveryDate: string;
}

/** A farm's next delivery day to a zone whose reminders are due. */
interface DueDay {
  farmId: number;
  farmName: string;
  zone: DeliveryZone;
  deliveryDate: string;
  orderBy: Date;
}

/** Hawaii's wall clock at `now`, to compare with cutoffs reckoned in the same terms. */
function hawaiiWallClockText(now: Date): string {
  return hawaiiWallClock(now).toISOString().slice(0, 19).replace('T', ' ');
}

/** A delivery day's cutoff as Hawaii's wall clock reads it (Hawaii keeps no daylight saving). */
const cutoffWallClock = sql`((${deliverySchedules.deliveryDate} - ${farms.orderCutoffDaysBefore}) + ${farms.orderCutoffMinutes} * interval '1 minute')`;

/**
 * Each farm's next delivery day per zone whose reminders are due at `now`: from its cutoff
 * less the farm's hours until the cutoff. The days read are bounded by the date index: a
 * cutoff within 48 hours is of a day at most 14 days (the longest cutoff) after that.
 *
 * A farm's cutoffs come in the order of its days, so the first due day of a farm and zone is
 * its next open day there: any earlier open day would close sooner and be due too.
 */
async function dueDays(db: DbOrTx, now: Date): Promise<DueDay[]> {
  const today = hawaiiDate(now);
  const wallNow = hawaiiWallClockText(now);
  const rows = await db
    .select({
      farmId: farms.id,
      farmName: farms.name,
      daysBefore: farms.orderCutoffDaysBefore,
      minutes: farms.orderCutoffMinutes,
      deliveryDate: deliverySchedules.deliveryDate,
      deliveryArea: deliverySchedules.deliveryArea,
    })
    .from(deliverySchedules)
    .innerJoin(farms, eq(farms.id, deliverySchedules.farmId))
    .where(
      and(
        gte(deliverySchedules.deliveryDate, today),
        lte(
          deliverySchedules.deliveryDate,
          addDays(today, MAX_CUTOFF_DAYS_BEFORE + Math.ceil(REMINDER_HOURS_MAX / 24) + 1),
        ),
        sql`${farms.reminderHoursBeforeCutoff} > 0`,
        farmIsOpen,
        sql`${cutoffWallClock} > ${wallNow}::timestamp`,
        sql`${cutoffWallClock} - ${farms.reminderHoursBeforeCutoff} * interval '1 hour' <= ${wallNow}::timestamp`,
      ),
    )
    .orderBy(
      asc(deliverySchedules.farmId),
      asc(deliverySchedules.deliveryArea),
      asc(deliverySchedules.deliveryDate),
    );
  const due = new Map<string, DueDay>();
  for (const row of rows) {
    const zone = findZone(row.deliveryArea);
    const key = `${row.farmId}:${row.deliveryArea}`;
    if (!zone || due.has(key)) continue;
    due.set(key, {
      farmId: row.farmId,
      farmName: row.farmName,
      zone,
      deliveryDate: row.deliveryDate,
      orderBy: orderCutoff(row.deliveryDate, { daysBefore: row.daysBefore, minutes: row.minutes }),
    });
  }
  return [...due.values()];
}

/** The delivery days a restaurant's orders are counted in: the four weeks before the day. */
function weeksBefore(deliveryDate: string): { from: string; to: string } {
  return {
    from: addDays(deliveryDate, -7 * REMINDER_WEEKS_LOOKED_AT),
    to: addDays(deliveryDate, -1),
  };
}

/**
 * What both reasons to remind ask of an order's restaurant: open, in the day's zone, and not
 * reminded for the farm's day yet. Conditions on a query of `orders` joined to `restaurants`.
 */
function openInZoneNotReminded(db: DbOrTx, { farmId, deliveryDate, zone }: DueDay) {
  return [
    eq(restaurants.deliveryZone, zone.slug),
    isNull(restaurants.suspendedAt),
    isNull(restaurants.closedAt),
    notExists(
      db
        .select({ one: sql`1` })
        .from(cutoffReminders)
        .where(
          and(
            sql`${cutoffReminders.restaurantId} = ${qualified(orders.restaurantId)}`,
            eq(cutoffReminders.farmId, farmId),
            eq(cutoffReminders.deliveryDate, deliveryDate),
          ),
        ),
    ),
  ];
}

/**
 * The restaurants of the day's zone to remind: open, with orders (not cancelled) from the farm
 * in at least two of the four weeks before the day, none for the day itself, no reminder sent
 * for it yet, and no standing order with the farm still to place it (it will order by itself).
 */
async function restaurantsToRemind(db: DbOrTx, day: DueDay): Promise<number[]> {
  const { farmId, deliveryDate } = day;
  const { from, to } = weeksBefore(deliveryDate);
  const booked = alias(orders, 'booked');
  const restaurantId = qualified(orders.restaurantId);
  // Week 0 is the seven days before the delivery day, week 1 the seven before those, ...
  const weekOf = sql`(${to}::date - ${orders.deliveryDate}) / 7`;
  const rows = await db
    .select({ restaurantId: orders.restaurantId })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(
      and(
        eq(orders.farmId, farmId),
        gte(orders.deliveryDate, from),
        lte(orders.deliveryDate, to),
        ne(orders.status, 'cancelled'),
        ...openInZoneNotReminded(db, day),
        notExists(
          db
            .select({ one: sql`1` })
            .from(booked)
            .where(
              and(
                eq(booked.farmId, farmId),
                eq(booked.deliveryDate, deliveryDate),
                sql`${booked.restaurantId} = ${restaurantId}`,
                ne(booked.status, 'cancelled'),
              ),
            ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(standingOrders)
            .where(
              and(
                sql`${standingOrders.restaurantId} = ${restaurantId}`,
                eq(standingOrders.farmId, farmId),
                isNull(standingOrders.deletedAt),
                eq(standingOrders.paused, false),
                sql`${weekdayOf(deliveryDate)} = any(${standingOrders.weekdays})`,
                notExists(
                  db
                    .select({ one: sql`1` })
                    .from(standingOrderRuns)
                    .where(
                      and(
                        sql`${standingOrderRuns.standingOrderId} = ${qualified(standingOrders.id)}`,
                        eq(standingOrderRuns.deliveryDate, deliveryDate),
                      ),
                    ),
                ),
              ),
            ),
        ),
      ),
    )
    .groupBy(orders.restaurantId)
    .having(sql`count(distinct ${weekOf}) >= ${REMINDER_WEEKS_ORDERED}`)
    .orderBy(asc(orders.restaurantId));
  return rows.map((row) => row.restaurantId);
}

/**
 * The restaurants of the day's zone whose pending order for the day is under the farm's
 * minimum that applies to them (docs/minimums.md), not reminded for the day yet: each with
 * how far under it the order is.
 */
async function ordersUnderMinimum(
  db: DbOrTx,
  day: DueDay,
): Promise<{ restaurantId: number; shortCents: number; amount: string }[]> {
  const { farmId, deliveryDate } = day;
  const pending = await db
    .select({ restaurantId: orders.restaurantId, subtotal: orders.subtotal })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(
      and(
        eq(orders.farmId, farmId),
        eq(orders.deliveryDate, deliveryDate),
        eq(orders.status, 'pending'),
        ...openInZoneNotReminded(db, day),
      ),
    )
    .orderBy(asc(orders.restaurantId));
  // A restaurant's orders for the day count together against the minimum.
  const subtotals = new Map<number, number>();
  for (const order of pending) {
    subtotals.set(
      order.restaurantId,
      (subtotals.get(order.restaurantId) ?? 0) + centsOf(order.subtotal),
    );
  }
  const minimums = await farmMinimumsFor(db, farmId, [...subtotals.keys()]);
  const under = [];
  for (const [restaurant, subtotalCents] of subtotals) {
    const minimum = minimums.get(restaurant) ?? null;
    const shortCents = shortOfMinimumCents(subtotalCents, minimum);
    if (minimum && shortCents > 0) {
      under.push({ restaurantId: restaurant, shortCents, amount: minimum.amount });
    }
  }
  return under;
}

/**
 * What the restaurant usually orders from the farm: the products in their packs of its orders
 * of the four weeks before the day, in the most orders first, at most eight, each named as it
 * was last sold ("Kale, case of 24 bunches").
 */
async function usualItems(
  db: DbOrTx,
  restaurantId: number,
  farmId: number,
  deliveryDate: string,
): Promise<string[]> {
  const { from, to } = weeksBefore(deliveryDate);
  const newestFirst = sql`order by ${orders.deliveryDate} desc, ${orderItems.id} desc`;
  const orderCount = sql`count(distinct ${orders.id})`;
  const rows = await db
    .select({
      name: sql<string>`(array_agg(${orderItems.productName} ${newestFirst}))[1]`,
      pack: sql<string>`(array_agg(coalesce(${orderItems.packLabel}, ${orderItems.productUnit}) ${newestFirst}))[1]`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.farmId, farmId),
        gte(orders.deliveryDate, from),
        lte(orders.deliveryDate, to),
        eq(orders.restaurantId, restaurantId),
        ne(orders.status, 'cancelled'),
      ),
    )
    .groupBy(orderItems.productId, orderItems.packId)
    .orderBy(
      desc(orderCount),
      desc(sql`max(${orders.deliveryDate})`),
      asc(orderItems.productId),
      asc(orderItems.packId),
    )
    .limit(REMINDER_ITEMS_MAX);
  return rows.map((row) => `${row.name}, ${row.pack}`);
}

/**
 * Sends one restaurant's reminder for a farm's day, at most once: the reminder's row is
 * inserted first, in the transaction that records the notification, so a second sweep (another
 * process, a retry) waits on its key and then finds it taken. Answers null when it was.
 */
async function remind(
  db: Db,
  day: DueDay,
  restaurantId: number,
  underMinimum: CutoffReminderEvent['underMinimum'] = null,
): Promise<CutoffReminderSent | null> {
  const { farmId, deliveryDate } = day;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(cutoffReminders)
      .values({ restaurantId, farmId, deliveryDate })
      .onConflictDoNothing()
      .returning({ restaurantId: cutoffReminders.restaurantId });
    if (claimed.length === 0) return null;
    const event: CutoffReminderEvent = {
      type: 'cutoff_reminder.due',
      restaurantId,
      farmId,
      farmName: day.farmName,
      deliveryDate,
      orderBy: day.orderBy.toISOString(),
      items: underMinimum ? [] : await usualItems(tx, restaurantId, farmId, deliveryDate),
      underMinimum,
    };
    await recordNotificationEvents(tx, [event]);
    return { restaurantId, farmId, deliveryDate };
  });
}

/**
 * One sweep: every reminder due at `now` (docs/cutoff-reminders.md), one transaction each;
 * answers those this call sent.
 */
export async function sendDueCutoffReminders(
  db: Db,
  now: Date = clockNow(),
): Promise<CutoffReminderSent[]> {
  const sent: CutoffReminderSent[] = [];
  for (const day of await dueDays(db, now)) {
    for (const restaurantId of await restaurantsToRemind(db, day)) {
      const reminder = await remind(db, day, restaurantId);
      if (reminder) sent.push(reminder);
    }
    for (const { restaurantId, shortCents, amount } of await ordersUnderMinimum(db, day)) {
      const reminder = await remind(db, day, restaurantId, {
        short: toMoneyString(shortCents),
        amount,
      });
      if (reminder) sent.push(reminder);
    }
  }
  return sent;
}

/** The farm, when restaurants may see it; 404 else (not approved, suspended, closed, none). */
async function requireVisibleFarm(db: DbOrTx, farmId: number): Promise<void> {
  const [farm] = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.id, farmId), farmIsOpen));
  if (!farm) throw notFound('No such farm');
}

/** Whether the person gets the farm's reminders (they do unless they turned them off). */
export async function getReminderSetting(
  db: DbOrTx,
  userId: number,
  farmId: number,
): Promise<CutoffReminderSetting> {
  await requireVisibleFarm(db, farmId);
  const [off] = await db
    .select({ userId: cutoffReminderOptOuts.userId })
    .from(cutoffReminderOptOuts)
    .where(and(eq(cutoffReminderOptOuts.userId, userId), eq(cutoffReminderOptOuts.farmId, farmId)));
  return { farmId, enabled: !off };
}

/** Turns the farm's reminders off or on again for the person; the same twice changes nothing. */
export async function setReminderSetting(
  db: Db,
  userId: number,
  farmId: number,
  enabled: boolean,
): Promise<CutoffReminderSetting> {
  return db.transaction(async (tx) => {
    await requireVisibleFarm(tx, farmId);
    if (enabled) {
      await tx
        .delete(cutoffReminderOptOuts)
        .where(
          and(eq(cutoffReminderOptOuts.userId, userId), eq(cutoffReminderOptOuts.farmId, farmId)),
        );
    } else {
      await tx.insert(cutoffReminderOptOuts).values({ userId, farmId }).onConflictDoNothing();
    }
    return { farmId, enabled };
  });
}
