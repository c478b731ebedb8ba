import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricedOrderOutput } from '#core/schemas/order';
import { notificationDeliveries, notifications } from '../../src/server/db/schema';
import { recordNotificationEvents } from '../../src/server/modules/notifications/service';
import {
  deliverQueuedNotification,
  startNotificationWorker,
  type NotificationWorker,
} from '../../src/server/modules/notifications/worker';
import { createProduct, orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/** A real SMTP receiver that can refuse mail or be down, to see what the queue does. */
class MailReceiver {
  readonly messages: { to: string[]; raw: string }[] = [];
  /** Answer every DATA with this code instead of accepting it. */
  refuseWith: number | null = null;
  refused = 0;
  #server: SMTPServer | null = null;
  port = 0;

  async start(port = 0): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.refuseWith) {
            this.refused += 1;
            const error = new Error('Mailbox busy, try again later') as Error & {
              responseCode: number;
            };
            error.responseCode = this.refuseWith;
            return callback(error);
          }
          this.messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
          });
          return callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The notifications mailed to an address (not the link that confirms a new account's address). */
  to(address: string) {
    return this.messages.filter(
      (message) =>
        message.to.includes(address) && !message.raw.includes('Subject: Confirm your email'),
    );
  }
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A stand-in SMS provider's HTTP API that records what it was asked to send. */
class SmsApi {
  readonly requests: { headers: IncomingHttpHeaders; body: Record<string, string> }[] = [];
  /** Answer the next requests with this status before accepting. */
  failNext = 0;
  #server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.requests.push({
          headers: request.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>,
        });
        if (this.failNext > 0) {
          this.failNext -= 1;
          response.writeHead(503, { 'content-type': 'application/json' });
          return response.end('{"error":"temporarily unavailable"}');
        }
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end('{"id":"msg_1"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
    this.#server = server;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }
}

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 15_000,
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const smtp = new MailReceiver();
const smsApi = new SmsApi();
const dataDir = mkdtempSync(join(tmpdir(), 'hh-notifications-'));
let ctx: TestContext;
let worker: NotificationWorker | null = null;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let otherRestaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let kale: ProductFixture;

async function startWorker(
  overrides: Partial<TestContext['app']['config']> = {},
  pollingIntervalSeconds = 0.5,
) {
  worker = await startNotificationWorker({
    database: ctx.database,
    config: { ...ctx.app.config, ...overrides },
    log: ctx.app.log,
    // A retry waits only for the next poll (0.5 s, pg-boss's least): the tests wait on what
    // arrives, never on the production backoff. The limit leaves room for a slow machine.
    retry: { limit: 20, delaySeconds: 0, backoff: false },
    pollingIntervalSeconds,
    liveEvents: ctx.app.liveEvents,
  });
}

async function stopWorker() {
  await worker?.stop();
  worker = null;
}

async function placeOrder(quantity = 2, product = kale, notes?: string) {
  const response = await restaurant.post(
    '/api/orders',
    orderBody(product.farmId, [{ product, quantity }], notes ? { notes } : {}),
  );
  expect(response.statusCode, response.body).toBe(201);
  return pricedOrderOutput.parse(response.json());
}

async function deliveryOf(notificationId: number, channel: 'email' | 'sms') {
  const [row] = await ctx.database.db
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.notificationId, notificationId),
        eq(notificationDeliveries.channel, channel),
      ),
    );
  return row;
}

async function notificationFor(userEmail: string, eventKey: string) {
  const rows = await ctx.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.eventKey, eventKey));
  const owner = await ctx.database.db.query.users.findFirst({
    where: (users, { eq: equals }) => equals(users.email, userEmail),
  });
  return rows.find((row) => row.userId === owner?.id);
}

