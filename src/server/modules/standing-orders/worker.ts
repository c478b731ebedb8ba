import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { onClockSet } from '../../clock';
import type { Database } from '../../db/database';
import { createBoss } from '../notifications/queue';
import { placeDueStandingOrders } from './placement';

/** The durable queue of standing-order sweeps. */
export const STANDING_ORDER_QUEUE = 'standing-orders';
/** One sweep job at a time, whatever the number of processes asking for one. */
const SWEEP_KEY = 'sweep';

/** Creates the sweep queue: "stately" keeps at most one sweep waiting and one running. */
export async function ensureStandingOrderQueue(boss: PgBoss): Promise<void> {
  if (!(await boss.getQueue(STANDING_ORDER_QUEUE))) {
    await boss.createQueue(STANDING_ORDER_QUEUE, {
      name: STANDING_ORDER_QUEUE,
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 30,
      retentionMinutes: 24 * 60,
    });
  }
}

/** Asks the queue for a sweep; a no-op while one is already waiting. */
export async function requestStandingOrderSweep(boss: PgBoss): Promise<void> {
  await boss.send(STANDING_ORDER_QUEUE, {}, { singletonKey: SWEEP_KEY });
}

export interface StandingOrderWorkerOptions {
  database: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How often this process asks for a sweep (seconds). */
  intervalSeconds?: number;
  pollingIntervalSeconds?: number;
}

export interface StandingOrderWorker {
  stop(): Promise<void>;
}

/**
 * Places standing orders when they are due, through the durable queue, like the auto-cancel
 * sweep: a sweep is asked for every minute (and at once when the clock is set in
 * development); the runs table's key makes a second placement of a day a no-op.
 */
export async function startStandingOrderWorker(
  options: StandingOrderWorkerOptions,
): Promise<StandingOrderWorker> {
  const { database, log } = options;
  const boss = createBoss(database, { supervise: true });
  boss.on('error', (error) => log.error({ err: error }, 'standing order queue error'));
  await boss.start();
  await ensureStandingOrderQueue(boss);
  await boss.work(
    STANDING_ORDER_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async () => {
      const runs = await placeDueStandingOrders(database.db);
      if (runs.length > 0) log.info({ runs }, `ran ${runs.length} standing order day(s)`);
    },
  );
  const ask = () =>
    requestStandingOrderSweep(boss).catch((error: unknown) =>
      log.warn({ err: error }, 'could not queue a standing order sweep'),
    );
  await ask();
  const timer = setInterval(() => void ask(), (options.intervalSeconds ?? 60) * 1000);
  timer.unref();
  const stopListening = onClockSet(() => void ask());
  return {
    async stop() {
      clearInterval(timer);
      stopListening();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
