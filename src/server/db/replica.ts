import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { keepNewest } from '../lib/bounded-map';
import { openDatabase, type Database, type Db } from './database';
import { rows } from './raw-sql';

/*
 * Reads on a streaming replica (DATABASE_READ_URL, docs/operations.md#a-read-replica). A few
 * read-heavy routes (reports, exports, statements, the catalogue) ask `app.readDb` for their
 * database; it answers the replica or the primary by the rules below, all of them here.
 * Without the setting it hands the work the primary's `app.db`, as before.
 */

/** After a write, how long that person's reads stay on the primary. */
export const READ_YOUR_WRITES_MS = 10_000;
/** The replica's lag is asked at most this often per process. */
export const LAG_EVERY_MS = 1_000;
/** The longest a request waits for the lag; beyond it the request reads the primary. */
const LAG_WAIT_MS = 1_000;
/**
 * A cache refills from the replica only when the replica was seen to have replayed what the
 * primary committed this long after the last change notice: the notice is heard a moment after
 * its commit, and the commit's WAL reaches the replica a moment after that.
 */
const NOTICE_MARGIN_MS = 1_000;
/** People whose last write this process remembers. */
const WRITERS_KEPT = 50_000;
/** Carries the time of a person's last write to the other processes behind the proxy. */
export const WROTE_COOKIE = 'hh_wrote';
export const REPLICA_LAG_HEADER = 'x-replica-lag';

export interface ReadOptions {
  /**
   * The work fills a cache emptied by change notices (LiveCache): it reads the primary unless
   * the replica has caught up with the last notice, or the stale answer would be kept.
   */
  fillsCache?: boolean;
}

/** Runs read-only work on the replica or the primary, by the rules of this file. */
export type ReadDb = <T>(
  request: FastifyRequest,
  work: (db: Db) => Promise<T>,
  options?: ReadOptions,
) => Promise<T>;

/** What the replica rules need of the live event hub: that something changed. */
export interface ChangeNotices {
  onLiveEvent(listener: () => void): unknown;
  onDatabaseEvent(listener: () => void): unknown;
  onDeaf(listener: () => void): unknown;
}

/** Asked to write on the replica: the work runs again on the primary. */
class WriteOnReplica extends Error {
  constructor() {
    super('A write was asked for on the read replica');
  }
}

/**
 * The replica's database, refusing a write before it is sent. A read-only transaction (a
 * report's snapshot) may run there; any other transaction belongs on the primary.
 */
function readingOnly(db: Db): Db {
  const refuse = () => {
    throw new WriteOnReplica();
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'insert' || property === 'update' || property === 'delete') return refuse;
      if (property === 'transaction') {
        return ((work, config) =>
          config?.accessMode === 'read only'
            ? target.transaction(work, config)
            : Promise.reject(new WriteOnReplica())) as Db['transaction'];
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/** The codes of an error and of the errors it wraps (drizzle wraps the driver's). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

/** The work tried to write: refused here before it was sent, or by the replica (25006). */
function triedToWrite(error: unknown): boolean {
  return error instanceof WriteOnReplica || codesOf(error).includes('25006');
}

/**
 * Failures that say the replica could not answer, not that the answer is no: a write, a query
 * cancelled by a conflict with replay (40001), a connection lost or refused, the server
 * shutting down. The primary answers instead.
 */
function replicaCouldNotAnswer(error: unknown): boolean {
  return (
    triedToWrite(error) ||
    codesOf(error).some(
      (code) =>
        ['40001', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'].includes(
          code,
        ) || code.startsWith('08'),
    )
  );
}

interface LagReading {
  seconds: number;
  /** When it was asked (ms): the replica had replayed the primary up to this less the lag. */
  at: number;
}

/**
 * The replica's lag, asked at most once a second and shared by the requests in between:
 * zero when it has replayed all it received while streaming, else the age of the last
 * transaction it replayed. Null while it cannot be read (the replica is down): reads go to the
 * primary then.
 */
class ReplicaLag {
  #reading: LagReading | null = null;
  #askedAt = -Infinity;
  #pending: Promise<LagReading | null> | undefined;

  constructor(
    private readonly db: Db,
    private readonly warn: (error: unknown) => void,
  ) {}

  current(): Promise<LagReading | null> {
    const now = Date.now();
    if (!this.#pending) {
      if (now - this.#askedAt < LAG_EVERY_MS) return Promise.resolve(this.#reading);
      this.#pending = this.#measure(now);
    }
    // A replica that does not answer in time is as good as down: nobody waits on it longer.
    const left = this.#askedAt + LAG_WAIT_MS - now;
    if (left <= 0) return Promise.resolve(null);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), left);
      timer.unref();
    });
    return Promise.race([this.#pending, late]).finally(() => clearTimeout(timer));
  }

  async #measure(at: number): Promise<LagReading | null> {
    this.#askedAt = at;
    try {
      const [row] = await rows<{ lag: number | string | null }>(
        this.db,
        sql`select extract(epoch from case
              when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
                and exists (select 1 from pg_stat_wal_receiver) then interval '0'
              else now() - pg_last_xact_replay_timestamp()
            end)::float8 as lag`,
      );
      this.#reading = { seconds: Math.max(0, Number(row?.lag ?? 0)), at };
    } catch (error) {
      this.warn(error);
      this.#reading = null;
    } finally {
      this.#pending = undefined;
    }
    return this.#reading;
  }
}

