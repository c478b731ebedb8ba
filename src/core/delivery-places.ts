/**
 * A run's stops are places, not orders (docs/delivery.md#delivery-runs): within a run, one
 * restaurant is one stop, with every order delivered there. Two restaurants at one street
 * address stay two stops.
 */

/**
 * The items grouped by their place, each place where its first item comes, its items in the
 * order given: `[a(R1), b(R2), c(R1)]` is `[[a, c], [b]]`.
 */
export function groupByPlace<T>(items: readonly T[], placeOf: (item: T) => number): T[][] {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const key = placeOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}

interface PlaceStop {
  orderId: number;
  restaurant: { id: number; name: string; address: string; phone: string | null };
}

/** A run's stops by place, as the server's `places` says them. */
export interface RunPlace<Stop extends PlaceStop = PlaceStop> {
  position: number;
  restaurant: Stop['restaurant'];
  orderIds: number[];
}

/**
 * A run's stops, one per place, from its orders: what the server answers as `places`, and what
 * a client works out for itself from `stops` (a run the phone kept before `places` existed, or
 * the new order of a reorder not saved yet).
 */
export function placesOf<Stop extends PlaceStop>(stops: readonly Stop[]): RunPlace<Stop>[] {
  return groupByPlace(stops, (stop) => stop.restaurant.id).map((place, index) => ({
    position: index + 1,
    restaurant: place[0]!.restaurant,
    orderIds: place.map((stop) => stop.orderId),
  }));
}

/**
 * The run's orders in their new order with each place's orders together, numbered as the
 * server numbers them: `position` per order, `stop` per place.
 */
export function withStopsInOrder<Stop extends PlaceStop & { position: number; stop: number }>(
  stops: readonly Stop[],
): { stops: Stop[]; places: RunPlace<Stop>[] } {
  const grouped = groupByPlace(stops, (stop) => stop.restaurant.id);
  let position = 0;
  const ordered = grouped.flatMap((place, index) =>
    place.map((stop) => ({ ...stop, position: (position += 1), stop: index + 1 })),
  );
  return { stops: ordered, places: placesOf(ordered) };
}
