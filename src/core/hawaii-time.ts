import { HAWAII_TIME_ZONE } from './constants';

/** Hawaii has no daylight saving time: it is always UTC-10. */
const HAWAII_OFFSET_MS = -10 * 60 * 60 * 1000;

/** Today's date in Hawaii as "YYYY-MM-DD". */
export function hawaiiToday(now: Date = new Date()): string {
  return hawaiiDate(now);
}

/** Hawaii's offset as Date#getTimezoneOffset counts it: minutes west of UTC. */
export const HAWAII_TIMEZONE_OFFSET_MINUTES = -HAWAII_OFFSET_MS / 60_000;

/** An instant shifted so that its UTC fields read Hawaii's wall clock at that instant. */
export function hawaiiWallClock(instant: Date): Date {
  return new Date(instant.getTime() + HAWAII_OFFSET_MS);
}

/** The instant whose Hawaii wall clock `wall`'s UTC fields read (hawaiiWallClock undone). */
export function instantOfHawaiiWallClock(wall: Date): Date {
  return new Date(wall.getTime() - HAWAII_OFFSET_MS);
}

/** The instant of a Hawaii wall-clock time: date "YYYY-MM-DD" at `minutes` after midnight. */
export function hawaiiInstant(date: string, minutes = 0): Date {
  return instantOfHawaiiWallClock(new Date(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000));
}

/** The Hawaii calendar date of an instant, "YYYY-MM-DD". */
export function hawaiiDate(instant: Date): string {
  return hawaiiWallClock(instant).toISOString().slice(0, 10);
}

/** The Hawaii month of an instant, "YYYY-MM". */
export function hawaiiMonth(instant: Date): string {
  return hawaiiDate(instant).slice(0, 7);
}

/** Adds days to a "YYYY-MM-DD" date. */
export function addDays(date: string, days: number): string {
  const base = new Date(`${date}T00:00:00Z`);
  base.setUTCDate(base.getUTCDate() + days);
  return base.toISOString().slice(0, 10);
}

export function isValidCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * How a calendar date reads: `date` "Dec 1, 2026", `weekday` "Tue, Dec 1, 2026", `short`
 * "Dec 1", `weekdayShort` "Tue, Dec 1".
 */
export type CalendarDateStyle = 'date' | 'weekday' | 'short' | 'weekdayShort';

/**
 * A calendar date "YYYY-MM-DD" (a delivery day: no time zone applies) as people read it, the
 * same on the server, in documents and messages, and in the browser; null when it is not a date.
 */
export function formatCalendarDate(
  value: string | null | undefined,
  style: CalendarDateStyle = 'date',
): string | null {
  if (!value || !isValidCalendarDate(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  const monthDay = `${MONTHS[month - 1]!} ${day}`;
  switch (style) {
    case 'date':
      return `${monthDay}, ${year}`;
    case 'weekday':
      return `${weekday}, ${monthDay}, ${year}`;
    case 'short':
      return monthDay;
    case 'weekdayShort':
      return `${weekday}, ${monthDay}`;
  }
}

export { HAWAII_TIME_ZONE };
