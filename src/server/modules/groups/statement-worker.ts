// The month's group statements announced once the month is over (docs/groups.md): every
// process asks every hour for the sweep of the month before today's; one sweep runs per month.
import { and, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { today as clockToday } from '../../clock';
import type { Db } from '../../db/database';
import { orders, restaurants } from '../../db/schema';
import { startJobWorker, type JobWorker, type JobWorkerOptions } from '../../job-worker';
import { isBill } from '../owed';
import { announceGroupStatement } from './notices';

export const GROUP_STATEMENT_QUEUE = 'group-statements';

/** "2026-12-06" -> "2026-11": the last month whose statements can be drawn whole. */
export function monthBefore(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

const monthStart = (month: string) => `${month}-01`;
const nextMonthStart = (month: string) => {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return mon === 12 ? `${year + 1}-01-01` : `${year}-${String(mon + 1).padStart(2, '0')}-01`;
};

/**
 * Announces `month`'s statement for every group and farm with an invoice that month; each is
 * announced once (a second sweep adds nothing). The number announced now.
 */
export async function announceMonthStatements(db: Db, month: string): Promise<number> {
  const pairs = await db
    .selectDistinct({ groupId: restaurants.groupId, farmId: orders.farmId })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(
      and(
        isNotNull(restaurants.groupId),
        isBill,
        gte(orders.deliveryDate, monthStart(month)),
        lt(orders.deliveryDate, nextMonthStart(month)),
      ),
    );
  let announced = 0;
  for (const { groupId, farmId } of pairs) {
    if (await announceGroupStatement(db, groupId!, { month, farmId })) announced += 1;
  }
  return announced;
}

export function startGroupStatementWorker(options: JobWorkerOptions): Promise<JobWorker> {
  return startJobWorker<{ month: string }>(
    {
      queue: GROUP_STATEMENT_QUEUE,
      label: 'group statement sweep',
      next: () => {
        const month = monthBefore(clockToday());
        return { data: { month }, key: `${GROUP_STATEMENT_QUEUE}:${month}` };
      },
      keySeconds: 60 * 60,
      async run({ month }) {
        const announced = await announceMonthStatements(options.database.db, month);
        return announced > 0
          ? { message: `announced ${announced} group statement(s)`, details: { month } }
          : null;
      },
      intervalSeconds: 60 * 60,
      askWhenClockSet: true,
    },
    options,
  );
}
