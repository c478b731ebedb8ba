import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import {
  accountTokens,
  notificationDeliveries,
  notifications,
  users,
} from '../../src/server/db/schema';
import type { Database } from '../../src/server/db/database';
import { PASSWORD_PERSONAL_WORDS } from '#core/password-rule';
import { createProduct, orderBody, placeCheckout } from '../helpers/catalog-fixtures';
import { listen, openStream, waitFor } from '../helpers/event-stream';
import { RecordingMailer } from '../helpers/recording-mailer';
import { createTestDatabase } from '../helpers/test-database';
import {
  PASSWORD,
  Session,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  testConfig,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app';

const mailer = new RecordingMailer();
let app: TestApp;
let database: Database;
let baseUrl: string;
let closeAll: () => Promise<void>;

/** An app that sends its account emails to `mailer`, on the file's database unless it has none yet. */
async function startApp(overrides: Parameters<typeof testConfig>[0] = {}) {
  const ownDatabase = database ? undefined : await createTestDatabase();
  const built = await buildApp({
    config: testConfig(overrides),
    database: ownDatabase ?? database,
    logger: false,
    mailer,
  });
  await built.ready();
  return {
    app: built,
    close: async () => {
      await built.close();
      await ownDatabase?.close();
    },
  };
}

beforeAll(async () => {
  const started = await startApp();
  app = started.app;
  database = app.database;
  closeAll = started.close;
  baseUrl = await listen(app);
});
afterAll(async () => {
  await closeAll();
});

const register = (password: string, email = uniqueEmail('strength')) =>
  new Session(app).post('/api/auth/register', {
    email,
    password,
    firstName: 'Noelani',
    lastName: 'Kealoha',
  });

async function signIn(email: string, password: string) {
  const session = new Session(app);
  const response = await session.post('/api/auth/login', { email, password });
  return { session, status: response.statusCode };
}

async function isSignedIn(session: Session): Promise<boolean> {
  return (await session.get('/api/auth/user')).statusCode === 200;
}

describe('the password rule', () => {
  it.each([
    ['12345678', /at least 12 characters/i],
    [' '.repeat(8), /at least 12 characters/i],
    ['password1234', /commonly used password/i],
    ['aaaaaaaaaaaa', /repeated characters/i],
  ])('refuses %j with 400 and the reason', async (password, reason) => {
    const response = await register(password);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toMatch(reason);
  });

  it('refuses a password made of the name on the account', async () => {
    const response = await register('noelanikealoha');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('weak_password');
  });

  it('accepts a strong passphrase', async () => {
    expect((await register('aloha-demo-2026')).statusCode).toBe(201);
  });

  it('keeps an existing weak password working at sign-in', async () => {
    const user = await signUp(app, 'legacy');
    // A password set before the rule: stored as it was then.
    const { hashPassword } = await import('../../src/server/lib/password');
    await app.db
      .update(users)
      .set({ passwordHash: await hashPassword('12345678') })
      .where(eq(users.email, user.email));
    expect((await signIn(user.email, '12345678')).status).toBe(200);
  });
});

describe("the password rule and the person's own words", () => {
  const registerAs = (firstName: string, lastName: string, password: string) =>
    new Session(app).post('/api/auth/register', {
      email: uniqueEmail('own-words'),
      password,
      firstName,
      lastName,
    });

  function expectRefusedAsPersonal(
    response: Awaited<ReturnType<typeof registerAs>>,
    field: string,
  ) {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'weak_password',
      message: PASSWORD_PERSONAL_WORDS,
      fields: { [field]: PASSWORD_PERSONAL_WORDS },
    });
  }

  it('refuses the name itself at registration, whatever the case and spaces', async () => {
    expectRefusedAsPersonal(await registerAs('Kalani', 'Mahoe', 'Kalani Mahoe'), 'password');
    expectRefusedAsPersonal(await registerAs('Kalani', 'Mahoe', 'kalani.MAHOE__'), 'password');
  });

  it('is not rescued by a year or other digits added to the name', async () => {
    expectRefusedAsPersonal(await registerAs('Victim', 'Ictim', 'Victim Ictim 2026'), 'password');
  });

  it('refuses "Harvest Hui" with a year, and the email\'s own words', async () => {
    expectRefusedAsPersonal(await registerAs('Kai', 'Akana', 'Harvest-Hui-2026!'), 'password');
    const response = await new Session(app).post('/api/auth/register', {
      email: uniqueEmail('makana.leialoha'),
      password: 'Makana Leialoha 2026',
      firstName: 'Kai',
      lastName: 'Akana',
    });
    expectRefusedAsPersonal(response, 'password');
  });

  it('refuses the business name when the password is changed', async () => {
    const farmer = await signUpFarmer(app, 'Kahuku Greens');
    const changed = await farmer.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'kahuku-greens-2026',
    });
    expectRefusedAsPersonal(changed, 'newPassword');
  });

  it('refuses the business name, ʻokina and all, when the password is reset', async () => {
    const farmer = await signUpFarmer(app, 'Waiʻanae Greens');
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: farmer.email },
    });
    const token = await mailer.linkFor(farmer.email, '/reset-password');
    const reset = await new Session(app).post('/api/auth/reset-password', {
      token,
      password: 'WAIANAE greens 1999',
    });
    expectRefusedAsPersonal(reset, 'password');
    // The link is not spent by a refused password.
    const strong = await new Session(app).post('/api/auth/reset-password', {
      token,
      password: 'kona-sunrise-garden',
    });
    expect(strong.statusCode, strong.body).toBe(200);
  });

  it('accepts a good password, one that holds the name among words of its own too', async () => {
    expect((await registerAs('Kalani', 'Mahoe', 'kona-sunrise-garden')).statusCode).toBe(201);
    expect((await registerAs('Kalani', 'Mahoe', 'Kalani plants taro at sunrise')).statusCode).toBe(
      201,
    );
  });
});

