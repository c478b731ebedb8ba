import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/database';
import { createBoss } from '../notifications/queue';
import { cancelOverdueOrders } from './auto-cancel';

/** The durable queue of auto-cancel sweeps. */
export const AUTO_CANCEL_QUEUE = 'order-auto-cancel';
/** One sweep job at a time, whatever the number of processes asking for one. */
const SWEEP_KEY = 'sweep';

/**
 * Creates the sweep queue: pg-boss's "stately" policy keeps at most one job waiting and one
 * running, so ten processes each asking for a sweep every minute still run one at a time.
 */
export async function ensureAutoCancelQueue(boss: PgBoss): Promise<void> {
  if (!(await boss.getQueue(AUTO_CANCEL_QUEUE))) {
    await boss.createQueue(AUTO_CANCEL_QUEUE, {
      name: AUTO_CANCEL_QUEUE,
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 30,
      retentionMinutes: 24 * 60,
    });
  }
}

/** Asks the queue for a sweep; a no-op while one is already waiting. */
export async function requestSweep(boss: PgBoss): Promise<void> {
  await boss.send(AUTO_CANCEL_QUEUE, {}, { singletonKey: SWEEP_KEY });
}

export interface AutoCancelWorkerOptions {
  database: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How often this process asks for a sweep (seconds). */
  intervalSeconds?: number;
  pollingIntervalSeconds?: number;
}

export interface AutoCancelWorker {
  /** Asks for a sweep now (tests; the timer asks every interval). */
  requestSweep(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Cancels pending orders whose delivery day has ended (or a week old without a day), through
 * the durable queue: each process asks for a sweep every minute and works the queue; the
 * conditional update in autoCancelOrder makes a second cancel of one order a no-op.
 */
export async function startAutoCancelWorker(
  options: AutoCancelWorkerOptions,
): Promise<AutoCancelWorker> {
  const { database, log } = options;
  const boss = createBoss(database, { supervise: true });
  boss.on('error', (error) => log.error({ err: error }, 'auto-cancel queue error'));
  await boss.start();
  await ensureAutoCancelQueue(boss);
  await boss.work(
    AUTO_CANCEL_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5 },
    async () => {
      const cancelled = await cancelOverdueOrders(database.db);
      if (cancelled.length > 0) {
        log.info({ orders: cancelled }, `cancelled ${cancelled.length} overdue pending order(s)`);
      }
    },
  );
  const ask = () =>
    requestSweep(boss).catch((error: unknown) =>
      log.warn({ err: error }, 'could not queue an auto-cancel sweep'),
    );
  await ask();
  const timer = setInterval(() => void ask(), (options.intervalSeconds ?? 60) * 1000);
  timer.unref();
  return {
    requestSweep: () => requestSweep(boss),
    async stop() {
      clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
