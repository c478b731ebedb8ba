import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications } from '../../src/server/db/schema';
import { grantAdmin } from '../../src/server/modules/auth/service';
import { createTestApp, createTestAppOn, signUp, type TestContext } from '../helpers/test-app';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

async function adminOf(ctx: TestContext) {
  const admin = await signUp(ctx.app, 'admin');
  await grantAdmin(ctx.database.db, admin.email);
  return admin;
}

describe('GET /api/admin/health tells the truth about email and SMS', () => {
  let ctx: TestContext;
  let userId: number;
  let admin: Awaited<ReturnType<typeof adminOf>>;
  let eventCounter = 0;

  /** One email as the queue leaves it: its attempts, state and last error. */
  async function email(values: {
    status: 'pending' | 'sent' | 'failed';
    attempts: number;
    lastError?: string;
    createdAt: Date;
  }) {
    eventCounter += 1;
    const [notification] = await ctx.database.db
      .insert(notifications)
      .values({
        userId,
        kind: 'order_placed',
        title: 'New order',
        body: 'An order',
        eventKey: `health-test:${eventCounter}`,
      })
      .returning({ id: notifications.id });
    await ctx.database.db.insert(notificationDeliveries).values({
      notificationId: notification!.id,
      channel: 'email',
      destination: 'farm@example.com',
      status: values.status,
      attempts: values.attempts,
      lastError: values.lastError ?? null,
      sentAt: values.status === 'sent' ? values.createdAt : null,
      createdAt: values.createdAt,
    });
  }

  beforeAll(async () => {
    ctx = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:2525' });
    admin = await adminOf(ctx);
    userId = (await admin.get('/api/auth/user')).json().id as number;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('says configured with nothing waiting while mail goes out', async () => {
    await email({ status: 'sent', attempts: 1, createdAt: hoursAgo(3) });
    const body = (await admin.get('/api/admin/health')).json();
    expect(body.email).toEqual({ status: 'configured', pending: 0, failed: 0, lastError: null });
    expect(body.sms).toEqual({ status: 'not_configured', pending: 0, failed: 0, lastError: null });
  });

  it('says failing when the latest email tried failed, with what waits, what failed and the last error', async () => {
    await email({
      status: 'failed',
      attempts: 11,
      lastError: 'Mailbox unavailable',
      createdAt: hoursAgo(2),
    });
    await email({
      status: 'pending',
      attempts: 2,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      createdAt: hoursAgo(1),
    });
    await email({ status: 'pending', attempts: 0, createdAt: new Date() });
    const body = (await admin.get('/api/admin/health')).json();
    expect(body.email).toEqual({
      status: 'failing',
      pending: 2,
      failed: 1,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
    });
  });

  it('stops saying failing once a newer email goes out', async () => {
    await email({ status: 'sent', attempts: 1, createdAt: new Date() });
    const body = (await admin.get('/api/admin/health')).json();
    expect(body.email.status).toBe('configured');
    expect(body.email.failed).toBe(1);
  });

  it('says SMS is configured when SMS_API_URL is set', async () => {
    const other = await createTestAppOn(ctx.database, {
      sms: { url: 'https://sms.example/messages', token: 'token', from: '+18085550000' },
    });
    try {
      const otherAdmin = await adminOf(other);
      const body = (await otherAdmin.get('/api/admin/health')).json();
      expect(body.sms).toEqual({ status: 'configured', pending: 0, failed: 0, lastError: null });
      expect(body.email.status).toBe('outbox');
    } finally {
      await other.close();
    }
  });
});
