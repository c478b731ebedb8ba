import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '#core/schemas/notification';
import { concerns, parseLiveEvent, type LiveAudience } from './hub';

const farmer: LiveAudience = { userId: 1, role: 'farmer', farmId: 10, restaurantId: null };
const otherFarmer: LiveAudience = { userId: 2, role: 'farmer', farmId: 11, restaurantId: null };
const restaurant: LiveAudience = { userId: 3, role: 'restaurant', farmId: null, restaurantId: 20 };
const otherRestaurant: LiveAudience = {
  userId: 4,
  role: 'restaurant',
  farmId: null,
  restaurantId: 21,
};

describe('concerns', () => {
  it('sends an order only to its farm and its restaurant', () => {
    const event: LiveEvent = { type: 'orders.changed', orderId: 1, farmId: 10, restaurantId: 20 };
    expect(concerns(event, farmer)).toBe(true);
    expect(concerns(event, restaurant)).toBe(true);
    expect(concerns(event, otherFarmer)).toBe(false);
    expect(concerns(event, otherRestaurant)).toBe(false);
  });

  it('sends stock to every restaurant and to the owning farm only', () => {
    const event: LiveEvent = { type: 'products.changed', farmId: 10, productIds: [5] };
    expect(concerns(event, restaurant)).toBe(true);
    expect(concerns(event, otherRestaurant)).toBe(true);
    expect(concerns(event, farmer)).toBe(true);
    expect(concerns(event, otherFarmer)).toBe(false);
  });

  it('sends a notification change to its user only', () => {
    const event: LiveEvent = { type: 'notifications.changed', userId: 3 };
    expect(concerns(event, restaurant)).toBe(true);
    expect(concerns(event, farmer)).toBe(false);
  });

  it('ignores payloads that are not events', () => {
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent('{"kind":"x"}')).toBeNull();
    expect(parseLiveEvent('null')).toBeNull();
  });
});
