import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/modules/notifications/mail';
import { HttpSmsProvider } from '../../src/server/modules/notifications/sms';
import { deliverQueuedNotification } from '../../src/server/modules/notifications/worker';
import { createProduct, orderBody } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * Each case waits this out, so it is short; still several of the trickling servers' bytes (one
 * every 100 ms) arrive before it, and the message rounds it to whole seconds.
 */
const DEADLINE_MS = 750;

/** A mail server that never goes silent and never gets anywhere: a byte of its greeting every 100 ms. */
class TricklingSmtp {
  server: Server | null = null;
  port = 0;
  readonly open = new Set<Socket>();
  closedByClient = 0;

  async start() {
    this.server = createServer((socket) => {
      this.open.add(socket);
      const greeting = '220-harvest hui test server, please wait\r\n';
      let index = 0;
      const timer = setInterval(() => socket.write(greeting[index++ % greeting.length]!), 100);
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        this.open.delete(socket);
        this.closedByClient += 1;
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop() {
    for (const socket of this.open) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** An SMS API that answers at once and then sends its body a byte at a time. */
class TricklingSmsApi {
  server: HttpServer | null = null;
  url = '';
  async start() {
    this.server = createHttpServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'text/plain' });
      const timer = setInterval(() => response.write('.'), 100);
      response.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/messages`;
  }
  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

describe('each email and text message has an overall deadline', () => {
  let ctx: TestContext;
  let notificationId: number;
  const smtp = new TricklingSmtp();
  const smsApi = new TricklingSmsApi();

  beforeAll(async () => {
    ctx = await createTestApp();
    await Promise.all([smtp.start(), smsApi.start()]);
    const farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
    const restaurant = await signUpRestaurant(ctx.app, 'Mama Bistro');
    const kale = await createProduct(ctx.database.db, farmer.farmId);
    const placed = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = await ctx.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.orderId, placed.json().id as number))
      .orderBy(desc(notifications.id))
      .limit(1);
    notificationId = row!.id;
  });
  afterAll(async () => {
    await Promise.all([smtp.stop(), smsApi.stop()]);
    await ctx?.close();
  });

  async function lastError() {
    const [row] = await ctx.database.db
      .select({
        lastError: notificationDeliveries.lastError,
        status: notificationDeliveries.status,
      })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.notificationId, notificationId),
          eq(notificationDeliveries.channel, 'email'),
        ),
      );
    return row;
  }

  const transports = (overrides: Partial<Parameters<typeof deliverQueuedNotification>[2]>) => ({
    mailer: createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Harvest Hui <orders@harvesthui.local>',
      outboxDir: '/nonexistent',
    }),
    sms: { send: () => Promise.reject(new Error('not used')) },
    appOrigin: 'https://harvesthui.example',
    sendDeadlineMs: DEADLINE_MS,
    ...overrides,
  });

  it('gives up on a mail server that trickles bytes, closes its connection, and records why', async () => {
    await expect(
      deliverQueuedNotification(
        ctx.database.db,
        { notificationId, channel: 'email' },
        transports({}),
        false,
      ),
    ).rejects.toThrow('Not sent within 1 s');
    expect(await lastError()).toEqual({ lastError: 'Not sent within 1 s', status: 'pending' });
    // The connection is closed, not left to trickle on.
    const deadline = Date.now() + 5000;
    while (smtp.open.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(smtp.open.size).toBe(0);
    expect(smtp.closedByClient).toBeGreaterThan(0);
  });

  it('gives up on an SMS API that trickles its answer', async () => {
    const sms = new HttpSmsProvider({ url: smsApi.url, token: 'token', from: '+18085550000' });
    await expect(
      sms.send(
        { to: '+18085550101', body: 'Order placed', idempotencyKey: 'k' },
        'notification-1-sms',
        AbortSignal.timeout(DEADLINE_MS),
      ),
    ).rejects.toThrow();
  });

  it('frees the worker even from a sender that ignores the deadline', async () => {
    const never = { send: () => new Promise<void>(() => {}), close() {} };
    await expect(
      deliverQueuedNotification(
        ctx.database.db,
        { notificationId, channel: 'email' },
        transports({ mailer: never }),
        true,
      ),
    ).rejects.toThrow('Not sent within 1 s');
    expect(await lastError()).toEqual({ lastError: 'Not sent within 1 s', status: 'failed' });
  });
});
