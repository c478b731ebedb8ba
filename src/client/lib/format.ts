import { addDays, formatCalendarDate, hawaiiDate, hawaiiWallClock } from '#core/hawaii-time';
import { formatMoneyString } from '#core/money';

export { formatMoneyString as formatMoney };
export { formatCalendarDate };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const padded = (value: number, digits: number) => String(value).padStart(digits, '0');
// The wall clock's month and weekday always index these lists.
const monthName = (wall: Date) => MONTHS[wall.getUTCMonth()] ?? '';
const weekdayName = (wall: Date) => WEEKDAYS[wall.getUTCDay()] ?? '';

/** What each field of a pattern says, read from the Hawaii wall clock's UTC fields. */
const FIELDS: Record<string, (wall: Date) => string> = {
  yyyy: (wall) => padded(wall.getUTCFullYear(), 4),
  yy: (wall) => padded(wall.getUTCFullYear() % 100, 2),
  y: (wall) => String(wall.getUTCFullYear()),
  MMMM: monthName,
  MMM: (wall) => monthName(wall).slice(0, 3),
  MM: (wall) => padded(wall.getUTCMonth() + 1, 2),
  M: (wall) => String(wall.getUTCMonth() + 1),
  dd: (wall) => padded(wall.getUTCDate(), 2),
  d: (wall) => String(wall.getUTCDate()),
  EEEE: weekdayName,
  EEE: (wall) => weekdayName(wall).slice(0, 3),
  HH: (wall) => padded(wall.getUTCHours(), 2),
  H: (wall) => String(wall.getUTCHours()),
  hh: (wall) => padded(wall.getUTCHours() % 12 || 12, 2),
  h: (wall) => String(wall.getUTCHours() % 12 || 12),
  mm: (wall) => padded(wall.getUTCMinutes(), 2),
  m: (wall) => String(wall.getUTCMinutes()),
  ss: (wall) => padded(wall.getUTCSeconds(), 2),
  s: (wall) => String(wall.getUTCSeconds()),
  SSS: (wall) => padded(wall.getUTCMilliseconds(), 3),
  a: (wall) => (wall.getUTCHours() < 12 ? 'AM' : 'PM'),
};

/** A run of one letter, a quoted text ('' is an apostrophe), or any other character. */
const PATTERN_PART = /([A-Za-z])\1*|'(?:[^']|'')*'?|[^A-Za-z']+/g;

/**
 * Formats with date-fns' pattern letters, the subset the screens use (FIELDS). Written here
 * rather than taken from date-fns: its format brings every locale formatter into each screen
 * that shows a date, about 5 KB gzip. Hawaii keeps one offset all year
 * (core/hawaii-time), so no time zone data is needed: loading it for Intl cost a phone about
 * 100 ms on the first date a screen showed.
 */
function formatHawaiiWallClock(instant: Date, pattern: string): string {
  const wall = hawaiiWallClock(instant);
  return (pattern.match(PATTERN_PART) ?? [])
    .map((part) => {
      if (part.startsWith("'")) {
        return part === "''" ? "'" : part.replace(/^'|'$/g, '').replace(/''/g, "'");
      }
      if (!/^[A-Za-z]/.test(part)) return part;
      const field = FIELDS[part];
      if (!field) throw new RangeError(`Format string contains an unsupported field: ${part}`);
      return field(wall);
    })
    .join('');
}

/** An instant in Hawaii time, e.g. 'MMM dd, yyyy' or "MMM d, yyyy 'at' h:mm a". */
export function formatInstant(
  value: string | Date | null | undefined,
  pattern: string,
): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return formatHawaiiWallClock(date, pattern);
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
