import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#core/schemas/auth';
import type { Invitation, TeamMember } from '#core/schemas/team';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { memberships, teamInvitations, users } from '../../src/server/db/schema';
import { databaseClient } from '../../src/server/modules/events/database-client';
import { listen, openStream, waitFor } from '../helpers/event-stream';
import { RecordingMailer } from '../helpers/recording-mailer';
import { addMembership, signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  PASSWORD,
  Session,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  testConfig,
  uniqueEmail,
  type TestApp,
  type TestContext,
} from '../helpers/test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const mailer = new RecordingMailer();
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({}, { mailer });
});
afterAll(async () => {
  await ctx?.close();
});

async function invite(owner: Session, email: string, businessRole: string) {
  const response = await owner.post('/api/team/invitations', { email, businessRole });
  expect(response.statusCode, response.body).toBe(201);
  return {
    invitation: response.json<Invitation>(),
    token: await mailer.linkFor(email, '/accept-invitation'),
  };
}

const newAccount = { firstName: 'Leilani', lastName: 'Kahale', password: PASSWORD };

/** Accepts as a new person in a browser of their own: the session the link made. */
async function acceptAsNew(token: string) {
  const browser = new Session(ctx.app);
  const response = await browser.post('/api/auth/accept-invitation', { token, ...newAccount });
  expect(response.statusCode, response.body).toBe(200);
  return Object.assign(browser, { view: response.json<User>() });
}

const members = async (owner: Session) => (await owner.get('/api/team')).json<TeamMember[]>();

describe('GET /api/team', () => {
  it("lists the business's members with their role and when they were last active", async () => {
    const farmer = await signUpFarmer(ctx.app, 'Roster Farm');
    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    const response = await farmer.get('/api/team');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    const list = response.json<TeamMember[]>();
    expect(
      list.map(({ userId, name, email, businessRole }) => ({ userId, name, email, businessRole })),
    ).toEqual([
      { userId: farmer.userId, name: 'Kai Akana', email: farmer.email, businessRole: 'owner' },
      { userId: packer.userId, name: 'Kai Akana', email: packer.email, businessRole: 'packer' },
    ]);
    expect((await members(farmer))[1]!.lastActiveAt).toBeNull();
    // A request acting for the business marks the member active, without waiting for it.
    expect((await packer.get('/api/orders/farm')).statusCode).toBe(200);
    await expect
      .poll(
        async () => (await members(farmer)).find((m) => m.userId === packer.userId)?.lastActiveAt,
      )
      .not.toBeNull();
    const lastActive = Date.parse((await members(farmer))[1]!.lastActiveAt!);
    expect(Math.abs(Date.now() - lastActive)).toBeLessThan(60_000);

    // Paged like every list.
    const first = await farmer.get('/api/team?limit=1');
    expect(first.json<TeamMember[]>()).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    expect((await farmer.get(next!)).json<TeamMember[]>().map((m) => m.userId)).toEqual([
      packer.userId,
    ]);
    expect((await farmer.get('/api/team?limit=0')).statusCode).toBe(400);
  });

  it('is for those who manage the team: 403 naming the role for the others', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Closed Roster Farm');
    const manager = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'manager');
    const refused = await manager.get('/api/team');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden_for_role' });
    expect(refused.json().message).toContain('Manager');
    const nobody = await signUp(ctx.app, 'no-business');
    expect((await nobody.get('/api/team')).statusCode).toBe(403);
  });
});

