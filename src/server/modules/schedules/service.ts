import { and, asc, count, eq, gte, type SQL } from 'drizzle-orm';
import type { WholeListQuery } from '#core/schemas/paging';
import type { Schedule, ScheduleCreateBody } from '#core/schemas/schedule';
import type { Db, DbOrTx } from '../../db/database';
import { deliverySchedules, farms } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { today as clockToday } from '../../clock';
import { afterKey, splitKeyedPage, type KeyPart, type ListPage } from '../paging';
import { farmIsOpen } from '../businesses';

const scheduleColumns = {
  id: deliverySchedules.id,
  farmId: deliverySchedules.farmId,
  deliveryDate: deliverySchedules.deliveryDate,
  deliveryArea: deliverySchedules.deliveryArea,
};

/** Delivery days page by (date, area, id): the order they are listed in. */
const SCHEDULE_KEY: readonly KeyPart[] = ['date', 'text', 'int'];
const scheduleOrder = [
  deliverySchedules.deliveryDate,
  deliverySchedules.deliveryArea,
  deliverySchedules.id,
] as const;

/** One page of the delivery days `where` keeps, by date, with their number. */
async function schedulePage(
  db: DbOrTx,
  where: SQL | undefined,
  query: WholeListQuery,
): Promise<ListPage<Schedule>> {
  const rows = await db
    .select(scheduleColumns)
    .from(deliverySchedules)
    .where(and(where, afterKey(scheduleOrder, SCHEDULE_KEY, query.cursor)))
    .orderBy(...scheduleOrder.map((column) => asc(column)))
    .limit(query.limit + 1);
  const [totalRow] = await db.select({ total: count() }).from(deliverySchedules).where(where);
  const page = splitKeyedPage(rows, query.limit, (row) => [
    row.deliveryDate,
    row.deliveryArea,
    row.id,
  ]);
  return { items: page.rows, total: Number(totalRow?.total ?? 0), nextCursor: page.nextCursor };
}

/** The farm's own delivery days, past and future, by date: one page. */
export async function listOwnSchedules(
  db: DbOrTx,
  farmId: number,
  query: WholeListQuery,
): Promise<ListPage<Schedule>> {
  return schedulePage(db, eq(deliverySchedules.farmId, farmId), query);
}

/**
 * A farm's delivery days from Hawaii's today on, one page: any signed-in user may ask about an
 * open farm; one that is not open (docs/admission.md) is shown to its own people and
 * administrators only, and is 404 to everyone else, as a farm that does not exist.
 */
export async function listUpcomingSchedules(
  db: DbOrTx,
  farmId: number,
  query: WholeListQuery,
  { everyFarm = false }: { everyFarm?: boolean } = {},
): Promise<ListPage<Schedule>> {
  const [farm] = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.id, farmId), everyFarm ? undefined : farmIsOpen));
  if (!farm) throw notFound('No such farm');
  return schedulePage(
    db,
    and(eq(deliverySchedules.farmId, farmId), gte(deliverySchedules.deliveryDate, clockToday())),
    query,
  );
}

/**
 * Adds delivery days for one area: the dates picked, or those of a weekly rule (expanded by the
 * schema; the rule is not stored). A date before Hawaii's today is refused (a rule: naming
 * `from`); a day the farm already has for that area is skipped (the unique index decides, so
 * racing requests agree). Answers only the days created.
 */
export async function createSchedules(
  db: Db,
  farmId: number,
  body: ScheduleCreateBody,
  today = clockToday(),
): Promise<Schedule[]> {
  if (body.rule && body.rule.from < today) {
    throw badRequest('Delivery dates cannot be earlier than today', {
      from: `The first day cannot be earlier than today (${today})`,
    });
  }
  const past = body.deliveryDates.filter((date) => date < today);
  if (past.length > 0) {
    throw badRequest('Delivery dates cannot be earlier than today', {
      deliveryDates: `Dates cannot be earlier than today (${past.join(', ')})`,
    });
  }
  const created = await db
    .insert(deliverySchedules)
    .values(
      body.deliveryDates.map((deliveryDate) => ({
        farmId,
        deliveryDate,
        deliveryArea: body.deliveryArea,
      })),
    )
    .onConflictDoNothing({
      target: [
        deliverySchedules.farmId,
        deliverySchedules.deliveryDate,
        deliverySchedules.deliveryArea,
      ],
    })
    .returning(scheduleColumns);
  return created.sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || a.id - b.id);
}

/** Removes one of the farm's own delivery days; another farm's is 404. */
export async function deleteSchedule(db: Db, farmId: number, scheduleId: number): Promise<void> {
  const [row] = await db
    .delete(deliverySchedules)
    .where(and(eq(deliverySchedules.id, scheduleId), eq(deliverySchedules.farmId, farmId)))
    .returning({ id: deliverySchedules.id });
  if (!row) throw notFound('No such delivery day');
}
