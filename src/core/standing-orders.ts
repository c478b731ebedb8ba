import { orderCutoff, type OrderCutoffRule } from './delivery-days';
import { addDays, hawaiiInstant } from './hawaii-time';

/** A standing order is placed at 6 AM Hawaii time, `daysBefore` days before the delivery day. */
export const PLACEMENT_MINUTES = 6 * 60;
/**
 * When that moment is at or after the farm's cutoff, it is placed this long before the cutoff
 * instead: the latest moment that leaves the minute-by-minute sweep time to run.
 */
export const BEFORE_CUTOFF_MS = 60 * 60 * 1000;

/**
 * When a standing order places its order for a delivery day: 6 AM Hawaii time `daysBefore`
 * days before it, never after the farm's cutoff (then an hour before the cutoff).
 */
export function placementMoment(
  deliveryDate: string,
  daysBefore: number,
  rule: OrderCutoffRule,
): Date {
  const wanted = hawaiiInstant(addDays(deliveryDate, -daysBefore), PLACEMENT_MINUTES);
  const latest = orderCutoff(deliveryDate, rule).getTime() - BEFORE_CUTOFF_MS;
  return new Date(Math.min(wanted.getTime(), latest));
}

/**
 * Whether a delivery day's order is due at `now`: from its placement moment until the farm's
 * cutoff. A sweep that was late (a process down) still places it while ordering is open.
 */
export function isPlacementDue(
  deliveryDate: string,
  daysBefore: number,
  rule: OrderCutoffRule,
  now: Date,
): boolean {
  const at = now.getTime();
  return (
    placementMoment(deliveryDate, daysBefore, rule).getTime() <= at &&
    at < orderCutoff(deliveryDate, rule).getTime()
  );
}

/** The weekday of a calendar date, 0 Sunday ... 6 Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
