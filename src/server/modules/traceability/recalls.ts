import { and, count, desc, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { shortPersonName, type FarmActor, type RestaurantActor } from '#core/actor';
import { addDays, hawaiiDate, hawaiiInstant } from '#core/hawaii-time';
import {
  ALREADY_RECALLED_CODE,
  MAX_RECALL_UPDATES_PER_DAY,
  type Recall,
  type RecallBody,
  type RecallListQuery,
  type RecallUpdate,
  type RecallUpdateBody,
} from '#core/schemas/traceability';
import { now as clockNow } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { qualified } from '../../db/raw-sql';
import {
  farms,
  lots,
  products,
  recallNotices,
  recalls,
  recallUpdates,
  restaurants,
  shippingRecords,
  users,
} from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { TooManyAttemptsError } from '../auth';
import { recordNotificationEvents } from '../notifications';
import { afterCursor, cursorTimestamp, splitPage, type ListPage } from '../paging';

/** The 409 code of a recall of a lot no restaurant has received. */
export const LOT_NOT_SHIPPED_CODE = 'lot_not_shipped';

/** When the lot was last recalled (text), or null: a column of a lot's answer. */
export function lotRecallSummary(lotId: AnyColumn) {
  return sql<
    string | null
  >`(select max(${recalls.createdAt})::text from ${recalls} where ${recalls.lotId} = ${qualified(lotId)})`;
}

/** The lot has been recalled: a condition over the lot's row. */
export function lotIsRecalled(lotId: AnyColumn): SQL {
  return sql`exists (select 1 from ${recalls} where ${recalls.lotId} = ${qualified(lotId)})`;
}

type RecallViewer = FarmActor | RestaurantActor;

/**
 * Recalls with their notices as the viewer may see them: a restaurant only its own notice
 * (`restaurantId`), a farm every one (null).
 */
async function withNotices(
  db: DbOrTx,
  restaurantId: number | null,
  rows: (typeof recalls.$inferSelect & { farmName: string })[],
): Promise<Recall[]> {
  if (rows.length === 0) return [];
  const noticeRows = await db
    .select({
      recallId: recallNotices.recallId,
      restaurantId: recallNotices.restaurantId,
      restaurantName: restaurants.name,
      sentAt: recallNotices.sentAt,
      acknowledgedAt: recallNotices.acknowledgedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      acknowledgedByUserId: recallNotices.acknowledgedByUserId,
    })
    .from(recallNotices)
    .innerJoin(restaurants, eq(restaurants.id, recallNotices.restaurantId))
    .leftJoin(users, eq(users.id, recallNotices.acknowledgedByUserId))
    .where(
      and(
        inArray(
          recallNotices.recallId,
          rows.map((row) => row.id),
        ),
        restaurantId === null ? undefined : eq(recallNotices.restaurantId, restaurantId),
      ),
    )
    .orderBy(restaurants.name, recallNotices.id);
  return rows.map((row) => ({
    id: row.id,
    lotId: row.lotId,
    lotCode: row.lotCode,
    productName: row.productName,
    farm: { id: row.farmId, name: row.farmName },
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    notices: noticeRows
      .filter((notice) => notice.recallId === row.id)
      .map((notice) => ({
        restaurant: { id: notice.restaurantId, name: notice.restaurantName },
        sentAt: notice.sentAt.toISOString(),
        acknowledgedAt: notice.acknowledgedAt?.toISOString() ?? null,
        acknowledgedByName:
          notice.acknowledgedAt && notice.acknowledgedByUserId !== null
            ? shortPersonName(notice.firstName, notice.lastName)
            : null,
      })),
  }));
}

function selectRecalls(db: DbOrTx) {
  return db
    .select({
      id: recalls.id,
      farmId: recalls.farmId,
      lotId: recalls.lotId,
      lotCode: recalls.lotCode,
      productName: recalls.productName,
      message: recalls.message,
      createdByUserId: recalls.createdByUserId,
      createdAt: recalls.createdAt,
      farmName: farms.name,
      cursorCreatedAt: cursorTimestamp(recalls.createdAt),
    })
    .from(recalls)
    .innerJoin(farms, eq(farms.id, recalls.farmId));
}

/** The recalls of one of the farm's lots, newest first. */
export async function recallsOfLot(db: DbOrTx, farmId: number, lotId: number): Promise<Recall[]> {
  const rows = await selectRecalls(db)
    .where(and(eq(recalls.farmId, farmId), eq(recalls.lotId, lotId)))
    .orderBy(desc(recalls.createdAt), desc(recalls.id));
  return withNotices(db, null, rows);
}

/**
 * POST /api/lots/{id}/recall: a notice to every restaurant that received the lot (its shipping
 * records), recorded per restaurant with when it was sent, and told to every member of each by
 * email, text and in the app, whatever their choices and whether or not their address is
 * verified. Another farm's lot is 404; a lot nobody received is 409 `lot_not_shipped`; a lot is
 * recalled once (409 `already_recalled`): what follows goes out as updates of its recall.
 */
export async function recallLot(
  db: Db,
  actor: FarmActor,
  lotId: number,
  body: RecallBody,
): Promise<Recall> {
  const farmId = actor.business.id;
  const id = await db.transaction(async (tx) => {
    const [lot] = await tx
      .select({ id: lots.id, code: lots.code, productName: products.name, farmName: farms.name })
      .from(lots)
      .innerJoin(products, eq(products.id, lots.productId))
      .innerJoin(farms, eq(farms.id, lots.farmId))
      .where(and(eq(lots.id, lotId), eq(lots.farmId, farmId)))
      // Held, so that of two recalls sent at once the second waits and then finds the first.
      .for('update', { of: lots });
    if (!lot) throw notFound('Lot not found');
    const [earlier] = await tx
      .select({ id: recalls.id })
      .from(recalls)
      .where(eq(recalls.lotId, lotId))
      .limit(1);
    if (earlier) {
      throw conflict(
        'This lot has already been recalled: send an update of its recall instead',
        ALREADY_RECALLED_CODE,
      );
    }
    const received = await tx
      .selectDistinct({ restaurantId: shippingRecords.restaurantId })
      .from(shippingRecords)
      .innerJoin(restaurants, eq(restaurants.id, shippingRecords.restaurantId))
      .where(and(eq(shippingRecords.lotId, lotId), eq(shippingRecords.farmId, farmId)));
    if (received.length === 0) {
      throw conflict('No restaurant has received this lot yet', LOT_NOT_SHIPPED_CODE);
    }
    const [recall] = await tx
      .insert(recalls)
      .values({
        farmId,
        lotId,
        lotCode: lot.code,
        productName: lot.productName,
        message: body.message,
        createdByUserId: actor.userId,
      })
      .returning({ id: recalls.id });
    const restaurantIds = received.map((row) => row.restaurantId).sort((a, b) => a - b);
    await tx
      .insert(recallNotices)
      .values(restaurantIds.map((restaurantId) => ({ recallId: recall!.id, restaurantId })));
    await recordNotificationEvents(tx, [
      {
        type: 'lot.recalled',
        recallId: recall!.id,
        farmName: lot.farmName,
        productName: lot.productName,
        lotCode: lot.code,
        message: body.message,
        restaurantIds,
      },
    ]);
    return recall!.id;
  });
  return findRecall(db, actor, id);
}

/** 429 `rate_limited` as sign-in limits answer it (`Retry-After`), in words of its own. */
class RecallUpdateLimitError extends TooManyAttemptsError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = `A recall sends at most ${MAX_RECALL_UPDATES_PER_DAY} updates a day. Send the next one after midnight, Hawaii time.`;
  }
}

