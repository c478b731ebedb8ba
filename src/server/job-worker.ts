import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { onClockSet } from './clock';
import type { Database } from './db/database';
import { startQueueWorkers } from './modules/notifications';

/** What a run did, logged when there is something to say. */
export interface JobOutcome {
  message: string;
  details?: Record<string, unknown>;
}

/** A job that must happen once across processes, asked for on a timer (auto-cancel, ...). */
export interface JobDefinition<Data extends object> {
  queue: string;
  /** What the log calls it ("auto-cancel sweep"). */
  label: string;
  /** The job asked for now: its data and the key that makes a second ask a no-op. */
  next(): { data: Data; key: string };
  /** Does the job; null when there was nothing to do. */
  run(data: Data): Promise<JobOutcome | null>;
  /**
   * How the queue is created. Default "stately": at most one job waiting and one running, so
   * ten processes each asking every minute still run one at a time.
   */
  queueOptions?: Omit<PgBoss.Queue, 'name'>;
  /** Also a no-op to ask again this long after the last job of a key was queued (seconds). */
  keySeconds?: number;
  /** How often this process asks (seconds). */
  intervalSeconds: number;
  /** Also ask at once when the development clock is set. */
  askWhenClockSet?: boolean;
  /** How often an idle worker looks for the job (seconds; pg-boss allows 0.5 at least). */
  pollingIntervalSeconds?: number;
}

export interface JobWorkerOptions {
  database: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How often this process asks for the job (seconds); each job has its own default. */
  intervalSeconds?: number;
  /** How often an idle worker looks for the job; each job has its own default. */
  pollingIntervalSeconds?: number;
}

export interface JobWorker {
  /** Asks for the job now; the job id, or null when one with the same key is queued already. */
  request(): Promise<string | null>;
  stop(): Promise<void>;
}

const DEFAULT_QUEUE: Omit<PgBoss.Queue, 'name'> = {
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 30,
  retentionMinutes: 24 * 60,
};

/**
 * Runs a job through the durable queue: creates its queue, asks for it every interval under its
 * key (a job already queued with that key makes the ask a no-op, so it happens once however many
 * processes ask), works the queue and logs what each run did or why it failed (the queue retries).
 */
export async function startJobWorker<Data extends object>(
  job: JobDefinition<Data>,
  options: JobWorkerOptions,
): Promise<JobWorker> {
  const { database, log } = options;
  const workers = await startQueueWorkers(database, log, job.label);
  const { boss } = workers;
  if (!(await boss.getQueue(job.queue))) {
    await boss.createQueue(job.queue, {
      ...(job.queueOptions ?? DEFAULT_QUEUE),
      name: job.queue,
    });
  }
  await workers.work<Data>(
    job.queue,
    options.pollingIntervalSeconds ?? job.pollingIntervalSeconds ?? 2,
    async (queued) => {
      try {
        const outcome = await job.run(queued.data);
        if (outcome) log.info(outcome.details ?? {}, outcome.message);
      } catch (error) {
        log.warn({ err: error, queue: job.queue }, `${job.label} failed`);
        throw error;
      }
    },
  );

  const request = () => {
    const { data, key } = job.next();
    return boss.send(job.queue, data, {
      singletonKey: key,
      ...(job.keySeconds ? { singletonSeconds: job.keySeconds } : {}),
    });
  };
  const ask = () =>
    request().catch((error: unknown) => {
      log.warn({ err: error }, `${job.label} not queued`);
    });
  await ask();
  const timer = setInterval(
    () => void ask(),
    (options.intervalSeconds ?? job.intervalSeconds) * 1000,
  );
  timer.unref();
  const stopListening = job.askWhenClockSet ? onClockSet(() => void ask()) : () => {};
  return {
    request,
    async stop() {
      clearInterval(timer);
      stopListening();
      await workers.stop();
    },
  };
}
