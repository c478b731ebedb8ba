import { z } from 'zod';

/*
 * Reminders before the cutoff (docs/cutoff-reminders.md): a person of a restaurant turns a
 * farm's reminders off or on again for themselves.
 */

/** PUT /api/farms/{id}/reminders. */
export const cutoffReminderSettingBody = z.object({
  enabled: z.boolean({ error: 'Must be true or false' }),
});
export type CutoffReminderSettingBody = z.infer<typeof cutoffReminderSettingBody>;

/** GET and PUT /api/farms/{id}/reminders: whether the asker gets the farm's reminders. */
export const cutoffReminderSettingOutput = z.object({
  farmId: z.number(),
  enabled: z.boolean(),
});
export type CutoffReminderSetting = z.infer<typeof cutoffReminderSettingOutput>;

/** The most usual items a reminder lists. */
export const REMINDER_ITEMS_MAX = 8;
/** The weeks before the delivery day a restaurant's orders are counted in. */
export const REMINDER_WEEKS_LOOKED_AT = 4;
/** The weeks of those with an order that make a restaurant a usual one of the farm. */
export const REMINDER_WEEKS_ORDERED = 2;
