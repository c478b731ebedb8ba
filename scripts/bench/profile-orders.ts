// npx tsx scripts/bench/profile-orders.ts [--embedded] [--seconds=N] [--no-cpu-prof]: POST
// /api/orders under the benchmark's load (20 connections, one line of one product), on
// PostgreSQL (DATABASE_URL, a database `harvest_hui_profile` is made afresh) or the embedded
// database, with the server under `node --cpu-prof` (unless `--no-cpu-prof`: the rate as the
// bench sees it, without the profiler's own cost). Prints the throughput, the CPU time of each
// order (the server, PostgreSQL, this process's load generator, from /proc), what PostgreSQL's
// sessions were doing (sampled from pg_stat_activity), the server's memory, and the profile's
// heaviest functions.
// Uses the built server (npm run build). See docs/performance.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database';
import { BENCH_PASSWORD, loadBenchData, QUICK, RESTAURANT_EMAIL } from './load';

const embedded = process.argv.includes('--embedded');
const cpuProfile = !process.argv.includes('--no-cpu-prof');
const seconds = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.slice(10) ?? 10);
/** Clock ticks a second, as /proc counts CPU time (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

const root = join(import.meta.dirname, '..', '..');
const migrationsFolder = join(root, 'drizzle');
const work = mkdtempSync(join(tmpdir(), 'hh-profile-'));

async function freshDatabase(): Promise<string | undefined> {
  if (embedded) return undefined;
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('Set DATABASE_URL (or pass --embedded)');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query('drop database if exists harvest_hui_profile with (force)');
  await admin.query('create database harvest_hui_profile');
  await admin.end();
  const url = new URL(base);
  url.pathname = '/harvest_hui_profile';
  return url.toString();
}

const url = await freshDatabase();
const database = await openDatabase(
  url ? { url, migrationsFolder } : { dataDir: join(work, 'db'), migrationsFolder },
);
await database.migrate();
const loaded = await loadBenchData(database, QUICK);
await database.close();

const MEMORY_PROBE = `setInterval(() => {
  const m = process.memoryUsage();
  process.stderr.write('MEMORY ' + JSON.stringify(m) + '\\n');
}, 1000).unref();`;
const port = 21_000 + Math.floor(Math.random() * 5_000);
const profileDir = join(work, 'profile');
const output: string[] = [];
const server = spawn(
  process.execPath,
  [
    ...(cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    // The server's own view of its memory, each second: V8's heap, buffers (PGlite's WebAssembly
    // memory among them) and what is outside both (native code and libraries).
    `--import=data:text/javascript,${encodeURIComponent(MEMORY_PROBE)}`,
    'dist/server/main.js',
  ],
  {
    cwd: root,
    env: Object.fromEntries(
      Object.entries({
        ...process.env,
        NODE_ENV: 'production',
        DEMO_DATA: '0',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: 'bench-session-secret-long-enough-for-cookies-0123456789',
        LOGIN_RATE_LIMIT: '10000',
        CLIENT_DIR: join(root, 'dist/client'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: work,
        DATABASE_URL: url,
      }).filter(([, value]) => value !== undefined),
    ),
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
server.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
server.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
const base = `http://127.0.0.1:${port}`;
for (let attempt = 0; ; attempt += 1) {
  if (server.exitCode !== null || attempt > 400) throw new Error(output.join(''));
  const ok = await fetch(`${base}/healthz`).then(
    (response) => response.ok,
    () => false,
  );
  if (ok && /listening|is running|is serving/.test(output.join(''))) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}

const signIn = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: RESTAURANT_EMAIL, password: BENCH_PASSWORD }),
});
const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
const { orderProduct, farmId } = loaded;
const body = JSON.stringify({
  farmId,
  totalAmount: orderProduct.price,
  items: [{ productId: orderProduct.id, quantity: 1, unitPrice: orderProduct.price }],
});

// What PostgreSQL's sessions for this database wait on, every 100 ms during the load.
const waits = new Map<string, number>();
let sampler: NodeJS.Timeout | undefined;
let monitor: pg.Client | undefined;
if (url) {
  monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  let busy = false;
  sampler = setInterval(() => {
    if (busy) return;
    busy = true;
    void monitor!
      .query(
        `select coalesce(wait_event_type || ':' || wait_event, 'on CPU') || ' (' || state || ')' as what
         from pg_stat_activity where datname = 'harvest_hui_profile' and pid <> pg_backend_pid()
           and backend_type = 'client backend'`,
      )
      .then((result) => {
        for (const row of result.rows as Array<{ what: string }>) {
          waits.set(row.what, (waits.get(row.what) ?? 0) + 1);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, 100);
}
let peakRss = 0;
const rssSampler = setInterval(() => {
  try {
    const line = readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    peakRss = Math.max(peakRss, Number(line?.[1] ?? 0) / 1024);
  } catch {
    // ended
  }
}, 250);

const cpuBefore = cpuTimes();
// A fresh Idempotency-Key on every request, never replayed, as the web client sends one.
let keys = 0;
const run = `${process.pid}-${Date.now().toString(36)}`;
const result = await autocannon({
  url: `${base}/api/orders`,
  connections: 20,
  duration: seconds,
  method: 'POST',
  body,
  headers: { cookie, 'content-type': 'application/json', origin: base },
  requests: [
    {
      setupRequest: (request) => {
        keys += 1;
        return {
          ...request,
          headers: { ...request.headers, 'idempotency-key': `profile-${run}-${keys}` },
        };
      },
    },
  ],
});
const cpuAfter = cpuTimes();
clearInterval(sampler);
clearInterval(rssSampler);
await monitor?.end();

const exited = new Promise((resolve) => server.once('exit', resolve));
server.kill('SIGTERM');
await exited;

const samples = output
  .join('')
  .split('\n')
  .filter((line) => line.startsWith('MEMORY '))
  .map((line) => JSON.parse(line.slice(7)) as NodeJS.MemoryUsage);
const peak = samples.sort((a, b) => b.rss - a.rss)[0];
if (peak) {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `At its peak the server process held: RSS ${mb(peak.rss)}; V8 heap ${mb(peak.heapTotal)} ` +
      `(${mb(peak.heapUsed)} used); buffers and WebAssembly memory ${mb(peak.arrayBuffers)} ` +
      `(external ${mb(peak.external)}); the rest, native code and libraries, ` +
      `${mb(peak.rss - peak.heapTotal - peak.external)}`,
  );
}
console.log(
  `${embedded ? 'embedded' : 'PostgreSQL'}: ${result.requests.average.toFixed(0)} orders/s, ` +
    `p50 ${result.latency.p50} / p99 ${result.latency.p99} ms, ${result['2xx']} placed, ` +
    `${result.non2xx + result.errors + result.timeouts} not 2xx; peak RSS ${peakRss.toFixed(0)} MB`,
);
{
  const placed = Math.max(1, result['2xx']);
  const ms = (ticks: number) => ((ticks * 1000) / CLOCK_TICKS / placed).toFixed(2);
  const elapsed = cpuAfter.machineTotal - cpuBefore.machineTotal;
  console.log(
    `CPU per order: the server ${ms(cpuAfter.server - cpuBefore.server)} ms, PostgreSQL ` +
      `${ms(cpuAfter.postgres - cpuBefore.postgres)} ms, the load generator ` +
      `${((cpuAfter.self - cpuBefore.self) / placed).toFixed(2)} ms; the machine ` +
      `${((100 * (cpuAfter.machineBusy - cpuBefore.machineBusy)) / Math.max(1, elapsed)).toFixed(0)} % busy`,
  );
}
if (waits.size) {
  const total = [...waits.values()].reduce((sum, count) => sum + count, 0);
  console.log('\nPostgreSQL sessions (share of samples):');
  for (const [what, count] of [...waits].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`  ${((100 * count) / total).toFixed(0).padStart(3)} %  ${what}`);
  }
}

/**
 * CPU time so far, in clock ticks: of the server and its workers, of every PostgreSQL process,
 * and of the whole machine (busy and in all); this process's own in milliseconds.
 */
