// The islands' jobs (docs/performance.md#the-islands-data-set), in two server processes of their
// own on the one database, as two machines would run them: every restaurant's standing order
// placed by the real sweep, then the food hub's fresh sheet sent through the API and delivered by
// the real workers to a local SMTP receiver while the browse mix runs. Each checked in the
// database and at the receiver to have happened exactly once.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/database';
import { rows } from '../../src/server/db/raw-sql';
import { aimStandingOrders, HUB_FARMER_EMAIL } from './hawaii';
import { browseMix, describeBrowse, signIn } from './crowd';

export interface JobsServer {
  url: string;
  stop(): Promise<void>;
}

/** A row of the bench's table. */
export interface JobsRow {
  figure: string;
  value: string;
  goal: string;
  ratio: string;
}

export interface JobsPlan {
  databaseUrl: string;
  /** Starts one server process on the islands' database with these variables added. */
  startServer(env: Record<string, string>): Promise<JobsServer>;
  /** The browse mix: signed-in restaurants' cookies and the pages they ask in turn. */
  browse: { cookies: string[]; paths: string[] };
  /** Seconds a browse load is measured, after `warmUpSeconds` not counted. */
  seconds: number;
  warmUpSeconds: number;
  rows: JobsRow[];
}

/** Past the goal (10 min) with room to say how far: then the bench reports what was done. */
const PLACEMENT_LIMIT_MS = 20 * 60_000;
const SENDING_LIMIT_MS = 20 * 60_000;
/** The browse mix runs while the sheet goes out, at most this long. */
const BROWSE_WHILE_SENDING_MS = 60_000;

const root = join(import.meta.dirname, '..', '..');

/**
 * A mail server that takes every message as fast as it comes and keeps none: one line of JSON
 * per message (its Message-ID, envelope recipients and size) on stdout. A process of its own, so
 * that reading several MB a message does not slow the load generator; a sheet of thousands of
 * items would not fit in memory ten thousand times.
 */
const SMTP_RECEIVER = String.raw`
import { SMTPServer } from 'smtp-server';
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    let head = '';
    let bytes = 0;
    stream.on('data', (chunk) => {
      bytes += chunk.length;
      if (head.length < 16384 && !/\r?\n\r?\n/.test(head)) head += chunk.toString('latin1');
    });
    stream.on('end', () => {
      const headers = head.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
      const id = /^message-id:\s*(\S+)/im.exec(headers)?.[1] ?? '';
      const to = session.envelope.rcptTo.map((recipient) => recipient.address);
      process.stdout.write(JSON.stringify({ id, to, bytes }) + '\n');
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ port: server.server.address().port }) + '\n');
});
`;

interface Received {
  id: string;
  to: string[];
  bytes: number;
}

interface MailReceiver {
  url: string;
  received: Received[];
  stop(): Promise<void>;
}

async function startMailReceiver(): Promise<MailReceiver> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SMTP_RECEIVER], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const received: Received[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the SMTP receiver ended (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as Received | { port: number };
      if ('port' in message) resolve(message.port);
      else received.push(message);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Reads `read` every half second until `done` says so or `limitMs` has passed. */
async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  limitMs: number,
): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  let value = await read();
  while (!done(value) && performance.now() - started < limitMs) {
    await sleep(500);
    value = await read();
  }
  return { value, ms: performance.now() - started };
}

