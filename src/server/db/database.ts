import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one drizzle type every service uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A service may run on the database or inside a caller's transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'postgres' | 'pglite';
  db: Db;
  /** Applies the committed migrations in drizzle/. */
  migrate(): Promise<void>;
  /**
   * Runs a change of the database's structure while no other process makes one (a PostgreSQL
   * advisory lock; the embedded database has one process anyway). migrate() takes it itself.
   */
  withSchemaLock<T>(run: () => Promise<T>): Promise<T>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** The embedded database's data folder as a tar archive (a consistent copy); PGlite only. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** drizzle/ at the package root, found from here whether running from src/ or dist/. */
function findMigrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the drizzle/ migrations folder');
    dir = parent;
  }
  return join(dir, 'drizzle');
}

export const MIGRATIONS_FOLDER = findMigrationsFolder();

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded database is used. */
  url?: string | undefined;
  /** Folder of the embedded database; "memory://" keeps it in memory. */
  dataDir?: string | undefined;
  /** A tar archive from dumpDataDir() to start the embedded database from. */
  snapshot?: Blob | undefined;
  /** PostgreSQL settings of the embedded database beyond PGlite's own (`-c name=value`). */
  embeddedSettings?: Record<string, string> | undefined;
  migrationsFolder?: string;
  /** Told when PostgreSQL drops a pooled connection; by default a line on stderr. */
  onConnectionError?: (error: Error) => void;
}

function reportDroppedConnection(error: Error): void {
  console.warn(
    `Database: a connection was dropped (${error.message}); it is discarded and the next query opens a new one.`,
  );
}

/**
 * How many statements a pool keeps prepared on each of its connections: PostgreSQL holds about
 * 140 KB for each (measured with the orders query), so 200 cost at most 28 MB a connection.
 */
export const PREPARED_STATEMENTS_MAX = 200;
/** How many texts seen once are remembered while waiting for a second run. */
const SEEN_ONCE_MAX = 5_000;

/**
 * Which statement texts run prepared on a pool's connections, and under which name.
 * PostgreSQL parses and plans an unnamed statement every time it runs; a named one is parsed
 * once per connection and, after five runs, usually reuses a generic plan (docs/performance.md).
 * A text is named the second time it runs, so one-off shapes (a list of a rare length) never
 * take a place; once the pool holds PREPARED_STATEMENTS_MAX, the rest run unnamed as before.
 */
export class PreparedStatementNames {
  private readonly names = new Map<string, string>();
  private readonly seenOnce = new Set<string>();

