import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { appOriginOf, outboxDir, type AppConfig } from '../../config';
import type { Database, Db } from '../../db/database';
import { now as clockNow } from '../../clock';
import {
  farms,
  freshSheetDeliveries,
  freshSheetSends,
  freshSheetUnsubscribes,
  restaurants,
} from '../../db/schema';
import { startJobWorker, type JobWorker } from '../../job-worker';
import {
  attemptDelivery,
  createMailer,
  DEFAULT_RETRY,
  ensureQueue,
  type Mailer,
  messageIdFor,
  type RetryPolicy,
  SEND_DEADLINE_MS,
  startQueueWorkers,
} from '../notifications';
import { deliveryOutlooks, restaurantZone } from '../schedules';
import { freshSheetEmail, unsubscribeToken, unsubscribeUrl } from './email';
import { FRESH_SHEET_QUEUE, sendScheduledSheets, type FreshSheetJob } from './send';
import { buyersOf, sheetEmailProducts, sheetItems } from './sheet';

export interface SheetTransports {
  mailer: Mailer;
  appOrigin: string;
  /** Signs the unsubscribe links. */
  secret: string;
  sendDeadlineMs?: number;
}

function queueOptions(retry: RetryPolicy) {
  return {
    name: FRESH_SHEET_QUEUE,
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: retry.backoff,
    // A fresh sheet a week late is stale.
    retentionMinutes: 7 * 24 * 60,
  };
}

/** Creates the delivery queue when the app is built, so that any process can send a sheet. */
export function ensureFreshSheetQueue(
  database: Database,
  retry: RetryPolicy = DEFAULT_RETRY,
): Promise<void> {
  return ensureQueue(database, FRESH_SHEET_QUEUE, queueOptions(retry));
}

/**
 * Sends one restaurant its copy of a sheet, priced for it, with its next delivery day. A copy
 * already sent is skipped, and so is one for a restaurant that unsubscribed since: however often
 * the queue runs the job, the restaurant gets the sheet once.
 */
export async function deliverFreshSheet(
  db: Db,
  job: FreshSheetJob,
  transports: SheetTransports,
  isLastAttempt: boolean,
): Promise<'sent' | 'skipped'> {
  const thisDelivery = and(
    eq(freshSheetDeliveries.sendId, job.sendId),
    eq(freshSheetDeliveries.restaurantId, job.restaurantId),
  );
  const [row] = await db
    .select({
      status: freshSheetDeliveries.status,
      farmId: freshSheetSends.farmId,
      farmName: farms.name,
      note: freshSheetSends.note,
      productIds: freshSheetSends.productIds,
      featuredProductIds: freshSheetSends.featuredProductIds,
      restaurantName: restaurants.name,
      unsubscribed: sql<boolean>`exists (select 1 from ${freshSheetUnsubscribes}
        where ${freshSheetUnsubscribes.farmId} = ${freshSheetSends.farmId}
          and ${freshSheetUnsubscribes.restaurantId} = ${freshSheetDeliveries.restaurantId})`,
    })
    .from(freshSheetDeliveries)
    .innerJoin(freshSheetSends, eq(freshSheetSends.id, freshSheetDeliveries.sendId))
    .innerJoin(farms, eq(farms.id, freshSheetSends.farmId))
    .innerJoin(restaurants, eq(restaurants.id, freshSheetDeliveries.restaurantId))
    .where(thisDelivery);
  if (!row || row.status === 'sent' || row.status === 'skipped') return 'skipped';
  const to = await buyersOf(db, job.restaurantId);
  if (row.unsubscribed || to.length === 0) {
    await db.update(freshSheetDeliveries).set({ status: 'skipped' }).where(thisDelivery);
    return 'skipped';
  }

  const now = clockNow();
  const { listed, total } = await sheetEmailProducts(
    db,
    row.farmId,
    row.productIds,
    row.featuredProductIds,
  );
  const items = await sheetItems(db, job.restaurantId, listed, row.featuredProductIds);
  const zone = await restaurantZone(db, job.restaurantId);
  const [outlook] = await deliveryOutlooks(db, [row.farmId], zone, now);
  const token = unsubscribeToken(transports.secret, row.farmId, job.restaurantId);
  const email = freshSheetEmail({
    appOrigin: transports.appOrigin,
    farm: { id: row.farmId, name: row.farmName },
    restaurantName: row.restaurantName,
    note: row.note,
    items,
    moreCount: total - items.length,
    nextDelivery: outlook?.next ?? null,
    noDeliveryReason: outlook?.reason ?? null,
    unsubscribeUrl: unsubscribeUrl(transports.appOrigin, token),
    now,
  });
  const fileName = `fresh-sheet-${job.sendId}-${job.restaurantId}`;
  return attemptDelivery(
    transports.sendDeadlineMs ?? SEND_DEADLINE_MS,
    (signal) =>
      transports.mailer.send(
        { to, ...email, messageId: messageIdFor(transports.appOrigin, fileName) },
        fileName,
        signal,
      ),
    isLastAttempt,
    (outcome) => db.update(freshSheetDeliveries).set(outcome).where(thisDelivery),
  );
}

