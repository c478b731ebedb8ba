import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { appOriginOf, outboxDir, type AppConfig } from '../../config';
import type { Database, Db } from '../../db/database';
import { notificationDeliveries, notifications } from '../../db/schema';
import type { LiveEventHub } from '../events';
import { createMailer, type Mailer } from './mail';
import { deliveryText } from './messages';
import {
  DEFAULT_RETRY,
  DELIVERY_QUEUE,
  ensureDeliveryQueue,
  startQueueWorkers,
  updateRetryPolicy,
  type DeliveryJob,
  type RetryPolicy,
} from './queue';
import { createSmsProvider, type SmsProvider } from './sms';

export interface Transports {
  mailer: Mailer;
  sms: SmsProvider;
  appOrigin: string;
  /** The most one send may take, however its server behaves (SEND_DEADLINE_MS). */
  sendDeadlineMs?: number;
}

/**
 * A mail server or SMS API that trickles a byte now and then never trips the 15 s silence
 * timeouts and would hold a worker slot for ever: each send has this long in all.
 */
export const SEND_DEADLINE_MS = 60_000;

/** A delivery row's fields after one attempt to send it (the same columns in every queue). */
export type AttemptOutcome =
  | { attempts: SQL; status: 'sent'; sentAt: Date; lastError: null }
  | { attempts: SQL; status: 'failed' | 'pending'; lastError: string };

/**
 * One attempt at a queued delivery: the send within its deadline, then its outcome recorded
 * on the delivery's row by `record`. A failure is recorded and thrown, so the queue retries
 * with backoff; the last attempt's failure marks the delivery failed.
 */
export async function attemptDelivery(
  deadlineMs: number,
  send: (signal: AbortSignal) => Promise<void>,
  isLastAttempt: boolean,
  record: (outcome: AttemptOutcome) => Promise<unknown>,
): Promise<'sent'> {
  const attempts = sql`attempts + 1`;
  try {
    await withinDeadline(deadlineMs, send);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await record({
      attempts,
      lastError: message.slice(0, 500),
      status: isLastAttempt ? 'failed' : 'pending',
    });
    throw error;
  }
  await record({ attempts, status: 'sent', sentAt: new Date(), lastError: null });
  return 'sent';
}

/** A message id of this installation's host for a file name: a retried send keeps it. */
export function messageIdFor(appOrigin: string, fileName: string): string {
  return `<${fileName}@${new URL(appOrigin).hostname || 'harvesthui.local'}>`;
}

/**
 * Runs one send with an overall deadline: the send is told through `signal` (so it closes its
 * connection), and the worker stops waiting at the deadline even if the send ignores it.
 */
async function withinDeadline(
  deadlineMs: number,
  send: (signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`Not sent within ${Math.round(deadlineMs / 1000)} s`);
      controller.abort(error);
      reject(error);
    }, deadlineMs);
  });
  try {
    await Promise.race([send(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends one queued email or text message. One already sent is skipped, so however often the
 * queue runs a job, a message goes out once. A failure is recorded and thrown: the queue
 * retries with backoff, and the last failure marks the delivery failed.
 */
export async function deliverQueuedNotification(
  db: Db,
  job: DeliveryJob,
  transports: Transports,
  isLastAttempt: boolean,
): Promise<'sent' | 'skipped'> {
  const [row] = await db
    .select({
      destination: notificationDeliveries.destination,
      status: notificationDeliveries.status,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      details: notifications.details,
      link: notifications.link,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(
      and(
        eq(notificationDeliveries.notificationId, job.notificationId),
        eq(notificationDeliveries.channel, job.channel),
      ),
    );
  if (!row || row.status === 'sent') return 'skipped';

  const text = deliveryText(row, transports.appOrigin);
  const fileName = `notification-${job.notificationId}-${job.channel}`;
  const thisDelivery = and(
    eq(notificationDeliveries.notificationId, job.notificationId),
    eq(notificationDeliveries.channel, job.channel),
  );
  return attemptDelivery(
    transports.sendDeadlineMs ?? SEND_DEADLINE_MS,
    async (signal) => {
      if (job.channel === 'email') {
        await transports.mailer.send(
          {
            to: row.destination,
            subject: text.subject,
            text: text.text,
            messageId: messageIdFor(transports.appOrigin, fileName),
          },
          fileName,
          signal,
        );
      } else {
        await transports.sms.send(
          { to: row.destination, body: text.sms, idempotencyKey: fileName },
          fileName,
          signal,
        );
      }
    },
    isLastAttempt,
    (outcome) => db.update(notificationDeliveries).set(outcome).where(thisDelivery),
  );
}

export interface NotificationWorkerOptions {
  database: Database;
  config: AppConfig;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  retry?: RetryPolicy;
  /** How often an idle worker looks for jobs (pg-boss allows 0.5 s at least). */
  pollingIntervalSeconds?: number;
  /** Messages sent at the same time, so one slow server does not hold up the rest. */
  concurrency?: number;
  /**
   * The process's live events: a transaction that queues deliveries announces them
   * (`deliveries.queued`), and the announcement (after the commit) wakes the idle workers at
   * once instead of at their next poll. Without it, the poll alone finds the jobs.
   */
  liveEvents?: Pick<LiveEventHub, 'onDeliveriesQueued'>;
}

export interface NotificationWorker {
  stop(): Promise<void>;
}

/** Starts sending queued email and text messages; main.ts runs one per process. */
export async function startNotificationWorker(
  options: NotificationWorkerOptions,
): Promise<NotificationWorker> {
  const { database, config, log } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  await ensureDeliveryQueue(database, retry);

  const transports: Transports = {
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: outboxDir(config),
    }),
    sms: createSmsProvider({ sms: config.sms, outboxDir: outboxDir(config) }),
    appOrigin: appOriginOf(config),
  };
  if (!config.smtpUrl) log.info(`Email is written to ${outboxDir(config)} (SMTP_URL is not set)`);
  if (!config.sms) log.info(`Text messages are written to ${outboxDir(config)} (no SMS API set)`);

  const workers = await startQueueWorkers(database, log, 'notification');
  const { boss } = workers;
  await updateRetryPolicy(boss, retry);

  const workerIds: string[] = [];
  for (let index = 0; index < (options.concurrency ?? 2); index += 1) {
    const workerId = await workers.work<DeliveryJob>(
      DELIVERY_QUEUE,
      options.pollingIntervalSeconds ?? 2,
      async (job) => {
        const isLastAttempt = job.retryCount >= job.retryLimit;
        try {
          await deliverQueuedNotification(database.db, job.data, transports, isLastAttempt);
        } catch (error) {
          log.warn(
            { err: error, job: job.data, attempt: job.retryCount + 1 },
            isLastAttempt
              ? 'notification not delivered, giving up'
              : 'notification not delivered, will retry',
          );
          throw error;
        }
      },
    );
    workerIds.push(workerId);
  }
  const stopWaking = options.liveEvents?.onDeliveriesQueued(() => {
    for (const workerId of workerIds) boss.notifyWorker(workerId);
  });

  return {
    async stop() {
      stopWaking?.();
      await workers.stop();
      transports.mailer.close();
    },
  };
}