/** The replica's connections refuse writes themselves too, whatever DATABASE_READ_URL is. */
function readOnlyUrl(url: string): string {
  const parsed = new URL(url);
  const options = parsed.searchParams.get('options');
  parsed.searchParams.set(
    'options',
    `${options ? `${options} ` : ''}-c default_transaction_read_only=on`,
  );
  return parsed.toString();
}

/**
 * Decorates `app.readDb`. With DATABASE_READ_URL (PostgreSQL only) it opens the replica and
 * adds the hooks that remember writes and tell the lag; without it, nothing but `work(app.db)`.
 */
export async function registerReadDb(app: FastifyInstance, notices: ChangeNotices): Promise<void> {
  const { config, database } = app;
  if (!config.databaseReadUrl || database.kind !== 'postgres') {
    app.decorate('readDb', ((_request, work) => work(app.db)) as ReadDb);
    return;
  }
  const replica: Database = await openDatabase({
    url: readOnlyUrl(config.databaseReadUrl),
    onConnectionError: (error) => app.log.warn({ err: error }, 'read replica: connection dropped'),
  });
  const replicaDb = readingOnly(replica.db);
  app.addHook('onClose', async () => replica.close());
  let lagWarned = 0;
  const lag = new ReplicaLag(replica.db, (error) => {
    // Once a minute is enough to say it is down; reads go to the primary meanwhile.
    if (Date.now() - lagWarned < 60_000) return;
    lagWarned = Date.now();
    app.log.warn({ err: error }, 'read replica: cannot read its lag; reading the primary');
  });

  let lastNoticeAt = 0;
  const noticed = () => {
    lastNoticeAt = Date.now();
  };
  notices.onLiveEvent(noticed);
  notices.onDatabaseEvent(noticed);
  notices.onDeaf(noticed);

  const lastWriteOf = new Map<number, number>();
  const servedLag = new WeakMap<FastifyRequest, number>();
  const wroteIn = new WeakSet<FastifyRequest>();

  const wroteRecently = (request: FastifyRequest): boolean => {
    const now = Date.now();
    const userId = request.user?.id;
    const remembered = userId === undefined ? undefined : lastWriteOf.get(userId);
    if (remembered !== undefined && now - remembered < READ_YOUR_WRITES_MS) return true;
    const raw = request.cookies[WROTE_COOKIE];
    if (!raw) return false;
    const cookie = request.unsignCookie(raw);
    const at = Number(cookie.value);
    return cookie.valid && Math.abs(now - at) < READ_YOUR_WRITES_MS;
  };

  const replicaReading = async (request: FastifyRequest, options: ReadOptions) => {
    if (wroteRecently(request)) return null;
    const reading = await lag.current();
    if (!reading) return null;
    if (
      options.fillsCache &&
      reading.at - reading.seconds * 1000 < lastNoticeAt + NOTICE_MARGIN_MS
    ) {
      return null;
    }
    return reading;
  };

  const readDb: ReadDb = async (request, work, options = {}) => {
    const reading = await replicaReading(request, options);
    if (reading) {
      try {
        const result = await work(replicaDb);
        servedLag.set(request, reading.seconds);
        return result;
      } catch (error) {
        if (!replicaCouldNotAnswer(error)) throw error;
        // A read that writes after all (a statement numbering its invoices) counts as a write.
        if (triedToWrite(error)) wroteIn.add(request);
      }
    }
    try {
      return await work(app.db);
    } catch (error) {
      // A cached computation started on the replica by another request, and shared.
      if (!(error instanceof WriteOnReplica)) throw error;
      return work(app.db);
    }
  };
  app.decorate('readDb', readDb);

  app.addHook('onSend', async (request, reply, payload) => {
    const seconds = servedLag.get(request);
    if (seconds !== undefined) void reply.header(REPLICA_LAG_HEADER, seconds.toFixed(1));
    // A refused request changed nothing; any other may have.
    const refused = reply.statusCode >= 400 && reply.statusCode < 500;
    const wrote =
      wroteIn.has(request) || (!['GET', 'HEAD', 'OPTIONS'].includes(request.method) && !refused);
    const userId = request.user?.id;
    if (wrote && userId !== undefined) {
      const now = Date.now();
      keepNewest(lastWriteOf, userId, now, WRITERS_KEPT);
      // The next request may reach another process: the time goes with the browser too.
      const secure = config.appOrigin
        ? config.appOrigin.startsWith('https:')
        : request.protocol === 'https';
      void reply.header(
        'set-cookie',
        app.serializeCookie(WROTE_COOKIE, app.signCookie(String(now)), {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: '/',
          maxAge: READ_YOUR_WRITES_MS / 1000,
        }),
      );
    }
    return payload;
  });
}
