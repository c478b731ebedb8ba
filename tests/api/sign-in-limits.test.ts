import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import { authAttempts } from '../../src/server/db/schema';
import {
  accountKey,
  addressKey,
  ATTEMPT_WINDOW_MINUTES,
} from '../../src/server/modules/auth/attempts';
import {
  createTestApp,
  PASSWORD,
  signUp,
  testConfig,
  uniqueEmail,
  type TestApp,
  type TestContext,
} from '../helpers/test-app';

// Registration is limited in its own test: the others sign people up from one address.
const LIMITS = { loginRateLimit: 3, loginAddressRateLimit: 6, registerRateLimit: 1000 };

let ctx: TestContext;
let address = 0;
/** An address of its own for each scenario, so that none counts against another. */
const freshAddress = () => `198.51.100.${(address += 1)}`;

beforeAll(async () => {
  ctx = await createTestApp(LIMITS);
});
afterAll(async () => {
  await ctx.close();
});

function signIn(
  app: TestApp,
  email: string,
  password: string,
  from: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: from,
    headers,
  });
}

async function statusesOf(responses: Promise<LightMyRequestResponse>[]): Promise<number[]> {
  return (await Promise.all(responses)).map((response) => response.statusCode);
}

/** Runs the attempts one after another and gives their statuses. */
async function inTurn(count: number, attempt: (index: number) => Promise<LightMyRequestResponse>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push((await attempt(index)).statusCode);
  return statuses;
}

/** An app on the same database with other settings, as another process would be. */
async function withApp<T>(overrides: Partial<AppConfig>, use: (app: TestApp) => Promise<T>) {
  const app = await buildApp({
    config: testConfig({ ...LIMITS, ...overrides }),
    database: ctx.database,
    logger: false,
  });
  try {
    await app.ready();
    return await use(app);
  } finally {
    await app.close();
  }
}

