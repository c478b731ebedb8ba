import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusinessRef } from '#core/actor';
import { PASSWORD_PERSONAL_WORDS } from '#core/password-rule';
import type { AdminBusiness, PendingFarm } from '#core/schemas/admin';
import { notificationDeliveries, notifications } from '../../src/server/db/schema';
import { grantAdmin } from '../../src/server/modules/auth/service';
import { createProduct, orderBody } from '../helpers/catalog-fixtures';
import { hawaiiNoon, useClock } from '../helpers/clock';
import { signUpMember, type Member } from '../helpers/team-fixtures';
import {
  PASSWORD,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  useTestApp,
  type Session,
} from '../helpers/test-app';

/*
 * A business is run by its owners: its members in the owner role, whoever signed it up
 * (docs/teams.md). The decisions about it, the notices to the other side of its orders, the
 * owner the admin screens show and the words a password must not be made of follow them, and
 * not the person who created it once they have left.
 */

useClock(hawaiiNoon('2026-11-23'));
const ctx = useTestApp({ marketplaceApproval: true });
let admin: Session;

beforeAll(async () => {
  const person = await signUp(ctx.app, 'admin');
  expect(await grantAdmin(ctx.database.db, person.email)).toBe(true);
  admin = person;
});

/** The user's notifications whose event key starts so. */
async function noticesOf(userId: number, eventKeyStart: string) {
  const rows = await ctx.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return rows.filter((row) => row.eventKey.startsWith(eventKeyStart));
}

/** Two more owners join the business, then the person who created it leaves. */
async function creatorLeaves(
  creator: Session & { userId: number },
  business: BusinessRef,
): Promise<{ first: Member; second: Member }> {
  const first = await signUpMember(ctx.app, business, 'owner');
  const second = await signUpMember(ctx.app, business, 'owner');
  const left = await creator.delete(`/api/team/members/${creator.userId}`);
  expect(left.statusCode, left.body).toBe(204);
  return { first, second };
}

describe('a farm whose creator left', () => {
  it('is told of its admission through its owners, and listed with its oldest owner', async () => {
    const creator = await signUpFarmer(ctx.app, 'Makana Founders Farm');
    const farm = { kind: 'farm', id: creator.farmId } as const;
    const { first, second } = await creatorLeaves(creator, farm);

    const waiting = await admin.get('/api/admin/approvals?limit=100');
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json<PendingFarm[]>().find((row) => row.id === farm.id)?.ownerEmail).toBe(
      first.email,
    );

    const approved = await admin.post(`/api/admin/farms/${farm.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<AdminBusiness>().ownerEmail).toBe(first.email);

    const key = `business:farm:${farm.id}:approve:`;
    expect(await noticesOf(creator.userId, key)).toEqual([]);
    for (const owner of [first, second]) {
      const [notice] = await noticesOf(owner.userId, key);
      expect(notice, owner.email).toMatchObject({
        kind: 'business_status',
        title: 'Your farm is approved',
      });
      // Emailed whatever they chose, as every decision about their business.
      const deliveries = await ctx.database.db
        .select({ destination: notificationDeliveries.destination })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.notificationId, notice!.id),
            eq(notificationDeliveries.channel, 'email'),
          ),
        );
      expect(deliveries).toEqual([{ destination: owner.email }]);
    }

    const listed = await admin.get('/api/admin/businesses?kind=farm&q=makana');
    expect(listed.json<AdminBusiness[]>()).toEqual([
      expect.objectContaining({ id: farm.id, ownerEmail: first.email }),
    ]);
  });
});

describe('a suspension, when both sides were created by people who left', () => {
  it('tells the owners of the business and of the other side of its open orders', async () => {
    const farmCreator = await signUpFarmer(ctx.app, 'Kilohana Orchard');
    const farm = { kind: 'farm', id: farmCreator.farmId } as const;
    const farmOwners = await creatorLeaves(farmCreator, farm);
    expect((await admin.post(`/api/admin/farms/${farm.id}/approve`)).statusCode).toBe(200);

    const kitchenCreator = await signUpRestaurant(ctx.app, 'Kilohana Kitchen');
    const kitchen = { kind: 'restaurant', id: kitchenCreator.restaurantId } as const;
    const kitchenOwners = await creatorLeaves(kitchenCreator, kitchen);
    const buyer = await signUpMember(ctx.app, kitchen, 'buyer');

    const product = await createProduct(ctx.database.db, farm.id, { price: '4.00' });
    const placed = await kitchenOwners.first.post(
      '/api/orders',
      orderBody(farm.id, [{ product, quantity: 2 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);

    // The farm is suspended: its owners hear it, and so do the restaurant's.
    const farmSuspended = await admin.post(`/api/admin/businesses/farm/${farm.id}/suspend`, {
      reason: 'Unpaid platform fees',
    });
    expect(farmSuspended.statusCode, farmSuspended.body).toBe(200);
    const farmKey = `business:farm:${farm.id}:suspend:`;
    for (const owner of [farmOwners.first, farmOwners.second]) {
      expect(await noticesOf(owner.userId, farmKey), owner.email).toEqual([
        expect.objectContaining({ title: 'Your farm is suspended' }),
      ]);
    }
    for (const owner of [kitchenOwners.first, kitchenOwners.second]) {
      const told = await noticesOf(owner.userId, farmKey);
      expect(told, owner.email).toEqual([
        expect.objectContaining({ kind: 'partner_status', title: 'Kilohana Orchard is suspended' }),
      ]);
      expect(told[0]!.body).toContain('Your 1 open order with it stays as it is.');
    }
    for (const nobody of [farmCreator, kitchenCreator, buyer]) {
      expect(await noticesOf(nobody.userId, farmKey)).toEqual([]);
    }
    expect((await admin.post(`/api/admin/businesses/farm/${farm.id}/reinstate`)).statusCode).toBe(
      200,
    );

    // The restaurant is suspended: the farm's owners hear it as its other side.
    const kitchenSuspended = await admin.post(
      `/api/admin/businesses/restaurant/${kitchen.id}/suspend`,
      { reason: 'Chargebacks under review' },
    );
    expect(kitchenSuspended.statusCode, kitchenSuspended.body).toBe(200);
    expect(kitchenSuspended.json<AdminBusiness>().ownerEmail).toBe(kitchenOwners.first.email);
    const kitchenKey = `business:restaurant:${kitchen.id}:suspend:`;
    for (const owner of [kitchenOwners.first, kitchenOwners.second]) {
      expect(await noticesOf(owner.userId, kitchenKey), owner.email).toEqual([
        expect.objectContaining({ title: 'Your restaurant is suspended' }),
      ]);
    }
    for (const owner of [farmOwners.first, farmOwners.second]) {
      expect(await noticesOf(owner.userId, kitchenKey), owner.email).toEqual([
        expect.objectContaining({
          kind: 'partner_status',
          title: 'Kilohana Kitchen is suspended',
        }),
      ]);
    }
    for (const nobody of [farmCreator, kitchenCreator, buyer]) {
      expect(await noticesOf(nobody.userId, kitchenKey)).toEqual([]);
    }
  });
});

describe("an owner's password", () => {
  it('may not be made of the name of a business they own but did not create', async () => {
    const creator = await signUpFarmer(ctx.app, 'Puakea Greens');
    const owner = await signUpMember(ctx.app, { kind: 'farm', id: creator.farmId }, 'owner');
    const changed = await owner.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'puakea-greens-2026',
    });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json()).toMatchObject({
      code: 'weak_password',
      fields: { newPassword: PASSWORD_PERSONAL_WORDS },
    });
  });
});