describe('forgot password', () => {
  const forgot = (email: string, remoteAddress = '203.0.113.7') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress,
    });

  it('gives the same answer whether or not the address has an account', async () => {
    const user = await signUp(app, 'forgetful');
    const known = await forgot(user.email);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    await mailer.linkFor(user.email, '/reset-password');
  });

  it('keeps only a hash of the link, valid for one hour', async () => {
    const user = await signUp(app, 'hashed');
    await forgot(user.email);
    const token = await mailer.linkFor(user.email, '/reset-password');
    const rows = await app.db
      .select()
      .from(accountTokens)
      .innerJoin(users, eq(users.id, accountTokens.userId))
      .where(and(eq(users.email, user.email), eq(accountTokens.purpose, 'password_reset')));
    expect(rows).toHaveLength(1);
    const row = rows[0]!.account_tokens;
    expect(row.tokenHash).not.toContain(token);
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 0);
  });

  it('sends at most three links to one address in 15 minutes, from any address', async () => {
    const user = await signUp(app, 'flooded');
    for (const [index, from] of ['198.51.100.1', '198.51.100.2', '198.51.100.3'].entries()) {
      expect((await forgot(user.email, from)).statusCode, `request ${index + 1}`).toBe(202);
    }
    const fourth = await forgot(user.email, '198.51.100.4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
  });

  it('links to the address printed at start when APP_ORIGIN is not set', async () => {
    const unset = await startApp({ appOrigin: undefined, host: '127.0.0.1', port: 5000 });
    try {
      const user = await signUp(unset.app, 'printed-host');
      await unset.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const message = await waitFor(
        () =>
          mailer.sent.findLast(
            (mail) => mail.to === user.email && mail.text.includes('/reset-password'),
          ),
        'the reset email',
      );
      // The same address main.ts prints, so the link opens in the browser that holds the session.
      expect(message.text).toContain('http://127.0.0.1:5000/reset-password?token=');
    } finally {
      await unset.close();
    }
  });

  it('limits the requests of one address, known accounts or not', async () => {
    const limited = await startApp({ emailLinkRateLimit: 2 });
    try {
      const ask = (email: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
          remoteAddress: '192.0.2.10',
        });
      expect((await ask(uniqueEmail('a'))).statusCode).toBe(202);
      expect((await ask(uniqueEmail('b'))).statusCode).toBe(202);
      expect((await ask(uniqueEmail('c'))).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('reset password', () => {
  async function resetLinkFor(email: string): Promise<string> {
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    return mailer.linkFor(email, '/reset-password');
  }
  const reset = (token: string, password: string, session = new Session(app)) =>
    session.post('/api/auth/reset-password', { token, password });

  it('sets the new password, ends every other session and signs this browser in', async () => {
    const user = await signUp(app, 'resetter');
    const token = await resetLinkFor(user.email);

    const weak = await reset(token, 'password1234');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toMatch(/commonly used password/i);

    const browser = new Session(app);
    const done = await reset(token, 'kona-sunrise-garden', browser);
    expect(done.statusCode).toBe(200);
    expect(done.json().email).toBe(user.email);
    expect(await isSignedIn(browser)).toBe(true);
    expect(await isSignedIn(user)).toBe(false);
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);
    expect((await signIn(user.email, 'kona-sunrise-garden')).status).toBe(200);

    const again = await reset(token, 'another-kona-sunrise');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('used_token');
  });

  it('refuses a link that was never sent', async () => {
    const response = await reset('not-a-real-token', 'kona-sunrise-garden');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_token');
    expect(response.json().fields.token).toMatch(/not valid/);
  });

  it('refuses a link older than an hour', async () => {
    const user = await signUp(app, 'late');
    const token = await resetLinkFor(user.email);
    const [row] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    await app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, row!.id));
    const response = await reset(token, 'kona-sunrise-garden');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('expired_token');
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
  });

  it('spends the older links of the account too', async () => {
    const user = await signUp(app, 'twice');
    const first = await resetLinkFor(user.email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    mailer.sent.length = 0;
    const second = await resetLinkFor(user.email);
    expect(second).not.toBe(first);
    expect((await reset(second, 'kona-sunrise-garden')).statusCode).toBe(200);
    expect((await reset(first, 'kona-sunrise-garden-2')).json().code).toBe('used_token');
  });
});

describe('change password', () => {
  const change = (session: Session, currentPassword: string, newPassword: string) =>
    session.post('/api/auth/change-password', { currentPassword, newPassword });

  it('needs the current password', async () => {
    const user = await signUp(app, 'changer');
    const response = await change(user, 'not-my-password', 'kona-sunrise-garden');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('wrong_password');
    expect(response.json().fields.currentPassword).toBeDefined();
  });

  it('refuses a weak new password with the reason', async () => {
    const user = await signUp(app, 'changer');
    const response = await change(user, PASSWORD, 'aaaaaaaaaaaa');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.newPassword).toMatch(/repeated characters/i);
  });

  it('changes it, keeps this session and ends the others', async () => {
    const user = await signUp(app, 'changer');
    const other = (await signIn(user.email, PASSWORD)).session;
    expect((await change(user, PASSWORD, 'kona-sunrise-garden')).statusCode).toBe(204);
    expect(await isSignedIn(user)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    expect((await signIn(user.email, 'kona-sunrise-garden')).status).toBe(200);
  });

  it('is for signed-in users only', async () => {
    const response = await change(new Session(app), PASSWORD, 'kona-sunrise-garden');
    expect(response.statusCode).toBe(401);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the account, this one included', async () => {
    const user = await signUp(app, 'everywhere');
    const other = (await signIn(user.email, PASSWORD)).session;
    const stranger = await signUp(app, 'stranger');
    const response = await user.post('/api/auth/sign-out-everywhere');
    expect(response.statusCode).toBe(204);
    expect(await isSignedIn(user)).toBe(false);
    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(stranger)).toBe(true);
  });
});

describe('open live-update streams', () => {
  it('close when the password is changed elsewhere, reset, or everyone is signed out', async () => {
    const farmer = await signUpFarmer(app, 'Stream Farm');
    const phone = (await signIn(farmer.email, PASSWORD)).session;

    // A change from the laptop closes the phone's stream, not the laptop's own.
    const onPhone = await openStream(baseUrl, phone.cookie);
    const onLaptop = await openStream(baseUrl, farmer.cookie);
    try {
      const changed = await farmer.post('/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'kona-sunrise-garden',
      });
      expect(changed.statusCode).toBe(204);
      await waitFor(() => onPhone.ended, 'the other session’s stream to end');
      // The same event went to every stream: the laptop's own was not covered by it.
      expect(onLaptop.ended).toBe(false);
    } finally {
      onPhone.close();
    }

    // A reset from a link closes every stream of the account.
    try {
      await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: farmer.email },
      });
      const token = await mailer.linkFor(farmer.email, '/reset-password');
      const browser = new Session(app);
      const done = await browser.post('/api/auth/reset-password', {
        token,
        password: 'kona-sunset-garden',
      });
      expect(done.statusCode).toBe(200);
      await waitFor(() => onLaptop.ended, 'the stream to end at the reset');

      // Signing out everywhere closes the stream of the session that asked.
      const own = await openStream(baseUrl, browser.cookie);
      try {
        expect((await browser.post('/api/auth/sign-out-everywhere')).statusCode).toBe(204);
        await waitFor(() => own.ended, 'the stream to end at sign-out everywhere');
      } finally {
        own.close();
      }
    } finally {
      onLaptop.close();
    }
  });
});

