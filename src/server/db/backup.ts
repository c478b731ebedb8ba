import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_EXTENSIONS } from './database';
import type { AppConfig } from '../config';
import { writeOutboxFile } from '../lib/outbox';
import {
  askEmbeddedHolder,
  claimEmbeddedDatabase,
  openConfiguredDatabase,
  parseHolderAnswer,
} from '../runtime';

export const POSTGRES_BACKUP_HINT =
  'On PostgreSQL, back up with pg_dump and restore with pg_restore (docs/operations.md, "Backups").';

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/:/g, '')
    .replace('T', '-');
}

/**
 * A consistent copy of the embedded database as a tar archive (PGlite's dump of its data
 * folder). While the server runs, the server makes it (only one process may open the data),
 * between two queries; otherwise this process opens the database and makes it.
 */
export async function backupEmbedded(
  config: AppConfig,
  options: { dir?: string; now?: Date } = {},
): Promise<{ file: string; bytes: number; fromRunningServer: boolean }> {
  if (config.databaseUrl) throw new Error(POSTGRES_BACKUP_HINT);
  let archive: Buffer;
  let fromRunningServer = true;
  const answer = await askEmbeddedHolder(config.dataDir, 'backup');
  if (answer) {
    archive = parseHolderAnswer(answer);
  } else {
    fromRunningServer = false;
    const claim = await claimEmbeddedDatabase(config);
    try {
      const database = await openConfiguredDatabase(config);
      try {
        archive = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
      } finally {
        await database.close();
      }
    } finally {
      await claim.release();
    }
  }
  const dir = resolve(options.dir ?? join(config.dataDir, 'backups'));
  const name = `harvest-hui-${stamp(options.now ?? new Date())}.tar`;
  await writeOutboxFile(dir, name, archive);
  return { file: join(dir, name), bytes: archive.length, fromRunningServer };
}

/** The embedded database's folder, and whether it holds a database now. */
export function embeddedDatabaseDir(config: AppConfig): { dir: string; inUse: boolean } {
  const dir = join(config.dataDir, 'db');
  return { dir, inUse: existsSync(dir) && readdirSync(dir).length > 0 };
}

/**
 * Puts a backup back as the embedded database. The server must be stopped (the claim refuses
 * otherwise). The archive is opened in memory first, so a damaged file changes nothing; the
 * database it replaces is kept beside it as db.before-restore-<time>.
 */
export async function restoreEmbedded(
  config: AppConfig,
  file: string,
  options: { now?: Date } = {},
): Promise<{ keptAs: string | null }> {
  if (config.databaseUrl) throw new Error(POSTGRES_BACKUP_HINT);
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  const claim = await claimEmbeddedDatabase(config);
  try {
    const archive = new Blob([readFileSync(file)]);
    const check = await PGlite.create({
      dataDir: 'memory://',
      loadDataDir: archive,
      extensions: EMBEDDED_EXTENSIONS,
    });
    try {
      await check.query('select count(*) from orders');
    } catch {
      throw new Error(`${basename(file)} is not a Harvest Hui backup`);
    } finally {
      await check.close();
    }
    const { dir, inUse } = embeddedDatabaseDir(config);
    let keptAs: string | null = null;
    if (inUse) {
      keptAs = `${dir}.before-restore-${stamp(options.now ?? new Date())}`;
      renameSync(dir, keptAs);
    }
    const restored = await PGlite.create({
      dataDir: dir,
      loadDataDir: archive,
      extensions: EMBEDDED_EXTENSIONS,
    });
    await restored.close();
    return { keptAs };
  } finally {
    await claim.release();
  }
}
