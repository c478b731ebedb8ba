import { startJobWorker, type JobWorker, type JobWorkerOptions } from '../../job-worker';
import { placeDueStandingOrders } from './placement';

/** The durable queue of standing-order sweeps. */
export const STANDING_ORDER_QUEUE = 'standing-orders';

export type StandingOrderWorkerOptions = JobWorkerOptions;
export type StandingOrderWorker = JobWorker;

/**
 * Places standing orders when they are due, through the durable queue, like the auto-cancel
 * sweep: a sweep is asked for every minute (and at once when the clock is set in
 * development); the runs table's key makes a second placement of a day a no-op.
 */
export function startStandingOrderWorker(
  options: StandingOrderWorkerOptions,
): Promise<StandingOrderWorker> {
  return startJobWorker(
    {
      queue: STANDING_ORDER_QUEUE,
      label: 'standing order sweep',
      next: () => ({ data: {}, key: 'sweep' }),
      async run() {
        const runs = await placeDueStandingOrders(options.database.db);
        return runs.length > 0
          ? { message: `ran ${runs.length} standing order day(s)`, details: { runs } }
          : null;
      },
      intervalSeconds: 60,
      askWhenClockSet: true,
    },
    options,
  );
}
