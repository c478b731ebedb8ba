import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications } from '../../src/server/db/schema';
import { recordNotificationEvents } from '../../src/server/modules/notifications/service';
import { createProduct, orderBody } from '../helpers/catalog-fixtures';
import { signUpMember, type Member } from '../helpers/team-fixtures';
import { signUpFarmer, signUpRestaurant, useTestApp } from '../helpers/test-app';

const ctx = useTestApp();

/** Every notification of these people about the order, by person. */
async function noticesOf(people: { userId: number }[], orderId: number) {
  const rows = await ctx.database.db
    .select()
    .from(notifications)
    .where(
      and(
        inArray(
          notifications.userId,
          people.map((person) => person.userId),
        ),
        eq(notifications.orderId, orderId),
      ),
    )
    .orderBy(asc(notifications.id));
  return (person: { userId: number }) => rows.filter((row) => row.userId === person.userId);
}

async function team() {
  const farm = await signUpFarmer(ctx.app, 'Team Notice Farm');
  const restaurant = await signUpRestaurant(ctx.app, 'Team Notice Kitchen');
  const farmRef = { kind: 'farm', id: farm.farmId } as const;
  const restaurantRef = { kind: 'restaurant', id: restaurant.restaurantId } as const;
  const people = {
    farmOwner: farm,
    manager: await signUpMember(ctx.app, farmRef, 'manager'),
    packer: await signUpMember(ctx.app, farmRef, 'packer'),
    farmBookkeeper: await signUpMember(ctx.app, farmRef, 'bookkeeper'),
    restaurantOwner: restaurant,
    buyer: await signUpMember(ctx.app, restaurantRef, 'buyer'),
    restaurantBookkeeper: await signUpMember(ctx.app, restaurantRef, 'bookkeeper'),
  };
  return { farm, restaurant, people, everyone: Object.values(people) };
}

async function placeOrder(
  buyer: Member | Awaited<ReturnType<typeof signUpRestaurant>>,
  farmId: number,
  quantity = 2,
) {
  const product = await createProduct(ctx.database.db, farmId, {
    price: '6.25',
    availableQuantity: 6,
  });
  const response = await buyer.post('/api/orders', orderBody(farmId, [{ product, quantity }]));
  expect(response.statusCode, response.body).toBe(201);
  return { order: response.json<{ id: number }>(), product };
}

describe('notifications go to the people whose role cares', () => {
  it("tells the farm's owner, managers and packers of a new order; the packer's has no money", async () => {
    const { farm, people, everyone } = await team();
    const { order, product } = await placeOrder(people.buyer, farm.farmId, 2);
    const of = await noticesOf(everyone, order.id);
    const placed = (person: { userId: number }) =>
      of(person).filter((row) => row.kind === 'order_placed');
    expect(placed(people.farmOwner)).toHaveLength(1);
    expect(placed(people.manager)).toHaveLength(1);
    expect(placed(people.packer)).toHaveLength(1);
    expect(placed(people.farmBookkeeper)).toHaveLength(0);
    expect(placed(people.buyer)).toHaveLength(0);

    const [owners] = placed(people.farmOwner);
    expect(owners!.body).toContain('total $');
    expect(owners!.details).toContain('Total: $');
    const [packers] = placed(people.packer);
    expect(packers!.body).toBe(`1 item. Delivery date: not scheduled yet.`);
    expect(packers!.details).toContain(`${product.name}: 2 x lb`);
    expect(`${packers!.title} ${packers!.body} ${packers!.details}`).not.toContain('$');

    // The order took the stock under the low-stock line: those who keep the products hear it.
    const lowStock = (person: { userId: number }) =>
      of(person).filter((row) => row.kind === 'low_stock');
    expect(lowStock(people.farmOwner)).toHaveLength(1);
    expect(lowStock(people.manager)).toHaveLength(1);
    expect(lowStock(people.packer)).toHaveLength(0);
  });

  it('keeps each person’s own channels', async () => {
    const { farm, people } = await team();
    const off = await people.packer.put('/api/notification-preferences', {
      emailEnabled: false,
      smsEnabled: false,
      smsPhone: null,
    });
    expect(off.statusCode, off.body).toBe(200);
    const { order } = await placeOrder(people.restaurantOwner, farm.farmId, 1);
    const of = await noticesOf([people.farmOwner, people.packer], order.id);
    const channels = async (person: { userId: number }) => {
      const [notice] = of(person).filter((row) => row.kind === 'order_placed');
      const rows = await ctx.database.db
        .select({ channel: notificationDeliveries.channel })
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.notificationId, notice!.id));
      return rows.map((row) => row.channel);
    };
    expect(await channels(people.farmOwner)).toEqual(['email']);
    expect(await channels(people.packer)).toEqual([]);
  });

  it("tells the restaurant's owner and buyers of its order, and its bookkeeper of a delivery and a reminder", async () => {
    const { farm, people, everyone } = await team();
    const { order } = await placeOrder(people.buyer, farm.farmId, 1);
    for (const status of ['confirmed', 'packed', 'in_transit']) {
      const moved = await people.packer.patch(`/api/orders/${order.id}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    let of = await noticesOf(everyone, order.id);
    const statusNotices = (person: { userId: number }) =>
      of(person).filter((row) => row.kind === 'order_status');
    expect(statusNotices(people.restaurantOwner)).toHaveLength(3);
    expect(statusNotices(people.buyer)).toHaveLength(3);
    expect(statusNotices(people.restaurantBookkeeper)).toHaveLength(0);

    const delivered = await people.packer.patch(`/api/orders/${order.id}/status`, {
      status: 'delivered',
      recipientName: 'Chef Mahina',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    of = await noticesOf(everyone, order.id);
    const deliveredTo = everyone.filter((person) =>
      of(person).some((row) => row.kind === 'order_delivered'),
    );
    expect(deliveredTo.map((person) => person.userId).sort()).toEqual(
      [people.restaurantOwner, people.buyer, people.restaurantBookkeeper]
        .map((person) => person.userId)
        .sort(),
    );

    await ctx.database.db.transaction((tx) =>
      recordNotificationEvents(tx, [
        {
          type: 'payment.reminder',
          orderId: order.id,
          slot: '2026-12-01',
          dueDate: '2026-12-01',
          balanceDue: '6.25',
        },
      ]),
    );
    of = await noticesOf(everyone, order.id);
    const remindedTo = everyone.filter((person) =>
      of(person).some((row) => row.kind === 'payment_reminder'),
    );
    expect(remindedTo.map((person) => person.userId).sort()).toEqual(
      [people.restaurantOwner, people.restaurantBookkeeper].map((person) => person.userId).sort(),
    );
  });
});
