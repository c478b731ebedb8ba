import { describe, expect, it } from 'vitest';
import {
  createTestAppOn,
  PASSWORD,
  Session,
  signUp,
  uniqueEmail,
  useTestApp,
} from '../helpers/test-app';

const ctx = useTestApp();

describe('accounts and sessions', () => {
  it('registers, returns the user without a role or profile, and signs in', async () => {
    const session = new Session(ctx.app);
    const email = uniqueEmail('NEW');
    const response = await session.post('/api/auth/register', {
      email: email.toUpperCase(),
      password: PASSWORD,
      firstName: 'Leilani',
      lastName: 'Kahale',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: email.toLowerCase(),
      role: null,
      profile: null,
      firstName: 'Leilani',
    });
    const cookie = response.headers['set-cookie'] as string;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await session.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email.toLowerCase());
  });

  it('refuses a duplicate email with 409', async () => {
    const first = await signUp(ctx.app);
    const again = await new Session(ctx.app).post('/api/auth/register', {
      email: first.email,
      password: PASSWORD,
      firstName: 'A',
      lastName: 'B',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields.email).toBeDefined();
  });

  it('answers 400 with fields for missing and mistyped input', async () => {
    const response = await new Session(ctx.app).post('/api/auth/register', {
      email: 'nope',
      password: 5,
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json();
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining(['email', 'password', 'firstName', 'lastName']),
    );
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/JSON/);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const user = await signUp(ctx.app);
    const wrong = await new Session(ctx.app).post('/api/auth/login', {
      email: user.email,
      password: 'wrong-password',
    });
    const unknown = await new Session(ctx.app).post('/api/auth/login', {
      email: uniqueEmail('ghost'),
      password: PASSWORD,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('signs in with the right password', async () => {
    const user = await signUp(ctx.app);
    const session = new Session(ctx.app);
    const response = await session.post('/api/auth/login', {
      email: user.email,
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect((await session.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('ends the session on the server at logout', async () => {
    const user = await signUp(ctx.app);
    const stolenCookie = user.cookie;
    const logout = await user.get('/api/logout');
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/');
    const replay = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: stolenCookie! },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('sends /api/login to the sign-in page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
  });

  it('refuses state changes from another origin', async () => {
    const user = await signUp(ctx.app);
    const response = await user.request({
      method: 'POST',
      url: '/api/auth/switch-role',
      payload: { role: 'farmer' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    const me = await user.get('/api/auth/user');
    expect(me.json().role).toBeNull();
  });

  it('accepts state changes from its own origin', async () => {
    const user = await signUp(ctx.app);
    const response = await user.request({
      method: 'POST',
      url: '/api/auth/switch-role',
      payload: { role: 'farmer' },
      headers: { origin: 'http://localhost:5000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('farmer');
  });

  it('answers 401 to the anonymous on private routes', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/user'],
      ['POST', '/api/auth/switch-role'],
      ['POST', '/api/profile/farm'],
      ['PUT', '/api/profile/restaurant'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('never lets a user make themselves admin', async () => {
    const user = await signUp(ctx.app);
    const response = await user.post('/api/auth/switch-role', { role: 'admin' });
    expect(response.statusCode).toBe(400);
  });

  it('serves an OpenAPI document of the routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/profile/farm']),
    );
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 after repeated attempts', async () => {
    const limited = await createTestAppOn(ctx.database, { loginRateLimit: 3 });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'someone@example.com', password: 'wrong-password' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
