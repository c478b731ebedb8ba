import { TZDate } from '@date-fns/tz';
import { HAWAII_TIME_ZONE } from '#core/constants';
import { formatMoneyString } from '#core/money';
import { format } from 'date-fns';

export { formatMoneyString as formatMoney };
export { formatCalendarDate } from '#core/hawaii-time';

/** An instant in Hawaii time, e.g. 'MMM dd, yyyy' or "MMM d, yyyy 'at' h:mm a". */
export function formatInstant(
  value: string | Date | null | undefined,
  pattern: string,
): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return format(new TZDate(date, HAWAII_TIME_ZONE), pattern);
}

export const ORDER_DATE_FORMAT = "MMM d, yyyy 'at' h:mm a";
export const SHORT_DATE_FORMAT = 'MMM dd, yyyy';

/** When an order was placed, with a readable stand-in for a missing or broken date. */
export function formatOrderDate(
  value: string | Date | null | undefined,
  pattern = SHORT_DATE_FORMAT,
) {
  return formatInstant(value, pattern) ?? 'Date unavailable';
}
