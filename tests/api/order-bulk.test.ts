import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusHistory } from '../../src/server/db/schema';
import { createProduct, orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let kale: ProductFixture;
let otherKale: ProductFixture;
let farmerUserId: number;

const DAY = '2026-12-01';
const OTHER_DAY = '2026-12-02';

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  otherFarmer = await signUpFarmer(ctx.app, 'Waimea Roots');
  restaurant = await signUpRestaurant(ctx.app, 'Mama Bistro');
  farmerUserId = ((await farmer.get('/api/auth/user')).json() as { id: number }).id;
  kale = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 10_000 });
  otherKale = await createProduct(ctx.database.db, otherFarmer.farmId, {
    availableQuantity: 10_000,
  });
});
afterAll(async () => {
  await ctx.close();
});

/** Places orders and puts them on `day` with `status` directly: placement is not the subject. */
async function ordersOn(
  day: string,
  status: string,
  howMany: number,
  farmId = farmer.farmId,
  product = kale,
): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < howMany; index += 1) {
    const response = await restaurant.post(
      '/api/orders',
      orderBody(farmId, [{ product, quantity: 1 }]),
    );
    expect(response.statusCode, response.body).toBe(201);
    ids.push((response.json() as { id: number }).id);
  }
  await ctx.database.db
    .update(orders)
    .set({ deliveryDate: day, status })
    .where(inArray(orders.id, ids));
  return ids;
}

async function statuses(ids: number[]): Promise<Map<number, string>> {
  const rows = await ctx.database.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.status]));
}

