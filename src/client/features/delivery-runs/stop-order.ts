/** The run's order ids with the one at `index` moved by `delta` places (kept inside the list). */
export function shiftStop(orderIds: readonly number[], index: number, delta: number): number[] {
  const target = Math.min(Math.max(index + delta, 0), orderIds.length - 1);
  const next = [...orderIds];
  const [moved] = next.splice(index, 1);
  if (moved === undefined) return next;
  next.splice(target, 0, moved);
  return next;
}

/**
 * The run's order ids with `orderId` placed just before `beforeId` (at the end when null),
 * whether it came from this run or another.
 */
export function placeStop(
  orderIds: readonly number[],
  orderId: number,
  beforeId: number | null,
): number[] {
  const rest = orderIds.filter((id) => id !== orderId);
  const at = beforeId === null ? -1 : rest.indexOf(beforeId);
  if (at === -1) return [...rest, orderId];
  return [...rest.slice(0, at), orderId, ...rest.slice(at)];
}
