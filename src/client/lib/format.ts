import {
  addDays,
  formatCalendarDate,
  HAWAII_TIMEZONE_OFFSET_MINUTES,
  hawaiiDate,
  hawaiiWallClock,
  instantOfHawaiiWallClock,
} from '#core/hawaii-time';
import { formatMoneyString } from '#core/money';
import { format } from 'date-fns';

export { formatMoneyString as formatMoney };
export { formatCalendarDate };

/**
 * An instant whose calendar and clock read Hawaii's wall clock in any browser, for date-fns'
 * format (which reads these and copies the date through its constructor). Hawaii keeps one
 * offset all year (core/hawaii-time), so no time zone data is needed: loading it for Intl cost
 * a phone about 100 ms on the first date a screen showed (docs/performance.md).
 */
class HawaiiClockDate extends Date {
  #wall(): Date {
    return hawaiiWallClock(this);
  }
  #setWall(change: (wall: Date) => void): number {
    const wall = this.#wall();
    change(wall);
    return this.setTime(instantOfHawaiiWallClock(wall).getTime());
  }
  override getFullYear() {
    return this.#wall().getUTCFullYear();
  }
  override getMonth() {
    return this.#wall().getUTCMonth();
  }
  override getDate() {
    return this.#wall().getUTCDate();
  }
  override getDay() {
    return this.#wall().getUTCDay();
  }
  override getHours() {
    return this.#wall().getUTCHours();
  }
  override getMinutes() {
    return this.#wall().getUTCMinutes();
  }
  override getSeconds() {
    return this.#wall().getUTCSeconds();
  }
  override getMilliseconds() {
    return this.#wall().getUTCMilliseconds();
  }
  override getTimezoneOffset() {
    return HAWAII_TIMEZONE_OFFSET_MINUTES;
  }
  // The week and day-of-year patterns move the date to the year's or week's start.
  override setFullYear(year: number, month?: number, date?: number) {
    return this.#setWall((wall) =>
      wall.setUTCFullYear(year, month ?? wall.getUTCMonth(), date ?? wall.getUTCDate()),
    );
  }
  override setMonth(month: number, date?: number) {
    return this.#setWall((wall) => wall.setUTCMonth(month, date ?? wall.getUTCDate()));
  }
  override setDate(date: number) {
    return this.#setWall((wall) => wall.setUTCDate(date));
  }
  override setHours(hours: number, minutes?: number, seconds?: number, ms?: number) {
    return this.#setWall((wall) =>
      wall.setUTCHours(
        hours,
        minutes ?? wall.getUTCMinutes(),
        seconds ?? wall.getUTCSeconds(),
        ms ?? wall.getUTCMilliseconds(),
      ),
    );
  }
}

/** An instant in Hawaii time, e.g. 'MMM dd, yyyy' or "MMM d, yyyy 'at' h:mm a". */
export function formatInstant(
  value: string | Date | null | undefined,
  pattern: string,
): string | null {
  if (!value) return null;
  const date = new HawaiiClockDate(value);
  if (Number.isNaN(date.getTime())) return null;
  return format(date, pattern);
}

/** "1 item", "2 items", "3 bunches": the one helper for counts with their noun (core). */
export { countLabel } from '#core/counts';

export const ORDER_DATE_FORMAT = "MMM d, yyyy 'at' h:mm a";
export const SHORT_DATE_FORMAT = 'MMM dd, yyyy';

/** When an order was placed, with a readable stand-in for a missing or broken date. */
export function formatOrderDate(
  value: string | Date | null | undefined,
  pattern = SHORT_DATE_FORMAT,
) {
  return formatInstant(value, pattern) ?? 'Date unavailable';
}

/** A delivery day next to Hawaii's today: "Today", "Tomorrow", "Fri, Dec 4", "None scheduled". */
export function deliveryDayLabel(date: string | null | undefined, today: string): string {
  if (!date) return 'None scheduled';
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return formatCalendarDate(date, 'weekdayShort') ?? 'None scheduled';
}

/**
 * A dashboard's greeting: "Welcome back, {name}!" once the business has an order, and
 * "Welcome, {name}!" for a new account with none (also while its figures load, so a new
 * account is never welcomed back).
 */
export function greeting(name: string, totalOrders: number | undefined): string {
  return totalOrders ? `Welcome back, ${name}!` : `Welcome, ${name}!`;
}

const MINUTE_MS = 60_000;

/**
 * When something last happened, as people say it in Hawaii: 'Just now', '12 minutes ago',
 * 'Today at 7:02 AM', 'Yesterday at 4:15 PM', '3 days ago', then the date ('Nov 3, 2026');
 * `never` when it has not happened.
 */
export function formatRelativeTime(
  value: string | null | undefined,
  never: string,
  now: Date = new Date(),
): string {
  if (!value) return never;
  const then = new Date(value);
  if (Number.isNaN(then.getTime())) return never;
  const minutes = Math.floor((now.getTime() - then.getTime()) / MINUTE_MS);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const today = hawaiiDate(now);
  const day = hawaiiDate(then);
  if (day === today) return `Today at ${formatInstant(then, 'h:mm a')}`;
  if (day === addDays(today, -1)) return `Yesterday at ${formatInstant(then, 'h:mm a')}`;
  for (let days = 2; days < 7; days += 1) {
    if (day === addDays(today, -days)) return `${days} days ago`;
  }
  return formatInstant(then, 'MMM d, yyyy') ?? never;
}
