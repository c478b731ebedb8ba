import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#core/schemas/order';
import { setClock } from '../../src/server/clock';
import { orders } from '../../src/server/db/schema';
import { createProduct, orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import { addMembership } from '../helpers/team-fixtures';
import { signUpFarmer, signUpRestaurant, useTestApp } from '../helpers/test-app';

/**
 * Whose an Idempotency-Key is and for how long (docs/api.md#idempotency-key): the person's, for the
 * business they act for, honoured for its time (a day; a delivery's 30 days) and a new key once
 * past it, whether or not the cleanup has removed it yet.
 */

const ctx = useTestApp();

/** 10 AM in Hawaii on Mon Nov 2, 2026. */
const PLACED_AT = new Date('2026-11-02T20:00:00Z');
const HOUR_MS = 3_600_000;
const later = (hours: number) => new Date(PLACED_AT.getTime() + hours * HOUR_MS);

let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let kale: ProductFixture;

beforeAll(async () => {
  setClock(PLACED_AT);
  farmer = await signUpFarmer(ctx.app, 'Key Farm');
  kale = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 1000 });
});
afterAll(() => {
  setClock(null);
});

describe('an Idempotency-Key of a person of two restaurants', () => {
  it('places a new order for the other restaurant after the person switches', async () => {
    const first = await signUpRestaurant(ctx.app, 'First Kitchen');
    const second = await signUpRestaurant(ctx.app, 'Second Kitchen');
    await addMembership(
      ctx.app,
      first.userId,
      { kind: 'restaurant', id: second.restaurantId },
      'buyer',
    );
    const body = orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]);
    const key = crypto.randomUUID();

    const forFirst = await first.post('/api/orders', body, { 'idempotency-key': key });
    expect(forFirst.statusCode, forFirst.body).toBe(201);
    const switched = await first.post('/api/auth/business', {
      kind: 'restaurant',
      id: second.restaurantId,
    });
    expect(switched.statusCode, switched.body).toBe(200);

    const forSecond = await first.post('/api/orders', body, { 'idempotency-key': key });
    expect(forSecond.statusCode, forSecond.body).toBe(201);
    expect(forSecond.headers['idempotent-replayed']).toBeUndefined();
    expect(forSecond.json<Order>().restaurant.id).toBe(second.restaurantId);
    expect(forSecond.json<Order>().id).not.toBe(forFirst.json<Order>().id);

    // Each business still has its own answer to the key.
    const replayed = await first.post('/api/orders', body, { 'idempotency-key': key });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json<Order>().id).toBe(forSecond.json<Order>().id);
  });
});

describe('an Idempotency-Key past its time', () => {
  it('answers the first order within a day, and places a new one after it', async () => {
    setClock(PLACED_AT);
    const restaurant = await signUpRestaurant(ctx.app, 'Day Kitchen');
    const body = orderBody(farmer.farmId, [{ product: kale, quantity: 2 }]);
    const key = crypto.randomUUID();
    const placed = await restaurant.post('/api/orders', body, { 'idempotency-key': key });
    expect(placed.statusCode, placed.body).toBe(201);

    setClock(later(23));
    const withinADay = await restaurant.post('/api/orders', body, { 'idempotency-key': key });
    expect(withinADay.headers['idempotent-replayed']).toBe('true');
    expect(withinADay.json<Order>().id).toBe(placed.json<Order>().id);

    // The cleanup has not run since (it runs every few minutes): the key is new all the same.
    setClock(later(24.01));
    const afterADay = await restaurant.post('/api/orders', body, { 'idempotency-key': key });
    expect(afterADay.statusCode, afterADay.body).toBe(201);
    expect(afterADay.headers['idempotent-replayed']).toBeUndefined();
    expect(afterADay.json<Order>().id).not.toBe(placed.json<Order>().id);

    // And the new request's answer is the one the key now gives.
    const replayed = await restaurant.post('/api/orders', body, { 'idempotency-key': key });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json<Order>().id).toBe(afterADay.json<Order>().id);
  });

  it('keeps a delivery’s key 30 days, then takes it as a new delivery', async () => {
    setClock(PLACED_AT);
    const restaurant = await signUpRestaurant(ctx.app, 'Delivery Kitchen');
    const placed = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<Order>().id;
    // In transit since before the drop: how it got there is not the subject.
    await ctx.app.db
      .update(orders)
      .set({ status: 'in_transit', createdAt: later(-2) })
      .where(eq(orders.id, orderId));
    const key = crypto.randomUUID();
    const deliver = () => {
      const boundary = 'harvesthuikeyscope';
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      return farmer.request({
        method: 'POST',
        url: `/api/orders/${orderId}/delivery`,
        payload:
          field('recipientName', 'Chef Kai') +
          field('deliveredAt', later(-1).toISOString()) +
          `--${boundary}--\r\n`,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'idempotency-key': key,
        },
      });
    };

    const delivered = await deliver();
    expect(delivered.statusCode, delivered.body).toBe(200);

    setClock(later(29 * 24));
    const withinThirtyDays = await deliver();
    expect(withinThirtyDays.statusCode, withinThirtyDays.body).toBe(200);
    expect(withinThirtyDays.headers['idempotent-replayed']).toBe('true');

    // A new delivery of an order delivered already: refused, not answered from the old key.
    setClock(later(30 * 24 + 0.01));
    const afterThirtyDays = await deliver();
    expect(afterThirtyDays.statusCode, afterThirtyDays.body).toBe(409);
  });
});
