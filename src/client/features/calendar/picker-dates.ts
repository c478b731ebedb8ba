import { hawaiiToday } from '#core/hawaii-time';
import { format } from 'date-fns';

// The picker's dates, apart from the picker, so a screen can use them without loading it.

/** A "YYYY-MM-DD" date as the local-midnight Date the picker works with. */
export function toPickerDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

export function fromPickerDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** Today as Hawaii sees it, whatever the device's own time zone. */
export function hawaiiTodayForPicker(): Date {
  return toPickerDate(hawaiiToday());
}