export const SCHEDULE_QUEUE = 'fresh-sheet-schedule';

export interface FreshSheetWorkerOptions {
  database: Database;
  config: AppConfig;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  retry?: RetryPolicy;
  pollingIntervalSeconds?: number;
  /** How often this process asks for the schedule sweep (seconds). */
  sweepIntervalSeconds?: number;
  /** Tests hand in the mailer; else SMTP_URL or the outbox, as for notifications. */
  mailer?: Mailer;
}

export interface FreshSheetWorker {
  stop(): Promise<void>;
}

/**
 * Sends the queued fresh sheets and, every few minutes, the scheduled ones that are due; main.ts
 * runs one per process that runs queues.
 */
export async function startFreshSheetWorker(
  options: FreshSheetWorkerOptions,
): Promise<FreshSheetWorker> {
  const { database, config, log } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  await ensureFreshSheetQueue(database, retry);
  const transports: SheetTransports = {
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: outboxDir(config),
      }),
    appOrigin: appOriginOf(config),
    secret: config.sessionSecret,
  };
  const workers = await startQueueWorkers(database, log, 'fresh sheet');
  const { boss } = workers;
  await boss.updateQueue(FRESH_SHEET_QUEUE, queueOptions(retry));
  for (let index = 0; index < 2; index += 1) {
    await workers.work<FreshSheetJob>(
      FRESH_SHEET_QUEUE,
      options.pollingIntervalSeconds ?? 2,
      async (job) => {
        const isLastAttempt = job.retryCount >= job.retryLimit;
        try {
          await deliverFreshSheet(database.db, job.data, transports, isLastAttempt);
        } catch (error) {
          log.warn({ err: error, job: job.data }, 'fresh sheet not delivered');
          throw error;
        }
      },
    );
  }
  const sweep: JobWorker = await startJobWorker<{ slot: string }>(
    {
      queue: SCHEDULE_QUEUE,
      label: 'fresh sheet schedule sweep',
      next: () => {
        // One sweep per quarter hour, however many processes ask.
        const slot = new Date(Math.floor(clockNow().getTime() / 900_000) * 900_000).toISOString();
        return { data: { slot }, key: `${SCHEDULE_QUEUE}:${slot}` };
      },
      keySeconds: 15 * 60,
      async run() {
        const sent = await sendScheduledSheets(database.db);
        return sent > 0 ? { message: `sent ${sent} scheduled fresh sheet(s)` } : null;
      },
      intervalSeconds: options.sweepIntervalSeconds ?? 5 * 60,
      askWhenClockSet: true,
    },
    { database, log, pollingIntervalSeconds: options.pollingIntervalSeconds },
  );
  return {
    async stop() {
      await sweep.stop();
      await workers.stop();
      if (!options.mailer) transports.mailer.close();
    },
  };
}
