import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { addDays, hawaiiDate, hawaiiInstant, hawaiiWallClock } from '#core/hawaii-time';
import {
  ALREADY_SENT_TODAY,
  type FreshSheetPreview,
  type FreshSheetSchedule,
  type FreshSheetScheduleBody,
  type FreshSheetSend,
  type FreshSheetSendBody,
} from '#core/schemas/fresh-sheet';
import { now as clockNow } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import {
  farms,
  freshSheetDeliveries,
  freshSheetSchedules,
  freshSheetSends,
  products,
} from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { farmIsOpen } from '../businesses';
import { enqueueEachInTransaction } from '../notifications';
import { afterCursor, cursorTimestamp, splitPage, type ListPage } from '../paging';
import { sheetAudience, sheetItems, sheetProducts } from './sheet';

/** One job per restaurant of a sent sheet. */
export const FRESH_SHEET_QUEUE = 'fresh-sheet-delivery';
export interface FreshSheetJob {
  sendId: number;
  restaurantId: number;
}

/** The sheet must list what the farm has: a featured id that is not one of its items is 400. */
function checkFeatured(
  featured: readonly number[],
  listedIds: ReadonlySet<number>,
  why = 'Not one of your products in stock',
) {
  const fields: Record<string, string> = {};
  featured.forEach((id, index) => {
    if (!listedIds.has(id)) fields[`featuredProductIds.${index}`] = why;
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError(400, 'Feature products that are on your sheet', 'validation', fields);
  }
}

/** The instant a schedule next sends, after `now`. */
export function nextSendAt(weekday: number, hour: number, now: Date): Date {
  const today = hawaiiDate(now);
  for (let days = 0; days <= 7; days += 1) {
    const date = addDays(today, days);
    const at = hawaiiInstant(date, hour * 60);
    if (hawaiiWallClock(at).getUTCDay() === weekday && at.getTime() > now.getTime()) return at;
  }
  return hawaiiInstant(addDays(today, 7), hour * 60);
}

async function readSchedule(
  db: DbOrTx,
  farmId: number,
  now: Date,
): Promise<FreshSheetSchedule | null> {
  const [row] = await db
    .select()
    .from(freshSheetSchedules)
    .where(eq(freshSheetSchedules.farmId, farmId));
  if (!row) return null;
  return {
    weekday: row.weekday,
    hour: row.hour,
    note: row.note,
    featuredProductIds: row.featuredProductIds,
    nextSendAt: nextSendAt(row.weekday, row.hour, now).toISOString(),
  };
}

async function sentOn(db: DbOrTx, farmId: number, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: freshSheetSends.id })
    .from(freshSheetSends)
    .where(and(eq(freshSheetSends.farmId, farmId), eq(freshSheetSends.sentOn, day)));
  return Boolean(row);
}

/** GET /api/fresh-sheet/preview: the farm's sheet as it would go out now, at list prices. */
export async function previewFreshSheet(
  db: DbOrTx,
  farmId: number,
  now: Date = clockNow(),
): Promise<FreshSheetPreview> {
  const [farm] = await db
    .select({ id: farms.id, name: farms.name })
    .from(farms)
    .where(eq(farms.id, farmId));
  const schedule = await readSchedule(db, farmId, now);
  const listed = await sheetProducts(db, farmId);
  return {
    farm: farm!,
    items: await sheetItems(db, null, listed, schedule?.featuredProductIds ?? []),
    recipientCount: (await sheetAudience(db, farmId, now)).length,
    sentToday: await sentOn(db, farmId, hawaiiDate(now)),
    schedule,
  };
}

/**
 * Sends the farm's sheet: records it (one per Hawaii day: a second is 409
 * `already_sent_today`), and in the same transaction one delivery per restaurant of its
 * audience with its job on the durable queue. The emails go out from the worker.
 */