  constructor(private readonly max = PREPARED_STATEMENTS_MAX) {}

  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.max) return known;
    if (!this.seenOnce.delete(text)) {
      if (this.seenOnce.size >= SEEN_ONCE_MAX) this.seenOnce.clear();
      this.seenOnce.add(text);
      return undefined;
    }
    const name = `hh${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

interface PreparingClientConfig extends pg.ClientConfig {
  statementNames: PreparedStatementNames;
}

/**
 * A pool client that sends each parameterised statement the pool names as a prepared one. Only
 * statements with parameters are named: a text of several statements, as a migration sends,
 * cannot be prepared and never has parameters.
 *
 * Its connection is pipelined (pg's `pipeline`): a statement goes out when it is asked for, not
 * when the one before it has answered, so statements that do not depend on one another (asked
 * for together, `Promise.all`, or sent ahead with `sendAhead`) cost one round trip. What is
 * asked for in the same turn of the event loop leaves in one write: each write is a system call
 * that wakes PostgreSQL (docs/performance.md). A transaction's `begin` never answers anything
 * but success on a working connection, so it is not waited for: it leaves with the
 * transaction's first statement, and if it failed after all, that statement fails with it.
 *
 * A transaction's commit is the unit of work's end: it leaves at once (with the statements
 * sent ahead just before it, in one write), and is answered only when every statement of the
 * transaction is: the first that failed is thrown, and a commit PostgreSQL answered with
 * ROLLBACK throws too, as it does on the embedded database. A commit never reports success for
 * a transaction that kept nothing.
 */
class PreparingClient extends pg.Client {
  private readonly statementNames: PreparedStatementNames;
  /** The `begin` sent and not yet answered; the next statement answers for it too. */
  private unansweredBegin: Promise<unknown> | undefined;
  private corked = false;
  /** The answers of the open transaction's statements, in the order they were asked for. */
  private transactionAnswers: Promise<unknown>[] | undefined;
  /** A commit that failed: the rollback asked for after it is answered by it. */
  private failedCommit = false;
  /** The commit asked for and not yet answered: nothing else belongs on the connection then. */
  private committing = false;

  constructor(config?: PreparingClientConfig) {
    super({ ...config, pipeline: true });
    this.statementNames = config?.statementNames ?? new PreparedStatementNames();
  }

  override query(...args: unknown[]): never {
    const [config, values] = args;
    const text =
      typeof config === 'string'
        ? config
        : config !== null && typeof config === 'object' && 'text' in config
          ? config.text
          : undefined;
    if (
      typeof text === 'string' &&
      typeof config === 'object' &&
      !('name' in (config as object) && (config as { name?: string }).name) &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = this.statementNames.nameOf(text);
      if (name) args[0] = { ...(config as object), name };
    }
    const word = typeof text === 'string' ? text.trim().toLowerCase() : '';
    if (this.committing) {
      // It would run after the commit, outside the transaction it was meant for.
      return Promise.reject(
        new Error("A statement was asked for after its transaction's commit"),
      ) as never;
    }
    if (this.failedCommit && word === 'rollback') {
      // The failed commit ended the transaction already.
      this.failedCommit = false;
      return Promise.resolve({
        command: 'ROLLBACK',
        rowCount: null,
        rows: [],
        fields: [],
      }) as never;
    }
    this.writeTogether();
    const answer = (super.query as (...rest: unknown[]) => unknown)(...args);
    if (!(answer instanceof Promise)) return answer as never;
    if (/^begin\b/.test(word)) {
      // A failure is told by the statement that follows, so it is never unhandled here.
      answer.catch(() => undefined);
      this.unansweredBegin = answer;
      this.transactionAnswers = [];
      return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] }) as never;
    }
    const begin = this.unansweredBegin;
    this.unansweredBegin = undefined;
    const answered = begin ? Promise.all([begin, answer]).then(([, result]) => result) : answer;
    if (word === 'commit' && this.transactionAnswers) {
      return this.commitOf(this.transactionAnswers, answered) as never;
    }
    if (word === 'rollback') this.transactionAnswers = undefined;
    else if (this.transactionAnswers) {
      // Told by the commit, or by whoever awaits it.
      answered.catch(() => undefined);
      this.transactionAnswers.push(answered);
    }
    return answered as never;
  }

  /** The commit's answer, once every statement of the transaction has answered. */
  private async commitOf(
    statements: Promise<unknown>[],
    commit: Promise<unknown>,
  ): Promise<unknown> {
    this.transactionAnswers = undefined;
    this.committing = true;
    commit.catch(() => undefined);
    const answers = await Promise.allSettled([...statements, commit]);
    this.committing = false;
    // The first refusal in the order sent: the statements after it failed because of it.
    const refused = answers
      .slice(0, statements.length)
      .find((settled) => settled.status === 'rejected');
    const committed = await commit.then(
      (result) => (result as pg.QueryResult).command === 'COMMIT',
      () => false,
    );
    if (refused || !committed) this.failedCommit = true;
    if (refused) throw refused.reason;
    if (!committed) throw new Error('Transaction was rolled back instead of committed');
    return commit;
  }

  /** Holds this turn's statements in the socket and writes them out together after it. */
  private writeTogether(): void {
    if (this.corked) return;
    const { stream } = this.connection;
    this.corked = true;
    stream.cork();
    process.nextTick(() => {
      this.corked = false;
      stream.uncork();
    });
  }
}

/** The statements each embedded transaction sent ahead, joined before it commits. */
const sentAhead = new WeakMap<object, Promise<unknown>[]>();

/**
 * Sends a statement now without waiting for its answer (the unit of work's one way to do so):
 * it leaves with whatever the transaction asks for next, on PostgreSQL in the same write, so a
 * transaction's last statements leave with its commit and the rows they lock are held for the
 * time PostgreSQL needs, not for a round trip. The transaction joins it before it commits,
 * always: a failure fails the whole transaction with that statement's error, on both
 * databases. Await the answer where it is needed; it is never an unhandled rejection.
 */
export function sendAhead<T>(tx: Tx, statement: PromiseLike<T>): Promise<T> {
  // Drizzle's queries are sent when first awaited, and again on every later await: taking
  // their answer once is what sends them, once.
  const answer = Promise.resolve(statement.then((result) => result));
  answer.catch(() => undefined);
  const ahead = sentAhead.get(tx);
  if (ahead) ahead.push(answer);
  else sentAhead.set(tx, [answer]);
  return answer;
}

/**
 * Joins what an embedded transaction sent ahead, the first failure thrown. On PostgreSQL the
 * pipelined connection joins every statement at the commit itself, which leaves at once.
 */
async function joinSentAhead(tx: Tx): Promise<void> {
  const ahead = sentAhead.get(tx);
  if (!ahead) return;
  sentAhead.delete(tx);
  const answers = await Promise.allSettled(ahead);
  const refused = answers.find((settled) => settled.status === 'rejected');
  if (refused) throw refused.reason;
}

/** The embedded database's transactions, each joining what it sent ahead before it commits. */
function joiningSentAhead(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction(async (tx) => {
      const result = await work(tx);
      await joinSentAhead(tx);
      return result;
    }, config)) as Db['transaction'];
  return db;
}

/** The extensions the migrations create, which PGlite must load before opening a database. */
export const EMBEDDED_EXTENSIONS = { pg_trgm };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      Client: PreparingClient,
      statementNames: new PreparedStatementNames(),
    } as PreparingClientConfig & pg.PoolConfig);
    // PostgreSQL may drop any connection (a restart, a failover, a proxy's idle timeout,
    // pg_terminate_backend). A pg client that loses its socket emits 'error', and an 'error'
    // nobody listens to ends the process. Listening is all it takes: the pool discards a broken
    // idle client itself, a client in use fails its query (that request or job fails and is
    // retried) and is discarded when released, and the next query opens a fresh connection.
    const onConnectionError = options.onConnectionError ?? reportDroppedConnection;
    pool.on('connect', (client) => client.on('error', onConnectionError));
    // The pool re-emits an idle client's error; the client's own listener has reported it.
    pool.on('error', () => {});
    // Numeric columns stay strings; dates stay "YYYY-MM-DD".
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      migrate: () =>
        holdingSchemaLock(pool, async (client) => {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        }),
      withSchemaLock: (run) => holdingSchemaLock(pool, () => run()),
      ping: () => pingDb(db),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? './data/db';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const settings = Object.entries(options.embeddedSettings ?? {}).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]);
  const client = await PGlite.create({
    dataDir,
    extensions: EMBEDDED_EXTENSIONS,
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    ...(settings.length > 0 ? { startParams: [...PGlite.defaultStartParams, ...settings] } : {}),
  });
  const db = joiningSentAhead(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    withSchemaLock: (run) => run(),
    ping: () => pingDb(db),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** Names the advisory lock that lets one process at a time change the database's structure. */
export const SCHEMA_LOCK = 'harvest_hui.schema';

/**
 * Neither drizzle's migrator nor pg-boss's installer serialises itself against other
 * processes: several processes starting together on a fresh database would create the same
 * tables at once, and all but one fail on a duplicate key. Each holds a PostgreSQL advisory
 * lock on one connection while it works, so the others wait, then find nothing to do. The lock
 * belongs to that connection's session, so it ends with the connection if the process dies.
 */
async function holdingSchemaLock<T>(
  pool: pg.Pool,
  run: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [SCHEMA_LOCK]);
    try {
      return await run(client);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [SCHEMA_LOCK]);
    }
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection that failed part-way may still hold the lock: close it instead of reusing it.
    client.release(broken);
  }
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