beforeAll(async () => {
  await smtp.start();
  await smsApi.start();
  ctx = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    sms: { url: smsApi.url, token: 'sms-secret-token', from: '+18085550000' },
    dataDir,
    appOrigin: 'https://harvesthui.example',
  });
  farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  restaurant = await signUpRestaurant(ctx.app, 'Mama Bistro');
  otherRestaurant = await signUpRestaurant(ctx.app, 'Pier Grill');
  kale = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Lacinato Kale',
    price: '4.25',
    availableQuantity: 1000,
  });
  await startWorker();
});

afterAll(async () => {
  await stopWorker();
  await ctx?.close();
  await smtp.stop();
  await smsApi.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('email over SMTP', () => {
  it('tells the farm of a new order, at its account address, with the order’s details', async () => {
    const order = await placeOrder(3, kale, 'Back door please');
    const [mail] = await waitFor(
      () => smtp.to(farmer.email).length > 0 && smtp.to(farmer.email),
      'the farm’s mail',
    );
    expect(mail!.raw).toMatch(new RegExp(`Subject: New order #${order.id} from Mama Bistro`));
    expect(mail!.raw).toContain('Lacinato Kale: 3 x lb @ $4.25 = $12.75');
    expect(mail!.raw).toContain(`Total: $${order.totalAmount}`);
    expect(mail!.raw).toContain('Notes: Back door please');
    expect(mail!.raw).toContain(`https://harvesthui.example/farmer/orders#order-${order.id}-title`);
    expect(mail!.raw).toMatch(/From: Harvest Hui <test@harvesthui\.local>/);
    // The restaurant placed it: nobody mails them about their own order.
    expect(smtp.to(restaurant.email)).toHaveLength(0);
  });

  it('tells the restaurant of every status change, with the delivery date and a link', async () => {
    const order = await placeOrder(1);
    for (const status of ['confirmed', 'packed', 'in_transit'] as const) {
      const response = await farmer.patch(`/api/orders/${order.id}/status`, { status });
      expect(response.statusCode, response.body).toBe(200);
    }
    const mails = await waitFor(
      () =>
        smtp.to(restaurant.email).filter((mail) => mail.raw.includes(`Order #${order.id} is`))
          .length === 3 && smtp.to(restaurant.email),
      'three status mails',
    );
    const confirmed = mails.find((mail) => mail.raw.includes(`Order #${order.id} is confirmed`));
    expect(confirmed!.raw).toContain('Kahuku Greens marked your order confirmed.');
    expect(confirmed!.raw).toContain('Delivery date: not scheduled yet');
    expect(confirmed!.raw).toContain(
      `https://harvesthui.example/restaurant/orders#order-${order.id}-title`,
    );
    expect(mails.some((mail) => mail.raw.includes(`Order #${order.id} is in transit`))).toBe(true);
  });

  it('tells the restaurant who received a delivered order', async () => {
    const order = await placeOrder(1);
    for (const status of ['confirmed', 'packed', 'in_transit'] as const) {
      await farmer.patch(`/api/orders/${order.id}/status`, { status });
    }
    const delivered = await farmer.patch(`/api/orders/${order.id}/status`, {
      status: 'delivered',
      recipientName: 'Leilani Kahale',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const mail = await waitFor(
      () =>
        smtp
          .to(restaurant.email)
          .find((message) => message.raw.includes(`Order #${order.id} delivered`)),
      'the delivered mail',
    );
    expect(mail.raw).toContain('Received by Leilani Kahale.');
    expect(mail.raw).toMatch(/Delivery date: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  });

  for (const code of [451, 550]) {
    it(`retries when the receiver answers ${code}: the order is placed and the mail arrives later`, async () => {
      smtp.refuseWith = code;
      const order = await placeOrder(1);
      const notification = await waitFor(
        () => notificationFor(farmer.email, `order:${order.id}:placed`),
        'the notification',
      );
      // Two refusals of this very delivery, as recorded (others' retries also meet the refusal).
      await waitFor(
        async () => ((await deliveryOf(notification.id, 'email'))?.attempts ?? 0) >= 2,
        'two refused attempts',
      );
      const pending = await deliveryOf(notification.id, 'email');
      expect(pending!.status).toBe('pending');
      expect(pending!.lastError).toMatch(new RegExp(String(code)));

      smtp.refuseWith = null;
      const mail = await waitFor(
        () =>
          smtp.to(farmer.email).find((message) => message.raw.includes(`New order #${order.id} `)),
        'the mail after the receiver recovered',
      );
      expect(mail.raw).toContain('Lacinato Kale');
      const sent = await waitFor(async () => {
        const row = await deliveryOf(notification.id, 'email');
        return row?.status === 'sent' && row;
      }, 'the delivery marked sent');
      expect(sent.attempts).toBeGreaterThanOrEqual(3);
    });
  }

  it('keeps the mail while the receiver is down and sends it when it is back', async () => {
    const port = smtp.port;
    await smtp.stop();
    const started = Date.now();
    const order = await placeOrder(1);
    // Placing the order never waits for the mail server.
    expect(Date.now() - started).toBeLessThan(3000);
    const notification = await waitFor(
      () => notificationFor(farmer.email, `order:${order.id}:placed`),
      'the notification',
    );
    await waitFor(
      async () => (await deliveryOf(notification.id, 'email'))?.lastError,
      'a failed attempt',
    );
    await smtp.start(port);
    await waitFor(
      () =>
        smtp.to(farmer.email).find((message) => message.raw.includes(`New order #${order.id} `)),
      'the mail after the receiver came back',
    );
  });

  it('sends each notification once, however often its job runs', async () => {
    const order = await placeOrder(1);
    const notification = await waitFor(
      () => notificationFor(farmer.email, `order:${order.id}:placed`),
      'the notification',
    );
    await waitFor(
      async () => (await deliveryOf(notification.id, 'email'))?.status === 'sent',
      'the mail',
    );
    const again = await deliverQueuedNotification(
      ctx.database.db,
      { notificationId: notification.id, channel: 'email' },
      {
        mailer: { send: () => Promise.reject(new Error('must not send')), close() {} },
        sms: { send: () => Promise.reject(new Error('must not send')) },
        appOrigin: 'https://harvesthui.example',
      },
      false,
    );
    expect(again).toBe('skipped');

    // The same event recorded again adds no notification and queues no mail.
    const repeated = await ctx.database.db.transaction((tx) =>
      recordNotificationEvents(tx, [{ type: 'order.placed', order }]),
    );
    expect(repeated).toEqual([]);

    // A later order's mail is the marker: once it has arrived, a repeat queued before it
    // would have arrived too.
    const marker = await placeOrder(1);
    await waitFor(
      () =>
        smtp.to(farmer.email).some((message) => message.raw.includes(`New order #${marker.id} `)),
      'the marker order’s mail',
    );
    const copies = smtp
      .to(farmer.email)
      .filter((message) => message.raw.includes(`New order #${order.id} `));
    expect(copies).toHaveLength(1);
    // Every message carries its notification's id, so a receiver can also drop repeats.
    const ids = smtp.messages.map((message) => /Message-ID: (<[^>]+>)/i.exec(message.raw)?.[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends no mail to a user who turned email off; the bell still shows it', async () => {
    const off = await farmer.put('/api/notification-preferences', {
      emailEnabled: false,
      smsEnabled: false,
      smsPhone: null,
    });
    expect(off.statusCode, off.body).toBe(200);
    const order = await placeOrder(1);
    const notification = await waitFor(
      () => notificationFor(farmer.email, `order:${order.id}:placed`),
      'the notification',
    );
    expect(await deliveryOf(notification.id, 'email')).toBeUndefined();
    await farmer.put('/api/notification-preferences', {
      emailEnabled: true,
      smsEnabled: false,
      smsPhone: null,
    });
  });
});

describe('the delivery worker', () => {
  it('sends a new notification at once, without waiting for its next poll', async () => {
    await stopWorker();
    // Polling twice a minute: a mail within seconds can only come from the worker being woken
    // by the announcement of the recorded notification.
    await startWorker({}, 30);
    try {
      // Each worker's first look for jobs is sent as it starts, before the order exists; the
      // next is 30 s away unless something wakes it.
      const order = await placeOrder(1);
      await waitFor(
        () =>
          smtp.to(farmer.email).find((message) => message.raw.includes(`New order #${order.id} `)),
        'the mail before the next poll',
        10_000,
      );
    } finally {
      await stopWorker();
      await startWorker();
    }
  });
});

describe('text messages through the HTTP SMS API', () => {
  it('posts JSON with the bearer token to the user’s phone, retrying a failure', async () => {
    const on = await farmer.put('/api/notification-preferences', {
      emailEnabled: true,
      smsEnabled: true,
      smsPhone: '808 555 0123',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ smsEnabled: true, smsPhone: '(808) 555-0123' });

    smsApi.failNext = 1;
    const before = smsApi.requests.length;
    const order = await placeOrder(1);
    await waitFor(() => smsApi.requests.length >= before + 2, 'a failed and a retried request');
    const [failed, accepted] = smsApi.requests.slice(before);
    expect(accepted!.headers.authorization).toBe('Bearer sms-secret-token');
    expect(accepted!.headers['content-type']).toMatch(/application\/json/);
    expect(accepted!.body).toMatchObject({ from: '+18085550000', to: '+18085550123' });
    expect(accepted!.body.body).toContain(`New order #${order.id} from Mama Bistro`);
    expect(accepted!.body.body).toContain(
      `https://harvesthui.example/farmer/orders#order-${order.id}-title`,
    );
    expect(failed!.headers['idempotency-key']).toBe(accepted!.headers['idempotency-key']);

    const notification = await notificationFor(farmer.email, `order:${order.id}:placed`);
    await waitFor(
      async () => (await deliveryOf(notification!.id, 'sms'))?.status === 'sent',
      'the SMS marked sent',
    );
    await farmer.put('/api/notification-preferences', {
      emailEnabled: true,
      smsEnabled: false,
      smsPhone: '(808) 555-0123',
    });
  });
});

describe('without SMTP or an SMS API', () => {
  it('writes email (.eml) and text messages (.json) to DATA_DIR/outbox', async () => {
    await stopWorker();
    await startWorker({ smtpUrl: undefined, sms: undefined });
    try {
      await farmer.put('/api/notification-preferences', {
        emailEnabled: true,
        smsEnabled: true,
        smsPhone: '(808) 555-0199',
      });
      const order = await placeOrder(4);
      const notification = await waitFor(
        () => notificationFor(farmer.email, `order:${order.id}:placed`),
        'the notification',
      );
      const outbox = join(dataDir, 'outbox');
      const eml = join(outbox, `notification-${notification.id}-email.eml`);
      const sms = join(outbox, `notification-${notification.id}-sms.json`);
      await waitFor(() => existsSync(eml) && existsSync(sms), 'the outbox files');
      const mail = decodeQuotedPrintable(readFileSync(eml, 'utf8'));
      expect(mail).toContain(`To: ${farmer.email}`);
      expect(mail).toContain(`Subject: New order #${order.id} from Mama Bistro`);
      expect(mail).toContain('Lacinato Kale: 4 x lb @ $4.25 = $17.00');
      const text = JSON.parse(readFileSync(sms, 'utf8')) as { to: string; body: string };
      expect(text.to).toBe('+18085550199');
      expect(text.body).toContain(`New order #${order.id}`);
    } finally {
      await farmer.put('/api/notification-preferences', {
        emailEnabled: true,
        smsEnabled: false,
        smsPhone: null,
      });
      await stopWorker();
      await startWorker();
    }
  });
});

describe('low stock', () => {
  it('tells the farm once when an order takes a product under 5', async () => {
    const taro = await createProduct(ctx.database.db, farmer.farmId, {
      name: 'Taro',
      unit: 'bunch',
      price: '3.00',
      availableQuantity: 7,
    });
    const first = await placeOrder(3, taro);
    const alert = await waitFor(
      () => notificationFor(farmer.email, `product:${taro.id}:low-stock:order:${first.id}`),
      'the low-stock notification',
    );
    expect(alert.title).toBe('Low stock: Taro');
    expect(alert.body).toContain('Only 4 bunches left');
    // Already under the line: the next order is no news.
    const second = await placeOrder(1, taro);
    const list = (await farmer.get('/api/notifications?limit=50')).json() as {
      items: { title: string; body: string }[];
    };
    expect(list.items.filter((item) => item.title === 'Low stock: Taro')).toHaveLength(1);
    expect(
      list.items.some((item) => item.title === `New order #${second.id} from Mama Bistro`),
    ).toBe(true);
  });
});

describe('in-app notifications', () => {
  it('lists the caller’s own, newest first, with the unread count; marks one and all read', async () => {
    const order = await placeOrder(1);
    await farmer.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' });
    const list = await restaurant.get('/api/notifications');
    expect(list.statusCode).toBe(200);
    const body = list.json() as {
      items: { id: number; title: string; link: string; readAt: string | null; kind: string }[];
      unreadCount: number;
    };
    expect(body.items[0]).toMatchObject({
      title: `Order #${order.id} is confirmed`,
      kind: 'order_status',
      link: `/restaurant/orders#order-${order.id}-title`,
      readAt: null,
    });
    expect(body.unreadCount).toBeGreaterThan(0);

    const read = await restaurant.post(`/api/notifications/${body.items[0]!.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).toEqual(expect.any(String));
    const after = (await restaurant.get('/api/notifications')).json() as { unreadCount: number };
    expect(after.unreadCount).toBe(body.unreadCount - 1);

    const all = await restaurant.post('/api/notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await restaurant.get('/api/notifications')).json().unreadCount).toBe(0);
  });

  it('never shows or marks another user’s notifications (404)', async () => {
    const mine = (await restaurant.get('/api/notifications')).json() as {
      items: { id: number }[];
    };
    const id = mine.items[0]!.id;
    const theirs = await otherRestaurant.get('/api/notifications');
    expect(theirs.json()).toEqual({ items: [], unreadCount: 0 });
    const attempt = await otherRestaurant.post(`/api/notifications/${id}/read`);
    expect(attempt.statusCode).toBe(404);
    expect((await farmer.post(`/api/notifications/${id}/read`)).statusCode).toBe(404);
  });

  it('answers odd input with 400 and the signed-out with 401', async () => {
    expect((await restaurant.post('/api/notifications/abc/read')).statusCode).toBe(400);
    expect((await restaurant.get('/api/notifications?limit=0')).statusCode).toBe(400);
    expect((await restaurant.get('/api/notifications?limit=500')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(
      401,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/notification-preferences' })).statusCode,
    ).toBe(401);
  });
});

describe('notification preferences', () => {
  it('starts with email on and SMS off, at the account email', async () => {
    const response = await otherRestaurant.get('/api/notification-preferences');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: otherRestaurant.email,
      emailEnabled: true,
      smsEnabled: false,
      smsPhone: null,
    });
  });

  it('needs a 10-digit phone for SMS (400 with the field)', async () => {
    const missing = await otherRestaurant.put('/api/notification-preferences', {
      emailEnabled: true,
      smsEnabled: true,
      smsPhone: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('smsPhone');
    const short = await otherRestaurant.put('/api/notification-preferences', {
      emailEnabled: true,
      smsEnabled: false,
      smsPhone: '555-0101',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('smsPhone');
    const wrongType = await otherRestaurant.put('/api/notification-preferences', {
      emailEnabled: 'yes',
      smsEnabled: false,
    });
    expect(wrongType.statusCode).toBe(400);
  });
});
