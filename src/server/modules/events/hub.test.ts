import { describe, expect, it } from 'vitest';
import type { BusinessRef } from '#core/actor';
import type { Role } from '#core/constants';
import type { LiveEvent } from '#core/schemas/notification';
import type { Database } from '../../db/database';
import { concerns, LiveEventHub, parseLiveEvent, type LiveAudience } from './hub';
import type { FastifyBaseLogger } from 'fastify';
import { authChangeCovers, type AuthChangedEvent } from './publish';

function audience(
  userId: number,
  role: Role,
  business: BusinessRef | null,
  sessionTokenHash: string,
): LiveAudience {
  return {
    actor: { kind: 'person', userId, name: null, role, business, businessRole: null },
    sessionTokenHash,
  };
}

const farmer = audience(1, 'farmer', { kind: 'farm', id: 10 }, 'a');
const otherFarmer = audience(2, 'farmer', { kind: 'farm', id: 11 }, 'a');
const restaurant = audience(3, 'restaurant', { kind: 'restaurant', id: 20 }, 'c');
const otherRestaurant = audience(4, 'restaurant', { kind: 'restaurant', id: 21 }, 'd');
const admin = audience(5, 'admin', null, 'e');
const noProfileYet = audience(6, 'farmer', null, 'f');

describe('concerns', () => {
  it('sends an order only to its farm and its restaurant', () => {
    const event: LiveEvent = { type: 'orders.changed', orderId: 1, farmId: 10, restaurantId: 20 };
    expect(concerns(event, farmer)).toBe(true);
    expect(concerns(event, restaurant)).toBe(true);
    expect(concerns(event, otherFarmer)).toBe(false);
    expect(concerns(event, otherRestaurant)).toBe(false);
    // The admin screens follow every order; a person with no farm or restaurant yet, none.
    expect(concerns(event, admin)).toBe(true);
    expect(concerns(event, noProfileYet)).toBe(false);
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

describe('dispatch', () => {
  it('wakes the delivery workers on queued deliveries, and tells no live event listener of it', () => {
    const hub = new LiveEventHub({} as Database, {} as FastifyBaseLogger);
    const woken: string[] = [];
    const told: LiveEvent[] = [];
    hub.onDeliveriesQueued(() => woken.push('woken'));
    hub.onLiveEvent((event) => told.push(event));
    hub.dispatch(JSON.stringify({ type: 'deliveries.queued' }));
    expect(woken).toEqual(['woken']);
    expect(told).toEqual([]);
    // A bell's change is a live event, and wakes no worker.
    hub.dispatch(JSON.stringify({ type: 'notifications.changed', userId: 3 }));
    expect(woken).toEqual(['woken']);
    expect(told).toEqual([{ type: 'notifications.changed', userId: 3 }]);
  });
});

describe('authChangeCovers', () => {
  const session = { userId: 7, tokenHash: 'mine' };
  const change = (fields: Omit<AuthChangedEvent, 'type' | 'userId'>, userId = 7) =>
    authChangeCovers({ type: 'auth.changed', userId, ...fields }, session);

  it('covers the one session that ended, or every other one, or all of the user’s', () => {
    expect(change({ tokenHash: 'mine' })).toBe(true);
    expect(change({ tokenHash: 'other' })).toBe(false);
    expect(change({ exceptTokenHash: 'other' })).toBe(true);
    expect(change({ exceptTokenHash: 'mine' })).toBe(false);
    expect(change({})).toBe(true);
  });

  it('never covers another user’s sessions', () => {
    expect(change({}, 8)).toBe(false);
    expect(change({ tokenHash: 'mine' }, 8)).toBe(false);
  });
});
