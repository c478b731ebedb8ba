import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { type AppConfig, appOriginOf, ConfigError, loadConfig, startupWarnings } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './db/seed';
import { startCutoffReminderWorker } from './modules/cutoff-reminders';
import { startSubstitutionExpiryWorker } from './modules/substitutions';
import { startFreshSheetWorker } from './modules/fresh-sheet';
import { startGroupStatementWorker } from './modules/groups';
import { startNotificationWorker } from './modules/notifications';
import { startAutoCancelWorker } from './modules/orders';
import { startPaymentReminderWorker } from './modules/payments';
import { startResaleCertificateWorker } from './modules/resale-certificates';
import { startStandingOrderWorker } from './modules/standing-orders';
import { claimEmbeddedDatabase, openConfiguredDatabase } from './runtime';

/**
 * WEB_CONCURRENCY=N on PostgreSQL: this process migrates and seeds once, then runs N server
 * processes sharing the port (node:cluster), replacing any that dies, and stops them all on
 * SIGINT or SIGTERM. Live events, session caches and sign-in limits already work across
 * processes through PostgreSQL.
 */
async function runPrimary(processes: number): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  if (config.demoData) {
    const seeded = await seedDemoData(database.db, { onlyIfEmpty: true });
    if (seeded) console.log('Seeded Hawaii demo data.');
  }
  await database.close();
  let stopping = false;
  const fork = (index: number) => {
    // The first process also runs the notification worker: one is enough.
    cluster.fork({ HH_WORKER_INDEX: String(index) }).once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`Server process ${index} ended (${signal ?? code}); starting another`);
      fork(index);
    });
  };
  console.log(`Starting ${processes} server processes (WEB_CONCURRENCY=${processes})`);
  for (let index = 0; index < processes; index += 1) fork(index);
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/**
 * The embedded database's first start with demo data: the data is loaded by a process of its
 * own (the built `db:seed`), which ends before this one opens the database. Loading grows the
 * embedded database's WebAssembly memory, which never shrinks: a server that loaded the data
 * itself would hold that memory for as long as it runs. Run from the sources (no built seed
 * beside this file), the server loads it itself, as before.
 */
function seedFirstEmbeddedStart(config: AppConfig): void {
  if (config.databaseUrl || !config.demoData) return;
  if (existsSync(join(config.dataDir, 'db', 'PG_VERSION'))) return;
  const seed = fileURLToPath(new URL('./seed.js', import.meta.url));
  if (!existsSync(seed)) return;
  const loaded = spawnSync(process.execPath, [seed], { stdio: 'inherit', env: process.env });
  if (loaded.status !== 0) throw new Error('Loading the demo data failed: see above');
}

async function main(): Promise<void> {
  const config = loadConfig();
  const processes = config.webConcurrency ?? 1;
  if (cluster.isPrimary && processes > 1) {
    if (config.databaseUrl) return runPrimary(processes);
    console.log(
      `WEB_CONCURRENCY=${processes} ignored: the embedded database allows one process. ` +
        'Set DATABASE_URL to run several on PostgreSQL.',
    );
  }
  const worker = cluster.isWorker ? Number(process.env.HH_WORKER_INDEX ?? 0) : null;
  seedFirstEmbeddedStart(config);
  const claim = await claimEmbeddedDatabase(config);
  const database = await openConfiguredDatabase(config);
  // npm run db:backup asks this process for a consistent copy of the embedded database.
  const { dumpDataDir } = database;
  if (dumpDataDir) claim.serveBackups(() => dumpDataDir());
  if (config.demoData && worker === null) {
    const seeded = await seedDemoData(database.db, { onlyIfEmpty: true });
    if (seeded) console.log('Seeded Hawaii demo data.');
  }
  const app = await buildApp({ config, database });
  // Queue workers run in one process of a cluster: the queue makes each job happen once anyway,
  // and one is enough to keep up.
  const runsQueue = worker === null || worker === 0;
  const idle = { stop: async () => {} };
  const notificationWorker = runsQueue
    ? await startNotificationWorker({ database, config, log: app.log, liveEvents: app.liveEvents })
    : idle;
  const autoCancelWorker = runsQueue
    ? await startAutoCancelWorker({ database, log: app.log })
    : idle;
  const standingOrderWorker = runsQueue
    ? await startStandingOrderWorker({ database, log: app.log })
    : idle;
  const cutoffReminderWorker = runsQueue
    ? await startCutoffReminderWorker({ database, log: app.log })
    : idle;
  const substitutionWorker = runsQueue
    ? await startSubstitutionExpiryWorker({ database, log: app.log })
    : idle;
  const reminderWorker = runsQueue
    ? await startPaymentReminderWorker({ database, log: app.log })
    : idle;
  const certificateWorker = runsQueue
    ? await startResaleCertificateWorker({ database, log: app.log })
    : idle;
  const freshSheetWorker = runsQueue
    ? await startFreshSheetWorker({ database, config, log: app.log })
    : idle;
  const groupStatementWorker = runsQueue
    ? await startGroupStatementWorker({ database, log: app.log })
    : idle;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await notificationWorker.stop();
    await autoCancelWorker.stop();
    await standingOrderWorker.stop();
    await cutoffReminderWorker.stop();
    await substitutionWorker.stop();
    await reminderWorker.stop();
    await certificateWorker.stop();
    await freshSheetWorker.stop();
    await groupStatementWorker.stop();
    await database.close();
    await claim.release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (worker !== null) {
    console.log(`Server process ${worker} (pid ${process.pid}) is serving`);
    return;
  }
  // The same address as the links in email, so one opened here finds the session.
  console.log(`\nHarvest Hui is running at ${appOriginOf(config)}`);
  console.log(
    `Database: ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}`,
  );
  if (config.demoData) {
    console.log(`\nDemo accounts (password "${DEMO_PASSWORD}"):`);
    for (const account of DEMO_ACCOUNTS)
      console.log(`  ${account.label.padEnd(12)} ${account.email}`);
  }
  for (const warning of startupWarnings(config)) console.warn(`\nWarning: ${warning}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
