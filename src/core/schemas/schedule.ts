import { z } from 'zod';
import { calendarDateInput, positiveId } from './common';
import { scheduleZoneInput } from './delivery';

export const DATES_REQUIRED_MESSAGE = 'Please select at least one delivery date';
export const ZONE_REQUIRED_MESSAGE = 'Please select a delivery zone';
/** A farm plans at most a year or so of days in one go. */
export const MAX_DATES_PER_REQUEST = 400;

/**
 * POST /api/delivery-schedules. Duplicates are dropped and the dates sorted
 * (docs/api.md#delivery-schedules);
 * whether a date is in the past is judged by the server against Hawaii's today.
 */
export const scheduleCreateBody = z.object({
  deliveryDates: z
    .array(calendarDateInput(), { error: DATES_REQUIRED_MESSAGE })
    .min(1, DATES_REQUIRED_MESSAGE)
    .max(MAX_DATES_PER_REQUEST, `At most ${MAX_DATES_PER_REQUEST} dates at a time`)
    .transform((dates) => [...new Set(dates)].sort()),
  /** A zone's name or slug; stored and answered as the name (docs/delivery.md). */
  deliveryArea: scheduleZoneInput(ZONE_REQUIRED_MESSAGE),
});
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