/**
 * POST /api/recalls/{id}/updates: a follow-up notice of the farm's recall, told like the recall
 * to every member of each restaurant it was sent to, by every address (food safety). At most
 * MAX_RECALL_UPDATES_PER_DAY a Hawaii day per recall, else 429 until Hawaii's midnight. Another
 * farm's recall is 404.
 */
export async function sendRecallUpdate(
  db: Db,
  actor: FarmActor,
  recallId: number,
  body: RecallUpdateBody,
  at = clockNow(),
): Promise<RecallUpdate> {
  const day = hawaiiDate(at);
  const dayStart = hawaiiInstant(day);
  const nextDayStart = hawaiiInstant(addDays(day, 1));
  return db.transaction(async (tx) => {
    const [recall] = await tx
      .select({
        id: recalls.id,
        lotCode: recalls.lotCode,
        productName: recalls.productName,
        farmName: farms.name,
      })
      .from(recalls)
      .innerJoin(farms, eq(farms.id, recalls.farmId))
      .where(and(eq(recalls.id, recallId), eq(recalls.farmId, actor.business.id)))
      // Held, so that of updates sent at once no more than the day's limit get through.
      .for('update', { of: recalls });
    if (!recall) throw notFound('Recall not found');
    const [[sentToday], notices] = await Promise.all([
      tx
        .select({ total: count() })
        .from(recallUpdates)
        .where(
          and(
            eq(recallUpdates.recallId, recallId),
            gte(recallUpdates.createdAt, dayStart),
            lt(recallUpdates.createdAt, nextDayStart),
          ),
        ),
      tx
        .select({ restaurantId: recallNotices.restaurantId })
        .from(recallNotices)
        .where(eq(recallNotices.recallId, recallId))
        .orderBy(recallNotices.restaurantId),
    ]);
    if (Number(sentToday?.total ?? 0) >= MAX_RECALL_UPDATES_PER_DAY) {
      throw new RecallUpdateLimitError(Math.ceil((nextDayStart.getTime() - at.getTime()) / 1000));
    }
    const [update] = await tx
      .insert(recallUpdates)
      .values({ recallId, message: body.message, createdByUserId: actor.userId, createdAt: at })
      .returning();
    await recordNotificationEvents(tx, [
      {
        type: 'lot.recalled',
        recallId,
        farmName: recall.farmName,
        productName: recall.productName,
        lotCode: recall.lotCode,
        message: body.message,
        restaurantIds: notices.map((notice) => notice.restaurantId),
        update: { id: update!.id },
      },
    ]);
    return {
      id: update!.id,
      recallId,
      message: update!.message,
      createdAt: update!.createdAt.toISOString(),
    };
  });
}

