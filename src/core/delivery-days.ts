import {
  addDays,
  formatCalendarDate,
  hawaiiDate,
  hawaiiInstant,
  hawaiiWallClock,
} from './hawaii-time';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** When a farm stops taking orders for a delivery day: days before it, minute of that day. */
export interface OrderCutoffRule {
  daysBefore: number;
  minutes: number;
}

/** The default: 6 PM Hawaii time the day before. */
export const DEFAULT_ORDER_CUTOFF: OrderCutoffRule = { daysBefore: 1, minutes: 18 * 60 };
export const MAX_CUTOFF_DAYS_BEFORE = 14;
/** A pending order without a delivery day is cancelled this many days after it was placed. */
export const UNDATED_PENDING_DAYS = 7;

/** The instant ordering for a delivery day closes under the farm's rule. */
export function orderCutoff(deliveryDate: string, rule: OrderCutoffRule): Date {
  return hawaiiInstant(addDays(deliveryDate, -rule.daysBefore), rule.minutes);
}

/** Whether a delivery day still takes orders at `now`. */
export function isOpenForOrders(deliveryDate: string, rule: OrderCutoffRule, now: Date): boolean {
  return now.getTime() < orderCutoff(deliveryDate, rule).getTime();
}

/** The instant a delivery day ends: the next Hawaii midnight. */
export function deliveryDayEnd(deliveryDate: string): Date {
  return hawaiiInstant(addDays(deliveryDate, 1));
}

/** "18:00" as minutes after midnight; null when it is not a time of day. */
export function parseTimeOfDay(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Minutes after midnight as "18:00". */
export function formatTimeOfDay(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes after midnight as people read them: "6 PM", "5:30 AM", "12 PM". */
export function formatClockTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return rest === 0
    ? `${hour12} ${suffix}`
    : `${hour12}:${String(rest).padStart(2, '0')} ${suffix}`;
}

/**
 * A cutoff instant as browse shows it, in Hawaii time: "Tue 6 PM"; with the date when it is
 * more than six days from `now` ("Tue, Dec 1 6 PM") so that two weeks apart never read alike.
 */
export function formatOrderBy(instant: string | Date, now: Date = new Date()): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const local = hawaiiWallClock(at);
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  const weekday = WEEKDAYS[local.getUTCDay()]!;
  const far = at.getTime() - now.getTime() > 6 * 24 * 3_600_000;
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  const day = far ? `${weekday}, ${months[local.getUTCMonth()]} ${local.getUTCDate()}` : weekday;
  return `${day} ${formatClockTime(minutes)}`;
}

/**
 * A delivery day whose ordering has closed, as My Orders says it: "Ordering for Thu, Nov 26
 * closed Wed, Nov 25 at 6 PM" (Hawaii time).
 */
export function describeClosedOrdering(deliveryDate: string, cutoff: string | Date): string {
  const at = typeof cutoff === 'string' ? new Date(cutoff) : cutoff;
  const local = hawaiiWallClock(at);
  const time = formatClockTime(local.getUTCHours() * 60 + local.getUTCMinutes());
  const day = (date: string) => formatCalendarDate(date, 'weekdayShort') ?? date;
  return `Ordering for ${day(deliveryDate)} closed ${day(hawaiiDate(at))} at ${time}`;
}

/** How a farm's rule reads: "6 PM the day before", "9 AM 2 days before", "5 AM the same day". */
export function describeCutoffRule(rule: OrderCutoffRule): string {
  const time = formatClockTime(rule.minutes);
  if (rule.daysBefore === 0) return `${time} the same day`;
  if (rule.daysBefore === 1) return `${time} the day before`;
  return `${time} ${rule.daysBefore} days before`;
}

export { hawaiiDate };
