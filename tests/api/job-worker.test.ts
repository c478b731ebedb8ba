import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker } from '../../src/server/job-worker';
import type { Database } from '../../src/server/db/database';
import { createTestDatabase } from '../helpers/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('a job worker', () => {
  it('logs what a run did and why one failed, and the queue runs it again', async () => {
    const warnings: string[] = [];
    const infos: string[] = [];
    const log = {
      info: (...args: unknown[]) => void infos.push(String(args[1])),
      warn: (...args: unknown[]) => void warnings.push(String(args[1])),
      error: () => {},
    };
    let runs = 0;
    let finished!: () => void;
    const secondRun = new Promise<void>((resolve) => (finished = resolve));
    const worker = await startJobWorker(
      {
        queue: `job-worker-test-${Date.now()}`,
        label: 'test sweep',
        next: () => ({ data: {}, key: 'sweep' }),
        async run() {
          runs += 1;
          if (runs === 1) throw new Error('database away');
          finished();
          return { message: 'swept 1 thing' };
        },
        queueOptions: { policy: 'stately', retryLimit: 2, retryDelay: 1 },
        intervalSeconds: 3600,
      },
      { database, log, pollingIntervalSeconds: 0.5 },
    );
    try {
      await secondRun;
    } finally {
      await worker.stop();
    }
    expect(runs).toBe(2);
    expect(warnings).toEqual(['test sweep failed']);
    expect(infos).toEqual(['swept 1 thing']);
  });
});
