import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Adjustment } from '#core/schemas/adjustment';
import type { OrderHistoryEntry } from '#core/schemas/order';
import type { OrderPayments } from '#core/schemas/payment';
import type { StockMovement } from '#core/schemas/stock';
import { users } from '../../src/server/db/schema';
import { addDeliveryDay, createProduct, orderBody } from '../helpers/catalog-fixtures';
import { today } from '../../src/server/clock';
import { hawaiiNoon, useClock } from '../helpers/clock';
import { signUpMember } from '../helpers/team-fixtures';
import { signUpFarmer, signUpRestaurant, useTestApp } from '../helpers/test-app';

const ctx = useTestApp();
// Monday Nov 23, 2026: the delivery days below (Dec 3, Dec 31) are still to come.
useClock(hawaiiNoon('2026-11-23'));

async function rename(userId: number, firstName: string, lastName: string) {
  await ctx.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, userId));
  ctx.app.sessionCache.forgetUser(userId);
}

describe('every recorded action names the person of the team who did it', () => {
  it('names the buyer, the packer, the manager and the bookkeeper on the order, its stock and its payment', async () => {
    const farm = await signUpFarmer(ctx.app, 'Named Farm');
    const restaurant = await signUpRestaurant(ctx.app, 'Named Kitchen');
    const farmRef = { kind: 'farm', id: farm.farmId } as const;
    const packer = await signUpMember(ctx.app, farmRef, 'packer');
    const manager = await signUpMember(ctx.app, farmRef, 'manager');
    const bookkeeper = await signUpMember(ctx.app, farmRef, 'bookkeeper');
    const buyer = await signUpMember(
      ctx.app,
      { kind: 'restaurant', id: restaurant.restaurantId },
      'buyer',
    );
    await rename(packer.userId, 'Leilani', 'Kahale');
    await rename(manager.userId, 'Mahina', 'Kealoha');
    await rename(bookkeeper.userId, 'Keoni', 'Palakiko');
    await rename(buyer.userId, 'Noe', 'Akana');

    const day = '2026-12-03';
    await addDeliveryDay(ctx.database.db, farm.farmId, day, 'Honolulu');
    const kale = await createProduct(ctx.database.db, farm.farmId, { price: '4.00' });
    const placed = await buyer.post(
      '/api/orders',
      orderBody(farm.farmId, [{ product: kale, quantity: 3 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ id: number }>().id;

    const confirmed = await packer.patch(`/api/orders/${orderId}/status`, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const adjusted = await packer.post(`/api/orders/${orderId}/adjustments`, {
      lines: [{ itemId: placed.json().orderItems[0].id, quantity: 2, reason: 'Frost damage' }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    for (const status of ['packed', 'in_transit']) {
      const moved = await manager.patch(`/api/orders/${orderId}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const delivered = await manager.patch(`/api/orders/${orderId}/status`, {
      status: 'delivered',
      recipientName: 'Chef Mahina',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const paid = await bookkeeper.post(`/api/orders/${orderId}/payments`, {
      amount: '1.00',
      paidOn: today(),
      method: 'check',
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const history = (await restaurant.get(`/api/orders/${orderId}/history`)).json<
      OrderHistoryEntry[]
    >();
    expect(history.map((entry) => [entry.toStatus, entry.changedByName])).toEqual([
      ['pending', 'Noe A.'],
      ['confirmed', 'Leilani K.'],
      ['packed', 'Mahina K.'],
      ['in_transit', 'Mahina K.'],
      ['delivered', 'Mahina K.'],
    ]);
    expect(history.every((entry) => entry.changedByJob === null)).toBe(true);

    const adjustments = (await farm.get(`/api/orders/${orderId}/adjustments`)).json<Adjustment[]>();
    expect(adjustments).toMatchObject([{ changedByName: 'Leilani K.', fromTotal: '12.00' }]);
    // The packer reads the same record without its totals.
    const packersView = (await packer.get(`/api/orders/${orderId}/adjustments`)).json<
      Adjustment[]
    >();
    expect(packersView).toMatchObject([
      { changedByName: 'Leilani K.', fromTotal: null, toTotal: null },
    ]);

    const movements = (await farm.get(`/api/products/${kale.id}/stock-movements`)).json<
      StockMovement[]
    >();
    expect(movements.map((movement) => [movement.reason, movement.actor.name])).toEqual([
      ['farm_adjustment', 'Leilani K.'],
      ['sale', 'Noe A.'],
      ['opening', null],
    ]);

    const payments = (await farm.get(`/api/orders/${orderId}/payments`)).json<OrderPayments>();
    expect(payments.payments).toMatchObject([{ recordedBy: 'Keoni Palakiko' }]);
  });

  it('names the buyer who set up a standing order', async () => {
    const farm = await signUpFarmer(ctx.app, 'Weekly Farm');
    const restaurant = await signUpRestaurant(ctx.app, 'Weekly Kitchen');
    await restaurant.put('/api/profile/restaurant', {
      name: 'Weekly Kitchen',
      location: '1 Kapahulu Ave, Honolulu, HI 96815',
      deliveryZone: 'honolulu',
    });
    await addDeliveryDay(ctx.database.db, farm.farmId, '2026-12-31', 'Honolulu');
    const kale = await createProduct(ctx.database.db, farm.farmId, { price: '4.00' });
    const buyer = await signUpMember(
      ctx.app,
      { kind: 'restaurant', id: restaurant.restaurantId },
      'buyer',
    );
    await rename(buyer.userId, 'Noe', 'Akana');
    const created = await buyer.post('/api/standing-orders', {
      farmId: farm.farmId,
      lines: [{ productId: kale.id, quantity: 2 }],
      weekdays: ['thu'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ createdBy: 'Noe A.' });
    const listed = (await restaurant.get('/api/standing-orders')).json();
    expect(listed).toMatchObject([{ createdBy: 'Noe A.' }]);
  });
});
