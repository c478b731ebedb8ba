import { addDays } from '#core/hawaii-time';
import { formatCalendarDate } from '../../lib/format';

/** "Today", "Tomorrow", "Fri, Dec 4", or "None scheduled". */
export function deliveryDayLabel(date: string | null | undefined, today: string): string {
  if (!date) return 'None scheduled';
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return formatCalendarDate(date, 'weekdayShort') ?? 'None scheduled';
}
