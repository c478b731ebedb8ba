import { and, asc, eq, gte } from 'drizzle-orm';
import type { Schedule, ScheduleCreateBody } from '#core/schemas/schedule';
import type { Db, DbOrTx } from '../../db/database';
import { deliverySchedules, farms } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { today as clockToday } from '../../clock';

const scheduleColumns = {
  id: deliverySchedules.id,
  farmId: deliverySchedules.farmId,
  deliveryDate: deliverySchedules.deliveryDate,
  deliveryArea: deliverySchedules.deliveryArea,
};

/** The farm's own delivery days, past and future, by date. */
export async function listOwnSchedules(db: DbOrTx, farmId: number): Promise<Schedule[]> {
  return db
    .select(scheduleColumns)
    .from(deliverySchedules)
    .where(eq(deliverySchedules.farmId, farmId))
    .orderBy(asc(deliverySchedules.deliveryDate), asc(deliverySchedules.deliveryArea));
}

/** A farm's delivery days from Hawaii's today on; any signed-in user may ask. */
export async function listUpcomingSchedules(db: DbOrTx, farmId: number): Promise<Schedule[]> {
  const [farm] = await db.select({ id: farms.id }).from(farms).where(eq(farms.id, farmId));
  if (!farm) throw notFound('No such farm');
  return db
    .select(scheduleColumns)
    .from(deliverySchedules)
    .where(
      and(eq(deliverySchedules.farmId, farmId), gte(deliverySchedules.deliveryDate, clockToday())),
    )
    .orderBy(asc(deliverySchedules.deliveryDate), asc(deliverySchedules.deliveryArea));
}

/**
 * Adds delivery days for one area. A date before Hawaii's today is refused; a day the farm
 * already has for that area is skipped (the unique index decides, so racing requests agree).
 * Answers only the days created.
 */
export async function createSchedules(
  db: Db,
  farmId: number,
  body: ScheduleCreateBody,
  today = clockToday(),
): Promise<Schedule[]> {
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
