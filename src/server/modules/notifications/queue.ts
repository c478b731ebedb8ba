import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../../db/database';
import { runWritten } from '../../db/written-once';
import { databaseClient } from '../events';
import { UnderWay } from './under-way';

/** pg-boss keeps its tables in a schema of its own, created by its own migrations. */
export const QUEUE_SCHEMA = 'pgboss';
/** One job per email or text message of a notification. */
export const DELIVERY_QUEUE = 'notification-delivery';

export type DeliveryChannel = 'email' | 'sms';
export interface DeliveryJob {
  notificationId: number;
  channel: DeliveryChannel;
}

export interface RetryPolicy {
  /** Attempts after the first one. */
  limit: number;
  /** Seconds before the first retry; doubled (with jitter) for each next one when backoff is on. */
  delaySeconds: number;
  backoff: boolean;
}

/** About 30 s, 1, 2, 4 ... minutes: a mail server down for most of a day loses nothing. */
export const DEFAULT_RETRY: RetryPolicy = { limit: 10, delaySeconds: 30, backoff: true };

interface SqlResult {
  rows: unknown[];
}
interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
}

const WRAPPED_IN_TRANSACTION = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/**
 * The database as pg-boss wants it (`executeSql`). On PostgreSQL it shares the app's pool.
 * On PGlite, whose one connection is shared by everything in the process, a query waits for
 * any open transaction to finish (PGlite runs them one at a time), and pg-boss's own
 * BEGIN ... COMMIT scripts run through PGlite's transaction() so that a failure rolls back
 * instead of leaving the shared connection inside an aborted transaction.
 */
