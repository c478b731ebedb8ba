// npm run bench [-- --quick | --lighthouse | --lighthouse-only [--screens=/a,/b] [--reports=DIR] | --scale=hawaii [--reuse] [--fraction=F]]: a bare Fastify H, the server on the embedded database and, when
// DATABASE_URL is given, on PostgreSQL (one process, then WEB_CONCURRENCY=2), all started here
// and measured side by side with autocannon; Lighthouse 12 through Debian's Chromium. Prints
// one table: each figure, its goal, and its ratio to H. See docs/performance.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/database';
import { rows as queryRows } from '../../src/server/db/raw-sql';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/seed';
import { catalogPagePath, type BrowseFilters } from '../../src/core/browse-address';
import { addDays, hawaiiToday } from '../../src/core/hawaii-time';
import { findZone } from '../../src/core/delivery-zones';
import { freePort } from '../local-services';
import { describeBrowse, inTurn, signIn } from './crowd';
import { cutoffRush, type RushLoad } from './cutoff-rush';
import { httpsProxyMissing, startHttpsProxy } from './https-proxy';
import { measureJobsAtScale } from './jobs-at-scale';
import {
  HUB_FARMER_EMAIL,
  ISLAND_ADMIN_EMAIL,
  ISLAND_RESTAURANT_EMAIL,
  islandRestaurantEmail,
  islandsSize,
  loadIslands,
} from './hawaii';
import {
  FARMER_EMAIL,
  FULL,
  loadBenchData,
  QUICK,
  RESTAURANT_EMAIL,
  RUN_SHEET_STOPS,
  SHIPPING_RECORDS,
  type Loaded,
} from './load';

const quick = process.argv.includes('--quick');
/** The value of `--name=value` on the command line, if given. */
const optionValue = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
// `--screens=/restaurant/orders,/farmer/orders`: Lighthouse on those screens alone (the driver's
// view is `drive`), to measure one change without waiting for every screen.
const onlyScreens = optionValue('screens')?.split(',') ?? null;
const screenChosen = (path: string) =>
  !onlyScreens ||
  onlyScreens.some((screen) => screen === path || (screen === 'drive' && path.endsWith('/drive')));
// `--reports=/tmp/lh`: each Lighthouse run's whole report kept there as JSON, to read its trace
// (what the largest paint waited on) rather than its figures alone.
const reportsDir = optionValue('reports');
/** Only browse with and without price lists, on the embedded database. */
const priceListsOnly = process.argv.includes('--price-lists');
// The price-list run keeps 200 restaurants on five lists even in a quick run; `--restaurants=N`
// sets how many restaurants the data has (the browse mix signs in up to 200 of them).
const restaurantsOption = optionValue('restaurants');
if (restaurantsOption !== undefined && !/^[1-9]\d*$/.test(restaurantsOption)) {
  throw new Error(`--restaurants takes a whole number of restaurants, not "${restaurantsOption}"`);
}
const size = {
  ...(quick ? QUICK : FULL),
  ...(priceListsOnly ? { restaurants: 200 } : {}),
  ...(restaurantsOption ? { restaurants: Number(restaurantsOption) } : {}),
};
// `--scale=hawaii [--reuse] [--fraction=0.05]`: the islands' data set on PostgreSQL alone
// (docs/performance.md#the-islands-data-set); `--reuse` measures a loaded one again, and
// `--fraction` loads a share of it for a trial.
const scale = optionValue('scale');
if (scale !== undefined && scale !== 'hawaii') {
  throw new Error(`--scale takes hawaii, not "${scale}"`);
}
const fraction = Number(optionValue('fraction') ?? '1');
if (!(fraction > 0 && fraction <= 1)) throw new Error('--fraction takes a number above 0, up to 1');
// `--only=screens,rush,jobs`: those parts of the islands' run alone, to profile one of them.
const ISLAND_PARTS = ['screens', 'rush', 'jobs'] as const;
type IslandPart = (typeof ISLAND_PARTS)[number];
const onlyOption = optionValue('only');
const islandParts = new Set<string>(onlyOption ? onlyOption.split(',') : ISLAND_PARTS);
for (const part of islandParts) {
  if (!(ISLAND_PARTS as readonly string[]).includes(part)) {
    throw new Error(`--only takes ${ISLAND_PARTS.join(', ')}, not "${part}"`);
  }
}
const runs = (part: IslandPart) => islandParts.has(part);
const DURATION = quick ? 3 : 10;
const WARM_UP_SECONDS = quick ? 1 : 2;
const CHROMIUM = '/usr/bin/chromium';
const root = join(import.meta.dirname, '..', '..');
/** Another checkout's build to measure instead (a before-and-after comparison). */
const serverRoot = process.env.BENCH_SERVER_ROOT ?? root;

interface Row {
  figure: string;
  value: string;
  goal: string;
  ratio: string;
}
const rows: Row[] = [];
const oversellChecks: Array<{
  label: string;
  productId: number;
  startStock: number;
  /** When the order load began: the seeded history (some of it within the hour) is older. */
  since: Date;
}> = [];

/** Stock at the start minus stock now against the quantity ordered since: equal, none below 0. */
async function checkOversell(database: Database): Promise<void> {
  for (const check of oversellChecks.splice(0)) {
    const result = (await database.db.execute(sql`
      select p.available_quantity::float8 as stock,
        (select coalesce(sum(i.quantity), 0) from order_items i join orders o on o.id = i.order_id
          where i.product_id = p.id and o.created_at >= ${check.since.toISOString()}::timestamptz
            and o.status <> 'cancelled')::float8 as ordered
      from products p where p.id = ${check.productId}`)) as unknown as {
      rows: Array<{ stock: number; ordered: number }>;
    };
    const { stock, ordered } = result.rows[0]!;
    const exact = check.startStock - stock === ordered && stock >= 0;
    rows.push({
      figure: `${check.label}: oversell check`,
      value: `${ordered} ordered, stock ${check.startStock} → ${stock}: ${exact ? 'exact, zero oversell' : 'MISMATCH'}`,
      goal: 'zero oversell',
      ratio: '',
    });
  }
}
let hRequestsPerSecond = 0;

