/**
 * The run's order ids with the place (stop) at `index` moved by `delta` places, all its orders
 * with it (kept inside the list).
 */
export function shiftPlace(
  places: readonly (readonly number[])[],
  index: number,
  delta: number,
): number[] {
  const target = Math.min(Math.max(index + delta, 0), places.length - 1);
  const next = [...places];
  const [moved] = next.splice(index, 1);
  if (moved === undefined) return next.flat();
  next.splice(target, 0, moved);
  return next.flat();
}

/**
 * The run's order ids with a stop's orders (`moving`, from this run or another) placed just
 * before the place whose orders are `before` (at the end when null).
 */
export function placeBefore(
  places: readonly (readonly number[])[],
  moving: readonly number[],
  before: readonly number[] | null,
): number[] {
  const rest = places
    .map((place) => place.filter((orderId) => !moving.includes(orderId)))
    .filter((place) => place.length > 0);
  const at = before === null ? -1 : rest.findIndex((place) => place.includes(before[0]!));
  if (at === -1) return [...rest.flat(), ...moving];
  return [...rest.slice(0, at).flat(), ...moving, ...rest.slice(at).flat()];
}
