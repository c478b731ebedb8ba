import { startJobWorker, type JobWorker, type JobWorkerOptions } from '../../job-worker';
import { expireDueSubstitutions } from './service';

/** The durable queue of deadline sweeps. */
export const SUBSTITUTION_EXPIRY_QUEUE = 'substitution-expiry';

export type SubstitutionExpiryWorker = JobWorker;

/**
 * Shorts each proposal unanswered at its deadline, through the durable queue like the cutoff
 * reminders: a sweep is asked for every minute (and at once when the clock is set in
 * development); the kernel's lock makes a second short of a proposal a no-op.
 */
export function startSubstitutionExpiryWorker(
  options: JobWorkerOptions,
): Promise<SubstitutionExpiryWorker> {
  return startJobWorker(
    {
      queue: SUBSTITUTION_EXPIRY_QUEUE,
      label: 'substitution deadline sweep',
      next: () => ({ data: {}, key: 'sweep' }),
      async run() {
        const expired = await expireDueSubstitutions(options.database.db);
        return expired.length > 0
          ? { message: `shorted ${expired.length} unanswered substitute(s)`, details: { expired } }
          : null;
      },
      intervalSeconds: 60,
      askWhenClockSet: true,
    },
    options,
  );
}