async function waitForHttp(url: string, child: ChildProcess, output: string[]): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${url} exited early:\n${output.join('')}`);
    try {
      // Ours only once it says so: another process could hold the port and answer.
      if ((await fetch(url)).ok && /listening|is running|is serving/.test(output.join(''))) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer:\n${output.join('')}`);
}

/** The pids of a process and its children (the cluster's server processes). */
function processTree(pid: number): number[] {
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
  return [pid, ...children.flatMap(processTree)];
}

/** CPU time (ms) used so far by the process tree, from /proc. */
function cpuMs(pid: number): number {
  let ticks = 0;
  for (const each of processTree(pid)) {
    try {
      const fields = readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended meanwhile
    }
  }
  return (ticks * 1000) / 100;
}

/** Resident memory (MB) of the process tree now. */
function rssMb(pid: number): number {
  let kb = 0;
  for (const each of processTree(pid)) {
    try {
      const line = readFileSync(`/proc/${each}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
      kb += Number(line?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return kb / 1024;
}

interface Started {
  url: string;
  pid: number;
  peakRssMb: number;
  /** The peak since the current load began: which load the memory goes with. */
  loadPeakRssMb: number;
  stop(): Promise<void>;
}

async function start(
  command: string[],
  env: NodeJS.ProcessEnv,
  readyPath: string,
): Promise<Started> {
  const port = await freePort();
  const output: string[] = [];
  // `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`: the servers profiled (Node
  // refuses --cpu-prof in NODE_OPTIONS), not H nor the bench itself.
  const isServer = command[0] === 'dist/server/main.js';
  const nodeArgs = isServer ? (process.env.BENCH_SERVER_NODE_ARGS?.split(' ') ?? []) : [];
  const child = spawn(process.execPath, [...nodeArgs, ...command], {
    cwd: command[0]!.startsWith('scripts/') ? root : serverRoot,
    // A variable given as undefined is left out (DATABASE_URL for the embedded server).
    env: Object.fromEntries(
      Object.entries({
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
      }).filter(([, value]) => value !== undefined),
    ),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url + readyPath, child, output);
  const started: Started = {
    url,
    pid: child.pid!,
    peakRssMb: 0,
    loadPeakRssMb: 0,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  const sampler = setInterval(() => {
    const now = rssMb(started.pid);
    started.peakRssMb = Math.max(started.peakRssMb, now);
    started.loadPeakRssMb = Math.max(started.loadPeakRssMb, now);
  }, 500);
  child.once('exit', () => clearInterval(sampler));
  return started;
}

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
  cpuMsPerRequest: number;
  /** The server's peak resident memory during this load (MB). */
  peakRssMb?: number;
}

async function load(
  server: Started | { url: string; pid: number },
  path: string,
  options: {
    connections?: number;
    cookie?: string;
    /** Several restaurants' sessions, one request after the other in turn. */
    cookies?: string[];
    /** Addresses to ask in turn with `cookies` (a crowd asking different things). */
    paths?: string[];
    method?: 'GET' | 'POST';
    body?: string;
    duration?: number;
    /** A new Idempotency-Key on every request, never replayed, as the web client sends one. */
    freshIdempotencyKeys?: boolean;
  } = {},
): Promise<Load> {
  const request = {
    url: server.url + path,
    connections: options.connections ?? 50,
    method: options.method ?? 'GET',
    body: options.body,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body ? { 'content-type': 'application/json', origin: server.url } : {}),
      'accept-encoding': 'gzip, br',
    },
    ...(options.cookies
      ? { requests: [{ setupRequest: inTurn(options.cookies, options.paths) }] }
      : options.freshIdempotencyKeys
        ? { requests: [{ setupRequest: withFreshIdempotencyKey() }] }
        : {}),
  } as const;
  // Unmeasured: the steady state is what is measured, not the compiler's first seconds on a
  // path or the caches filling.
  await autocannon({ ...request, duration: WARM_UP_SECONDS });
  const cpuBefore = cpuMs(server.pid);
  if ('loadPeakRssMb' in server) server.loadPeakRssMb = rssMb(server.pid);
  const result = await autocannon({ ...request, duration: options.duration ?? DURATION });
  const ok = result['2xx'];
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuMsPerRequest: (cpuMs(server.pid) - cpuBefore) / Math.max(1, result.requests.total),
    peakRssMb: 'loadPeakRssMb' in server ? server.loadPeakRssMb : undefined,
  };
}

/** Each request with an Idempotency-Key of its own (unique across runs on one database too). */
function withFreshIdempotencyKey() {
  const run = `${process.pid}-${Date.now().toString(36)}`;
  let next = 0;
  return (request: autocannon.Request): autocannon.Request => {
    next += 1;
    return {
      ...request,
      headers: { ...request.headers, 'idempotency-key': `bench-${run}-${next}` },
    };
  };
}

const share = (value: number) =>
  hRequestsPerSecond ? `${((100 * value) / hRequestsPerSecond).toFixed(1)} %` : '';

function record(figure: string, measured: Load, goal: string, unit = 'req/s'): void {
  rows.push({
    figure,
    value:
      `${measured.requestsPerSecond.toFixed(0)} ${unit}, p50 ${measured.p50} / p99 ${measured.p99} ms` +
      `, ${measured.cpuMsPerRequest.toFixed(2)} ms CPU/req` +
      (measured.peakRssMb ? `, ≤ ${measured.peakRssMb.toFixed(0)} MB` : '') +
      (measured.errors ? `, ${measured.errors} not 2xx` : ''),
    goal,
    ratio: share(measured.requestsPerSecond),
  });
}

/** One request's time (ms), the median of a few. */
async function timeOnce(url: string, cookie: string, runs = 15): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** The farm's longest run of the day (the API forms the day's runs), its sheet timed. */
async function runSheetTime(url: string, farmer: string, date: string): Promise<number> {
  const response = await fetch(`${url}/api/delivery-runs?date=${date}`, {
    headers: { cookie: farmer },
  });
  if (!response.ok) throw new Error(`runs of ${date}: ${response.status}`);
  const runs = (await response.json()) as Array<{ id: number; stops: unknown[] }>;
  const longest = runs.sort((a, b) => b.stops.length - a.stops.length)[0];
  if (!longest || longest.stops.length < RUN_SHEET_STOPS) {
    throw new Error(`no run of ${RUN_SHEET_STOPS} stops on ${date}`);
  }
  return timeOnce(`${url}/api/delivery-runs/${longest.id}/sheet`, farmer, 5);
}

/** Every figure for one server (one database, one process count). */
async function measure(
  label: string,
  server: Started,
  loaded: Loaded,
  goals: { session: string; orders: string },
  only?: 'scaling',
): Promise<void> {
  const restaurant = await signIn(server.url, RESTAURANT_EMAIL);
  const farmer = await signIn(server.url, FARMER_EMAIL);
  record(
    `${label}: GET /api/auth/user (session lookup)`,
    await load(server, '/api/auth/user', { cookie: restaurant }),
    goals.session,
  );
  record(
    `${label}: browse first page (24 of ${size.products})`,
    await load(server, '/api/products?page=1&pageSize=24&sort=name', { cookie: restaurant }),
    '≥ 15 % of H, p99 < 100 ms',
  );
  await measureBrowseMix(label, server, loaded);
  if (only !== 'scaling') {
    record(
      `${label}: a search`,
      await load(server, '/api/products?q=item%201&page=1&pageSize=24', { cookie: restaurant }),
      '',
    );
    record(
      `${label}: GET /api/farms`,
      await load(server, '/api/farms', { cookie: restaurant }),
      '',
    );
  }
  await measureOrders(label, server, loaded, restaurant, goals.orders);
  if (only === 'scaling') return;
  await measureDocumentsAndReports(label, server, loaded, restaurant, farmer);
}

/**
 * The addresses of a lunchtime crowd browsing: first pages and the next ones, searches,
 * categories, farms, other sorts and filters, "delivers to my zone" on and off; built as the
 * browse screen builds them (core/browse-address).
 */
function browseMixPaths(farmIds: readonly number[]): string[] {
  const base: BrowseFilters = {
    q: '',
    category: 'all',
    farmId: 'all',
    availability: 'all',
    sort: 'name',
    deliversToMyZone: true,
  };
  const page = (changes: Partial<BrowseFilters>, number = 1) =>
    catalogPagePath({ ...base, ...changes }, number);
  return [
    page({}),
    page({}),
    page({}, 2),
    page({}, 3),
    page({ deliversToMyZone: false }),
    page({ deliversToMyZone: false }, 2),
    ...['kale', 'taro', 'mango', 'basil', 'ulu', 'lettuce', 'item 12', 'papaya'].map((q) =>
      page({ q }),
    ),
    ...['vegetables', 'fruits', 'herbs', 'grains', 'other'].flatMap((category) => [
      page({ category }),
      page({ category }, 2),
    ]),
    ...farmIds.slice(0, 5).map((farmId) => page({ farmId: String(farmId) })),
    page({ sort: 'price' }),
    page({ sort: 'farm' }),
    page({ availability: 'available' }),
  ];
}

/**
 * Browse under a crowd: up to 200 restaurants (in four zones) on five price lists of the
 * measured farm, each asking the mix above in turn at 50 connections.
 */
async function measureBrowseMix(label: string, server: Started, loaded: Loaded): Promise<void> {
  const count = Math.min(200, size.restaurants);
  const cookies = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      signIn(server.url, `bench-restaurant-${index + 1}@example.com`),
    ),
  );
  const made = await makePriceLists(server.url);
  try {
    const paths = browseMixPaths(loaded.farmIds);
    record(
      `${label}: browse, a lunchtime mix (${count} restaurants in 4 zones, 5 price lists, ${paths.length} kinds of page)`,
      await load(server, '', { cookies, paths }),
      'p99 < 100 ms',
    );
  } finally {
    await deletePriceLists(server.url, made.listIds);
  }
}

/**
 * Placing orders: 20 connections buying one product, each request with a fresh Idempotency-Key
 * as the web client sends, and no unit oversold afterwards.
 */
async function measureOrders(
  label: string,
  server: Started,
  loaded: Loaded,
  restaurant: string,
  goal: string,
): Promise<void> {
  const { orderProduct, farmId } = loaded;
  const body = JSON.stringify({
    farmId,
    totalAmount: orderProduct.price,
    items: [
      {
        productId: orderProduct.id,
        quantity: 1,
        unitPrice: orderProduct.price,
        totalPrice: orderProduct.price,
      },
    ],
  });
  const ordersSince = new Date();
  const orders = await load(server, '/api/orders', {
    cookie: restaurant,
    method: 'POST',
    body,
    connections: 20,
    freshIdempotencyKeys: true,
  });
  record(
    `${label}: POST /api/orders (20 connections, a fresh Idempotency-Key each)`,
    orders,
    goal,
    'orders/s',
  );
  // Checked in the database once the server has stopped (requests still in flight when the
  // load ends complete on the server): the stock fell by exactly what the orders took. The
  // first load on a database is the start: its check counts every order placed since.
  if (!oversellChecks.some((check) => check.productId === orderProduct.id)) {
    oversellChecks.push({
      label,
      productId: orderProduct.id,
      startStock: orderProduct.stock,
      since: ordersSince,
    });
  }
}

/** The reports, the documents and the records export, each for the measured farm. */
async function measureDocumentsAndReports(
  label: string,
  server: Started,
  loaded: Loaded,
  restaurant: string,
  farmer: string,
): Promise<void> {
  record(
    `${label}: GET /api/reports/farm (${size.orders} orders)`,
    await load(server, '/api/reports/farm', { cookie: farmer, connections: 10 }),
    'p99 < 300 ms',
  );
  record(
    `${label}: GET /api/reports/restaurant`,
    await load(server, '/api/reports/restaurant', { cookie: restaurant, connections: 10 }),
    'p99 < 300 ms',
  );
  const invoice = await timeOnce(
    `${server.url}/api/orders/${loaded.invoiceOrderId}/invoice`,
    farmer,
  )
    .then((ms) => `${ms.toFixed(0)} ms`)
    .catch((error: unknown) => `failed: ${String(error)}`);
  rows.push({
    figure: `${label}: an invoice PDF (median of 15)`,
    value: invoice,
    goal: '< 150 ms',
    ratio: '',
  });
  const runSheet = await runSheetTime(server.url, farmer, loaded.runSheetDate)
    .then((ms) => `${ms.toFixed(0)} ms`)
    .catch((error: unknown) => `failed: ${String(error)}`);
  rows.push({
    figure: `${label}: a run sheet PDF of ${RUN_SHEET_STOPS} stops (median of 5)`,
    value: runSheet,
    goal: '< 1 s',
    ratio: '',
  });
  for (const format of ['xlsx', 'csv'] as const) {
    const records = await timeOnce(
      `${server.url}/api/traceability/records?format=${format}`,
      farmer,
      3,
    )
      .then((ms) => `${ms.toFixed(0)} ms`)
      .catch((error: unknown) => `failed: ${String(error)}`);
    rows.push({
      figure: `${label}: FSMA 204 records, ${SHIPPING_RECORDS} shipped lines as ${format.toUpperCase()} (median of 3)`,
      value: records,
      goal: '< 2 s',
      ratio: '',
    });
  }
  rows.push({
    figure: `${label}: server memory, peak under this load`,
    value: `${server.peakRssMb.toFixed(0)} MB`,
    goal: '< 300 MB',
    ratio: '',
  });
}

/** A request of the bench farmer's, through the API as the Price lists screen makes it. */
async function asFarmer<T>(
  url: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(url + path, {
    method,
    headers: { cookie, origin: url, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Five price lists of the measured farm (docs/price-lists.md) over every restaurant that can
 * be on one: percentages off and prices per product, each with quantity breaks on 20 products,
 * the restaurants dealt round the five.
 */
async function makePriceLists(url: string): Promise<{ restaurants: number; listIds: number[] }> {
  const farmer = await signIn(url, FARMER_EMAIL);
  const products = await asFarmer<{ id: number; price: string; unit: string }[]>(
    url,
    farmer,
    'GET',
    '/api/products/farm?limit=500',
  );
  const customers = await asFarmer<{ id: number }[]>(
    url,
    farmer,
    'GET',
    '/api/price-lists/restaurants?limit=500',
  );
  const counted = products.filter((product) => product.unit !== 'lb');
  const listIds: number[] = [];
  for (let list = 0; list < 5; list += 1) {
    const percent = list % 2 === 0;
    const created = await asFarmer<{ id: number }>(url, farmer, 'POST', '/api/price-lists', {
      name: `Bench list ${list + 1}`,
      kind: percent ? 'percent' : 'prices',
      percentOff: percent ? String(5 + list * 2.5) : undefined,
      prices: percent
        ? []
        : products.slice(0, 100).map((product) => ({
            productId: product.id,
            price: (Number(product.price) * 0.9).toFixed(2),
          })),
      breaks: counted.slice(list * 20, list * 20 + 20).map((product) => ({
        productId: product.id,
        minQuantity: 10,
        price: (Number(product.price) * 0.8).toFixed(2),
      })),
    });
    await asFarmer(url, farmer, 'PUT', `/api/price-lists/${created.id}/restaurants`, {
      restaurantIds: customers.filter((_, index) => index % 5 === list).map(({ id }) => id),
    });
    listIds.push(created.id);
  }
  return { restaurants: customers.length, listIds };
}

async function deletePriceLists(url: string, listIds: number[]): Promise<void> {
  const farmer = await signIn(url, FARMER_EMAIL);
  for (const id of listIds) await asFarmer(url, farmer, 'DELETE', `/api/price-lists/${id}`);
}

/**
 * Every restaurant has a delivered order of the measured farm, so each can be put on its lists
 * (docs/price-lists.md#who-is-on-a-list).
 */
async function everyRestaurantOrdered(database: Database, farmId: number): Promise<void> {
  await database.db.execute(sql`
    insert into orders (farm_id, restaurant_id, status, subtotal, delivery_fee, total_amount, created_at)
    select ${farmId}, r.id, 'delivered', 0, 0, 0, now() - interval '30 days' from restaurants r
    where not exists (select 1 from orders o where o.farm_id = ${farmId} and o.restaurant_id = r.id)`);
}

/**
 * `--price-lists`: browse's first page for restaurants in turn, without price lists and then
 * with five lists over every restaurant (docs/performance.md#price-lists). Embedded only.
 */
async function measurePriceLists(label: string, server: Started): Promise<void> {
  const path = '/api/products?page=1&pageSize=24&sort=name';
  const signedIn = Math.min(20, size.restaurants);
  const cookies = await Promise.all(
    Array.from({ length: signedIn }, (_, index) =>
      signIn(server.url, `bench-restaurant-${index + 1}@example.com`),
    ),
  );
  // A first load unmeasured (the page's first compile and the kept pages filling), then two
  // alternating pairs, so that neither side has the machine's quieter moments alone.
  await load(server, path, { cookies });
  const without: Load[] = [];
  const withLists: Load[] = [];
  let assigned = 0;
  for (let pair = 0; pair < 2; pair += 1) {
    without.push(await load(server, path, { cookies }));
    const made = await makePriceLists(server.url);
    assigned = made.restaurants;
    withLists.push(await load(server, path, { cookies }));
    await deletePriceLists(server.url, made.listIds);
  }
  without.forEach((run, index) =>
    record(
      `${label}: browse first page, ${signedIn} restaurants in turn, no price lists (${index + 1})`,
      run,
      '',
    ),
  );
  withLists.forEach((run, index) =>
    record(
      `${label}: the same, 5 price lists over ${assigned} restaurants (${index + 1})`,
      run,
      '≥ 90 % of the run without lists',
    ),
  );
  const mean = (runs: Load[]) =>
    runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length;
  rows.push({
    figure: `${label}: with price lists / without (means)`,
    value: `${((100 * mean(withLists)) / mean(without)).toFixed(1)} %`,
    goal: '≥ 90 %',
    ratio: '',
  });
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  lcpSeconds: number;
  tbtMs: number;
  /**
   * Lighthouse's measure of how fast this machine ran a fixed piece of work while loading the
   * page: the simulated phone is this machine slowed 4 times, so scores taken on machines of
   * different indexes do not compare.
   */
  benchmarkIndex: number;
}

/**
 * Lighthouse's own failures to record a page load: it asks to be run again, and a second run
 * of the same page records it (seen on the first page a fresh Chromium loads).
 */
const TRACE_NOT_RECORDED = /NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/;

/** One Lighthouse 12 mobile run (its default simulated throttling), or why it did not run. */
function lighthouseOnce(
  url: string,
  cookie: string | null,
  reportName: string,
): LighthouseRun | string {
  let result = lighthouseAttempt(url, cookie, reportName);
  for (
    let retry = 0;
    retry < 2 && typeof result === 'string' && TRACE_NOT_RECORDED.test(result);
    retry += 1
  ) {
    result = lighthouseAttempt(url, cookie, reportName);
  }
  return result;
}

function lighthouseAttempt(
  url: string,
  cookie: string | null,
  reportName: string,
): LighthouseRun | string {
  const args = [
    join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    '--only-categories=performance,accessibility',
    `--chrome-path=${CHROMIUM}`,
    // The proxy's certificate is made for the run, so no authority vouches for it.
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --ignore-certificate-errors',
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) return `did not run: ${run.stderr.trim().split('\n').pop()}`;
  if (reportsDir) {
    mkdirSync(reportsDir, { recursive: true });
    writeFileSync(join(reportsDir, `${reportName}.json`), run.stdout);
  }
  const report = JSON.parse(run.stdout) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue: number }>;
    environment: { benchmarkIndex: number };
  };
  return {
    performance: Math.round(report.categories.performance!.score * 100),
    accessibility: Math.round(report.categories.accessibility!.score * 100),
    lcpSeconds: report.audits['largest-contentful-paint']!.numericValue / 1000,
    tbtMs: report.audits['total-blocking-time']!.numericValue,
    benchmarkIndex: report.environment.benchmarkIndex,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A screen's figures: each the median of three runs, with the three scores beside them. */
function lighthouse(url: string, cookie: string | null, label: string): void {
  const runs: LighthouseRun[] = [];
  // "/restaurant/orders" is kept as restaurant-orders-1.json, "/" as landing-1.json.
  const reportName = label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'landing';
  for (let run = 0; run < 3; run += 1) {
    const result = lighthouseOnce(url, cookie, `${reportName}-${run + 1}`);
    if (typeof result === 'string') {
      rows.push({ figure: `Lighthouse: ${label}`, value: result, goal: '', ratio: '' });
      return;
    }
    runs.push(result);
  }
  const of = (key: keyof LighthouseRun) => median(runs.map((run) => run[key]));
  rows.push({
    figure: `Lighthouse 12 mobile: ${label}`,
    value:
      `performance ${of('performance')} (${runs.map((run) => run.performance).join('/')}), ` +
      `accessibility ${of('accessibility')}, LCP ${of('lcpSeconds').toFixed(2)} s, ` +
      `TBT ${of('tbtMs').toFixed(0)} ms, benchmark index ${of('benchmarkIndex').toFixed(0)}`,
    goal: '≥ 95, ≥ 98, ≤ 2.0 s',
    ratio: '',
  });
}

/** The driver's view of the demo farm's first run this week (the API forms a day's runs). */
async function firstRunToDrive(url: string, farmer: string): Promise<string | null> {
  for (let day = 0; day < 7; day += 1) {
    const date = addDays(hawaiiToday(), day);
    const response = await fetch(`${url}/api/delivery-runs?date=${date}`, {
      headers: { cookie: farmer },
    });
    if (!response.ok) continue;
    const runs = (await response.json()) as Array<{ id: number; stops: unknown[] }>;
    const run = runs.find((candidate) => candidate.stops.length > 0);
    if (run) return `/farmer/runs/${run.id}/drive`;
  }
  return null;
}

/**
 * Lighthouse on every main screen, on the quick start's own data (the demo accounts, signed
 * in through a real session cookie), served by the built server on a fresh embedded database
 * behind nginx with TLS and HTTP/2, as docs/operations.md deploys it; browse once more straight
 * from the server over HTTP/1.1, to show what the proxy's HTTP/2 is worth.
 */
async function lighthouseScreens(serverEnv: NodeJS.ProcessEnv, dirs: string[]): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    rows.push({ figure: 'Lighthouse', value: `not run: no ${CHROMIUM}`, goal: '', ratio: '' });
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'hh-bench-demo-'));
  dirs.push(dataDir);
  const server = await start(
    ['dist/server/main.js'],
    { ...serverEnv, DATA_DIR: dataDir, DATABASE_URL: undefined, DEMO_DATA: '1' },
    '/healthz',
  );
  try {
    const demo = (label: string) => DEMO_ACCOUNTS.find((account) => account.label === label)!;
    const restaurant = await signIn(server.url, demo('Restaurant').email, DEMO_PASSWORD);
    const farmer = await signIn(server.url, demo('Farmer').email, DEMO_PASSWORD);
    const screens: Array<[string, string | null]> = [
      ['/', null],
      ['/login', null],
      ['/restaurant/dashboard', restaurant],
      ['/restaurant/browse', restaurant],
      ['/restaurant/orders', restaurant],
      ['/farmer/dashboard', farmer],
      ['/farmer/orders', farmer],
      ['/farmer/inventory', farmer],
    ];
    const drive = await firstRunToDrive(server.url, farmer);
    if (drive) screens.push([drive, farmer]);
    else
      rows.push({
        figure: 'Lighthouse: the driver view',
        value: 'no run in the demo data this week',
        goal: '',
        ratio: '',
      });
    const chosen = screens.filter(([path]) => screenChosen(path));
    const missing = httpsProxyMissing();
    const proxy = missing ? null : await startHttpsProxy(server.url, join(dataDir, 'proxy'));
    try {
      if (missing) {
        rows.push({
          figure: 'Lighthouse behind nginx (TLS, HTTP/2)',
          value: `not run: ${missing}; the figures below are straight from the server (HTTP/1.1)`,
          goal: '',
          ratio: '',
        });
      }
      const base = proxy?.url ?? server.url;
      for (const [path, cookie] of chosen) lighthouse(`${base}${path}`, cookie, path);
      if (proxy && screenChosen('/restaurant/browse')) {
        const [path, cookie] = screens.find(([screen]) => screen === '/restaurant/browse')!;
        lighthouse(`${server.url}${path}`, cookie, `${path}, straight from the server (HTTP/1.1)`);
      }
    } finally {
      await proxy?.stop();
    }
  } finally {
    await server.stop();
  }
}

function printTable(): void {
  const widths = (['figure', 'value', 'goal', 'ratio'] as const).map((key) =>
    Math.max(key.length, ...rows.map((row) => row[key].length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  console.log(`\n${line(['figure', 'value', 'goal', 'ratio to H'])}`);
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line([row.figure, row.value, row.goal, row.ratio]));
}

/** Milliseconds until the first bytes of an answer arrive (an export that streams). */
async function firstBytesMs(url: string, cookie: string): Promise<string> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok || !response.body) return `failed: ${response.status}`;
  const reader = response.body.getReader();
  await reader.read();
  const ms = performance.now() - started;
  let bytes = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.length;
  }
  return `${ms.toFixed(0)} ms to the first bytes, ${((performance.now() - started) / 1000).toFixed(1)} s and ${(bytes / 1e6).toFixed(1)} MB in all`;
}

/**
 * The islands' data set (docs/performance.md#the-islands-data-set): loaded once by set-based
 * SQL (or reused), then every screen of the largest farm, a restaurant and the administrator at
 * 50 connections, and the browse mix of up to 500 restaurants, beside H.
 */
async function measureIslands(serverEnv: NodeJS.ProcessEnv, dirs: string[]): Promise<void> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    rows.push({ figure: 'islands', value: 'not run: set DATABASE_URL', goal: '', ratio: '' });
    return;
  }
  const name =
    fraction === 1 ? 'harvest_hui_islands' : `harvest_hui_islands_${Math.round(fraction * 1000)}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  const migrationsFolder = join(serverRoot, 'drizzle');
  const size = islandsSize(fraction);
  if (!process.argv.includes('--reuse') || found.rowCount === 0) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ url: url.toString(), migrationsFolder });
    await database.migrate();
    console.log(`Loading the islands into ${name}:`);
    const loaded = await loadIslands(database, size, console.log);
    await database.close();
    rows.push({
      figure: `islands: loaded ${loaded.farms} farms, ${loaded.restaurants} restaurants, ${loaded.products} products, ${loaded.orders} orders of ${loaded.orderItems} lines`,
      value: `${(loaded.seconds / 60).toFixed(1)} min, ${(loaded.databaseBytes / 1e9).toFixed(1)} GB`,
      goal: '< 15 min, < 15 GB',
      ratio: '',
    });
  }
  await admin.end();
  const database = await openDatabase({ url: url.toString(), migrationsFolder });
  const read = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
  const [biggest] = await read<{ day: string; orders: number }>(sql`
    select o.delivery_date::text as day, count(*)::int as orders
    from orders o join farms f on f.id = o.farm_id join users u on u.id = f.user_id
    where u.email = ${HUB_FARMER_EMAIL}
    group by o.delivery_date order by count(*) desc limit 1`);
  const farmIds = (await read<{ id: number }>(sql`select id from farms order by id limit 20`)).map(
    (row) => row.id,
  );
  await database.close();

  const dir = mkdtempSync(join(tmpdir(), 'hh-bench-islands-'));
  dirs.push(dir);
  const server = await start(
    ['dist/server/main.js'],
    { ...serverEnv, DATA_DIR: dir, DATABASE_URL: url.toString() },
    '/healthz',
  );
  try {
    const farmer = await signIn(server.url, HUB_FARMER_EMAIL);
    const restaurant = await signIn(server.url, ISLAND_RESTAURANT_EMAIL);
    const administrator = await signIn(server.url, ISLAND_ADMIN_EMAIL);
    const crowd: string[] = [];
    const crowdSize = Math.min(500, size.restaurants);
    for (let first = 1; first <= crowdSize; first += 10) {
      const batch = Array.from({ length: Math.min(10, crowdSize - first + 1) }, (_, index) =>
        signIn(server.url, islandRestaurantEmail(first + index)),
      );
      crowd.push(...(await Promise.all(batch)));
    }
    const paths = browseMixPaths(farmIds);
    if (runs('screens')) await measureIslandScreens();
    if (runs('rush')) await measureCutoffRush(server, url.toString(), crowd, paths);
    rows.push({
      figure: 'islands: server memory, peak',
      value: `${server.peakRssMb.toFixed(0)} MB`,
      goal: '',
      ratio: '',
    });
    // The jobs run in two processes of their own: this one stops first.
    await server.stop();
    if (runs('jobs')) {
      await measureJobsAtScale({
        databaseUrl: url.toString(),
        startServer: (env) =>
          start(
            ['dist/server/main.js'],
            { ...serverEnv, DATABASE_URL: url.toString(), ...env },
            '/healthz',
          ),
        browse: { cookies: crowd, paths },
        seconds: DURATION,
        warmUpSeconds: WARM_UP_SECONDS,
        rows,
      });
    }

    async function measureIslandScreens(): Promise<void> {
      record(
        `islands: browse mix, ${crowd.length} restaurants`,
        await load(server, paths[0]!, { cookies: crowd, paths }),
        'p99 < 100 ms',
      );
      const day = biggest?.day ?? '';
      const month = day.slice(0, 7);
      const screens: [string, string, string][] = [
        ['the largest farm: its orders', '/api/orders/farm', farmer],
        [
          `its biggest day (${biggest?.orders ?? 0} orders)`,
          `/api/orders/farm?deliveryDate=${day}`,
          farmer,
        ],
        ['its runs of that day, whole', `/api/delivery-runs?date=${day}`, farmer],
        [
          'its runs of that day, a page of 500 stops (the runs page)',
          `/api/delivery-runs?date=${day}&limit=500`,
          farmer,
        ],
        ['its receivables', '/api/receivables', farmer],
        ['its dashboard report', '/api/reports/farm', farmer],
        ['a restaurant: its orders', '/api/orders/restaurant', restaurant],
        ['a restaurant: its bills', '/api/bills', restaurant],
        ['a restaurant: its dashboard report', '/api/reports/restaurant', restaurant],
        ['admin: farms', '/api/admin/businesses?kind=farm', administrator],
        [
          'admin: restaurants named "kai"',
          '/api/admin/businesses?kind=restaurant&q=kai',
          administrator,
        ],
      ];
      for (const [label, path, cookie] of screens) {
        record(`islands: ${label}`, await load(server, path, { cookie }), 'p99 < 300 ms');
      }
      rows.push({
        figure: "islands: the largest farm's year of FSMA 204 records (CSV)",
        value: await firstBytesMs(`${server.url}/api/traceability/records?format=csv`, farmer),
        goal: 'starts < 2 s, streams',
        ratio: '',
      });
      rows.push({
        figure: `islands: the largest farm's accounting export of ${month}`,
        value: await firstBytesMs(
          `${server.url}/api/exports/accounting?from=${month}-01&to=${month}-28&format=quickbooks`,
          farmer,
        ),
        goal: 'starts < 2 s, streams',
        ratio: '',
      });
    }
  } finally {
    await server.stop();
  }
}