describe('POST /api/orders/farm/bulk-status', () => {
  it('confirms every pending order of the day, records who did it, and reports them', async () => {
    const pending = await ordersOn(DAY, 'pending', 4);
    const packed = await ordersOn(DAY, 'packed', 1);
    const otherDay = await ordersOn(OTHER_DAY, 'pending', 2);
    const otherFarm = await ordersOn(DAY, 'pending', 1, otherFarmer.farmId, otherKale);

    const response = await farmer.post('/api/orders/farm/bulk-status', {
      deliveryDate: DAY,
      status: 'confirmed',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      fromStatus: string;
      changed: { id: number; fromStatus: string; toStatus: string }[];
      refused: unknown[];
      remaining: number;
    };
    expect(body.fromStatus).toBe('pending');
    expect(body.changed.map((entry) => entry.id)).toEqual(pending);
    expect(body.changed.every((entry) => entry.toStatus === 'confirmed')).toBe(true);
    expect(body.refused).toEqual([]);
    expect(body.remaining).toBe(0);

    const now = await statuses([...pending, ...packed, ...otherDay, ...otherFarm]);
    for (const id of pending) expect(now.get(id)).toBe('confirmed');
    expect(now.get(packed[0]!)).toBe('packed');
    for (const id of otherDay) expect(now.get(id)).toBe('pending');
    expect(now.get(otherFarm[0]!)).toBe('pending');

    const history = await ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(
        and(
          inArray(orderStatusHistory.orderId, pending),
          eq(orderStatusHistory.toStatus, 'confirmed'),
        ),
      );
    expect(history).toHaveLength(pending.length);
    expect(history.every((row) => row.fromStatus === 'pending')).toBe(true);
    expect(history.every((row) => row.changedByUserId === farmerUserId)).toBe(true);

    const again = await farmer.post('/api/orders/farm/bulk-status', {
      deliveryDate: DAY,
      status: 'confirmed',
    });
    expect((again.json() as { changed: unknown[] }).changed).toEqual([]);
  });

  it('marks every confirmed order of the day packed, and only those', async () => {
    const day = '2026-12-03';
    const confirmed = await ordersOn(day, 'confirmed', 3);
    const pending = await ordersOn(day, 'pending', 1);
    const response = await farmer.post('/api/orders/farm/bulk-status', {
      deliveryDate: day,
      status: 'packed',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { changed: { id: number }[]; fromStatus: string };
    expect(body.fromStatus).toBe('confirmed');
    expect(body.changed.map((entry) => entry.id)).toEqual(confirmed);
    const now = await statuses([...confirmed, ...pending]);
    for (const id of confirmed) expect(now.get(id)).toBe('packed');
    expect(now.get(pending[0]!)).toBe('pending');
  });

  it('moves each order once when two bulk calls race, reporting the other as refused or absent', async () => {
    const day = '2026-12-04';
    const pending = await ordersOn(day, 'pending', 6);
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        farmer.post('/api/orders/farm/bulk-status', { deliveryDate: day, status: 'confirmed' }),
      ),
    );
    const bodies = [first!, second!].map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        changed: { id: number }[];
        refused: { id: number; status: string; code: string }[];
      };
    });
    const changed = bodies.flatMap((body) => body.changed.map((entry) => entry.id));
    expect(changed.sort()).toEqual([...pending].sort());
    for (const body of bodies) {
      for (const refusal of body.refused) {
        expect(refusal.code).toBe('invalid_transition');
        expect(refusal.status).toBe('confirmed');
      }
    }
    const history = await ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(
        and(
          inArray(orderStatusHistory.orderId, pending),
          eq(orderStatusHistory.toStatus, 'confirmed'),
        ),
      );
    expect(history).toHaveLength(pending.length);
  });

  it('goes on after afterOrderId, naming the last order of each batch', async () => {
    const day = '2026-12-05';
    const [first, second, third] = (await ordersOn(day, 'pending', 3)) as [number, number, number];
    const confirm = (extra: object = {}) =>
      farmer.post('/api/orders/farm/bulk-status', {
        deliveryDate: day,
        status: 'confirmed',
        ...extra,
      });

    const later = await confirm({ afterOrderId: first });
    expect(later.statusCode, later.body).toBe(200);
    const body = later.json() as { changed: { id: number }[]; lastOrderId: number | null };
    expect(body.changed.map((entry) => entry.id)).toEqual([second, third]);
    expect(body).toMatchObject({ refused: [], remaining: 0, lastOrderId: third });
    const now = await statuses([first, second, third]);
    expect([now.get(first), now.get(second), now.get(third)]).toEqual([
      'pending',
      'confirmed',
      'confirmed',
    ]);

    // Without afterOrderId the call starts from the oldest: the one order left.
    const rest = await confirm();
    expect(rest.json()).toMatchObject({ changed: [{ id: first }], lastOrderId: first });
    expect((await confirm()).json()).toMatchObject({ changed: [], lastOrderId: null });
    // After the day's last order: nothing, even with orders of the day before it.
    await ctx.database.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, first));
    const past = await confirm({ afterOrderId: third });
    expect(past.json()).toMatchObject({ changed: [], remaining: 0, lastOrderId: null });
  });

  it('refuses an afterOrderId that is not an order of the farm, saying nothing of it', async () => {
    const day = '2026-12-06';
    const [mine] = await ordersOn(day, 'pending', 1);
    const [theirs] = await ordersOn(day, 'pending', 1, otherFarmer.farmId, otherKale);
    const confirmAfter = (afterOrderId: unknown) =>
      farmer.post('/api/orders/farm/bulk-status', {
        deliveryDate: day,
        status: 'confirmed',
        afterOrderId,
      });

    const another = await confirmAfter(theirs);
    const none = await confirmAfter(2_000_000_000);
    for (const response of [another, none]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation',
        fields: { afterOrderId: expect.any(String) },
      });
    }
    expect(another.json()).toEqual(none.json());
    for (const notAnId of [0, 1.5, 'first']) {
      const response = await confirmAfter(notAnId);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fields: { afterOrderId: expect.any(String) } });
    }
    const now = await statuses([mine!, theirs!]);
    expect([now.get(mine!), now.get(theirs!)]).toEqual(['pending', 'pending']);
  });

  it('answers an empty report for a day with nothing to move', async () => {
    const response = await farmer.post('/api/orders/farm/bulk-status', {
      deliveryDate: '2027-01-05',
      status: 'packed',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ changed: [], refused: [], remaining: 0 });
  });

  it('refuses other moves, bad days, and anyone but a farmer', async () => {
    const delivered = await farmer.post('/api/orders/farm/bulk-status', {
      deliveryDate: DAY,
      status: 'delivered',
    });
    expect(delivered.statusCode).toBe(400);
    expect(delivered.json()).toMatchObject({ fields: { status: expect.any(String) } });
    const badDay = await farmer.post('/api/orders/farm/bulk-status', {
      deliveryDate: '2026-13-01',
      status: 'confirmed',
    });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json()).toMatchObject({ fields: { deliveryDate: expect.any(String) } });
    const asRestaurant = await restaurant.post('/api/orders/farm/bulk-status', {
      deliveryDate: DAY,
      status: 'confirmed',
    });
    expect(asRestaurant.statusCode).toBe(403);
  });
});
