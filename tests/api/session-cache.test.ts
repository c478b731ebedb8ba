import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { hashToken } from '../../src/server/modules/auth/session';
import { databaseClient } from '../../src/server/modules/events/database-client';
import type { AuthChangedEvent } from '../../src/server/modules/events/publish';
import type { Session } from '../helpers/test-app';
import {
  createTestApp,
  heardUserChange,
  sampleProfile,
  signUp,
  signUpFarmer,
  testConfig,
  type TestApp,
  type TestContext,
} from '../helpers/test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The session token's hash as the server keys it (the cookie is signed: value.signature). */
function tokenHashOf(session: Session): string {
  const value = decodeURIComponent(session.cookie!.split('=')[1]!);
  return hashToken(value.slice(0, value.lastIndexOf('.')));
}

/** Resolves when the app hears an AuthChangedEvent for the user. */
function heardAuthChange(app: TestApp, userId: number): Promise<AuthChangedEvent> {
  return new Promise((resolve) => {
    const stop = app.liveEvents.onAuthChanged((event) => {
      if (event.userId !== userId) return;
      stop();
      resolve(event);
    });
  });
}

describe('the session cache on one instance', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('answers a known session from the cache and forgets it at sign-out', async () => {
    const user = await signUp(ctx.app, 'cached');
    const tokenHash = tokenHashOf(user);
    expect((await user.get('/api/auth/user')).statusCode).toBe(200);
    expect(ctx.app.sessionCache.has(tokenHash)).toBe(true);
    const hits = ctx.app.sessionCache.hits;
    expect((await user.get('/api/auth/user')).statusCode).toBe(200);
    expect(ctx.app.sessionCache.hits).toBe(hits + 1);

    const cookie = user.cookie;
    await user.get('/api/logout');
    expect(ctx.app.sessionCache.has(tokenHash)).toBe(false);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('sees a new farm at once after the profile is created', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Cache Farm');
    const response = await farmer.get('/api/products/farm');
    expect(response.statusCode).toBe(200);
  });

  it('shows the user their own profile change on the very next read', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Before Farm');
    const farmName = async () =>
      (await farmer.get('/api/auth/user')).json<{ profile: { name: string } }>().profile.name;
    expect(await farmName()).toBe('Before Farm');
    expect(await farmName()).toBe('Before Farm');
    const edited = await farmer.put('/api/profile/farm', sampleProfile('After Farm'));
    expect(edited.statusCode).toBe(200);
    // No waiting: the write itself made this process forget the view.
    expect(await farmName()).toBe('After Farm');
  });

  it('shows a change made in the database by anyone, once the database says so', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Quiet Farm');
    const me = (await farmer.get('/api/auth/user')).json<{ id: number }>();
    const heard = heardUserChange(ctx.app, me.id);
    await ctx.database.db.execute(
      sql`update farms set name = 'Renamed Farm' where user_id = ${me.id}`,
    );
    await heard;
    const view = (await farmer.get('/api/auth/user')).json<{ profile: { name: string } }>();
    expect(view.profile.name).toBe('Renamed Farm');
  });
});

describe.skipIf(!onPostgres)('the session cache across two instances (PostgreSQL)', () => {
  let ctx: TestContext;
  let secondDatabase: Database;
  let second: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp();
    // The second instance has a pool and a LISTEN of its own, as another process would.
    const { pool } = databaseClient(ctx.database) as {
      pool: { options: { connectionString?: string } };
    };
    secondDatabase = await openDatabase({ url: pool.options.connectionString });
    second = await buildApp({ config: testConfig(), database: secondDatabase, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await ctx?.close();
  });

  it('a sign-out through one instance ends the session cached by the other', async () => {
    const user = await signUp(ctx.app, 'two-instances');
    const me = (await user.get('/api/auth/user')).json<{ id: number }>();
    const cookie = user.cookie!;
    const onSecond = () =>
      second.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

    expect((await onSecond()).statusCode).toBe(200);
    expect(second.sessionCache.has(tokenHashOf(user))).toBe(true);

    const heard = heardAuthChange(second, me.id);
    expect((await user.get('/api/logout')).statusCode).toBe(302);
    // The sign-out's own notification is the marker: the second instance has heard it.
    expect(await heard).toMatchObject({ type: 'auth.changed', userId: me.id });
    expect(second.sessionCache.has(tokenHashOf({ cookie } as Session))).toBe(false);
    expect((await onSecond()).statusCode).toBe(401);
  });

  it('a profile change through one instance reaches the view the other keeps', async () => {
    const user = await signUpFarmer(ctx.app, 'Kept Farm');
    const cookie = user.cookie!;
    const me = (await user.get('/api/auth/user')).json<{ id: number }>();
    const nameOnSecond = async () =>
      (await second.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json<{
        profile: { name: string };
      }>().profile.name;
    expect(await nameOnSecond()).toBe('Kept Farm');
    expect(await nameOnSecond()).toBe('Kept Farm');

    const heard = heardUserChange(second, me.id);
    expect((await user.put('/api/profile/farm', sampleProfile('Moved Farm'))).statusCode).toBe(200);
    await heard;
    expect(await nameOnSecond()).toBe('Moved Farm');
  });

  it('a role switch through one instance reaches the other', async () => {
    const user = await signUpFarmer(ctx.app, 'Switching Farm');
    const cookie = user.cookie!;
    const me = (await user.get('/api/auth/user')).json<{ id: number }>();
    const farmList = () =>
      second.inject({ method: 'GET', url: '/api/products/farm', headers: { cookie } });
    expect((await farmList()).statusCode).toBe(200);

    const heard = heardAuthChange(second, me.id);
    expect((await user.post('/api/auth/switch-role', { role: 'restaurant' })).statusCode).toBe(200);
    await heard;
    expect((await farmList()).statusCode).toBe(403);
  });
});
