import { startJobWorker, type JobWorker, type JobWorkerOptions } from '../../job-worker';
import { sendDueCutoffReminders } from './service';

/** The durable queue of reminder sweeps. */
export const CUTOFF_REMINDER_QUEUE = 'cutoff-reminders';

export type CutoffReminderWorkerOptions = JobWorkerOptions;
export type CutoffReminderWorker = JobWorker;

/**
 * Sends the reminders before the cutoff when they are due, through the durable queue like the
 * standing-order sweep: a sweep is asked for every two minutes (and at once when the clock is
 * set in development); the reminders' key makes a second reminder of a day a no-op.
 */
export function startCutoffReminderWorker(
  options: CutoffReminderWorkerOptions,
): Promise<CutoffReminderWorker> {
  return startJobWorker(
    {
      queue: CUTOFF_REMINDER_QUEUE,
      label: 'cutoff reminder sweep',
      next: () => ({ data: {}, key: 'sweep' }),
      async run() {
        const sent = await sendDueCutoffReminders(options.database.db);
        return sent.length > 0
          ? { message: `sent ${sent.length} cutoff reminder(s)`, details: { sent } }
          : null;
      },
      intervalSeconds: 120,
      askWhenClockSet: true,
    },
    options,
  );
}