describe('failed sign-ins per account and address', () => {
  it('answers 429 rate_limited with Retry-After once the limit is spent, even to the right password', async () => {
    const user = await signUp(ctx.app);
    const from = freshAddress();
    expect(await inTurn(3, () => signIn(ctx.app, user.email, 'wrong-password', from))).toEqual([
      401, 401, 401,
    ]);
    const limited = await signIn(ctx.app, user.email, 'wrong-password', from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'Too many attempts. Please wait a few minutes and try again.',
      code: 'rate_limited',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(ATTEMPT_WINDOW_MINUTES * 60);
    // No more guesses from there, right or wrong, until the wait is over.
    expect((await signIn(ctx.app, user.email, PASSWORD, from)).statusCode).toBe(429);
  });

  it('cannot be used by a stranger to lock an account out everywhere', async () => {
    const user = await signUp(ctx.app);
    const stranger = freshAddress();
    await inTurn(4, () => signIn(ctx.app, user.email, 'wrong-password', stranger));
    expect((await signIn(ctx.app, user.email, 'wrong-password', stranger)).statusCode).toBe(429);
    expect((await signIn(ctx.app, user.email, PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const user = await signUp(ctx.app);
    const from = freshAddress();
    expect(await inTurn(10, () => signIn(ctx.app, user.email, PASSWORD, from))).toEqual(
      Array<number>(10).fill(200),
    );
  });

  it('forgets the account’s failures from that address when it signs in', async () => {
    const user = await signUp(ctx.app);
    const from = freshAddress();
    await inTurn(2, () => signIn(ctx.app, user.email, 'wrong-password', from));
    expect((await signIn(ctx.app, user.email, PASSWORD, from)).statusCode).toBe(200);
    expect(await inTurn(4, () => signIn(ctx.app, user.email, 'wrong-password', from))).toEqual([
      401, 401, 401, 429,
    ]);
  });

  it('lets no more failures through than the limit when they arrive all at once', async () => {
    const user = await signUp(ctx.app);
    const from = freshAddress();
    const statuses = await statusesOf(
      Array.from({ length: 10 }, () => signIn(ctx.app, user.email, 'wrong-password', from)),
    );
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('counts only the last 15 minutes', async () => {
    const user = await signUp(ctx.app);
    const from = freshAddress();
    const old = sql`now() - interval '${sql.raw(String(ATTEMPT_WINDOW_MINUTES + 1))} minutes'`;
    const rows = (createdAt: typeof old | undefined) =>
      Array.from({ length: 3 }, () => ({
        kind: 'sign_in',
        address: addressKey(from),
        accountHash: accountKey(user.email),
        ...(createdAt ? { createdAt } : {}),
      }));
    await ctx.database.db.insert(authAttempts).values(rows(old));
    expect((await signIn(ctx.app, user.email, 'wrong-password', from)).statusCode).toBe(401);
    await ctx.database.db.insert(authAttempts).values(rows(undefined));
    expect((await signIn(ctx.app, user.email, 'wrong-password', from)).statusCode).toBe(429);
  });

  it('deletes attempts that have left the window', async () => {
    const from = freshAddress();
    const [stale] = await ctx.database.db
      .insert(authAttempts)
      .values({
        kind: 'sign_in',
        address: addressKey(from),
        accountHash: accountKey('old@example.com'),
        createdAt: sql`now() - interval '1 hour'`,
      })
      .returning({ id: authAttempts.id });
    // A process prunes with its first attempt, then once a minute.
    await withApp({}, async (app) => {
      expect((await signIn(app, uniqueEmail('ghost'), 'wrong-password', from)).statusCode).toBe(
        401,
      );
    });
    const left = await ctx.database.db
      .select({ id: authAttempts.id })
      .from(authAttempts)
      .where(eq(authAttempts.address, addressKey(from)));
    expect(left.map(({ id }) => id)).not.toContain(stale!.id);
    expect(left).toHaveLength(1);
  });

  it('is shared by every process on the database', async () => {
    const user = await signUp(ctx.app);
    const from = freshAddress();
    await withApp({}, async (other) => {
      const statuses = await inTurn(4, (index) =>
        signIn(index % 2 === 0 ? ctx.app : other, user.email, 'wrong-password', from),
      );
      expect(statuses).toEqual([401, 401, 401, 429]);
    });
  });
});

describe('failed sign-ins per address', () => {
  it('let colleagues behind one address sign in after one of them is locked out', async () => {
    const office = freshAddress();
    const clumsy = await signUp(ctx.app);
    const colleagues = [await signUp(ctx.app), await signUp(ctx.app)];
    await inTurn(4, () => signIn(ctx.app, clumsy.email, 'wrong-password', office));
    expect((await signIn(ctx.app, clumsy.email, PASSWORD, office)).statusCode).toBe(429);
    for (const colleague of colleagues) {
      expect((await signIn(ctx.app, colleague.email, PASSWORD, office)).statusCode).toBe(200);
    }
  });

  it('stop one address guessing across many accounts', async () => {
    const from = freshAddress();
    const user = await signUp(ctx.app);
    const statuses = await inTurn(7, () =>
      signIn(ctx.app, uniqueEmail('guess'), 'wrong-password', from),
    );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect((await signIn(ctx.app, user.email, PASSWORD, from)).statusCode).toBe(429);
    expect((await signIn(ctx.app, user.email, PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('count an IPv6 client by its /64 network', async () => {
    const user = await signUp(ctx.app);
    const statuses = await inTurn(4, (index) =>
      signIn(ctx.app, user.email, 'wrong-password', `2001:db8:5:7::${index + 1}`),
    );
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await signIn(ctx.app, user.email, PASSWORD, '2001:db8:5:8::1')).statusCode).toBe(200);
  });
});

describe('registration per address', () => {
  it('answers 429 after the limit, and only to that address', async () => {
    const from = freshAddress();
    await withApp({ registerRateLimit: 4 }, async (app) => {
      const register = (at: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: at,
          payload: {
            email: uniqueEmail('signup'),
            password: PASSWORD,
            firstName: 'Noe',
            lastName: 'Kealoha',
          },
        });
      expect(await inTurn(5, () => register(from))).toEqual([201, 201, 201, 201, 429]);
      const limited = await register(from);
      expect(limited.json().code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await register(freshAddress())).statusCode).toBe(201);
    });
  });
});

describe('behind a proxy', () => {
  const PROXY = '10.0.0.7';

  it('with TRUST_PROXY=1 counts the address the proxy saw, whatever X-Forwarded-For a client forges', async () => {
    const user = await signUp(ctx.app);
    const client = freshAddress();
    await withApp({ trustProxy: 1 }, async (app) => {
      const statuses = await inTurn(4, (index) =>
        signIn(app, user.email, 'wrong-password', PROXY, {
          // What the client sent, then what the proxy appended: the client's real address.
          'x-forwarded-for': `203.0.113.${index + 1}, ${client}`,
        }),
      );
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Another client through the same proxy is another address.
      const other = await signIn(app, user.email, PASSWORD, PROXY, {
        'x-forwarded-for': freshAddress(),
      });
      expect(other.statusCode).toBe(200);
    });
    const counted = await ctx.database.db
      .select({ address: authAttempts.address })
      .from(authAttempts)
      .where(
        and(eq(authAttempts.kind, 'sign_in'), eq(authAttempts.accountHash, accountKey(user.email))),
      );
    expect(new Set(counted.map((row) => row.address))).toEqual(new Set([client]));
  });

  it('with proxy addresses listed, ignores X-Forwarded-For from anyone else', async () => {
    const user = await signUp(ctx.app);
    const direct = freshAddress();
    await withApp({ trustProxy: ['10.0.0.0/8'] }, async (app) => {
      const statuses = await inTurn(4, (index) =>
        signIn(app, user.email, 'wrong-password', direct, {
          'x-forwarded-for': `203.0.113.${index + 1}`,
        }),
      );
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Through the listed proxy, the client it names is counted apart.
      const viaProxy = await signIn(app, user.email, PASSWORD, PROXY, {
        'x-forwarded-for': freshAddress(),
      });
      expect(viaProxy.statusCode).toBe(200);
    });
  });

  it('without TRUST_PROXY, ignores X-Forwarded-For', async () => {
    const user = await signUp(ctx.app);
    const from = freshAddress();
    const statuses = await inTurn(4, (index) =>
      signIn(ctx.app, user.email, 'wrong-password', from, {
        'x-forwarded-for': `203.0.113.${index + 1}`,
      }),
    );
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
