import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migratedSnapshotPath } from './migrated-snapshot';

/**
 * A Blob that hands out a copy of bytes it already holds: Node's own reads itself in chunks and
 * joins them, about 150 ms of CPU for the snapshot, at every database a test starts.
 */
class InMemoryBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#bytes;
    return Promise.resolve(buffer.slice(byteOffset, byteOffset + byteLength));
  }
}

let snapshotOfThisWorker: { file: string; blob: Blob } | undefined;

/**
 * The migrated snapshot, read once per worker (workers keep their modules between files): PGlite
 * only reads the Blob, and reading 40 MB from disk for every database cost more than keeping it.
 */
function migratedSnapshot(): Blob | undefined {
  const file = migratedSnapshotPath();
  if (snapshotOfThisWorker?.file === file) return snapshotOfThisWorker.blob;
  if (!existsSync(file)) return undefined;
  snapshotOfThisWorker = { file, blob: new InMemoryBlob(new Uint8Array(readFileSync(file))) };
  return snapshotOfThisWorker.blob;
}

/**
 * Makes `dir` the data folder of an embedded database holding the migrated snapshot, as if a
 * server had started there before: the next start resumes it instead of running initdb and
 * every migration. Without a snapshot (runs on PostgreSQL make none) `dir` stays empty.
 */
export async function prepareEmbeddedDataDir(dir: string): Promise<void> {
  const snapshot = migratedSnapshot();
  if (!snapshot) return;
  const database = await openDatabase({ dataDir: dir, snapshot });
  await database.close();
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new
 * PostgreSQL database of its own when TEST_DATABASE_URL is set, dropped again on close.
 */
export async function createTestDatabase(): Promise<Database & { label: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    // Starting from the snapshot the global setup migrated once skips initdb and the
    // migrations, which are most of an embedded database's start-up time.
    const snapshot = migratedSnapshot();
    const database = await openDatabase({
      dataDir: 'memory://',
      snapshot,
      // PostgreSQL sets up its whole buffer cache (128 MB by default) at every start: a third of
      // an embedded database's start-up CPU. A test's few rows need far less.
      embeddedSettings: { shared_buffers: '16MB' },
    });
    await database.migrate();
    return { ...database, label: 'pglite' };
  }
  const name = `hh_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    ...database,
    label: 'postgres',
    close: async () => {
      await database.close();
      // pg's pool.end() resolves before its sockets have closed; dropping "with (force)" at
      // once kills those closing connections, whose errors then surface as uncaught. Wait
      // for them to go (a drop without force fails while any remain), then force as a last resort.
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      let dropped = false;
      for (let attempt = 0; attempt < 40 && !dropped; attempt += 1) {
        try {
          await dropper.query(`drop database if exists ${name}`);
          dropped = true;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      if (!dropped) await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