export async function sendFreshSheet(
  db: Db,
  farmId: number,
  body: FreshSheetSendBody,
  options: { trigger: 'now' | 'schedule'; userId: number | null; now?: Date },
): Promise<FreshSheetSend> {
  const now = options.now ?? clockNow();
  const day = hawaiiDate(now);
  const featured = body.featuredProductIds ?? [];
  return db.transaction(async (tx) => {
    const [farm] = await tx
      .select({ id: farms.id })
      .from(farms)
      .where(and(eq(farms.id, farmId), farmIsOpen));
    if (!farm) {
      throw conflict(
        'Your farm is not open to restaurants yet, so it has nobody to send a fresh sheet to',
        'farm_not_open',
      );
    }
    const listed = await sheetProducts(tx, farmId);
    checkFeatured(featured, new Set(listed.map((product) => product.id)));
    const [send] = await tx
      .insert(freshSheetSends)
      .values({
        farmId,
        sentOn: day,
        note: body.note ?? '',
        featuredProductIds: featured,
        productIds: listed.map((product) => product.id),
        trigger: options.trigger,
        sentByUserId: options.userId,
      })
      .onConflictDoNothing({ target: [freshSheetSends.farmId, freshSheetSends.sentOn] })
      .returning();
    if (!send) {
      throw conflict(
        'Your fresh sheet already went out today (Hawaii time). Send the next one tomorrow.',
        ALREADY_SENT_TODAY,
      );
    }
    const audience = await sheetAudience(tx, farmId, now);
    if (audience.length > 0) {
      const inserted = await tx
        .insert(freshSheetDeliveries)
        .values(audience.map((restaurantId) => ({ sendId: send.id, restaurantId })))
        .onConflictDoNothing()
        .returning({ restaurantId: freshSheetDeliveries.restaurantId });
      await enqueueEachInTransaction(
        tx,
        FRESH_SHEET_QUEUE,
        inserted.map(({ restaurantId }) => {
          const job: FreshSheetJob = { sendId: send.id, restaurantId };
          return { data: job, singletonKey: `${send.id}:${restaurantId}` };
        }),
      );
    }
    await tx
      .update(freshSheetSends)
      .set({ recipientCount: audience.length })
      .where(eq(freshSheetSends.id, send.id));
    if (options.trigger === 'now') {
      // The schedule goes on with the note and featured items last sent, not older ones.
      await tx
        .update(freshSheetSchedules)
        .set({ note: body.note ?? '', featuredProductIds: featured })
        .where(eq(freshSheetSchedules.farmId, farmId));
    }
    return toSend({ ...send, recipientCount: audience.length, deliveredCount: 0 });
  });
}

type SendRow = typeof freshSheetSends.$inferSelect & { deliveredCount: number };

function toSend(row: SendRow): FreshSheetSend {
  return {
    id: row.id,
    sentOn: row.sentOn,
    sentAt: row.createdAt.toISOString(),
    trigger: row.trigger,
    note: row.note,
    itemCount: row.productIds.length,
    featuredCount: row.featuredProductIds.length,
    recipientCount: row.recipientCount,
    deliveredCount: row.deliveredCount,
  };
}

