import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts } from '../../src/server/db/schema';
import type { Database } from '../../src/server/db/database';
import { accountKey } from '../../src/server/modules/auth/attempts';
import { databaseClient } from '../../src/server/modules/events/database-client';
import { createProduct, orderBody } from '../helpers/catalog-fixtures';
import { openStream, waitFor, type Stream } from '../helpers/event-stream';
import { PASSWORD, sampleProfile, uniqueEmail } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-database';
import { findNginx, freePort } from '../../scripts/local-services';
import {
  Client,
  sharedSecret,
  startNginx,
  startServer,
  waitUntilReady,
  type Program,
} from './harness';

const nginx = findNginx();
const missing = [
  ...(nginx ? [] : ['nginx (Debian: apt-get install nginx)']),
  ...(process.env.TEST_DATABASE_URL
    ? []
    : ['TEST_DATABASE_URL (a PostgreSQL to create databases on)']),
];
if (missing.length > 0) {
  const needs = `The proxy test needs ${missing.join(' and ')}.`;
  // In CI its absence is a failure, never a quiet skip.
  if (process.env.REQUIRE_PROXY_TEST === '1')
    throw new Error(`${needs} REQUIRE_PROXY_TEST=1 makes that a failure.`);
  console.warn(`Skipping the proxy test. ${needs}`);
}

/** Small limits, so that the test reaches them quickly. */
const PER_ACCOUNT = 4;
const PER_ADDRESS = 12;

