import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migratedSnapshotPath } from './migrated-snapshot';

/**
 * A Blob that hands out a copy of bytes it already holds: Node's own reads itself in chunks and
 * joins them, about 150 ms of CPU for the snapshot, at every database a test starts.
 */
class InMemoryBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#bytes;
    return Promise.resolve(buffer.slice(byteOffset, byteOffset + byteLength));
  }
}

let snapshotOfThisWorker: { file: string; blob: Blob } | undefined;

/**
 * The migrated snapshot, read once per worker (workers keep their modules between files): PGlite
 * only reads the Blob, and reading 40 MB from disk for every database cost more than keeping it.
 */
function migratedSnapshot(): Blob | undefined {
  const file = migratedSnapshotPath();
  if (snapshotOfThisWorker?.file === file) return snapshotOfThisWorker.blob;
  if (!existsSync(file)) return undefined;
  snapshotOfThisWorker = { file, blob: new InMemoryBlob(new Uint8Array(readFileSync(file))) };
  return snapshotOfThisWorker.blob;
}

/**
 * Makes `dir` the data folder of an embedded database holding the migrated snapshot, as if a
 * server had started there before: the next start resumes it instead of running initdb and
 * every migration. Without a snapshot (runs on PostgreSQL make none) `dir` stays empty.
 */
export async function prepareEmbeddedDataDir(dir: string): Promise<void> {
  const snapshot = migratedSnapshot();
  if (!snapshot) return;
  const database = await openDatabase({ dataDir: dir, snapshot });
  await database.close();
}

const PRISTINE_SCHEMA = 'test_pristine';
const RESET_SCHEMAS = ['public', 'pgboss'];

async function rowsOf<T>(database: Database, statement: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(statement))) as unknown as { rows: T[] }).rows;
}

/**
 * The statement that takes an embedded database back to the migrated snapshot's state: every
 * table emptied, the few rows the snapshot holds (pg-boss's queues and version) put back, every
 * sequence where it was, any table made since dropped. Written for a database fresh from the
 * snapshot, whose rows it keeps in a schema of its own.
 */
async function writeReset(database: Database): Promise<string> {
  const schemas = RESET_SCHEMAS.map((schema) => `'${schema}'`).join(', ');
  const tables = await rowsOf<{ name: string; flat: string }>(
    database,
    `select format('%I.%I', n.nspname, c.relname) as name, n.nspname || '_' || c.relname as flat
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in (${schemas}) and c.relkind in ('r', 'p') and not c.relispartition`,
  );
  const kept: string[] = [];
  await database.db.execute(sql.raw(`create schema ${PRISTINE_SCHEMA}`));
  for (const table of tables) {
    const [{ count } = { count: 0 }] = await rowsOf<{ count: number }>(
      database,
      `select count(*)::int as count from ${table.name}`,
    );
    if (count === 0) continue;
    await database.db.execute(
      sql.raw(`create table ${PRISTINE_SCHEMA}.${table.flat} as select * from ${table.name}`),
    );
    kept.push(`insert into ${table.name} select * from ${PRISTINE_SCHEMA}.${table.flat};`);
  }
  const sequences = await rowsOf<{ name: string; value: string; called: boolean }>(
    database,
    `select format('%I.%I', schemaname, sequencename) as name,
       coalesce(last_value, start_value)::text as value, last_value is not null as called
     from pg_sequences where schemaname in (${schemas})`,
  );
  // Partitions too: pg-boss makes one for each queue, and a queue made since goes with them.
  const known = (
    await rowsOf<{ name: string }>(
      database,
      `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in (${schemas}) and c.relkind in ('r', 'p')`,
    )
  )
    .map((table) => `'${table.name}'`)
    .join(', ');
  // One statement (a DO block): the embedded driver sends each as a prepared statement, which
  // holds one command. Rows are deleted rather than truncated: a truncate gives a table and each
  // of its indexes new files, and with CASCADE nearly every table; a test's few rows are cheaper
  // to delete. A replica session fires neither the foreign keys' triggers nor the app's own.
  return `do $$ declare made text; begin
    perform set_config('session_replication_role', 'replica', true);
    for made in select format('%I.%I', n.nspname, c.relname) from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in (${schemas}) and c.relkind in ('r', 'p')
        and format('%I.%I', n.nspname, c.relname) not in (${known})
    loop execute 'drop table if exists ' || made || ' cascade'; end loop;
    ${tables.map((table) => `delete from ${table.name};`).join('\n    ')}
    ${kept.join('\n    ')}
    ${sequences.map((each) => `perform setval('${each.name}', ${each.value}, ${each.called});`).join('\n    ')}
  end $$`;
}

/**
 * Embedded databases a test file of this worker closed, emptied and ready for the next file:
 * taking one back to the snapshot costs a fraction of unpacking and starting another.
 */
const idleDatabases: ResettableDatabase[] = [];

interface ResettableDatabase {
  database: Database;
  reset: string;
}

async function openFromSnapshot(): Promise<ResettableDatabase> {
  // Starting from the snapshot the global setup migrated once skips initdb and the
  // migrations, which are most of an embedded database's start-up time.
  const database = await openDatabase({
    dataDir: 'memory://',
    snapshot: migratedSnapshot(),
    // PostgreSQL sets up its whole buffer cache (128 MB by default) at every start: a third of
    // an embedded database's start-up CPU. A test's few rows need far less.
    embeddedSettings: { shared_buffers: '16MB' },
  });
  await database.migrate();
  return { database, reset: await writeReset(database) };
}

/** An embedded database as the snapshot left it: one this worker kept, or a new one. */
async function embeddedTestDatabase(): Promise<Database & { label: string }> {
  const resettable = idleDatabases.pop() ?? (await openFromSnapshot());
  const { database } = resettable;
  let closed = false;
  return {
    ...database,
    label: 'pglite',
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await database.db.execute(sql.raw(resettable.reset));
        idleDatabases.push(resettable);
      } catch {
        // A database left in a state the reset cannot undo is not handed out again.
        await database.close();
      }
    },
  };
}

/**
 * A migrated database holding nothing for one test file: an in-memory PGlite as the snapshot
 * left it (one this worker kept and emptied, or a new one) by default, or a new PostgreSQL
 * database of its own when TEST_DATABASE_URL is set, dropped again on close.
 */
export async function createTestDatabase(): Promise<Database & { label: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return embeddedTestDatabase();
  const name = `hh_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    ...database,
    label: 'postgres',
    close: async () => {
      await database.close();
      // pg's pool.end() resolves before its sockets have closed; dropping "with (force)" at
      // once kills those closing connections, whose errors then surface as uncaught. Wait
      // for them to go (a drop without force fails while any remain), then force as a last resort.
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      let dropped = false;
      for (let attempt = 0; attempt < 40 && !dropped; attempt += 1) {
        try {
          await dropper.query(`drop database if exists ${name}`);
          dropped = true;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      if (!dropped) await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