describe('invitations', () => {
  it('invites by email, and the new person joins with a new account acting for the business', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Invite Bistro');
    const email = uniqueEmail('bookkeeper');
    const { invitation, token } = await invite(restaurant, email, 'bookkeeper');
    expect(invitation).toMatchObject({
      email,
      businessRole: 'bookkeeper',
      invitedBy: 'Kai A.',
      expired: false,
    });
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const mail = mailer.sent.findLast((message) => message.to === email)!;
    expect(mail.subject).toBe('Join Invite Bistro on Harvest Hui');
    expect(mail.text).toContain('as bookkeeper');

    const pending = await restaurant.get('/api/team/invitations');
    expect(pending.json<Invitation[]>().map((row) => row.email)).toEqual([email]);

    // Without names and a password nothing happens.
    const incomplete = await new Session(ctx.app).post('/api/auth/accept-invitation', { token });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      password: 'Required',
    });

    const joined = await acceptAsNew(token);
    expect(joined.view).toMatchObject({
      email,
      role: 'restaurant',
      businessRole: 'bookkeeper',
      emailVerified: true,
      profile: { id: restaurant.restaurantId, name: 'Invite Bistro' },
      memberships: [
        { kind: 'restaurant', id: restaurant.restaurantId, businessRole: 'bookkeeper' },
      ],
    });
    // The session acts as a bookkeeper: bills yes, orders no.
    expect((await joined.get('/api/bills')).statusCode).toBe(200);
    const order = await joined.post('/api/orders', { farmId: 1, totalAmount: '1.00', items: [] });
    expect(order.statusCode).toBe(403);
    expect(order.json()).toMatchObject({ code: 'forbidden_for_role' });

    // The link worked once; the invitation is no longer pending.
    const again = await new Session(ctx.app).post('/api/auth/accept-invitation', {
      token,
      ...newAccount,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'used_token',
      fields: { token: expect.any(String) },
    });
    expect((await restaurant.get('/api/team/invitations')).json()).toEqual([]);
    expect((await members(restaurant)).map((m) => m.businessRole)).toEqual(['owner', 'bookkeeper']);

    // The same person signs in elsewhere and acts for the business by default.
    const elsewhere = new Session(ctx.app);
    await elsewhere.post('/api/auth/login', { email, password: PASSWORD });
    expect((await elsewhere.get('/api/auth/user')).json<User>().businessRole).toBe('bookkeeper');
  });

  it('refuses a bad address, a role the kind does not have, an unknown role and a member', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Picky Farm');
    const send = (body: unknown) => farmer.post('/api/team/invitations', body);
    const badEmail = await send({ email: 'not-an-address', businessRole: 'packer' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields.email).toBeDefined();
    const buyer = await send({ email: uniqueEmail('buyer'), businessRole: 'buyer' });
    expect(buyer.statusCode).toBe(400);
    expect(buyer.json().fields.businessRole).toContain('A farm has no buyer');
    const chef = await send({ email: uniqueEmail('chef'), businessRole: 'chef' });
    expect(chef.statusCode).toBe(400);
    expect(chef.json().fields.businessRole).toBeDefined();
    const member = await send({ email: farmer.email.toUpperCase(), businessRole: 'manager' });
    expect(member.statusCode).toBe(409);
    expect(member.json()).toMatchObject({ code: 'already_member' });
    expect((await farmer.get('/api/team/invitations')).json()).toEqual([]);
  });

  it('resends with a new link and revokes: the old links stop working', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Resend Farm');
    const email = uniqueEmail('resent');
    const { invitation, token: first } = await invite(farmer, email, 'packer');
    const sentBefore = mailer.sent.filter((mail) => mail.to === email).length;
    const resent = await farmer.post(`/api/team/invitations/${invitation.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    await waitFor(
      () => mailer.sent.filter((mail) => mail.to === email).length > sentBefore,
      'the second email',
    );
    const second = await mailer.linkFor(email, '/accept-invitation');
    expect(second).not.toBe(first);
    const stale = await new Session(ctx.app).post('/api/auth/accept-invitation', {
      token: first,
      ...newAccount,
    });
    expect(stale.json()).toMatchObject({ code: 'invalid_token' });

    expect((await farmer.delete(`/api/team/invitations/${invitation.id}`)).statusCode).toBe(204);
    expect((await farmer.delete(`/api/team/invitations/${invitation.id}`)).statusCode).toBe(404);
    const revoked = await new Session(ctx.app).post('/api/auth/accept-invitation', {
      token: second,
      ...newAccount,
    });
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json()).toMatchObject({ code: 'invalid_token' });

    // Another business's invitation is not this one's to resend or revoke.
    const other = await signUpFarmer(ctx.app, 'Nosy Farm');
    const { invitation: theirs } = await invite(other, uniqueEmail('theirs'), 'manager');
    expect((await farmer.post(`/api/team/invitations/${theirs.id}/resend`)).statusCode).toBe(404);
    expect((await farmer.delete(`/api/team/invitations/${theirs.id}`)).statusCode).toBe(404);
  });

  it('answers expired_token after 7 days and invalid_token for no invitation', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Late Farm');
    const { invitation, token } = await invite(farmer, uniqueEmail('late'), 'packer');
    await ctx.database.db
      .update(teamInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(teamInvitations.id, invitation.id));
    const late = await new Session(ctx.app).post('/api/auth/accept-invitation', {
      token,
      ...newAccount,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'expired_token' });
    expect((await farmer.get('/api/team/invitations')).json<Invitation[]>()[0]).toMatchObject({
      id: invitation.id,
      expired: true,
    });
    const unknown = await new Session(ctx.app).post('/api/auth/accept-invitation', {
      token: 'no-such-token',
      ...newAccount,
    });
    expect(unknown.json()).toMatchObject({ code: 'invalid_token' });
  });

  it("judges a new account's password with the person's and the business's names", async () => {
    const farmer = await signUpFarmer(ctx.app, 'Kahuku Greens Farm');
    const { token } = await invite(farmer, uniqueEmail('guessable'), 'packer');
    const weak = await new Session(ctx.app).post('/api/auth/accept-invitation', {
      token,
      ...newAccount,
      password: 'Kahuku Greens Farm',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'weak_password',
      fields: { password: expect.any(String) },
    });
    // The link still works for a better password.
    await acceptAsNew(token);
  });

  it('joins a signed-in person with the invited address; another address is 409, an account 401', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Second Job Farm');
    const restaurantOwner = await signUpRestaurant(ctx.app, 'Day Job Kitchen');
    const { token } = await invite(farmer, restaurantOwner.email, 'manager');

    const stranger = await signUp(ctx.app, 'stranger');
    const mismatch = await stranger.post('/api/auth/accept-invitation', { token });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toMatchObject({ code: 'invitation_email_mismatch' });

    const anonymous = await new Session(ctx.app).post('/api/auth/accept-invitation', {
      token,
      ...newAccount,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'sign_in_required' });

    const joined = await restaurantOwner.post('/api/auth/accept-invitation', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json<User>()).toMatchObject({
      role: 'farmer',
      businessRole: 'manager',
      profile: { id: farmer.farmId },
    });
    expect(joined.json<User>().memberships!.map((m) => [m.kind, m.businessRole])).toEqual([
      ['restaurant', 'owner'],
      ['farm', 'manager'],
    ]);
    // Their account still says restaurant: a new session acts for their restaurant.
    const [account] = await ctx.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, restaurantOwner.userId));
    expect(account?.role).toBe('restaurant');
  });
});

describe('GET /api/auth/invitation', () => {
  const readLink = (token: string, session = new Session(ctx.app)) =>
    session.get(`/api/auth/invitation?token=${encodeURIComponent(token)}`);

  function expectRefused(response: Awaited<ReturnType<typeof readLink>>, code: string) {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code, fields: { token: expect.any(String) } });
  }

  it('names the invited address, the business and the role, to anyone with the link', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Waimea Sprouts');
    const email = uniqueEmail('preview');
    const { invitation, token } = await invite(farmer, email, 'packer');
    const anonymous = await readLink(token);
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(anonymous.json()).toEqual({
      email,
      businessKind: 'farm',
      businessName: 'Waimea Sprouts',
      role: 'packer',
      roleLabel: 'Packer',
      expiresAt: invitation.expiresAt,
    });
    // Signed in as someone else it answers the same: the page then says whose it is.
    const stranger = await signUp(ctx.app, 'stranger');
    expect((await readLink(token, stranger)).json()).toMatchObject({ email });

    // Reading it used nothing: the link still joins.
    const joined = await acceptAsNew(token);
    expect(joined.view).toMatchObject({ email, businessRole: 'packer' });
  });

  it('refuses a used, an expired, a revoked and an unknown link as accepting does', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Preview Bistro');
    const { token: used } = await invite(restaurant, uniqueEmail('used'), 'buyer');
    await acceptAsNew(used);
    expectRefused(await readLink(used), 'used_token');

    const { invitation: late, token: expired } = await invite(
      restaurant,
      uniqueEmail('late'),
      'bookkeeper',
    );
    await ctx.database.db
      .update(teamInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(teamInvitations.id, late.id));
    expectRefused(await readLink(expired), 'expired_token');

    const { invitation: revoked, token: revokedToken } = await invite(
      restaurant,
      uniqueEmail('revoked'),
      'buyer',
    );
    expect((await restaurant.delete(`/api/team/invitations/${revoked.id}`)).statusCode).toBe(204);
    expectRefused(await readLink(revokedToken), 'invalid_token');
    expectRefused(await readLink('no-such-token'), 'invalid_token');

    const missing = await new Session(ctx.app).get('/api/auth/invitation');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'validation',
      fields: { token: expect.any(String) },
    });
  });
});

describe('roles and removal', () => {
  it('counts the owners: the list of one role, and its total', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Counted Farm');
    const business = { kind: 'farm', id: farmer.farmId } as const;
    await signUpMember(ctx.app, business, 'packer');
    const owners = await farmer.get('/api/team?businessRole=owner&limit=1');
    expect(owners.statusCode, owners.body).toBe(200);
    expect(owners.headers['x-total-count']).toBe('1');
    expect(owners.json<TeamMember[]>().map((member) => member.userId)).toEqual([farmer.userId]);

    const coOwner = await signUpMember(ctx.app, business, 'owner');
    const both = await farmer.get('/api/team?businessRole=owner&limit=1');
    expect(both.headers['x-total-count']).toBe('2');
    expect(both.headers.link).toContain('businessRole=owner');
    const next = /<([^>]+)>/.exec(String(both.headers.link))?.[1] ?? '';
    expect((await farmer.get(next)).json<TeamMember[]>().map((member) => member.userId)).toEqual([
      coOwner.userId,
    ]);
    expect((await farmer.get('/api/team?businessRole=chef')).statusCode).toBe(400);
  });

  it("changes a member's role, never leaving the business without an owner", async () => {
    const farmer = await signUpFarmer(ctx.app, 'Promotion Farm');
    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    const promote = await farmer.patch(`/api/team/members/${packer.userId}`, {
      businessRole: 'manager',
    });
    expect(promote.statusCode, promote.body).toBe(200);
    expect(promote.json<TeamMember>()).toMatchObject({
      userId: packer.userId,
      businessRole: 'manager',
    });
    // The promoted session sees prices on its next request.
    expect((await packer.get('/api/auth/user')).json<User>().businessRole).toBe('manager');
    expect((await packer.get('/api/reports/farm')).statusCode).toBe(200);

    const buyer = await farmer.patch(`/api/team/members/${packer.userId}`, {
      businessRole: 'buyer',
    });
    expect(buyer.statusCode).toBe(400);
    const lastOwner = await farmer.patch(`/api/team/members/${farmer.userId}`, {
      businessRole: 'manager',
    });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json()).toMatchObject({ code: 'last_owner' });
    const notMember = await farmer.patch(`/api/team/members/${(await signUp(ctx.app)).userId}`, {
      businessRole: 'packer',
    });
    expect(notMember.statusCode).toBe(404);
    const byManager = await packer.patch(`/api/team/members/${farmer.userId}`, {
      businessRole: 'packer',
    });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toMatchObject({ code: 'forbidden_for_role' });

    // With a second owner, the first may step down.
    await farmer.patch(`/api/team/members/${packer.userId}`, { businessRole: 'owner' });
    const stepDown = await farmer.patch(`/api/team/members/${farmer.userId}`, {
      businessRole: 'manager',
    });
    expect(stepDown.statusCode).toBe(200);
  });

  it('ends the removed member’s sessions acting for the business, and only those', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Removal Farm');
    const other = await signUpFarmer(ctx.app, 'Their Other Farm');
    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    await addMembership(ctx.app, packer.userId, { kind: 'farm', id: other.farmId }, 'manager');
    // A second browser acting for the other farm.
    const otherBrowser = new Session(ctx.app);
    await otherBrowser.post('/api/auth/login', { email: packer.email, password: PASSWORD });
    expect(
      (await otherBrowser.post('/api/auth/business', { kind: 'farm', id: other.farmId }))
        .statusCode,
    ).toBe(200);
    // A third that never chose: it acts for the first farm of the person, this one.
    const defaultBrowser = new Session(ctx.app);
    await defaultBrowser.post('/api/auth/login', { email: packer.email, password: PASSWORD });
    await ctx.database.db.update(users).set({ role: 'farmer' }).where(eq(users.id, packer.userId));
    ctx.app.sessionCache.forgetUser(packer.userId);
    expect((await defaultBrowser.get('/api/auth/user')).json<User>().profile?.id).toBe(
      farmer.farmId,
    );

    expect((await farmer.delete(`/api/team/members/${packer.userId}`)).statusCode).toBe(204);
    expect((await packer.get('/api/auth/user')).statusCode).toBe(401);
    expect((await defaultBrowser.get('/api/auth/user')).statusCode).toBe(401);
    const stays = await otherBrowser.get('/api/auth/user');
    expect(stays.statusCode).toBe(200);
    expect(stays.json<User>()).toMatchObject({
      businessRole: 'manager',
      profile: { id: other.farmId },
    });
    expect((await members(farmer)).map((m) => m.userId)).toEqual([farmer.userId]);
    expect((await farmer.delete(`/api/team/members/${packer.userId}`)).statusCode).toBe(404);
  });

  it('lets a member leave, but not the last owner', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Leaving Bistro');
    const buyer = await signUpMember(
      ctx.app,
      { kind: 'restaurant', id: restaurant.restaurantId },
      'buyer',
    );
    const other = await signUpMember(
      ctx.app,
      { kind: 'restaurant', id: restaurant.restaurantId },
      'buyer',
    );
    // A buyer may not remove someone else, but may leave.
    const removeOther = await buyer.delete(`/api/team/members/${other.userId}`);
    expect(removeOther.statusCode).toBe(403);
    expect(removeOther.json()).toMatchObject({ code: 'forbidden_for_role' });
    const leave = await buyer.delete(`/api/team/members/${buyer.userId}`);
    expect(leave.statusCode).toBe(204);
    expect(String(leave.headers['set-cookie'])).toMatch(/hh_session=;/);
    expect((await buyer.get('/api/auth/user')).statusCode).toBe(401);

    const ownerLeaves = await restaurant.delete(`/api/team/members/${restaurant.userId}`);
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json()).toMatchObject({ code: 'last_owner' });
    const [stillOwner] = await ctx.database.db
      .select({ role: memberships.businessRole })
      .from(memberships)
      .where(eq(memberships.userId, restaurant.userId));
    expect(stillOwner?.role).toBe('owner');
  });
});

describe.skipIf(!onPostgres)('removal across two processes (PostgreSQL)', () => {
  let secondDatabase: Database;
  let second: TestApp;
  let secondUrl: string;

  beforeAll(async () => {
    // The second instance has a pool and a LISTEN of its own, as another process would.
    const { pool } = databaseClient(ctx.database) as {
      pool: { options: { connectionString?: string } };
    };
    secondDatabase = await openDatabase({ url: pool.options.connectionString });
    second = await buildApp({ config: testConfig(), database: secondDatabase, logger: false });
    secondUrl = await listen(second);
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
  });

  it('makes the removed session 401 on the other process within 2 s and closes its stream', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Two Process Farm');
    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    const onSecond = () =>
      second.inject({
        method: 'GET',
        url: '/api/orders/farm',
        headers: { cookie: packer.cookie! },
      });
    // The other process has the session in its cache, and a stream open with it.
    expect((await onSecond()).statusCode).toBe(200);
    expect((await onSecond()).statusCode).toBe(200);
    const stream = await openStream(secondUrl, packer.cookie);
    try {
      const removedAt = Date.now();
      expect((await farmer.delete(`/api/team/members/${packer.userId}`)).statusCode).toBe(204);
      await waitFor(() => stream.ended, 'the stream to close on the other process', 2000);
      for (;;) {
        const status = (await onSecond()).statusCode;
        if (status === 401) break;
        expect(status).toBe(200);
        expect(Date.now() - removedAt).toBeLessThan(2000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(Date.now() - removedAt).toBeLessThan(2000);
    } finally {
      stream.close();
    }
  });
});
