import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/database';

/** Opens the configured database and applies migrations. */
export async function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'db'),
  });
  await database.migrate();
  return database;
}

const pidFile = (config: AppConfig) => join(config.dataDir, 'server.pid');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of a server holding the embedded database, if one is running. */
export function runningEmbeddedServer(config: AppConfig): number | null {
  if (config.databaseUrl || !existsSync(pidFile(config))) return null;
  const pid = Number(readFileSync(pidFile(config), 'utf8'));
  return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : null;
}

/** The embedded database allows one process at a time: claim it, or say who holds it. */
export function claimEmbeddedDatabase(config: AppConfig): () => void {
  if (config.databaseUrl) return () => {};
  const holder = runningEmbeddedServer(config);
  if (holder) {
    throw new Error(
      `Another Harvest Hui process (pid ${holder}) is using the embedded database in ${config.dataDir}. ` +
        'Stop it first, or set DATABASE_URL to run several processes on PostgreSQL.',
    );
  }
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(pidFile(config), String(process.pid));
  return () => rmSync(pidFile(config), { force: true });
}
