import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/server/db/database';
import { ensureFreshSheetQueue } from '../../src/server/modules/fresh-sheet/delivery';
import { ensureDeliveryQueue } from '../../src/server/modules/notifications/queue';

/**
 * Where the migrated embedded database of the current migrations (and pg-boss, whose tables it
 * holds too) is kept between runs.
 */
export function migratedSnapshotPath(): string {
  const hash = createHash('sha256');
  const pgBoss = createRequire(import.meta.url)('pg-boss/package.json') as { version: string };
  hash.update(`pg-boss ${pgBoss.version}`);
  // What the snapshot installs beside the migrations: a new queue makes a new snapshot.
  hash.update('queues: delivery, fresh-sheet');
  hash.update('without the template databases');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return join(tmpdir(), 'harvest-hui-test-db', `${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * Vitest global setup: migrates one embedded database, installs pg-boss's tables and the
 * delivery and fresh-sheet queues as the first app built on a database does (a tenth of a second at every test
 * file otherwise), and keeps it as a snapshot.
 *
 * The snapshot leaves out PostgreSQL's two template databases: a test never creates a database
 * inside its embedded one, and the templates were a third of the bytes and two thirds of the
 * files that every test file's database unpacked (about 0.35 s of its 0.8 s start).
 */
export default async function createMigratedSnapshot(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const file = migratedSnapshotPath();
  if (existsSync(file)) return;
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    await ensureDeliveryQueue(database);
    await ensureFreshSheetQueue(database);
    for (const template of ['template0', 'template1']) {
      await database.db.execute(sql.raw(`alter database ${template} with is_template false`));
      await database.db.execute(sql.raw(`drop database ${template}`));
    }
    await database.db.execute(sql`checkpoint`);
    const archive = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    mkdirSync(join(file, '..'), { recursive: true });
    // Written beside and renamed, so a run that stops halfway never leaves half a snapshot.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, archive);
    renameSync(partial, file);
  } finally {
    await database.close();
  }
}