describe.skipIf(missing.length > 0)('behind nginx, two processes on one PostgreSQL', () => {
  let dir: string;
  let database: Database & { label: string };
  const programs: Program[] = [];
  const streams: Stream[] = [];
  let proxyUrl: string;
  let upstreams: string[];
  let address = 1;
  /** A client on a local address of its own (127.0.0.2, …): another person, as nginx sees it. */
  const newClient = () => new Client(proxyUrl, `127.0.0.${(address += 1)}`);

  async function signUp(client: Client, prefix: string) {
    const email = uniqueEmail(prefix);
    const response = await client.post('/api/auth/register', {
      email,
      password: PASSWORD,
      firstName: 'Kawika',
      lastName: 'Nahale',
    });
    expect(response.status, response.body).toBe(201);
    return email;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'harvest-hui-proxy-'));
    // Migrated here, so the two processes start on a ready database.
    database = await createTestDatabase();
    const { pool } = databaseClient(database) as {
      pool: { options: { connectionString?: string } };
    };
    const [proxyPort, ...serverPorts] = await Promise.all([freePort(), freePort(), freePort()]);
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    upstreams = serverPorts.map((port) => `127.0.0.1:${port}`);
    const env = {
      DATABASE_URL: pool.options.connectionString!,
      APP_ORIGIN: proxyUrl,
      TRUST_PROXY: '1',
      SESSION_SECRET: sharedSecret(),
      LOGIN_RATE_LIMIT: String(PER_ACCOUNT),
      LOGIN_ADDRESS_RATE_LIMIT: String(PER_ADDRESS),
      REGISTER_RATE_LIMIT: '1000',
      // Its farm sells at once, as in the API tests (docs/admission.md).
      MARKETPLACE_APPROVAL: '0',
      CLIENT_DIR: join(dir, 'no-client'),
    };
    for (const [index, port] of serverPorts.entries()) {
      const server = startServer(`server-${index + 1}`, dir, { ...env, PORT: String(port) });
      programs.push(server);
      await waitUntilReady(`http://127.0.0.1:${port}/readyz`, server);
    }
    const proxy = startNginx(nginx!, dir, proxyPort!, serverPorts);
    programs.push(proxy);
    await waitUntilReady(`${proxyUrl}/readyz`, proxy);
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    // nginx first, so that no request reaches a process on its way out.
    for (const program of programs.reverse()) await program.stop();
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a session on both processes', async () => {
    const browser = newClient();
    await signUp(browser, 'both');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => browser.get('/api/auth/user')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(6).fill(200));
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(upstreams));
  });

  it('counts failed sign-ins spread over both processes against one limit', async () => {
    const email = await signUp(newClient(), 'target');
    const guesser = newClient();
    const failures = [];
    for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1) {
      failures.push(await guesser.post('/api/auth/login', { email, password: 'wrong-password' }));
    }
    expect(failures.map((answer) => answer.status)).toEqual(Array<number>(PER_ACCOUNT).fill(401));
    expect(new Set(failures.map((answer) => answer.upstream))).toEqual(new Set(upstreams));
    const limited = await guesser.post('/api/auth/login', { email, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, is not locked out.
    expect((await newClient().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('counts the address nginx saw, whatever X-Forwarded-For the client sends', async () => {
    const email = await signUp(newClient(), 'forged');
    const guesser = newClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= PER_ACCOUNT; attempt += 1) {
      const forged = { 'x-forwarded-for': `203.0.113.${attempt + 1}` };
      const answer = await guesser.post(
        '/api/auth/login',
        { email, password: 'wrong-password' },
        forged,
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(PER_ACCOUNT).fill(401), 429]);
    const counted = await database.db
      .selectDistinct({ address: authAttempts.address })
      .from(authAttempts)
      .where(eq(authAttempts.accountHash, accountKey(email)));
    expect(counted).toEqual([{ address: guesser.localAddress }]);
  });

  it('limits one address guessing across many accounts, on both processes together', async () => {
    const guesser = newClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= PER_ADDRESS; attempt += 1) {
      const answer = await guesser.post('/api/auth/login', {
        email: uniqueEmail('nobody'),
        password: 'wrong-password',
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(PER_ADDRESS).fill(401), 429]);
  });

  it('streams live updates through it, from either process to the other', async () => {
    const farmer = newClient();
    await signUp(farmer, 'farmer');
    const farm = await farmer.post('/api/profile/farm', sampleProfile('Waipio Taro'));
    expect(farm.status, farm.body).toBe(201);
    const farmId = (farm.json() as { id: number }).id;
    const restaurant = newClient();
    await signUp(restaurant, 'restaurant');
    const profile = await restaurant.post('/api/profile/restaurant', sampleProfile('Hilo Cafe'));
    expect(profile.status, profile.body).toBe(201);
    const taro = await createProduct(database.db, farmId, { availableQuantity: 100 });

    const stream = await openStream(proxyUrl, farmer.cookie);
    streams.push(stream);
    const streamedBy = stream.headers.get('x-upstream');
    expect(upstreams).toContain(streamedBy);
    // Orders until one goes through the process that does not serve the stream.
    let placed: { id: number; upstream: string } | undefined;
    for (let attempt = 0; attempt < 6 && !placed; attempt += 1) {
      const answer = await restaurant.post(
        '/api/orders',
        orderBody(farmId, [{ product: taro, quantity: 1 }]),
      );
      expect(answer.status, answer.body).toBe(201);
      if (answer.upstream !== streamedBy) {
        placed = { id: (answer.json() as { id: number }).id, upstream: answer.upstream };
      }
    }
    expect(placed, 'an order through the other process').toBeDefined();
    await waitFor(
      () =>
        stream.events.some(
          ({ event }) => event.type === 'orders.changed' && event.orderId === placed!.id,
        ),
      'the order on the stream the other process serves',
    );
  });

  it('closes a stream on one process when its session signs out through the other', async () => {
    const email = await signUp(newClient(), 'signout');
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const browser = newClient();
      expect((await browser.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(
        200,
      );
      const stream = await openStream(proxyUrl, browser.cookie);
      streams.push(stream);
      const sessionCookie = browser.cookie;
      const logout = await browser.get('/api/logout', { 'sec-fetch-site': 'same-origin' });
      expect(logout.status).toBe(302);
      await waitFor(() => stream.ended, 'the signed-out stream to end');
      const after = await new Client(proxyUrl).get('/api/auth/user', { cookie: sessionCookie! });
      expect(after.status).toBe(401);
      if (logout.upstream !== stream.headers.get('x-upstream')) return;
    }
    throw new Error('No sign-out went through the process other than the stream’s');
  });
});
