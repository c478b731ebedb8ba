import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import {
  createTestApp,
  Session,
  signUp,
  signUpFarmer,
  type TestContext,
} from '../helpers/test-app';

const PATHS = [
  ['GET', '/api/test/users'],
  ['POST', '/api/test/switch-user'],
  ['POST', '/api/test/clear-user'],
] as const;

describe('with the default configuration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('has no /api/test/* paths: 404 for the anonymous and the signed-in', async () => {
    const signedIn = await signUp(ctx.app);
    for (const [method, url] of PATHS) {
      for (const session of [new Session(ctx.app), signedIn]) {
        const response = await session.request({ method, url, payload: { userId: 1 } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });

  it('cannot be turned on outside development', () => {
    const base = { SESSION_SECRET: 'x'.repeat(40), DEV_USER_SWITCHER: '1' };
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).devUserSwitcher).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).devUserSwitcher).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).devUserSwitcher).toBe(true);
  });
});

describe('in development with the switcher on', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: 'development', devUserSwitcher: true });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists the users with role and profile name', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Waimanalo Farm');
    const response = await new Session(ctx.app).get('/api/test/users');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({
      id: expect.any(Number),
      email: farmer.email,
      role: 'farmer',
      profileName: 'Waimanalo Farm',
    });
  });

  it('signs a signed-out browser in as the chosen user, then clears the session', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Manoa Farm');
    const farmerId = (await farmer.get('/api/auth/user')).json().id as number;
    const browser = new Session(ctx.app);
    expect((await browser.get('/api/auth/user')).statusCode).toBe(401);

    const switched = await browser.post('/api/test/switch-user', { userId: farmerId });
    expect(switched.statusCode).toBe(200);
    expect(switched.headers['set-cookie']).toMatch(/HttpOnly/i);
    const me = await browser.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: farmerId, role: 'farmer' });

    const previousCookie = browser.cookie;
    expect((await browser.post('/api/test/clear-user')).statusCode).toBe(200);
    // The session is gone on the server, not only the cookie.
    const replay = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: previousCookie! },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('replaces the current session when switching from one user to another', async () => {
    const first = await signUp(ctx.app, 'first');
    const second = await signUp(ctx.app, 'second');
    const secondId = (await second.get('/api/auth/user')).json().id as number;
    const oldCookie = first.cookie!;
    expect((await first.post('/api/test/switch-user', { userId: secondId })).statusCode).toBe(200);
    expect((await first.get('/api/auth/user')).json().id).toBe(secondId);
    const replay = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: oldCookie },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('answers 404 for an unknown user and 400 for a bad body', async () => {
    const browser = new Session(ctx.app);
    expect((await browser.post('/api/test/switch-user', { userId: 999_999 })).statusCode).toBe(404);
    const bad = await browser.post('/api/test/switch-user', { userId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.userId).toBeDefined();
  });

  it('refuses a switch requested by another site', async () => {
    const response = await new Session(ctx.app).post(
      '/api/test/switch-user',
      { userId: 1 },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
  });
});