function cpuTimes() {
  const processes = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [
          {
            pid: Number(pid),
            comm,
            ppid: Number(fields[1]),
            ticks: Number(fields[11]) + Number(fields[12]),
          },
        ];
      } catch {
        return [];
      }
    });
  const serverPids = new Set([server.pid]);
  for (const proc of processes) if (serverPids.has(proc.ppid)) serverPids.add(proc.pid);
  const sum = (keep: (proc: (typeof processes)[number]) => boolean) =>
    processes.filter(keep).reduce((total, proc) => total + proc.ticks, 0);
  const machine = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const idle = (machine[3] ?? 0) + (machine[4] ?? 0);
  const machineTotal = machine.reduce((total, ticks) => total + ticks, 0);
  const usage = process.cpuUsage();
  return {
    server: sum((proc) => serverPids.has(proc.pid)),
    postgres: sum((proc) => proc.comm === 'postgres'),
    self: (usage.user + usage.system) / 1000,
    machineBusy: machineTotal - idle,
    machineTotal,
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = !cpuProfile
  ? undefined
  : readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (file) {
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    total += ms;
    const { functionName, url: where, lineNumber } = node.callFrame;
    const place = where.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/');
    const name = `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + ms);
    const pkg = where.includes('node_modules/')
      ? where.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
      : where.includes('/dist/server/')
        ? 'the server (dist/server)'
        : where.startsWith('node:')
          ? 'node internals'
          : functionName.startsWith('(')
            ? functionName
            : 'other';
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  });
  console.log(`\nCPU profile of the server, ${(total / 1000).toFixed(1)} s sampled, by package:`);
  for (const [pkg, ms] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(`  ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${pkg}`);
  }
  console.log('\nHeaviest functions (self time):');
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`  ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
}
rmSync(work, { recursive: true, force: true });
