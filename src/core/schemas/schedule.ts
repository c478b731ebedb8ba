import { z } from 'zod';
import { addDays, formatCalendarDate, isValidCalendarDate } from '../hawaii-time';
import { weekdayOf } from '../standing-orders';
import { calendarDateInput, positiveId } from './common';
import { scheduleZoneInput } from './delivery';
import { WEEKDAY_LABELS, WEEKDAYS, weekdaysInput, type Weekday } from './standing-order';

export const DATES_REQUIRED_MESSAGE = 'Please select at least one delivery date';
export const ZONE_REQUIRED_MESSAGE = 'Please select a delivery zone';
/** A farm plans at most a year or so of days in one go. */
export const MAX_DATES_PER_REQUEST = 400;

export const RULE_MESSAGES = {
  weekdays: 'Choose at least one weekday',
  from: 'Choose the first day',
  until: 'Choose the last day',
  both: 'Send either dates or weekdays, not both',
  order: 'The last day cannot be before the first',
} as const;

/** The last day a weekly rule starting on `from` may reach: the same date a year later. */
export function lastDayOfRule(from: string): string {
  const [year, month, day] = from.split('-') as [string, string, string];
  const nextYear = String(Number(year) + 1).padStart(4, '0');
  const sameDay = `${nextYear}-${month}-${day}`;
  // February 29 has no counterpart the next year: the rule reaches February 28.
  return isValidCalendarDate(sameDay) ? sameDay : `${nextYear}-02-28`;
}

/**
 * The dates of a weekly rule (docs/delivery.md#delivery-days-that-repeat): every day from
 * `from` to `until`, both included, whose weekday is one of `weekdays`.
 */
export function expandWeekdays(
  weekdays: readonly Weekday[],
  from: string,
  until: string,
): string[] {
  const wanted = new Set(weekdays.map((weekday) => WEEKDAYS.indexOf(weekday)));
  const dates: string[] = [];
  // A year at most (lastDayOfRule): the loop is bounded even for a rule the schema refuses.
  for (let date = from, steps = 0; date <= until && steps <= 400; steps += 1) {
    if (wanted.has(weekdayOf(date))) dates.push(date);
    date = addDays(date, 1);
  }
  return dates;
}

type RawBody = Partial<Record<'deliveryDates' | 'weekdays' | 'from' | 'until', unknown>>;
const isRule = (body: RawBody) =>
  body.weekdays !== undefined || body.from !== undefined || body.until !== undefined;

/**
 * POST /api/delivery-schedules, in one of two forms (docs/api.md#delivery-schedules):
 * - `{deliveryDates, deliveryArea}`: the dates picked; duplicates are dropped and the dates
 *   sorted;
 * - `{weekdays, from, until, deliveryArea}`: a weekly rule ("every Tuesday and Thursday"),
 *   expanded here into its dates, `from` and `until` included, a year at most and at most
 *   MAX_DATES_PER_REQUEST dates. No rule is stored: the days are.
 * Whether a date is in the past is judged by the server against Hawaii's today. The output
 * carries the dates either way, and the rule when there was one.
 */
export const scheduleCreateBody = z
  .object({
    deliveryDates: z
      .array(calendarDateInput(), { error: DATES_REQUIRED_MESSAGE })
      .min(1, DATES_REQUIRED_MESSAGE)
      .max(MAX_DATES_PER_REQUEST, `At most ${MAX_DATES_PER_REQUEST} dates at a time`)
      .transform((dates) => [...new Set(dates)].sort())
      .optional(),
    /** The standing orders' weekday names, `mon` … `sun`. */
    weekdays: weekdaysInput.optional(),
    from: calendarDateInput().optional(),
    until: calendarDateInput().optional(),
    /** A zone's name or slug; stored and answered as the name (docs/delivery.md). */
    deliveryArea: scheduleZoneInput(ZONE_REQUIRED_MESSAGE),
  })
  // Which form, and what it lacks: said even when another field is wrong.
  .superRefine(
    (body: RawBody, ctx) => {
      const issue = (field: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [field], message });
      if (!isRule(body)) {
        if (body.deliveryDates === undefined) issue('deliveryDates', DATES_REQUIRED_MESSAGE);
        return;
      }
      if (body.deliveryDates !== undefined) issue('deliveryDates', RULE_MESSAGES.both);
      if (body.weekdays === undefined) issue('weekdays', RULE_MESSAGES.weekdays);
      if (body.from === undefined) issue('from', RULE_MESSAGES.from);
      if (body.until === undefined) issue('until', RULE_MESSAGES.until);
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .superRefine((body, ctx) => {
    const { weekdays, from, until } = body;
    if (body.deliveryDates !== undefined || !weekdays || !from || !until) return;
    const issue = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message });
    if (until < from) return issue('until', RULE_MESSAGES.order);
    const last = lastDayOfRule(from);
    if (until > last) {
      return issue(
        'until',
        `A weekly rule covers a year at most: choose a last day until ${formatCalendarDate(last)}`,
      );
    }
    const dates = expandWeekdays(weekdays, from, until);
    if (dates.length === 0) {
      const names = weekdays.map((weekday) => WEEKDAY_LABELS[weekday]).join(' or ');
      issue('weekdays', `No ${names} falls from ${from} to ${until}`);
    } else if (dates.length > MAX_DATES_PER_REQUEST) {
      issue('until', `At most ${MAX_DATES_PER_REQUEST} dates at a time`);
    }
  })
  .transform(({ deliveryArea, deliveryDates, weekdays, from, until }) =>
    weekdays && from && until
      ? {
          deliveryArea,
          deliveryDates: expandWeekdays(weekdays, from, until),
          rule: { weekdays, from, until },
        }
      : { deliveryArea, deliveryDates: deliveryDates ?? [], rule: null },
  );
export type ScheduleCreateBody = z.output<typeof scheduleCreateBody>;
export type ScheduleCreateInput = z.input<typeof scheduleCreateBody>;

export const scheduleOutput = z.object({
  id: z.number(),
  farmId: z.number(),
  deliveryDate: z.string(),
  deliveryArea: z.string(),
});
export type Schedule = z.infer<typeof scheduleOutput>;
export const scheduleListOutput = z.array(scheduleOutput);

export const farmIdParam = z.object({
  farmId: positiveId,
});

/** Adds a date to a selection, once, in order (docs/product.md#add-delivery-schedule). */
export function addScheduleDate(dates: readonly string[], date: string): string[] {
  return [...new Set([...dates, date])].sort();
}
