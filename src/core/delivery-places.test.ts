import { describe, expect, it } from 'vitest';
import { groupByPlace, placesOf, withStopsInOrder } from './delivery-places';

const restaurant = (id: number) => ({ id, name: `R${id}`, address: 'Kailua Rd', phone: null });
const stop = (orderId: number, restaurantId: number) => ({
  orderId,
  position: 0,
  stop: 0,
  restaurant: restaurant(restaurantId),
});

describe('stops by place', () => {
  it('groups each place where its first item is, its items in the order given', () => {
    expect(groupByPlace([1, 2, 3, 4], (item) => (item % 2 === 0 ? 20 : 10))).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(groupByPlace([], () => 1)).toEqual([]);
  });

  it('numbers the orders and their places as the server does', () => {
    const stops = [stop(1, 7), stop(2, 8), stop(3, 7)];
    expect(placesOf(stops)).toEqual([
      { position: 1, restaurant: restaurant(7), orderIds: [1, 3] },
      { position: 2, restaurant: restaurant(8), orderIds: [2] },
    ]);
    const ordered = withStopsInOrder(stops);
    expect(ordered.stops.map((each) => [each.orderId, each.position, each.stop])).toEqual([
      [1, 1, 1],
      [3, 2, 1],
      [2, 3, 2],
    ]);
    expect(ordered.places.map((place) => place.orderIds)).toEqual([[1, 3], [2]]);
  });
});