/** A count(*) as a number. */
async function countOf(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  return Number((await rows<{ n: string }>(database.db, query))[0]!.n);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Both jobs, each row added to `plan.rows`; a job that fails says so in its row and the bench
 * goes on. The standing orders are left paused again, so no later server places them.
 */
export async function measureJobsAtScale(plan: JobsPlan): Promise<void> {
  const database = await openDatabase({ url: plan.databaseUrl });
  const receiver = await startMailReceiver();
  const dirs: string[] = [];
  const servers: JobsServer[] = [];
  try {
    const startServers = async () => {
      const env = () => {
        const dir = mkdtempSync(join(tmpdir(), 'hh-bench-jobs-'));
        dirs.push(dir);
        // A statement of minutes is a fault here, and one that sorts gigabytes could fill the
        // disk that PostgreSQL shares with the rest of the machine: cut off instead.
        return { DATA_DIR: dir, SMTP_URL: receiver.url, PGOPTIONS: '-c statement_timeout=20s' };
      };
      // Each kept as it answers, so that one started beside another that failed is stopped too.
      await Promise.all([0, 1].map(async () => servers.push(await plan.startServer(env()))));
      return servers as [JobsServer, JobsServer];
    };
    const [server] = await measureStandingOrders(plan, database, startServers);
    await measureFreshSheet(plan, database, receiver, server);
  } catch (error) {
    plan.rows.push({
      figure: 'islands: jobs at scale',
      value: `failed: ${error instanceof Error ? error.message : String(error)}`,
      goal: '',
      ratio: '',
    });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.db.execute(sql`update standing_orders set paused = true where not paused`);
    await database.close();
    await receiver.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every standing order resumed at once, due for its farm's next open delivery day, then the two
 * processes started: the sweep each asks for at its start (and every minute) places them. The
 * time runs from the processes' start until the last day's run is in the database.
 */
async function measureStandingOrders(
  plan: JobsPlan,
  database: Database,
  startServers: () => Promise<[JobsServer, JobsServer]>,
): Promise<[JobsServer, JobsServer]> {
  const aimed = await rows<{ id: number; delivery_date: string }>(
    database.db,
    aimStandingOrders(false),
  );
  const [{ since }] = (await rows<{ since: string }>(
    database.db,
    sql`select now()::text as since`,
  )) as [{ since: string }];
  const runsSince = () =>
    countOf(
      database,
      sql`select count(*) as n from standing_order_runs where created_at >= ${since}::timestamptz`,
    );
  const started = performance.now();
  const servers = await startServers();
  const ready = performance.now() - started;
  const waited = await waitFor(runsSince, (runs) => runs >= aimed.length, PLACEMENT_LIMIT_MS);
  const placingMs = ready + waited.ms;

  const [outcome] = await rows<{
    placed: string;
    not_placed: string;
    orders: string;
    twice: string;
    first: number;
    last: number;
  }>(
    database.db,
    sql`select
      (select count(*) from standing_order_runs
        where created_at >= ${since}::timestamptz and outcome = 'placed') as placed,
      (select count(*) from standing_order_runs
        where created_at >= ${since}::timestamptz and outcome <> 'placed') as not_placed,
      (select count(*) from orders o join standing_order_runs r on r.order_id = o.id
        where r.created_at >= ${since}::timestamptz
          and o.standing_order_id = r.standing_order_id
          and o.delivery_date = r.delivery_date) as orders,
      (select count(*) from (select 1 from orders where standing_order_id is not null
        group by standing_order_id, delivery_date having count(*) > 1) twice) as twice,
      (select extract(epoch from min(created_at) - ${since}::timestamptz)::float8
        from standing_order_runs where created_at >= ${since}::timestamptz) as first,
      (select extract(epoch from max(created_at) - ${since}::timestamptz)::float8
        from standing_order_runs where created_at >= ${since}::timestamptz) as last`,
  );
  const reasons = await rows<{ reason: string; n: string }>(
    database.db,
    sql`select coalesce(reason, '') as reason, count(*) as n from standing_order_runs
      where created_at >= ${since}::timestamptz and outcome <> 'placed'
      group by reason order by count(*) desc limit 2`,
  );
  const days = [...new Set(aimed.map((row) => row.delivery_date))].sort().join(', ');
  const placed = Number(outcome!.placed);
  const notPlaced = Number(outcome!.not_placed);
  const rate = waited.value / Math.max(0.001, outcome!.last - outcome!.first);
  const once = Number(outcome!.twice) === 0 && Number(outcome!.orders) === placed;
  plan.rows.push({
    figure: `islands: standing orders of ${aimed.length} restaurants due for ${days || 'no day'}, two processes`,
    value:
      `${waited.value} of ${aimed.length} run ${waited.value < aimed.length ? `by the limit, ${seconds(placingMs)}` : `in ${seconds(placingMs)}`} from the processes' start` +
      ` (they answered at ${seconds(ready)}; ${rate.toFixed(0)}/s once begun): ${placed} placed` +
      (notPlaced
        ? `, ${notPlaced} not placed (${reasons.map((row) => `${row.n} ${row.reason}`).join('; ')})`
        : '') +
      `; ${outcome!.orders} orders, ${outcome!.twice} days placed twice: ${once ? 'each once' : 'NOT ONCE'}`,
    goal: '< 10 min, each once',
    ratio: '',
  });
  return servers;
}

/**
 * The food hub sends its sheet with Send now, during the browse mix, which was measured alone
 * just before on the same process. Queued: the API's answer; sent: every delivery done.
 */
async function measureFreshSheet(
  plan: JobsPlan,
  database: Database,
  receiver: MailReceiver,
  server: JobsServer,
): Promise<void> {
  // A sheet goes out once a Hawaii day: one an earlier measurement of a reused load sent today
  // (with its deliveries) is taken back.
  await database.db.execute(sql`delete from fresh_sheet_sends
    where sent_on = (now() at time zone 'Pacific/Honolulu')::date
      and farm_id = (select f.id from farms f join users u on u.id = f.user_id
        where u.email = ${HUB_FARMER_EMAIL})`);
  const farmer = await signIn(server.url, HUB_FARMER_EMAIL);
  await browseMix(server.url, plan.browse, plan.warmUpSeconds).done;
  const before = await browseMix(server.url, plan.browse, plan.seconds).done;

  const browsing = browseMix(server.url, plan.browse, BROWSE_WHILE_SENDING_MS / 1000);
  const started = performance.now();
  const response = await fetch(`${server.url}/api/fresh-sheet/send`, {
    method: 'POST',
    headers: { cookie: farmer, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ note: 'Sweet corn and lilikoʻi this week.' }),
  });
  const queuedMs = performance.now() - started;
  if (response.status !== 201) {
    browsing.stop();
    await browsing.done;
    throw new Error(`fresh sheet: ${response.status} ${await response.text()}`);
  }
  const sent = (await response.json()) as { id: number; itemCount: number; recipientCount: number };
  const pending = () =>
    countOf(
      database,
      sql`select count(*) as n from fresh_sheet_deliveries
        where send_id = ${sent.id} and status = 'pending'`,
    );
  const waited = await waitFor(pending, (left) => left === 0, SENDING_LIMIT_MS);
  const sendingMs = queuedMs + waited.ms;
  browsing.stop();
  const during = await browsing.done;

  const prefix = `<fresh-sheet-${sent.id}-`;
  const copies = receiver.received.filter((message) => message.id.startsWith(prefix));
  const perRestaurant = new Map<string, number>();
  for (const copy of copies) {
    const restaurant = copy.id.slice(prefix.length).split('@')[0]!;
    perRestaurant.set(restaurant, (perRestaurant.get(restaurant) ?? 0) + 1);
  }
  const twice = [...perRestaurant.values()].filter((count) => count > 1).length;
  const statuses = await rows<{ status: string; n: string }>(
    database.db,
    sql`select status, count(*) as n from fresh_sheet_deliveries where send_id = ${sent.id}
      group by status order by status`,
  );
  const delivered = Number(statuses.find((row) => row.status === 'sent')?.n ?? 0);
  const bytes = copies.reduce((sum, copy) => sum + copy.bytes, 0);
  const once = twice === 0 && perRestaurant.size === delivered && copies.length === delivered;
  const perSecond = copies.length / (sendingMs / 1000);
  const sheet = `islands: the largest farm's fresh sheet (${sent.itemCount} items) to ${sent.recipientCount} restaurants`;
  plan.rows.push(
    {
      figure: `${sheet}: queued`,
      value: `Send now answered 201 in ${queuedMs.toFixed(0)} ms`,
      goal: 'queued in seconds',
      ratio: '',
    },
    {
      figure: `${sheet}: sent`,
      value:
        `${copies.length} emails of ${(bytes / Math.max(1, copies.length) / 1024).toFixed(0)} KB` +
        ` in ${seconds(sendingMs)}, ${perSecond.toFixed(1)}/s` +
        (waited.value === 0
          ? ''
          : ` (${waited.value} still pending: all at this pace in ${(sent.recipientCount / perSecond / 60).toFixed(0)} min)`) +
        ", to a local SMTP receiver that takes them as fast as they come: the pace is the two processes' own",
      goal: "the mail server's pace",
      ratio: '',
    },
    {
      figure: `${sheet}: each once`,
      value:
        `${perRestaurant.size} restaurants got it, ${twice} more than once; deliveries ` +
        `${statuses.map((row) => `${row.n} ${row.status}`).join(', ')}: ${once ? 'each once' : 'NOT ONCE'}`,
      goal: 'each once',
      ratio: '',
    },
    {
      figure: `islands: the browse mix before the send (${plan.browse.cookies.length} restaurants)`,
      value: describeBrowse(before),
      goal: 'p99 < 100 ms',
      ratio: '',
    },
    {
      figure:
        'islands: the browse mix while it sends' +
        (sendingMs > BROWSE_WHILE_SENDING_MS
          ? ` (its first ${seconds(during.seconds * 1000)})`
          : ''),
      value:
        `${describeBrowse(during)}: ` +
        `${((100 * (before.requestsPerSecond - during.requestsPerSecond)) / before.requestsPerSecond).toFixed(1)} % slower, ` +
        `p99 ${before.p99} → ${during.p99} ms`,
      goal: '< 10 % slower',
      ratio: '',
    },
  );
}
