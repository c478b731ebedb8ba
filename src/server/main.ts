import { buildApp } from './app';
import { ConfigError, loadConfig, startupWarnings } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './db/seed';
import { estimatePassword } from './modules/auth/password-strength';
import { startNotificationWorker } from './modules/notifications/worker';
import { startAutoCancelWorker } from './modules/orders/auto-cancel-worker';
import { claimEmbeddedDatabase, openConfiguredDatabase } from './runtime';

async function main(): Promise<void> {
  const config = loadConfig();
  const claim = await claimEmbeddedDatabase(config);
  const database = await openConfiguredDatabase(config);
  // npm run db:backup asks this process for a consistent copy of the embedded database.
  const { dumpDataDir } = database;
  if (dumpDataDir) claim.serveBackups(() => dumpDataDir());
  if (config.demoData) {
    const seeded = await seedDemoData(database.db, { onlyIfEmpty: true });
    if (seeded) console.log('Seeded Hawaii demo data.');
  }
  const app = await buildApp({ config, database });
  const notificationWorker = await startNotificationWorker({ database, config, log: app.log });
  const autoCancelWorker = await startAutoCancelWorker({ database, log: app.log });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await notificationWorker.stop();
    await autoCancelWorker.stop();
    await database.close();
    await claim.release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The password worker indexes its dictionaries now, not during someone's first sign-up.
  void estimatePassword('warm-up', []).catch((error: unknown) =>
    app.log.error({ err: error }, 'the password strength worker did not start'),
  );
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(
    `\nHarvest Hui is running at ${config.appOrigin ?? `http://${shownHost}:${config.port}`}`,
  );
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