export function queueDatabase(database: Database): SqlExecutor {
  const driver = databaseClient(database);
  if (driver.kind === 'postgres') {
    return { executeSql: (text, values) => driver.pool.query(text, values) };
  }
  const { client } = driver;
  return {
    async executeSql(text, values) {
      const wrapped = WRAPPED_IN_TRANSACTION.exec(text);
      if (wrapped) {
        return client.transaction(async (tx) => {
          const results = await tx.exec(wrapped[1]!);
          return results.at(-1) ?? { rows: [] };
        });
      }
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

function transactionExecutor(tx: DbOrTx): SqlExecutor {
  return {
    executeSql: (text, values) => runWritten<SqlResult>(tx, text, values),
  };
}

// Writes jobs through the caller's transaction only (the `db` option of send); never started.
const jobWriter = new PgBoss({
  schema: QUEUE_SCHEMA,
  db: {
    executeSql: () => Promise.reject(new Error('Jobs are written through a transaction')),
  },
});

/** The queue's priority of an urgent delivery (a food-safety notice); every other one is 0. */
const URGENT_PRIORITY = 10;

/**
 * Queues one delivery in the caller's transaction: the job exists if and only if the change
 * that caused it commits. An urgent one is sent before the deliveries already waiting.
 */
export async function enqueueDelivery(
  tx: DbOrTx,
  job: DeliveryJob,
  { urgent = false }: { urgent?: boolean } = {},
): Promise<void> {
  await enqueueInTransaction(
    tx,
    DELIVERY_QUEUE,
    job,
    `${job.notificationId}:${job.channel}`,
    urgent ? URGENT_PRIORITY : 0,
  );
}

/** pg-boss inserts nothing for a queue that does not exist; losing mail silently is worse. */
function missingQueue(queue: string): Error {
  return new Error(`The ${queue} queue is missing: was the app built?`);
}

/**
 * Queues a job of any queue in the caller's transaction, once per `singletonKey` while one with
 * that key waits; the workers take waiting jobs highest `priority` first.
 */
async function enqueueInTransaction(
  tx: DbOrTx,
  queue: string,
  data: object,
  singletonKey: string,
  priority = 0,
): Promise<void> {
  const id = await jobWriter.send(queue, data, {
    db: transactionExecutor(tx),
    singletonKey,
    priority,
  });
  if (!id) throw missingQueue(queue);
}

/** Jobs a statement of `enqueueEachInTransaction` writes at most: about 100 KB of JSON. */
const JOBS_PER_INSERT = 1_000;

/**
 * Queues many jobs of one queue in the caller's transaction, each once per its `singletonKey`
 * while one with that key waits, a thousand to a statement: one `send` each would be a round
 * trip per job, 10,000 for a hub's fresh sheet.
 */
export async function enqueueEachInTransaction(
  tx: DbOrTx,
  queue: string,
  jobs: { data: object; singletonKey: string }[],
): Promise<void> {
  if (jobs.length === 0) return;
  const known = await runWritten<SqlResult>(
    tx,
    `select 1 from ${QUEUE_SCHEMA}.queue where name = $1`,
    [queue],
  );
  if (known.rows.length === 0) throw missingQueue(queue);
  for (let start = 0; start < jobs.length; start += JOBS_PER_INSERT) {
    await jobWriter.insert(
      jobs
        .slice(start, start + JOBS_PER_INSERT)
        .map(({ data, singletonKey }) => ({ name: queue, data, singletonKey })),
      { db: transactionExecutor(tx) },
    );
  }
}

function queueOptions(retry: RetryPolicy) {
  return {
    name: DELIVERY_QUEUE,
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: retry.backoff,
    // A message not sent within a week is not worth sending.
    retentionMinutes: 7 * 24 * 60,
  };
}

export function createBoss(
  database: Database,
  options: { supervise: boolean; db?: SqlExecutor },
): PgBoss {
  return new PgBoss({
    schema: QUEUE_SCHEMA,
    db: options.db ?? queueDatabase(database),
    migrate: true,
    supervise: options.supervise,
    schedule: false,
  });
}

/** How long a stopping worker waits for its jobs under way (a send has its own deadline too). */
export const STOP_TIMEOUT_MS = 10_000;

/** A pg-boss that works queues in this process, and stops only once its work has finished. */
export interface QueueWorkers {
  boss: PgBoss;
  /**
   * Works a queue one job at a time; `stop` waits for a job under way and for the record of
   * its outcome. A handler that throws fails the job, and the queue retries it. After a job done
   * the worker fetches again at once, so a queue of many drains at the handlers' pace; an empty
   * fetch and a failed job wait out the polling interval. Returns the worker's id (for `boss.notifyWorker`).
   */
  work<Data extends object>(
    queue: string,
    pollingIntervalSeconds: number,
    handler: (job: PgBoss.JobWithMetadata<Data>) => Promise<void>,
  ): Promise<string>;
  /** Stops fetching, then waits for the handlers and the queue's statements under way. */
  stop(): Promise<void>;
}

/**
 * Starts the pg-boss a process's workers fetch their jobs through, with its statements and its
 * handlers counted as under way (see UnderWay for why stopping waits for them).
 */
export async function startQueueWorkers(
  database: Database,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  label: string,
): Promise<QueueWorkers> {
  const underWay = new UnderWay();
  const executor = queueDatabase(database);
  const boss = createBoss(database, {
    supervise: true,
    db: { executeSql: (text, values) => underWay.count(executor.executeSql(text, values)) },
  });
  boss.on('error', (error) => log.error({ err: error }, `${label} queue error`));
  await boss.start();
  return {
    boss,
    async work<Data extends object>(
      queue: string,
      pollingIntervalSeconds: number,
      handler: (job: PgBoss.JobWithMetadata<Data>) => Promise<void>,
    ) {
      let workerId = '';
      workerId = await boss.work<Data>(
        queue,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return;
          await underWay.count(handler(job));
          // pg-boss waits out the interval after every fetch, even one that found a job: a
          // fresh sheet to 10,000 went at two emails a second. More may be waiting. Not after a
          // failure: its retry waits for its delay and the next poll, or a receiver that is down
          // would see every retry at once.
          boss.notifyWorker(workerId);
        },
      );
      return workerId;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      if (!(await underWay.settled(STOP_TIMEOUT_MS))) {
        log.warn({ underWay: underWay.size }, `${label} queue stopped with work under way`);
      }
    },
  };
}

/**
 * Creates (or upgrades) pg-boss's tables and one queue when it is missing. Runs when the app is
 * built, so that a process that runs no worker can still queue work.
 */
export async function ensureQueue(
  database: Database,
  name: string,
  options: Parameters<PgBoss['createQueue']>[1],
): Promise<void> {
  // pg-boss's installer races with another process's on a fresh database: one at a time.
  await database.withSchemaLock(async () => {
    const boss = createBoss(database, { supervise: false });
    boss.on('error', () => {});
    await boss.start();
    try {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
}

/** The delivery queue, so that orders can queue mail even in a process that runs no worker. */
export function ensureDeliveryQueue(
  database: Database,
  retry: RetryPolicy = DEFAULT_RETRY,
): Promise<void> {
  return ensureQueue(database, DELIVERY_QUEUE, queueOptions(retry));
}

/** Sets the retry policy of jobs queued from now on. */
export async function updateRetryPolicy(boss: PgBoss, retry: RetryPolicy): Promise<void> {
  await boss.updateQueue(DELIVERY_QUEUE, queueOptions(retry));
}
