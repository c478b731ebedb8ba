import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/server/clock';
import { orders } from '../../src/server/db/schema';
import { RecordingMailer } from '../helpers/recording-mailer';
import { createProduct, orderBody, placeCheckout } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/** Restaurant groups (docs/groups.md): the group, its locations, its team, acting for a location. */

const mailer = new RecordingMailer();
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpRestaurant>>;
let groupId: number;
let kailuaId: number;

interface Membership {
  kind: string;
  id: number;
  name: string;
  businessRole: string;
  groupId?: number | null;
}

const memberships = async (session: { get(url: string): Promise<{ json(): unknown }> }) =>
  ((await session.get('/api/auth/user')).json() as { memberships: Membership[] }).memberships;

beforeAll(async () => {
  setClock(new Date('2026-11-02T20:00:00Z'));
  ctx = await createTestApp({}, { mailer });
  owner = await signUpRestaurant(ctx.app, 'Kaimuki Kitchen');
  const created = await owner.post('/api/groups', { name: 'Ono Group' });
  expect(created.statusCode, created.body).toBe(201);
  groupId = created.json<{ id: number }>().id;
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

describe('a group and its locations', () => {
  it('takes a restaurant its owner owns, and makes a new location', async () => {
    const joined = await owner.post(`/api/groups/${groupId}/locations`, {
      restaurantId: owner.restaurantId,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const made = await owner.post(`/api/groups/${groupId}/locations`, {
      ...sampleProfile('Kailua Kitchen'),
      deliveryZone: 'kailua',
    });
    expect(made.statusCode, made.body).toBe(201);
    kailuaId = made.json<{ id: number }>().id;
    const group = await owner.get(`/api/groups/${groupId}`);
    expect(group.json()).toMatchObject({
      name: 'Ono Group',
      groupRole: 'group_owner',
      locations: [
        { id: owner.restaurantId, name: 'Kaimuki Kitchen' },
        { id: kailuaId, name: 'Kailua Kitchen', deliveryZone: 'kailua' },
      ],
    });
    const mine = await memberships(owner);
    expect(mine.filter((m) => m.groupId === groupId).map((m) => m.id)).toEqual([
      owner.restaurantId,
      kailuaId,
    ]);
  });

  it('refuses a restaurant the person does not own, and one in a group already', async () => {
    const stranger = await signUpRestaurant(ctx.app, 'Elsewhere Cafe');
    const notTheirs = await owner.post(`/api/groups/${groupId}/locations`, {
      restaurantId: stranger.restaurantId,
    });
    expect(notTheirs.statusCode).toBe(404);
    const again = await owner.post(`/api/groups/${groupId}/locations`, {
      restaurantId: owner.restaurantId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_in_group');
  });

  it('is unseen by a person of no such group: 404, never 403', async () => {
    const stranger = await signUp(ctx.app, 'stranger');
    for (const url of [
      `/api/groups/${groupId}`,
      `/api/groups/${groupId}/team`,
      `/api/groups/${groupId}/dashboard`,
      `/api/groups/${groupId}/statements?month=2026-11&farmId=1`,
    ]) {
      expect((await stranger.get(url)).statusCode, url).toBe(404);
    }
    const add = await stranger.post(`/api/groups/${groupId}/locations`, {
      ...sampleProfile('Sneaky'),
      deliveryZone: 'honolulu',
    });
    expect(add.statusCode).toBe(404);
  });

  it('refuses a bad body with 400', async () => {
    expect((await owner.post('/api/groups', { name: '' })).statusCode).toBe(400);
    const location = await owner.post(`/api/groups/${groupId}/locations`, { name: 'Only a name' });
    expect(location.statusCode).toBe(400);
  });
});

describe('the group team and acting for a location', () => {
  it('gives a group buyer both locations with the mapped role, and orders for each', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Waimanalo Greens');
    const poi = await createProduct(ctx.database.db, farmer.farmId, {
      name: 'Poi',
      unit: 'gallon',
      price: '12.50',
      availableQuantity: 1000,
    });
    const buyer = await signUp(ctx.app, 'buyer');
    const added = await owner.post(`/api/groups/${groupId}/team/members`, {
      email: buyer.email,
      groupRole: 'group_buyer',
    });
    expect(added.statusCode, added.body).toBe(201);
    const mine = await memberships(buyer);
    expect(mine).toEqual([
      expect.objectContaining({ id: owner.restaurantId, businessRole: 'buyer', groupId }),
      expect.objectContaining({ id: kailuaId, businessRole: 'buyer', groupId }),
    ]);
    for (const restaurantId of [owner.restaurantId, kailuaId]) {
      const acting = await buyer.post('/api/auth/business', {
        kind: 'restaurant',
        id: restaurantId,
      });
      expect(acting.statusCode, acting.body).toBe(200);
      expect(acting.json()).toMatchObject({ businessRole: 'buyer', profile: { id: restaurantId } });
      const [order] = await placeCheckout(buyer, [
        orderBody(farmer.farmId, [{ product: poi, quantity: 2 }]),
      ]);
      const [row] = await ctx.database.db
        .select({ restaurantId: orders.restaurantId })
        .from(orders)
        .where(eq(orders.id, order!.id));
      expect(row!.restaurantId).toBe(restaurantId);
      // A buyer sees no bills: the restaurant table governs the location.
      expect((await buyer.get('/api/bills')).json().code).toBe('forbidden_for_role');
    }
    // The group's own pages: a buyer sees the group, not its team or statements.
    expect((await buyer.get(`/api/groups/${groupId}`)).statusCode).toBe(200);
    expect((await buyer.get(`/api/groups/${groupId}/team`)).statusCode).toBe(403);
    const statement = await buyer.get(
      `/api/groups/${groupId}/statements?month=2026-11&farmId=${farmer.farmId}`,
    );
    expect(statement.json().code).toBe('forbidden_for_role');
    const dashboard = await buyer.get(`/api/groups/${groupId}/dashboard?month=2026-11`);
    expect(dashboard.statusCode).toBe(200);

    // A new role reaches every location; removal ends the sessions acting for them.
    const changed = await owner.patch(`/api/groups/${groupId}/team/members/${buyer.userId}`, {
      groupRole: 'group_bookkeeper',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await memberships(buyer)).map((m) => m.businessRole)).toEqual([
      'bookkeeper',
      'bookkeeper',
    ]);
    expect((await buyer.get('/api/bills')).statusCode).toBe(200);
    const team = await owner.get(`/api/groups/${groupId}/team`);
    expect(team.json().map((m: { groupRole: string }) => m.groupRole)).toEqual([
      'group_owner',
      'group_bookkeeper',
    ]);
    const removed = await owner.delete(`/api/groups/${groupId}/team/members/${buyer.userId}`);
    expect(removed.statusCode).toBe(204);
    expect((await buyer.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('keeps a group owner: the last one can neither change role nor leave', async () => {
    const demote = await owner.patch(`/api/groups/${groupId}/team/members/${owner.userId}`, {
      groupRole: 'group_buyer',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('last_owner');
    const leave = await owner.delete(`/api/groups/${groupId}/team/members/${owner.userId}`);
    expect(leave.json().code).toBe('last_owner');
  });

  it('answers 409 already_member, and 403 to a bookkeeper managing the team', async () => {
    const keeper = await signUp(ctx.app, 'keeper');
    const body = { email: keeper.email, groupRole: 'group_bookkeeper' };
    expect((await owner.post(`/api/groups/${groupId}/team/members`, body)).statusCode).toBe(201);
    const twice = await owner.post(`/api/groups/${groupId}/team/members`, body);
    expect(twice.json().code).toBe('already_member');
    const asKeeper = await keeper.post(`/api/groups/${groupId}/team/members`, {
      email: owner.email,
      groupRole: 'group_buyer',
    });
    expect(asKeeper.statusCode).toBe(403);
    expect(asKeeper.json().code).toBe('forbidden_for_role');
  });
});

describe('inviting to the group by email', () => {
  it('joins the invited address once, with the role, by the team rules', async () => {
    const invited = await signUp(ctx.app, 'invited');
    const sent = await owner.post(`/api/groups/${groupId}/team/invitations`, {
      email: invited.email,
      groupRole: 'group_buyer',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const listed = await owner.get(`/api/groups/${groupId}/team/invitations`);
    expect(listed.json()).toEqual([expect.objectContaining({ email: invited.email })]);
    const token = await mailer.linkFor(invited.email, '/restaurant/groups');
    // Someone else signed in cannot use it.
    const other = await signUp(ctx.app, 'other');
    const wrong = await other.post('/api/groups/invitations/accept', { token });
    expect(wrong.json().code).toBe('invitation_email_mismatch');
    const accepted = await invited.post('/api/groups/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ groupId });
    expect((await memberships(invited)).map((m) => m.businessRole)).toEqual(['buyer', 'buyer']);
    const again = await invited.post('/api/groups/invitations/accept', { token });
    expect(again.json().code).toBe('used_token');
    expect((await owner.get(`/api/groups/${groupId}/team/invitations`)).json()).toEqual([]);
  });

  it('loses a link when its sender may no longer invite, and revokes one', async () => {
    const coOwner = await signUp(ctx.app, 'co-owner');
    await owner.post(`/api/groups/${groupId}/team/members`, {
      email: coOwner.email,
      groupRole: 'group_owner',
    });
    const late = await signUp(ctx.app, 'late');
    const sent = await coOwner.post(`/api/groups/${groupId}/team/invitations`, {
      email: late.email,
      groupRole: 'group_bookkeeper',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = await mailer.linkFor(late.email, '/restaurant/groups');
    await owner.patch(`/api/groups/${groupId}/team/members/${coOwner.userId}`, {
      groupRole: 'group_buyer',
    });
    const refused = await late.post('/api/groups/invitations/accept', { token });
    expect(refused.json().code).toBe('invalid_token');

    const revokable = await owner.post(`/api/groups/${groupId}/team/invitations`, {
      email: late.email,
      groupRole: 'group_buyer',
    });
    const id = revokable.json<{ id: number }>().id;
    expect((await owner.delete(`/api/groups/${groupId}/team/invitations/${id}`)).statusCode).toBe(
      204,
    );
    const revokedToken = await mailer.linkFor(late.email, '/restaurant/groups');
    const gone = await late.post('/api/groups/invitations/accept', { token: revokedToken });
    expect(gone.json().code).toBe('invalid_token');
    expect((await owner.delete(`/api/groups/${groupId}/team/invitations/${id}`)).statusCode).toBe(
      404,
    );
  });
});
