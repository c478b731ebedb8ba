import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, TeamMember } from '#core/schemas/team';
import { memberships } from '../../src/server/db/schema';
import { waitFor } from '../helpers/event-stream';
import { RecordingMailer } from '../helpers/recording-mailer';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  PASSWORD,
  Session,
  signUpFarmer,
  uniqueEmail,
  type TestContext,
} from '../helpers/test-app';

const mailer = new RecordingMailer();
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({}, { mailer });
});
afterAll(async () => {
  await ctx?.close();
});

async function invite(sender: Session, email: string, businessRole: string) {
  const response = await sender.post('/api/team/invitations', { email, businessRole });
  expect(response.statusCode, response.body).toBe(201);
  return {
    invitation: response.json<Invitation>(),
    token: await mailer.linkFor(email, '/accept-invitation'),
  };
}

/** Accepts as a new person making the invited address's account. */
const acceptAsNew = (token: string) =>
  new Session(ctx.app).post('/api/auth/accept-invitation', {
    token,
    firstName: 'Leilani',
    lastName: 'Kahale',
    password: PASSWORD,
  });

const pendingEmails = async (owner: Session) =>
  (await owner.get('/api/team/invitations')).json<Invitation[]>().map((row) => row.email);

const memberEmails = async (owner: Session) =>
  (await owner.get('/api/team')).json<TeamMember[]>().map((member) => member.email);

/** A farm with two owners, each signed in and acting for it. */
async function farmWithTwoOwners(name: string) {
  const owner = await signUpFarmer(ctx.app, name);
  const coOwner = await signUpMember(ctx.app, { kind: 'farm', id: owner.farmId }, 'owner');
  return { owner, coOwner };
}

/** What the invitation page reads before joining (GET /api/auth/invitation). */
const readLink = (token: string) =>
  new Session(ctx.app).get(`/api/auth/invitation?token=${encodeURIComponent(token)}`);

function expectInvalidToken(response: Awaited<ReturnType<typeof acceptAsNew>>) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'invalid_token',
    fields: { token: expect.any(String) },
  });
}

describe('invitations of a sender who may no longer invite', () => {
  it('stop working when the sender is removed, and leave the list', async () => {
    const { owner, coOwner } = await farmWithTwoOwners('Ousted Owner Farm');
    const backdoor = uniqueEmail('backdoor');
    const { token } = await invite(coOwner, backdoor, 'owner');
    const packer = uniqueEmail('packer');
    await invite(owner, packer, 'packer');
    expect((await readLink(token)).statusCode).toBe(200);

    expect((await owner.delete(`/api/team/members/${coOwner.userId}`)).statusCode).toBe(204);
    expect(await pendingEmails(owner)).toEqual([packer]);

    expectInvalidToken(await readLink(token));
    expectInvalidToken(await acceptAsNew(token));
    expect(await memberEmails(owner)).toEqual([owner.email]);
  });

  it('stop working when the sender leaves', async () => {
    const { owner, coOwner } = await farmWithTwoOwners('Departed Owner Farm');
    const { token } = await invite(coOwner, uniqueEmail('left-behind'), 'manager');

    expect((await coOwner.delete(`/api/team/members/${coOwner.userId}`)).statusCode).toBe(204);
    expect(await pendingEmails(owner)).toEqual([]);
    expectInvalidToken(await acceptAsNew(token));
  });

  it('stop working when the sender is demoted to a role that may not invite them', async () => {
    const { owner, coOwner } = await farmWithTwoOwners('Demoted Owner Farm');
    const { token: asOwner } = await invite(coOwner, uniqueEmail('as-owner'), 'owner');
    const { token: asPacker } = await invite(coOwner, uniqueEmail('as-packer'), 'packer');

    const demote = await owner.patch(`/api/team/members/${coOwner.userId}`, {
      businessRole: 'manager',
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(await pendingEmails(owner)).toEqual([]);

    expectInvalidToken(await acceptAsNew(asOwner));
    expectInvalidToken(await acceptAsNew(asPacker));
    expect(await memberEmails(owner)).toEqual([owner.email, coOwner.email]);
  });

  it('stay when the sender may still send them, and those of other senders stay', async () => {
    const { owner, coOwner } = await farmWithTwoOwners('Reshuffled Farm');
    const fromCoOwner = uniqueEmail('from-co-owner');
    await invite(coOwner, fromCoOwner, 'packer');
    const fromOwner = uniqueEmail('from-owner');
    const { token } = await invite(owner, fromOwner, 'bookkeeper');

    // Only owners invite (docs/teams.md): a role change that leaves one an owner keeps all.
    const unchanged = await owner.patch(`/api/team/members/${coOwner.userId}`, {
      businessRole: 'owner',
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(await pendingEmails(owner)).toEqual([fromCoOwner, fromOwner]);

    const demote = await owner.patch(`/api/team/members/${coOwner.userId}`, {
      businessRole: 'packer',
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(await pendingEmails(owner)).toEqual([fromOwner]);
    const joined = await acceptAsNew(token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ email: fromOwner, businessRole: 'bookkeeper' });
  });

  it('are refused on accepting when the sender lost the right another way, and leave the list', async () => {
    const { owner, coOwner } = await farmWithTwoOwners('Quietly Changed Farm');
    const email = uniqueEmail('stale');
    const { token } = await invite(coOwner, email, 'owner');
    // The role changed without the team API (as an invitation sent before a change could be).
    await ctx.database.db
      .update(memberships)
      .set({ businessRole: 'bookkeeper' })
      .where(and(eq(memberships.userId, coOwner.userId), eq(memberships.farmId, owner.farmId)));
    expect(await pendingEmails(owner)).toEqual([email]);

    // The page's read is refused too, and leaves the deleting to accepting.
    expectInvalidToken(await readLink(token));
    expect(await pendingEmails(owner)).toEqual([email]);
    expectInvalidToken(await acceptAsNew(token));
    expect(await pendingEmails(owner)).toEqual([]);
    expect(await memberEmails(owner)).toEqual([owner.email, coOwner.email]);
  });
});

describe('resending an invitation', () => {
  it('checks the limit before replacing the link: a refused resend leaves the last link working', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Eager Resend Farm');
    const email = uniqueEmail('resend-limit');
    const { invitation } = await invite(farmer, email, 'packer');
    const mailsTo = () => mailer.sent.filter((mail) => mail.to === email).length;

    // The address gets a few links in the window (EMAIL_LINKS_PER_ACCOUNT), then no more.
    let refused;
    for (let sent = 1; sent < 10; sent += 1) {
      const before = mailsTo();
      const response = await farmer.post(`/api/team/invitations/${invitation.id}/resend`);
      if (response.statusCode === 429) {
        refused = response;
        break;
      }
      expect(response.statusCode, response.body).toBe(200);
      await waitFor(() => mailsTo() > before, 'the resent email');
    }
    expect(refused?.json()).toMatchObject({ code: 'rate_limited' });
    const lastLink = await mailer.linkFor(email, '/accept-invitation');

    const joined = await acceptAsNew(lastLink);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ email, businessRole: 'packer' });
  });
});
