import type { FastifyRequest } from 'fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmReportOutput, restaurantReportOutput } from '#core/schemas/report';
import { setClock } from '../../src/server/clock';
import type { Database } from '../../src/server/db/database';
import { READ_YOUR_WRITES_MS } from '../../src/server/db/replica';
import { orders, products, users } from '../../src/server/db/schema';
import { databaseClient } from '../../src/server/modules/events/database-client';
import { startReplica, ReplicaUnavailable, type Replica } from '../../scripts/replica';
import { createProduct, orderBody } from '../helpers/catalog-fixtures';
import { hawaiiNoon } from '../helpers/clock';
import {
  createTestAppOn,
  heardNoticesSoFar,
  PASSWORD,
  sampleProfile,
  uniqueEmail,
  type TestApp,
  type TestContext,
} from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-database';

const primaryUrl = process.env.TEST_DATABASE_URL;
let replica: Replica | undefined;
let missing: string | undefined;
if (!primaryUrl) {
  missing = 'TEST_DATABASE_URL (a PostgreSQL to copy and to create databases on)';
} else {
  try {
    replica = await startReplica(primaryUrl);
  } catch (error) {
    if (!(error instanceof ReplicaUnavailable)) throw error;
    missing = `a replica of it, which cannot be made here: ${error.message}`;
  }
}
if (missing) {
  const needs = `The replica test needs ${missing}`;
  // In CI its absence is a failure, never a quiet skip.
  if (process.env.REQUIRE_REPLICA_TEST === '1') {
    throw new Error(`${needs} REQUIRE_REPLICA_TEST=1 makes that a failure.`);
  }
  console.warn(`Skipping the replica test. ${needs}`);
}
afterAll(async () => replica?.stop());

/**
 * A browser's cookies: every cookie an answer sets is kept by name (the session's, and the
 * one that carries a person's last write to the other processes).
 */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly app: TestApp) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }
  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload: unknown) {
    return this.request({ method: 'POST', url, payload: payload as never });
  }
}

/** The lag an answer says the replica had, or undefined when the primary answered. */
function lagOf(response: LightMyRequestResponse): number | undefined {
  const header = response.headers['x-replica-lag'];
  return header === undefined ? undefined : Number(header);
}