describe('email verification', () => {
  it('sends a new account a link; until it is used, the user shows unverified', async () => {
    const email = uniqueEmail('new');
    const browser = new Session(app);
    const created = await browser.post('/api/auth/register', {
      email,
      password: PASSWORD,
      firstName: 'Malia',
      lastName: 'Kahale',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().emailVerified).toBe(false);
    const token = await mailer.linkFor(email, '/verify-email');

    // Opened on another device, signed out: the link alone is enough.
    const verified = await new Session(app).post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect((await browser.get('/api/auth/user')).json().emailVerified).toBe(true);

    const again = await new Session(app).post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('used_token');
    const bad = await new Session(app).post('/api/auth/verify-email', { token: 'nope' });
    expect(bad.json().code).toBe('invalid_token');

    const resend = await browser.post('/api/auth/resend-verification');
    expect(resend.statusCode).toBe(409);
    expect(resend.json().code).toBe('already_verified');
  });

  it('sends a new link on request, and the new one works', async () => {
    const user = await signUp(app, 'resend', { verified: false });
    const resend = await user.post('/api/auth/resend-verification');
    expect(resend.statusCode).toBe(202);
    const token = await mailer.linkFor(user.email, '/verify-email');
    expect((await user.post('/api/auth/verify-email', { token })).statusCode).toBe(200);
  });

  it('holds email notifications until the address is verified; in-app ones arrive', async () => {
    const farmer = await signUp(app, 'unverified-farmer', { verified: false });
    const farm = await farmer.post('/api/profile/farm', {
      name: 'Waiting Farm',
      location: '45-123 Kamehameha Hwy, Kaneohe, HI 96744',
    });
    expect(farm.statusCode).toBe(201);
    const farmId = farm.json().id as number;
    const product = await createProduct(app.db, farmId);
    const restaurant = await signUpRestaurant(app, 'Hungry Bistro');
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmId, [{ product, quantity: 2 }]),
    ]);

    const emailOf = async () => {
      const [row] = await app.db
        .select({ status: notificationDeliveries.status })
        .from(notificationDeliveries)
        .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
        .where(
          and(eq(notifications.orderId, order!.id), eq(notificationDeliveries.channel, 'email')),
        );
      return row?.status;
    };
    const bell = await farmer.get('/api/notifications');
    expect(bell.json().unreadCount).toBeGreaterThan(0);
    expect(await emailOf()).toBe('waiting');

    const token = await mailer.linkFor(farmer.email, '/verify-email');
    expect((await farmer.post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect(await emailOf()).toBe('pending');
  });
});