/** GET /api/fresh-sheet/sends: the farm's sheets, newest first, with how many went out. */
export async function listFreshSheetSends(
  db: DbOrTx,
  farmId: number,
  query: { limit: number; cursor?: string | undefined },
): Promise<ListPage<FreshSheetSend>> {
  const delivered = sql<number>`(select count(*) from ${freshSheetDeliveries}
    where ${freshSheetDeliveries.sendId} = ${freshSheetSends.id}
      and ${freshSheetDeliveries.status} = 'sent')`.mapWith(Number);
  const rows = await db
    .select({
      send: freshSheetSends,
      deliveredCount: delivered,
      cursorCreatedAt: cursorTimestamp(freshSheetSends.createdAt),
    })
    .from(freshSheetSends)
    .where(
      and(
        eq(freshSheetSends.farmId, farmId),
        afterCursor(freshSheetSends.createdAt, freshSheetSends.id, query.cursor),
      ),
    )
    .orderBy(desc(freshSheetSends.createdAt), desc(freshSheetSends.id))
    .limit(query.limit + 1);
  const [total] = await db
    .select({ total: count() })
    .from(freshSheetSends)
    .where(eq(freshSheetSends.farmId, farmId));
  const page = splitPage(
    rows.map((row) => ({ ...row, id: row.send.id })),
    query.limit,
  );
  return {
    items: page.rows.map((row) => toSend({ ...row.send, deliveredCount: row.deliveredCount })),
    total: Number(total?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}

/** PUT /api/fresh-sheet/schedule: the weekday and hour (Hawaii) it goes out, note and featured. */
export async function saveFreshSheetSchedule(
  db: Db,
  farmId: number,
  userId: number,
  body: FreshSheetScheduleBody,
  now: Date = clockNow(),
): Promise<FreshSheetSchedule> {
  // Featured items must be the farm's own; whether they are in stock is judged when it sends.
  const own =
    body.featuredProductIds.length === 0
      ? []
      : await db
          .select({ id: products.id })
          .from(products)
          .where(
            and(
              eq(products.farmId, farmId),
              isNull(products.deletedAt),
              inArray(products.id, body.featuredProductIds),
            ),
          );
  checkFeatured(
    body.featuredProductIds,
    new Set(own.map((row) => row.id)),
    'Not one of your products',
  );
  const values = {
    weekday: body.weekday,
    hour: body.hour,
    note: body.note,
    featuredProductIds: body.featuredProductIds,
    updatedByUserId: userId,
    updatedAt: new Date(),
  };
  await db
    .insert(freshSheetSchedules)
    .values({ farmId, ...values })
    .onConflictDoUpdate({ target: freshSheetSchedules.farmId, set: values });
  return (await readSchedule(db, farmId, now))!;
}

/** DELETE /api/fresh-sheet/schedule: no more sheets by schedule. */
export async function deleteFreshSheetSchedule(db: DbOrTx, farmId: number): Promise<void> {
  await db.delete(freshSheetSchedules).where(eq(freshSheetSchedules.farmId, farmId));
}

/**
 * Sends every scheduled sheet due by `now`: each farm whose weekday is today (Hawaii) and whose
 * hour has come, when its schedule was set before that hour and nothing went out today. Any
 * number of processes may run it at once: the day's unique key lets one send per farm through.
 */
export async function sendScheduledSheets(db: Db, now: Date = clockNow()): Promise<number> {
  const wall = hawaiiWallClock(now);
  const today = hawaiiDate(now);
  const due = await db
    .select({
      farmId: freshSheetSchedules.farmId,
      hour: freshSheetSchedules.hour,
      note: freshSheetSchedules.note,
      featuredProductIds: freshSheetSchedules.featuredProductIds,
      updatedAt: freshSheetSchedules.updatedAt,
    })
    .from(freshSheetSchedules)
    .innerJoin(farms, eq(farms.id, freshSheetSchedules.farmId))
    .where(
      and(
        eq(freshSheetSchedules.weekday, wall.getUTCDay()),
        sql`${freshSheetSchedules.hour} <= ${wall.getUTCHours()}`,
        farmIsOpen,
      ),
    );
  let sent = 0;
  for (const schedule of due) {
    const slot = hawaiiInstant(today, schedule.hour * 60);
    if (schedule.updatedAt.getTime() > slot.getTime()) continue;
    if (await sentOn(db, schedule.farmId, today)) continue;
    const listed = new Set((await sheetProducts(db, schedule.farmId)).map((p) => p.id));
    try {
      await sendFreshSheet(
        db,
        schedule.farmId,
        {
          note: schedule.note,
          // A featured item sold out since the schedule was set is left out, not refused.
          featuredProductIds: schedule.featuredProductIds.filter((id) => listed.has(id)),
        },
        { trigger: 'schedule', userId: null, now },
      );
      sent += 1;
    } catch (error) {
      // Another process sent it first.
      if (error instanceof AppError && error.code === ALREADY_SENT_TODAY) continue;
      throw error;
    }
  }
  return sent;
}
