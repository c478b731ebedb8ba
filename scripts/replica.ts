// A streaming replica of this machine's PostgreSQL, for the replica test (tests/replica) and for
// trying DATABASE_READ_URL by hand: `npx tsx scripts/replica.ts` makes one, prints its address,
// and removes it on Ctrl-C. It is a second cluster of the primary's own version, made with
// pg_basebackup -R into a temporary folder and run in the foreground on a free port; nothing
// of the primary changes.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort } from './local-services';

export const DEFAULT_PRIMARY_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Why a replica cannot be made here, in words an operator can act on. */
export class ReplicaUnavailable extends Error {}

export interface Replica {
  port: number;
  dir: string;
  /** The replica's address for one database of the primary (same user, same name). */
  urlFor(primaryUrl: string): string;
  stop(): Promise<void>;
}

/** The account PostgreSQL runs as when this runs as root: postgres refuses to run as root. */
function postgresAccount(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new ReplicaUnavailable('Running as root, and there is no postgres account.');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function binDir(major: number): string {
  const debian = `/usr/lib/postgresql/${major}/bin`;
  if (existsSync(join(debian, 'postgres'))) return debian;
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new ReplicaUnavailable(
      `PostgreSQL ${major}'s programs are not in ${debian} and pg_config is not on PATH.`,
    );
  }
}

function run(
  command: string,
  args: string[],
  account: { uid: number; gid: number } | null,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...(account ?? {}),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PGCONNECT_TIMEOUT: '10' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(output))));
  });
}

/** The primary's settings a hot standby must match or exceed, and whether it can stream. */
async function primarySettings(primaryUrl: string) {
  const client = new pg.Client({ connectionString: primaryUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new ReplicaUnavailable(
      `Cannot reach the primary at ${primaryUrl}: ${(error as Error).message}`,
    );
  }
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in ('server_version_num', 'wal_level',
         'max_wal_senders', 'max_connections', 'max_worker_processes',
         'max_prepared_transactions', 'max_locks_per_transaction')`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  } finally {
    await client.end();
  }
}

async function waitUntilStandby(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ standby: boolean }>(
        'select pg_is_in_recovery() as standby',
      );
      if (rows[0]?.standby) return;
    } catch {
      // Still starting (or still catching up to a consistent point).
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3000) : '';
  throw new Error(`The replica did not start:\n${log}`);
}

/**
 * Makes and starts a replica of the PostgreSQL at `primaryUrl`, whose user must be allowed to
 * stream (`host replication all 127.0.0.1/32 trust` in pg_hba.conf, as .ci/run adds). Throws
 * ReplicaUnavailable, saying what is missing, when it cannot be made.
 */
export async function startReplica(primaryUrl = DEFAULT_PRIMARY_URL): Promise<Replica> {
  const settings = await primarySettings(primaryUrl);
  if (
    !['replica', 'logical'].includes(settings.wal_level ?? '') ||
    Number(settings.max_wal_senders) < 1
  ) {
    throw new ReplicaUnavailable(
      `The primary cannot stream (wal_level=${settings.wal_level}, ` +
        `max_wal_senders=${settings.max_wal_senders}): ` +
        'set wal_level = replica and max_wal_senders >= 1 in its postgresql.conf and restart it.',
    );
  }
  const bin = binDir(Math.floor(Number(settings.server_version_num) / 10_000));
  const account = postgresAccount();
  const dir = mkdtempSync(join(tmpdir(), 'harvest-hui-replica-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  if (account) chownSync(dir, account.uid, account.gid);
  chmodSync(dir, 0o700);
  const removeDir = () => rmSync(dir, { recursive: true, force: true });

  const primary = new URL(primaryUrl);
  const user = decodeURIComponent(primary.username || 'postgres');
  try {
    await run(
      join(bin, 'pg_basebackup'),
      [
        '-h',
        primary.hostname,
        '-p',
        primary.port || '5432',
        '-U',
        user,
        '-w',
        '-D',
        dataDir,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
        '--no-sync',
      ],
      account,
    );
  } catch (error) {
    removeDir();
    const output = (error as Error).message;
    if (/pg_hba\.conf|replication connection|password authentication/.test(output)) {
      throw new ReplicaUnavailable(
        `The primary refuses a replication connection from ${primary.hostname} as ${user}: ` +
          `add "host replication ${user} ${primary.hostname}/32 trust" to its pg_hba.conf and ` +
          `reload it (select pg_reload_conf()). pg_basebackup said: ${output.trim()}`,
      );
    }
    throw new ReplicaUnavailable(`pg_basebackup failed: ${output.trim()}`);
  }

  const port = await freePort();
  // Debian keeps the configuration outside the data folder, so the copy has none: a small one
  // here. A hot standby needs these limits at least as high as its primary's.
  const config = join(dir, 'replica.conf');
  const hba = join(dir, 'pg_hba.conf');
  const ident = join(dir, 'pg_ident.conf');
  writeFileSync(hba, 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  writeFileSync(ident, '');
  writeFileSync(
    config,
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      `hba_file = '${hba}'`,
      `ident_file = '${ident}'`,
      'hot_standby = on',
      // A throwaway copy: no need to survive a crash of this machine.
      'fsync = off',
      'shared_buffers = 32MB',
      'ssl = off',
      `max_connections = ${settings.max_connections}`,
      `max_worker_processes = ${settings.max_worker_processes}`,
      `max_wal_senders = ${settings.max_wal_senders}`,
      `max_prepared_transactions = ${settings.max_prepared_transactions}`,
      `max_locks_per_transaction = ${settings.max_locks_per_transaction}`,
      '',
    ].join('\n'),
  );
  if (account) {
    for (const file of [config, hba, ident]) chownSync(file, account.uid, account.gid);
  }
  const log = createWriteStream(logFile);
  const child = spawn(join(bin, 'postgres'), ['-D', dataDir, '-c', `config_file=${config}`], {
    ...(account ?? {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Should this process end without stop() (an interrupted test), the copy ends with it.
  const stopWithUs = () => child.kill('SIGINT');
  process.once('exit', stopWithUs);

  const urlFor = (url: string) => {
    const replica = new URL(url);
    replica.hostname = '127.0.0.1';
    replica.port = String(port);
    return replica.toString();
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // Fast shutdown: open connections are ended, not waited for.
      child.kill('SIGINT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    process.off('exit', stopWithUs);
    log.end();
    removeDir();
  };
  try {
    await waitUntilStandby(urlFor(primaryUrl), child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, dir, urlFor, stop };
}

// Run by hand: a replica until Ctrl-C.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const primaryUrl = process.argv[2] ?? process.env.PRIMARY_URL ?? DEFAULT_PRIMARY_URL;
  startReplica(primaryUrl).then(
    (replica) => {
      console.log(`Replica of ${primaryUrl} streaming at ${replica.urlFor(primaryUrl)}`);
      console.log(`(its files in ${replica.dir}; Ctrl-C stops it and removes them)`);
      const stop = () => void replica.stop().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
