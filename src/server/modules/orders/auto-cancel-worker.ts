import { startJobWorker, type JobDefinition, type JobWorkerOptions } from '../../job-worker';
import { cancelOverdueOrders } from './auto-cancel';

/** The durable queue of auto-cancel sweeps. */
export const AUTO_CANCEL_QUEUE = 'order-auto-cancel';

export type AutoCancelWorkerOptions = JobWorkerOptions;

export interface AutoCancelWorker {
  /** Asks for a sweep now (tests; the timer asks every interval). */
  requestSweep(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Cancels pending orders whose delivery day has ended (or a week old without a day), through
 * the durable queue: the process that runs the queue's workers asks for a sweep every minute,
 * and the locked order-change path in autoCancelOrder makes a second cancel of one order a no-op.
 */
export async function startAutoCancelWorker(
  options: AutoCancelWorkerOptions,
): Promise<AutoCancelWorker> {
  const { database } = options;
  const job: JobDefinition<Record<string, never>> = {
    queue: AUTO_CANCEL_QUEUE,
    label: 'auto-cancel sweep',
    next: () => ({ data: {}, key: 'sweep' }),
    async run() {
      const cancelled = await cancelOverdueOrders(database.db);
      if (cancelled.length === 0) return null;
      return {
        message: `cancelled ${cancelled.length} overdue pending order(s)`,
        details: { orders: cancelled },
      };
    },
    intervalSeconds: 60,
    pollingIntervalSeconds: 5,
  };
  const worker = await startJobWorker(job, options);
  return {
    requestSweep: async () => {
      await worker.request();
    },
    stop: () => worker.stop(),
  };
}
