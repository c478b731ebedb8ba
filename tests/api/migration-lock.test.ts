import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../../src/server/db/database';
import { databaseClient } from '../../src/server/modules/events/database-client';
import { ensureDeliveryQueue } from '../../src/server/modules/notifications/queue';

const baseUrl = process.env.TEST_DATABASE_URL;

async function withAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

function pgPoolOf(database: Database): pg.Pool {
  const driver = databaseClient(database);
  if (driver.kind !== 'postgres') throw new Error('PostgreSQL only');
  return driver.pool;
}

/**
 * Several processes started together on a fresh database (a deployment of three replicas)
 * each apply the migrations at start. Without a lock they create the same tables at once and
 * one fails on a duplicate key.
 */
describe.skipIf(!baseUrl)('migrations on a fresh PostgreSQL database', () => {
  it('three processes starting at once all succeed (migrations and the job queue), each migration applied once', async () => {
    const name = `hh_test_migrate_${randomBytes(4).toString('hex')}`;
    await withAdmin((admin) => admin.query(`create database ${name}`));
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    // Three pools, as three processes would have: each migrates on a connection of its own.
    const processes = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString() })));
    try {
      const results = await Promise.allSettled(
        processes.map(async (database) => {
          await database.migrate();
          await ensureDeliveryQueue(database);
        }),
      );
      const failures = results.flatMap((result) =>
        result.status === 'rejected' ? [String(result.reason)] : [],
      );
      expect(failures).toEqual([]);

      const journal = JSON.parse(
        readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const { rows: applied } = await pgPoolOf(processes[0]!).query(
        'select hash from drizzle.__drizzle_migrations',
      );
      expect(applied).toHaveLength(journal.entries.length);
      // And the schema is whole: a later start finds nothing to do.
      await processes[0]!.migrate();
    } finally {
      await Promise.all(processes.map((database) => database.close()));
      await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
    }
  });
});