/** Resolves when `standby` has replayed everything `primary` had written when called. */
async function replayed(primary: pg.Client, standby: pg.Client): Promise<void> {
  const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await standby.query<{ done: boolean }>(
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
      [rows[0]!.lsn],
    );
    if (answer.rows[0]?.done) return;
    if (Date.now() > deadline) throw new Error('The replica did not catch up in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(missing !== undefined)('reads on a streaming replica', () => {
  let database: Database;
  let ctx: TestContext;
  let replicaAdmin: pg.Client;
  let primaryAdmin: pg.Client;

  /** Resolves when the replica has replayed everything the primary has written so far. */
  const caughtUp = () => replayed(primaryAdmin, replicaAdmin);

  async function pauseReplay() {
    await replicaAdmin.query('select pg_wal_replay_pause()');
    await expect
      .poll(
        async () =>
          (
            await replicaAdmin.query<{ state: string }>(
              'select pg_get_wal_replay_pause_state() as state',
            )
          ).rows[0]?.state,
      )
      .toBe('paused');
  }

  const resumeReplay = () => replicaAdmin.query('select pg_wal_replay_resume()');

  async function signUp(prefix: string): Promise<Browser & { userId: number }> {
    const browser = new Browser(ctx.app);
    const email = uniqueEmail(prefix);
    const response = await browser.post('/api/auth/register', {
      email,
      password: PASSWORD,
      firstName: 'Noelani',
      lastName: 'Kahale',
    });
    expect(response.statusCode, response.body).toBe(201);
    await database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, email));
    return Object.assign(browser, { userId: response.json<{ id: number }>().id });
  }

  async function withProfile(kind: 'farm' | 'restaurant', name: string) {
    const browser = await signUp(kind);
    const response = await browser.post(`/api/profile/${kind}`, sampleProfile(name));
    expect(response.statusCode, response.body).toBe(201);
    return Object.assign(browser, { businessId: response.json<{ id: number }>().id });
  }

  /** Accounts made before the tests; their making is a write of each, older than the window. */
  let reader: Awaited<ReturnType<typeof signUp>>;
  let farmer: Awaited<ReturnType<typeof withProfile>>;
  let quietFarmer: Awaited<ReturnType<typeof withProfile>>;
  let restaurant: Awaited<ReturnType<typeof withProfile>>;
  let statementKale: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { pool } = databaseClient(database) as {
      pool: { options: { connectionString?: string } };
    };
    const url = pool.options.connectionString!;
    primaryAdmin = new pg.Client({ connectionString: url });
    await primaryAdmin.connect();
    // The new database reaches the replica before anyone connects to it there.
    const probe = new pg.Client({ connectionString: replica!.urlFor(primaryUrl!) });
    await probe.connect();
    await replayed(primaryAdmin, probe).finally(() => probe.end());
    replicaAdmin = new pg.Client({ connectionString: replica!.urlFor(url) });
    await replicaAdmin.connect();
    ctx = await createTestAppOn(database, {
      databaseUrl: url,
      databaseReadUrl: replica!.urlFor(url),
    });
    reader = await signUp('reader');
    farmer = await withProfile('farm', 'Replica Farm');
    quietFarmer = await withProfile('farm', 'Quiet Replica Farm');
    restaurant = await withProfile('restaurant', 'Replica Bistro');
    statementKale = await createProduct(database.db, quietFarmer.businessId, {
      name: 'Statement Kale',
    });
    // The setup's own writes would send these people to the primary for a while.
    await new Promise((resolve) => setTimeout(resolve, READ_YOUR_WRITES_MS));
  });

  afterAll(async () => {
    // Replay left paused by a failed test would keep the next run's copy waiting.
    await replicaAdmin?.query('select pg_wal_replay_resume()').catch(() => undefined);
    await replicaAdmin?.end();
    await primaryAdmin?.end();
    await ctx?.close();
    await database?.close();
    setClock(null);
  });

  it('reads the catalogue from the replica, and a writer reads the primary for 10 s', async () => {
    await caughtUp();
    const before = await reader.get('/api/products');
    expect(before.statusCode, before.body).toBe(200);
    expect(lagOf(before)).toBeGreaterThanOrEqual(0);

    await pauseReplay();
    try {
      const created = await farmer.post('/api/products', {
        name: 'Replica Taro',
        unit: 'lb',
        price: '3.25',
        availableQuantity: 40,
      });
      expect(created.statusCode, created.body).toBe(201);
      const names = (response: LightMyRequestResponse) =>
        response.json<{ name: string }[]>().map((product) => product.name);

      // Another person reads the replica, which has not replayed it yet.
      const elsewhere = await reader.get('/api/products');
      expect(lagOf(elsewhere)).toBeDefined();
      expect(names(elsewhere)).not.toContain('Replica Taro');
      // The writer, within 10 s, reads the primary.
      const own = await farmer.get('/api/products');
      expect(lagOf(own)).toBeUndefined();
      expect(names(own)).toContain('Replica Taro');
      // The writer's next request may reach another process: the cookie says it wrote.
      expect(farmer.cookies.has('hh_wrote')).toBe(true);

      // A search fills the catalogue cache, which the product's notice emptied: from the
      // primary, or the replica's stale page would be kept until the next change.
      await heardNoticesSoFar(ctx);
      const search = await reader.get('/api/products?q=Replica%20Taro');
      expect(search.statusCode, search.body).toBe(200);
      expect(lagOf(search)).toBeUndefined();
      expect(search.json<{ total: number }>().total).toBe(1);

      // The lag grows while replay waits.
      const first = lagOf(await reader.get('/api/products'))!;
      await expect
        .poll(async () => lagOf(await reader.get('/api/products')), {
          timeout: 5_000,
          interval: 200,
        })
        .toBeGreaterThan(first);
    } finally {
      await resumeReplay();
    }
    await expect
      .poll(async () => (await reader.get('/api/products')).body, { timeout: 30_000 })
      .toContain('Replica Taro');
  });

  it('reads reports from the replica, and refills their cache from the primary', async () => {
    const kale = await createProduct(database.db, quietFarmer.businessId, { name: 'Replica Kale' });
    await caughtUp();
    // A moved clock computes reports afresh for every request (no cache): straight reads.
    setClock(hawaiiNoon('2026-11-23'));
    const farmReport = () => quietFarmer.get('/api/reports/farm');
    const pending = (response: LightMyRequestResponse) =>
      farmReportOutput.parse(response.json()).totals.pendingOrders;
    try {
      const before = await farmReport();
      expect(before.statusCode, before.body).toBe(200);
      expect(lagOf(before)).toBeDefined();
      expect(pending(before)).toBe(0);

      await pauseReplay();
      const placed = await restaurant.post(
        '/api/orders',
        orderBody(quietFarmer.businessId, [{ product: kale, quantity: 2 }]),
      );
      expect(placed.statusCode, placed.body).toBe(201);
      // The farm has not written: its report comes from the replica, without the order yet.
      const stale = await farmReport();
      expect(lagOf(stale)).toBeDefined();
      expect(pending(stale)).toBe(0);
      // The restaurant placed it: its own report comes from the primary.
      const own = await restaurant.get('/api/reports/restaurant');
      expect(lagOf(own)).toBeUndefined();
      expect(restaurantReportOutput.parse(own.json()).totals.totalOrders).toBe(1);

      // With the clock back, the report is kept: emptied by the order's notice, it refills
      // from the primary while the replica has not caught up.
      setClock(null);
      await heardNoticesSoFar(ctx);
      const refilled = await farmReport();
      expect(lagOf(refilled)).toBeUndefined();
      expect(pending(refilled)).toBe(1);
    } finally {
      setClock(null);
      await resumeReplay();
    }
    // Caught up again, and a second past the notice: the replica serves the report again.
    await caughtUp();
    await expect
      .poll(async () => lagOf(await farmReport()), { timeout: 10_000, interval: 250 })
      .toBeDefined();
    expect(pending(await farmReport())).toBe(1);
  });

  it('keeps writes and transactions on the primary', async () => {
    await caughtUp();
    // Nobody wrote as this person: the replica is chosen, and the write runs on the primary.
    const request = {
      user: { id: -1 },
      cookies: {},
      unsignCookie: () => ({ valid: false, renew: false, value: null }),
    } as unknown as FastifyRequest;
    const [farmId] = [quietFarmer.businessId];
    const viaTransaction = await ctx.app.readDb(request, (db) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({ farmId, name: 'Written in a transaction', unit: 'lb', price: '1.00' })
          .returning({ id: products.id });
        return row!.id;
      }),
    );
    // A write the database itself refuses on the replica (raw SQL, no transaction) too.
    const viaStatement = await ctx.app.readDb(request, async (db) => {
      const result = await db.execute(
        sql`insert into products (farm_id, name, unit, price)
            values (${farmId}, 'Written by a statement', 'lb', '1.00') returning id`,
      );
      return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
    });
    const written = await database.db
      .select({ name: products.name })
      .from(products)
      .where(sql`${products.id} in (${viaTransaction}, ${viaStatement})`);
    expect(written.map((row) => row.name).sort()).toEqual([
      'Written by a statement',
      'Written in a transaction',
    ]);
    // A read-only one, like a report's snapshot, may run on the replica.
    const inRecovery = await ctx.app.readDb(request, (db) =>
      db.transaction(
        async (tx) =>
          (await tx.execute(sql`select pg_is_in_recovery() as standby`)) as unknown as {
            rows: { standby: boolean }[];
          },
        { accessMode: 'read only' },
      ),
    );
    expect(inRecovery.rows[0]?.standby).toBe(true);
  });

  it('runs a statement that numbers its invoices on the primary, as a write', async () => {
    // A delivered order, placed during setup, not numbered yet: the statement numbers it.
    const placed = await restaurant.post(
      '/api/orders',
      orderBody(quietFarmer.businessId, [{ product: statementKale, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ id: number }>().id;
    await database.db
      .update(orders)
      .set({ status: 'delivered', deliveryDate: '2026-10-15' })
      .where(eq(orders.id, orderId));
    await caughtUp();
    // The farm's owner has written nothing lately: reads the replica, until this one writes.
    const wroteBefore = quietFarmer.cookies.get('hh_wrote');
    expect(lagOf(await quietFarmer.get('/api/products'))).toBeDefined();
    const statement = await quietFarmer.get(
      `/api/statements?month=2026-10&restaurantId=${restaurant.businessId}`,
    );
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.headers['content-type']).toContain('application/pdf');
    expect(lagOf(statement)).toBeUndefined();
    const [numbered] = await database.db
      .select({ invoiceNumber: orders.invoiceNumber })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(numbered?.invoiceNumber).not.toBeNull();
    // Numbering is a write: the farm's next reads are the primary's for a while.
    expect(quietFarmer.cookies.get('hh_wrote')).not.toBe(wroteBefore);
    expect(lagOf(await quietFarmer.get('/api/products'))).toBeUndefined();
  });

  it('changes nothing without DATABASE_READ_URL', async () => {
    const plain = await createTestAppOn(database, { databaseUrl: 'postgres://unused' });
    try {
      const browser = new Browser(plain.app);
      browser.cookies.clear();
      for (const [name, value] of reader.cookies) browser.cookies.set(name, value);
      const response = await browser.get('/api/products');
      expect(response.statusCode).toBe(200);
      expect(lagOf(response)).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