/** The rush's orders: about 2,000 (40 % of a Tuesday's), 500 of them on one hot product after. */
const RUSH_ORDERS = 2_000;
const HOT_ORDERS = 500;

function recordRush(figure: string, measured: RushLoad, goal: string, unit: string): void {
  rows.push({
    figure,
    value:
      `${measured.requestsPerSecond.toFixed(0)} ${unit}, p50 ${measured.p50} / p99 ${measured.p99} ms` +
      `, ${measured.ok} of ${measured.total} placed` +
      (measured.errors ? ` (${measured.errors} refused or failed)` : ''),
    goal,
    ratio: share(measured.requestsPerSecond),
  });
}

/**
 * The cutoff rush (scripts/bench/cutoff-rush.ts) on the largest farm: its hot products are the
 * five with the most stock, its tail the next 500; each restaurant orders for its zone's next
 * day still open. Oversell is judged in units (packs × size) over every product of the rush.
 */
async function measureCutoffRush(
  server: Started,
  databaseUrl: string,
  crowd: string[],
  browsePaths: string[],
): Promise<void> {
  const database = await openDatabase({
    url: databaseUrl,
    migrationsFolder: join(serverRoot, 'drizzle'),
  });
  const read = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
  try {
    const [farm] = await read<{ id: number; delivery_fee: string }>(sql`
      select f.id, f.delivery_fee::text as delivery_fee
      from farms f join users u on u.id = f.user_id where u.email = ${HUB_FARMER_EMAIL}`);
    if (!farm) throw new Error('The islands have no food hub');
    const products = await read<{ id: number; price: string; stock: number }>(sql`
      select id, price::text as price, available_quantity::float8 as stock from products
      where farm_id = ${farm.id} and is_active and deleted_at is null and available_quantity >= 1
        and weight_unit is null
      order by available_quantity desc, id limit 505`);
    const zones = await read<{ area: string; day: string }>(sql`
      select ds.delivery_area as area, min(ds.delivery_date)::text as day
      from delivery_schedules ds join farms f on f.id = ds.farm_id
      where ds.farm_id = ${farm.id} and ds.delivery_date >= current_date
        and (ds.delivery_date - f.order_cutoff_days_before)
          + f.order_cutoff_minutes * interval '1 minute' > (now() at time zone 'Pacific/Honolulu')
      group by ds.delivery_area`);
    const dayOfArea = new Map(zones.map((zone) => [zone.area, zone.day]));
    const crowdZones = await read<{ n: number; zone: string | null }>(sql`
      select split_part(split_part(u.email, '@', 1), '-', 3)::int as n, r.delivery_zone as zone
      from restaurants r join users u on u.id = r.user_id
      where u.email like 'island-restaurant-%'
        and split_part(split_part(u.email, '@', 1), '-', 3)::int <= ${crowd.length}`);
    const restaurants = crowdZones.flatMap((row) => {
      const day = dayOfArea.get(findZone(row.zone)?.name ?? '');
      const cookie = crowd[row.n - 1];
      return day && cookie ? [{ cookie, deliveryDate: day }] : [];
    });
    if (products.length < 10 || restaurants.length === 0) {
      rows.push({
        figure: 'islands: the cutoff rush',
        value: 'not run: no open day or stock',
        goal: '',
        ratio: '',
      });
      return;
    }
    // The rush's orders are those after the last order now: the loaded coming week's orders
    // carry creation times still ahead.
    const [last] = await read<{ id: number }>(
      sql`select coalesce(max(id), 0)::int as id from orders`,
    );
    const startStock = products.reduce((sum, product) => sum + product.stock, 0);
    const toRush = (product: { id: number; price: string }) => ({
      id: product.id,
      price: product.price,
    });
    const measured = await cutoffRush(
      {
        serverUrl: server.url,
        farmId: farm.id,
        deliveryFee: farm.delivery_fee,
        restaurants,
        hot: products.slice(0, 5).map(toRush),
        tail: products.slice(5).map(toRush),
        browse: { cookies: crowd, paths: browsePaths },
      },
      RUSH_ORDERS,
      HOT_ORDERS,
    );
    recordRush(
      `islands: the cutoff rush, ${RUSH_ORDERS} orders to the largest farm (5 hot products, a tail of ${products.length - 5})`,
      measured.orders,
      'p99 < 150 ms',
      'orders/s',
    );
    rows.push({
      figure: 'islands: the browse mix during the rush',
      value: describeBrowse(measured.browse),
      goal: 'p99 < 100 ms',
      ratio: share(measured.browse.requestsPerSecond),
    });
    recordRush(
      `islands: ${HOT_ORDERS} orders of one hot product alone`,
      measured.hot,
      '',
      'orders/s',
    );
    const ids = products.map((product) => product.id);
    const [after] = await read<{ stock: number; lowest: number; ordered: number }>(sql`
      select (select sum(available_quantity)::float8 from products where id in ${ids}) as stock,
        (select min(available_quantity)::float8 from products where id in ${ids}) as lowest,
        (select coalesce(sum(i.quantity * i.pack_size), 0)::float8
          from order_items i join orders o on o.id = i.order_id
          where i.product_id in ${ids} and o.id > ${last!.id}
            and o.status <> 'cancelled') as ordered`);
    const exact = after!.lowest >= 0 && startStock - after!.stock === after!.ordered;
    rows.push({
      figure: 'islands: the rush, oversell check (units: packs × size)',
      value: `${after!.ordered} ordered, stock ${startStock} → ${after!.stock}: ${exact ? 'exact, zero oversell' : 'MISMATCH'}`,
      goal: 'zero oversell',
      ratio: '',
    });
  } finally {
    await database.close();
  }
}

