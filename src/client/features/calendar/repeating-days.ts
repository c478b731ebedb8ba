import { addDays, formatCalendarDate } from '#core/hawaii-time';
import type { Schedule } from '#core/schemas/schedule';
import { weekdayOf } from '#core/standing-orders';

/**
 * The calendar's list groups delivery days that repeat (docs/delivery.md#delivery-days-that-repeat):
 * no rule is stored, so the repeats are read from the days themselves. A weekday's days of one
 * area a week apart make a series (two at least); series of one area that run the same weeks
 * (their first days and their last days each within a week) are one group, "Every Tue and Thu,
 * Dec 1 – Mar 2, Honolulu", when it holds three days or more. Every other day stays on its own.
 */

export type CalendarEntry =
  | { kind: 'day'; schedule: Schedule }
  | {
      kind: 'repeat';
      /** Weekdays, 0 Sunday … 6 Saturday, in week order. */
      weekdays: number[];
      area: string;
      /** The group's days, by date. */
      days: Schedule[];
    };

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MIN_SERIES = 2;
const MIN_GROUP = 3;

interface Series {
  weekday: number;
  days: Schedule[];
}

const byDate = (a: Schedule, b: Schedule) =>
  a.deliveryDate.localeCompare(b.deliveryDate) || a.id - b.id;
const firstOf = (days: Schedule[]) => days[0]!.deliveryDate;
const lastOf = (days: Schedule[]) => days.at(-1)!.deliveryDate;
/** Whether two dates are less than a week apart. */
const withinAWeek = (a: string, b: string) => (a < b ? addDays(a, 7) > b : addDays(b, 7) > a);

/** A weekday's days a week apart, each run of them in turn. */
function seriesOf(days: Schedule[]): Series[] {
  const runs: Series[] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (
      run &&
      run.weekday === weekdayOf(day.deliveryDate) &&
      addDays(lastOf(run.days), 7) === day.deliveryDate
    ) {
      run.days.push(day);
    } else {
      runs.push({ weekday: weekdayOf(day.deliveryDate), days: [day] });
    }
  }
  return runs;
}

export function groupRepeatingDays(schedules: readonly Schedule[]): CalendarEntry[] {
  const entries: CalendarEntry[] = [];
  const areas = new Map<string, Schedule[]>();
  for (const schedule of [...schedules].sort(byDate)) {
    areas.set(schedule.deliveryArea, [...(areas.get(schedule.deliveryArea) ?? []), schedule]);
  }
  for (const [area, days] of areas) {
    const series: Series[] = [];
    for (let weekday = 0; weekday < 7; weekday += 1) {
      series.push(...seriesOf(days.filter((day) => weekdayOf(day.deliveryDate) === weekday)));
    }
    const groups: Series[][] = [];
    const single: Schedule[] = [];
    for (const one of series.sort((a, b) => firstOf(a.days).localeCompare(firstOf(b.days)))) {
      if (one.days.length < MIN_SERIES) {
        single.push(...one.days);
        continue;
      }
      const group = groups.find(
        (candidate) =>
          !candidate.some((other) => other.weekday === one.weekday) &&
          withinAWeek(firstOf(candidate[0]!.days), firstOf(one.days)) &&
          withinAWeek(lastOf(candidate[0]!.days), lastOf(one.days)),
      );
      if (group) group.push(one);
      else groups.push([one]);
    }
    for (const group of groups) {
      const groupDays = group.flatMap((one) => one.days).sort(byDate);
      if (groupDays.length < MIN_GROUP) {
        single.push(...groupDays);
        continue;
      }
      const weekdays = group.map((one) => one.weekday).sort((a, b) => a - b);
      entries.push({ kind: 'repeat', weekdays, area, days: groupDays });
    }
    entries.push(...single.map((schedule) => ({ kind: 'day' as const, schedule })));
  }
  const startOf = (entry: CalendarEntry) =>
    entry.kind === 'day' ? entry.schedule : entry.days[0]!;
  return entries.sort((a, b) => byDate(startOf(a), startOf(b)));
}

/** "Tue and Thu", "Mon, Wed and Fri". */
export function weekdayList(weekdays: readonly number[]): string {
  const names = weekdays.map((weekday) => SHORT_WEEKDAYS[weekday]!);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "Every Tue and Thu, Dec 1 – Mar 2, Honolulu". */
export function describeRepeat(entry: Extract<CalendarEntry, { kind: 'repeat' }>): string {
  const first = formatCalendarDate(firstOf(entry.days), 'short');
  const last = formatCalendarDate(lastOf(entry.days), 'short');
  return `Every ${weekdayList(entry.weekdays)}, ${first} – ${last}, ${entry.area}`;
}