/** One recall the viewer may see (the farm's own, or one the restaurant was sent); else 404. */
export async function findRecall(db: DbOrTx, viewer: RecallViewer, id: number): Promise<Recall> {
  const [row] = await selectRecalls(db).where(and(eq(recalls.id, id), visibleTo(viewer)));
  if (!row) throw notFound('Recall not found');
  const [recall] = await withNotices(db, restaurantOf(viewer), [row]);
  return recall!;
}

const restaurantOf = (viewer: RecallViewer) =>
  viewer.business.kind === 'restaurant' ? viewer.business.id : null;

function visibleTo(viewer: RecallViewer, open = false): SQL {
  if (viewer.business.kind === 'farm') return eq(recalls.farmId, viewer.business.id);
  return sql`exists (select 1 from ${recallNotices} where ${recallNotices.recallId} = ${recalls.id} and ${recallNotices.restaurantId} = ${viewer.business.id}${open ? sql` and ${recallNotices.acknowledgedAt} is null` : sql``})`;
}

/**
 * GET /api/recalls: one page, newest first. A farm sees its recalls with every restaurant's
 * notice; a restaurant the recalls it was sent, with its own notice (`open=true`: those nobody
 * has acknowledged yet, what the banner shows).
 */
export async function listRecalls(
  db: DbOrTx,
  viewer: RecallViewer,
  query: RecallListQuery,
): Promise<ListPage<Recall>> {
  const where = visibleTo(viewer, query.open === true && viewer.business.kind === 'restaurant');
  const [rows, [total]] = await Promise.all([
    selectRecalls(db)
      .where(and(where, afterCursor(recalls.createdAt, recalls.id, query.cursor)))
      .orderBy(desc(recalls.createdAt), desc(recalls.id))
      .limit(query.limit + 1),
    db.select({ total: count() }).from(recalls).where(where),
  ]);
  const page = splitPage(rows, query.limit);
  return {
    items: await withNotices(db, restaurantOf(viewer), page.rows),
    total: Number(total?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}

/**
 * POST /api/recalls/{id}/acknowledge: the restaurant's person acknowledges its notice; the
 * first acknowledgement stands (a second changes nothing). A recall not sent to it is 404.
 */
export async function acknowledgeRecall(
  db: Db,
  actor: RestaurantActor,
  id: number,
): Promise<Recall> {
  const [notice] = await db
    .update(recallNotices)
    .set({
      acknowledgedAt: sql`coalesce(${recallNotices.acknowledgedAt}, now())`,
      acknowledgedByUserId: sql`case when ${recallNotices.acknowledgedAt} is null then ${actor.userId}::int else ${recallNotices.acknowledgedByUserId} end`,
    })
    .where(and(eq(recallNotices.recallId, id), eq(recallNotices.restaurantId, actor.business.id)))
    .returning({ id: recallNotices.id });
  if (!notice) throw notFound('Recall not found');
  return findRecall(db, actor, id);
}
