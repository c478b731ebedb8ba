import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../db/database';

export type DatabaseClient =
  { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; client: PGlite };

/**
 * The driver under drizzle, for the two things drizzle does not do: a dedicated LISTEN
 * connection and the multi-statement scripts of the job queue.
 */
export function databaseClient(database: Database): DatabaseClient {
  const client = (database.db as unknown as { $client: unknown }).$client;
  return database.kind === 'postgres'
    ? { kind: 'postgres', pool: client as pg.Pool }
    : { kind: 'pglite', client: client as PGlite };
}
