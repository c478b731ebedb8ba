import { centsOf } from '#core/money';
import { format } from 'date-fns';

/** A wire money string as a number of dollars, for drawing only (never for arithmetic). */
export function moneyToChartValue(value: string): number {
  return centsOf(value) / 100;
}

/** "2026-06" -> "Jun" (or "June 2026" with the long form). */
export function monthLabel(month: string, long = false): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return format(new Date(year, monthNumber - 1, 1), long ? 'MMMM yyyy' : 'MMM');
}
