import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { users } from '../../src/server/db/schema';
import type { Mailer } from '../../src/server/modules/notifications/mail';
import {
  LIVE_EVENTS_CHANNEL,
  type UserChangedEvent,
} from '../../src/server/modules/events/publish';
import { createTestDatabase } from './test-database';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: '/tmp/harvest-hui-test',
    appOrigin: 'http://localhost:5000',
    sessionSecret: 'test-secret-that-is-long-enough-for-cookies-0123456789',
    sessionDays: 30,
    demoData: false,
    devUserSwitcher: false,
    // New farms sell at once, as they always did; the admission tests turn it on.
    marketplaceApproval: false,
    trustProxy: false,
    logLevel: 'silent',
    loginRateLimit: 1000,
    loginAddressRateLimit: 1000,
    registerRateLimit: 1000,
    emailLinkRateLimit: 1000,
    smtpUrl: undefined,
    mailFrom: 'Harvest Hui <test@harvesthui.local>',
    oidcIssuer: undefined,
    clientDir: undefined,
    // scrypt at the production cost takes about 80 ms of CPU, and the tests sign up hundreds of
    // accounts; each hash records its cost, so sign-in checks these as it checks real ones.
    passwordHashCost: 1024,
    ...overrides,
  };
}

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface TestContext {
  app: TestApp;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { mailer }: { mailer?: Mailer } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const { app } = await createTestAppOn(database, overrides, { mailer });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Another app, with other settings, on a database the file already has: for a test of those
 * settings, which needs no database of its own (starting one is most of an app's start-up).
 * Closing it leaves the database open.
 */
export async function createTestAppOn(
  database: Database,
  overrides: Partial<AppConfig> = {},
  { mailer }: { mailer?: Mailer } = {},
): Promise<TestContext> {
  const app = await buildApp({ config: testConfig(overrides), database, logger: false, mailer });
  await app.ready();
  return { app, database, close: () => app.close() };
}

/**
 * One database for the whole file, for tests that each build an app of their own settings on
 * it (createTestAppOn). Read it inside hooks and tests only.
 */
export function useTestDatabase(): { database: Database } {
  const ctx = {} as { database: Database };
  beforeAll(async () => {
    ctx.database = await createTestDatabase();
  });
  afterAll(async () => {
    await ctx.database?.close();
  });
  return ctx;
}

/**
 * One app for the whole file: built before the first test, closed after the last. The returned
 * object is filled in by the beforeAll hook, so read it inside hooks and tests only.
 */
export function useTestApp(overrides: Partial<AppConfig> = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(overrides));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}

/** Resolves when the app hears the database say the user or their profile changed. */
export function heardUserChange(app: TestApp, userId: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = app.liveEvents.onDatabaseEvent((event) => {
      if (event.type !== 'user.changed' || event.userId !== userId) return;
      stop();
      resolve();
    });
  });
}

/**
 * Resolves once the app has heard every notice the database sent before this call, so a cache
 * test's next read is not emptied by a notice still on its way (a sign-up's, a product's). The
 * marker sent now arrives after them: notifications are delivered in commit order. It names no
 * user, so it makes no cache forget anything real.
 */
export async function heardNoticesSoFar(ctx: TestContext): Promise<void> {
  const marker: UserChangedEvent = {
    type: 'user.changed',
    userId: -1 - Math.floor(Math.random() * 1e9),
  };
  const heard = heardUserChange(ctx.app, marker.userId);
  await ctx.database.db.execute(
    sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(marker)})`,
  );
  await heard;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  // The count is lettered: a bare "123" would be one of the person's words, which the password
  // rule takes out of a password such as "password1234" before judging what is left.
  return `${prefix}-${Date.now().toString(36)}-n${counter}@example.com`;
}

/** A client that keeps the session cookie between requests, like a browser. */
export class Session {
  cookie: string | undefined;
  constructor(readonly app: TestApp) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      ...options,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...options.headers },
    });
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) this.cookie = first.split(';')[0];
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as never, headers });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as never });
  }
  patch(url: string, payload?: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as never });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

export const PASSWORD = 'correct-horse-battery';

/**
 * Registers a new user and returns their signed-in session. The address counts as confirmed
 * (as if the link in the welcome email had been opened) unless `verified` is false.
 */
export async function signUp(
  app: TestApp,
  prefix = 'user',
  { verified = true }: { verified?: boolean } = {},
): Promise<Session & { email: string; userId: number }> {
  const session = new Session(app);
  const email = uniqueEmail(prefix);
  const response = await session.post('/api/auth/register', {
    email,
    password: PASSWORD,
    firstName: 'Kai',
    lastName: 'Akana',
  });
  if (response.statusCode !== 201) throw new Error(`sign up failed: ${response.body}`);
  if (verified) {
    await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
  }
  return Object.assign(session, { email, userId: response.json<{ id: number }>().id });
}

export const sampleProfile = (name: string) => ({
  name,
  description: 'Family-run since 1978',
  location: '45-123 Kamehameha Hwy, Kaneohe, HI 96744',
  contactPhone: '(808) 555-0101',
});

/** A signed-in farmer with a farm; returns the session and the farm id. */
export async function signUpFarmer(app: TestApp, name = 'Test Farm') {
  const session = await signUp(app, 'farmer');
  const response = await session.post('/api/profile/farm', sampleProfile(name));
  if (response.statusCode !== 201) throw new Error(`farm setup failed: ${response.body}`);
  return Object.assign(session, { farmId: response.json().id as number });
}

/** A signed-in restaurant with a profile; returns the session and the restaurant id. */
export async function signUpRestaurant(app: TestApp, name = 'Test Bistro') {
  const session = await signUp(app, 'restaurant');
  const response = await session.post('/api/profile/restaurant', sampleProfile(name));
  if (response.statusCode !== 201) throw new Error(`restaurant setup failed: ${response.body}`);
  return Object.assign(session, { restaurantId: response.json().id as number });
}