async function freshPostgres(baseUrl: string): Promise<string> {
  const name = 'harvest_hui_bench';
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main(): Promise<void> {
  console.log(
    `${quick ? 'Quick run' : 'Full run'}: ${size.products} products from ${size.farms} farms, ` +
      `${size.orders} orders, ${DURATION} s per load`,
  );
  if (
    !existsSync(join(serverRoot, 'dist/server/main.js')) ||
    !existsSync(join(serverRoot, 'dist/client/index.html'))
  ) {
    console.log('Building first (npm run build)');
    spawnSync('npm', ['run', 'build'], { cwd: serverRoot, stdio: 'inherit' });
  }
  const serverEnv = {
    NODE_ENV: 'production',
    DEMO_DATA: '0',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-session-secret-long-enough-for-cookies-0123456789',
    LOGIN_RATE_LIMIT: '10000',
    CLIENT_DIR: join(serverRoot, 'dist/client'),
  };
  // `-- --lighthouse-only`: the screens' figures alone, for a change to what the browser loads.
  if (process.argv.includes('--lighthouse-only')) {
    const dirs: string[] = [];
    try {
      await lighthouseScreens(serverEnv, dirs);
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
    printTable();
    return;
  }

  const hello = await start(['scripts/bench-hello.mjs'], {}, '/');
  const h = await load(hello, '/');
  hRequestsPerSecond = h.requestsPerSecond;
  record('H: bare Fastify {hello: world}', h, '100 %');
  if (scale === 'hawaii') {
    const dirs: string[] = [];
    try {
      await measureIslands(serverEnv, dirs);
    } finally {
      await hello.stop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
    printTable();
    return;
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'hh-bench-'));
  const dirs = [dataDir];
  try {
    // Embedded: loaded by this process, then served by the server alone.
    let started = performance.now();
    const migrationsFolder = join(serverRoot, 'drizzle');
    const embedded = await openDatabase({ dataDir: join(dataDir, 'db'), migrationsFolder });
    await embedded.migrate();
    const embeddedData = await loadBenchData(embedded, size);
    await everyRestaurantOrdered(embedded, embeddedData.farmId);
    await embedded.close();
    console.log(
      `Embedded database loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const embeddedServer = await start(
      ['dist/server/main.js'],
      { ...serverEnv, DATA_DIR: dataDir, DATABASE_URL: undefined },
      '/healthz',
    );
    try {
      if (priceListsOnly) {
        await measurePriceLists('embedded', embeddedServer);
        printTable();
        return;
      }
      await measure('embedded', embeddedServer, embeddedData, {
        session: '≥ 10 % of H',
        orders: '≥ 100/s',
      });
    } finally {
      await embeddedServer.stop();
    }
    if (!quick || process.argv.includes('--lighthouse')) await lighthouseScreens(serverEnv, dirs);
    const reopened = await openDatabase({ dataDir: join(dataDir, 'db'), migrationsFolder });
    await checkOversell(reopened);
    await reopened.close();

    const baseUrl = process.env.DATABASE_URL;
    if (baseUrl) {
      started = performance.now();
      const url = await freshPostgres(baseUrl);
      const postgres = await openDatabase({ url, migrationsFolder });
      await postgres.migrate();
      const postgresData = await loadBenchData(postgres, size);
      await everyRestaurantOrdered(postgres, postgresData.farmId);
      await postgres.close();
      console.log(`PostgreSQL loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      for (const processes of [1, 2]) {
        const dir = mkdtempSync(join(tmpdir(), 'hh-bench-pg-'));
        dirs.push(dir);
        const server = await start(
          ['dist/server/main.js'],
          { ...serverEnv, DATA_DIR: dir, DATABASE_URL: url, WEB_CONCURRENCY: String(processes) },
          '/healthz',
        );
        try {
          await measure(
            `PostgreSQL ×${processes}`,
            server,
            postgresData,
            { session: '≥ 25 % of H', orders: '≥ 400/s, p99 < 150 ms' },
            processes === 2 ? 'scaling' : undefined,
          );
        } finally {
          await server.stop();
        }
      }
      const checking = await openDatabase({ url, migrationsFolder });
      await checkOversell(checking);
      await checking.close();
    } else {
      rows.push({ figure: 'PostgreSQL', value: 'not run: set DATABASE_URL', goal: '', ratio: '' });
    }
  } finally {
    await hello.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  printTable();
}

await main();
