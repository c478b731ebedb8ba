import { today as clockToday } from '../../clock';
import { startJobWorker, type JobWorker, type JobWorkerOptions } from '../../job-worker';
import { noticeCertificatesEndingSoon } from './service';

export const CERTIFICATE_NOTICE_QUEUE = 'resale-certificate-notices';

/**
 * Warns both sides of certificates ending within 30 days through the durable queue: every
 * process asks every hour for the sweep of the Hawaii day, and one sweep per day and hour runs;
 * a later sweep of the same day tells nobody again (each notice is recorded once).
 */
export function startResaleCertificateWorker(options: JobWorkerOptions): Promise<JobWorker> {
  return startJobWorker<{ day: string }>(
    {
      queue: CERTIFICATE_NOTICE_QUEUE,
      label: 'resale certificate notices',
      next: () => {
        const day = clockToday();
        return { data: { day }, key: `${CERTIFICATE_NOTICE_QUEUE}:${day}` };
      },
      // pg-boss refuses a key held longer than it keeps finished jobs; the hour is enough.
      keySeconds: 60 * 60,
      async run({ day }) {
        const told = await noticeCertificatesEndingSoon(options.database.db, day);
        return told > 0
          ? { message: `told of ${told} certificate(s) ending`, details: { day } }
          : null;
      },
      intervalSeconds: 60 * 60,
    },
    options,
  );
}
