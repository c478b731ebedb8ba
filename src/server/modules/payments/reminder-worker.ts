import { today as clockToday } from '../../clock';
import { startJobWorker, type JobWorker, type JobWorkerOptions } from '../../job-worker';
import { REMINDER_QUEUE, REMINDER_SWEEP_EVERY_MS, sendDueReminders } from './reminders';

export type PaymentReminderWorker = JobWorker;

/**
 * Sends the payment reminders due each Hawaii day through the durable queue: every process asks
 * every hour for the sweep of the day, and one sweep per day and hour runs.
 */
export function startPaymentReminderWorker(
  options: JobWorkerOptions,
): Promise<PaymentReminderWorker> {
  return startJobWorker<{ day: string }>(
    {
      queue: REMINDER_QUEUE,
      label: 'payment reminder sweep',
      next: () => {
        const day = clockToday();
        return { data: { day }, key: `${REMINDER_QUEUE}:${day}` };
      },
      keySeconds: 60 * 60,
      async run({ day }) {
        const sent = await sendDueReminders(options.database.db, day);
        return sent > 0 ? { message: `sent ${sent} payment reminder(s)`, details: { day } } : null;
      },
      // A plain queue, as it has always been created: the hour-long key alone keeps it to one.
      queueOptions: { retryLimit: 3 },
      intervalSeconds: REMINDER_SWEEP_EVERY_MS / 1000,
    },
    options,
  );
}
