import { describe, expect, it } from 'vitest';
import type { User } from '#core/schemas/auth';
import { createProduct, orderBody } from '../helpers/catalog-fixtures';
import { addMembership, signUpMember } from '../helpers/team-fixtures';
import {
  PASSWORD,
  sampleProfile,
  Session,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  useTestApp,
} from '../helpers/test-app';

const ctx = useTestApp();

const viewOf = async (session: Session) => (await session.get('/api/auth/user')).json<User>();

describe('GET /api/auth/user', () => {
  it('names the role in the business acted for and every business the person belongs to', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Waimanalo Greens');
    const view = await viewOf(farmer);
    expect(view.role).toBe('farmer');
    expect(view.businessRole).toBe('owner');
    expect(view.memberships).toEqual([
      { kind: 'farm', id: farmer.farmId, name: 'Waimanalo Greens', businessRole: 'owner' },
    ]);

    const newcomer = await signUp(ctx.app, 'newcomer');
    const empty = await viewOf(newcomer);
    expect(empty.businessRole).toBeNull();
    expect(empty.memberships).toEqual([]);
  });

  it("shows a business's new name in every member's list", async () => {
    const farmer = await signUpFarmer(ctx.app, 'Old Name Farm');
    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    expect((await viewOf(packer)).memberships![0]?.name).toBe('Old Name Farm');
    const renamed = await farmer.put('/api/profile/farm', sampleProfile('New Name Farm'));
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The database tells every process the members' views changed; the cache follows.
    await expect
      .poll(async () => (await viewOf(packer)).memberships![0]?.name)
      .toBe('New Name Farm');
  });
});

describe('POST /api/auth/business', () => {
  it('makes this session act for another business of the person, and only this session', async () => {
    const home = await signUpFarmer(ctx.app, 'Home Farm');
    const other = await signUpFarmer(ctx.app, 'Other Farm');
    const restaurant = await signUpRestaurant(ctx.app, 'Switch Bistro');
    const kale = await createProduct(ctx.database.db, other.farmId, { availableQuantity: 20 });
    const placed = await restaurant.post(
      '/api/orders',
      orderBody(other.farmId, [{ product: kale, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    await addMembership(ctx.app, home.userId, { kind: 'farm', id: other.farmId }, 'packer');

    // A second browser of the same person, still acting for the home farm.
    const secondBrowser = new Session(ctx.app);
    await secondBrowser.post('/api/auth/login', { email: home.email, password: PASSWORD });

    const switched = await home.post('/api/auth/business', { kind: 'farm', id: other.farmId });
    expect(switched.statusCode, switched.body).toBe(200);
    const view = switched.json<User>();
    expect(view.profile?.id).toBe(other.farmId);
    expect(view.businessRole).toBe('packer');
    expect(view.memberships!.map((membership) => membership.name)).toEqual([
      'Home Farm',
      'Other Farm',
    ]);
    expect((await viewOf(home)).profile?.id).toBe(other.farmId);

    // The session now works for the other farm, as its packer.
    const orders = (await home.get('/api/orders/farm')).json<{ id: number }[]>();
    expect(orders.map((order) => order.id)).toEqual([placed.json<{ id: number }>().id]);
    const reprice = await home.patch(`/api/products/${kale.id}`, { price: '9.00' });
    expect(reprice.statusCode).toBe(403);
    expect(reprice.json()).toMatchObject({ code: 'forbidden_for_role' });
    expect(reprice.json().message).toContain('Packer');

    // The other browser still acts for the home farm, as its owner.
    const second = await viewOf(secondBrowser);
    expect(second.profile?.id).toBe(home.farmId);
    expect(second.businessRole).toBe('owner');

    const back = await home.post('/api/auth/business', { kind: 'farm', id: home.farmId });
    expect(back.json<User>()).toMatchObject({
      businessRole: 'owner',
      profile: { id: home.farmId },
    });
  });

  it('answers 404 for a business the person does not belong to, and 400 for a bad one', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Lonely Farm');
    const stranger = await signUpFarmer(ctx.app, 'Stranger Farm');
    const notMine = await farmer.post('/api/auth/business', { kind: 'farm', id: stranger.farmId });
    expect(notMine.statusCode).toBe(404);
    const wrongKind = await farmer.post('/api/auth/business', {
      kind: 'restaurant',
      id: farmer.farmId,
    });
    expect(wrongKind.statusCode).toBe(404);
    for (const body of [{ kind: 'ranch', id: 1 }, { kind: 'farm', id: 'x' }, {}]) {
      expect((await farmer.post('/api/auth/business', body)).statusCode).toBe(400);
    }
    expect((await viewOf(farmer)).profile?.id).toBe(farmer.farmId);
    const anonymous = await new Session(ctx.app).post('/api/auth/business', {
      kind: 'farm',
      id: farmer.farmId,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('creating a business and switching roles', () => {
  it("makes the creating session act for the new business, the person's other ones kept", async () => {
    const farmer = await signUpFarmer(ctx.app, 'Packing House');
    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    const created = await packer.post('/api/profile/restaurant', sampleProfile('Packer Kitchen'));
    expect(created.statusCode, created.body).toBe(201);
    const view = await viewOf(packer);
    expect(view).toMatchObject({
      role: 'restaurant',
      businessRole: 'owner',
      profile: { kind: 'restaurant', name: 'Packer Kitchen' },
    });
    expect(view.memberships!.map(({ kind, businessRole }) => [kind, businessRole])).toEqual([
      ['farm', 'packer'],
      ['restaurant', 'owner'],
    ]);
  });

  it('switches back to the kind the account names after acting for the other kind', async () => {
    const owner = await signUpRestaurant(ctx.app, 'Two Sides Kitchen');
    const farm = await signUpFarmer(ctx.app, 'Two Sides Farm');
    await addMembership(ctx.app, owner.userId, { kind: 'farm', id: farm.farmId }, 'manager');
    const acting = await owner.post('/api/auth/business', { kind: 'farm', id: farm.farmId });
    expect(acting.json<User>()).toMatchObject({ role: 'farmer', businessRole: 'manager' });

    // The account still says restaurant, but this session acts as a farmer: it may switch.
    const switched = await owner.post('/api/auth/switch-role', { role: 'restaurant' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json<User>()).toMatchObject({
      role: 'restaurant',
      businessRole: 'owner',
      profile: { id: owner.restaurantId },
    });
    const again = await owner.post('/api/auth/switch-role', { role: 'restaurant' });
    expect(again.statusCode).toBe(409);
    // To the farmer side: the first farm of the person, where they are a manager.
    const toFarm = await owner.post('/api/auth/switch-role', { role: 'farmer' });
    expect(toFarm.json<User>()).toMatchObject({
      role: 'farmer',
      businessRole: 'manager',
      profile: { id: farm.farmId },
    });
  });
});
