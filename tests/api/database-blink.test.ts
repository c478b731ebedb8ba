import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries } from '../../src/server/db/schema';
import {
  startNotificationWorker,
  type NotificationWorker,
} from '../../src/server/modules/notifications/worker';
import { createProduct, orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import { listen, openStream, waitFor } from '../helpers/event-stream';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * PostgreSQL drops every connection of the app's database (a restart or failover looks the
 * same): pooled connections the queue worker holds idle, the LISTEN connection, and any in
 * use by a request. An 'error' nobody listens to would end this very process, and Vitest
 * reports it as an unhandled error, failing the run.
 */
describe.skipIf(!onPostgres)('a dropped database connection', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let databaseName: string;
  let outbox: string;
  let worker: NotificationWorker;
  let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
  let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
  let kale: ProductFixture;

  beforeAll(async () => {
    ctx = await createTestApp();
    outbox = mkdtempSync(join(tmpdir(), 'harvest-hui-blink-'));
    farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
    restaurant = await signUpRestaurant(ctx.app, 'Mama Bistro');
    kale = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 100 });
    const [row] = await rowsOf<{ name: string }>(sql`select current_database() as name`);
    databaseName = row!.name;
    worker = await startNotificationWorker({
      database: ctx.database,
      config: { ...ctx.app.config, dataDir: outbox },
      log: ctx.app.log,
      retry: { limit: 6, delaySeconds: 1, backoff: false },
      pollingIntervalSeconds: 0.5,
    });
    baseUrl = await listen(ctx.app);
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  async function rowsOf<T>(query: SQL): Promise<T[]> {
    return ((await ctx.database.db.execute(query)) as { rows: T[] }).rows;
  }

  /** Ends every connection to the app's database, as a restarting server would. */
  async function terminateEveryBackend(): Promise<number> {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const result = await admin.query<{ terminated: boolean }>(
        `select pg_terminate_backend(pid) as terminated from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid()`,
        [databaseName],
      );
      return result.rows.filter((row) => row.terminated).length;
    } finally {
      await admin.end();
    }
  }

  async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('keeps serving through two blinks: the open stream is told to resync, and an order placed afterwards succeeds, its event and its email arrive', async () => {
    const stream = await openStream(baseUrl, farmer.cookie);
    let stopRequests = false;
    const answers: number[] = [];
    // Requests keep coming while the connections die; some may fail, none may end the process.
    const traffic = (async () => {
      while (!stopRequests) {
        const response = await fetch(`${baseUrl}/api/products`, {
          headers: { cookie: restaurant.cookie! },
        }).catch(() => null);
        answers.push(response?.status ?? 0);
        await response?.arrayBuffer().catch(() => undefined);
      }
    })();
    try {
      expect(await terminateEveryBackend()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const secondBlinkAt = Date.now();
      expect(await terminateEveryBackend()).toBeGreaterThan(0);

      // Still up and serving.
      expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
      await eventually(async () => (await fetch(`${baseUrl}/readyz`)).status === 200, 'ready');
      // Events published while the LISTEN connection was down are lost to this process: once
      // it listens again, every open stream is told to refetch what it shows.
      await waitFor(
        () => stream.events.some(({ event, at }) => event.type === 'resync' && at >= secondBlinkAt),
        'a resync after the LISTEN connection came back',
        20_000,
      );
      expect(stream.ended).toBe(false);

      const response = await restaurant.post(
        '/api/orders',
        orderBody(farmer.farmId, [{ product: kale, quantity: 2 }]),
      );
      expect(response.statusCode, response.body).toBe(201);
      const orderId = response.json().id as number;
      await waitFor(
        () =>
          stream.events.some(
            ({ event }) => event.type === 'orders.changed' && event.orderId === orderId,
          ),
        'the new order on the farm’s stream',
      );

      // The queue worker, which held idle connections of the same pool, carries on.
      const [notification] = await rowsOf<{ id: number }>(
        sql`select id from notifications where kind = 'order_placed' and order_id = ${orderId}`,
      );
      expect(notification).toBeDefined();
      await eventually(async () => {
        const [delivery] = await ctx.database.db
          .select({ status: notificationDeliveries.status })
          .from(notificationDeliveries)
          .where(
            and(
              eq(notificationDeliveries.notificationId, notification!.id),
              eq(notificationDeliveries.channel, 'email'),
            ),
          );
        return delivery?.status === 'sent';
      }, 'the order’s email to be sent');
    } finally {
      stopRequests = true;
      await traffic;
      stream.close();
    }
    expect(answers.filter((status) => status === 200).length).toBeGreaterThan(0);
  }, 60_000);
});
