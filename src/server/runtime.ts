import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/database';

/**
 * The embedded database's buffer pool. PostgreSQL's own default (128 MB) is held in the server
 * process's memory, all of it touched at start; a marketplace's working set on one machine is a
 * fraction of it, and what falls out is read back from the files the operating system caches.
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

/** Opens the configured database and applies migrations. */
export async function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'db'),
    embeddedSettings: { shared_buffers: EMBEDDED_SHARED_BUFFERS },
  });
  await database.migrate();
  return database;
}

/**
 * Where the process holding an embedded database listens: a Unix socket in DATA_DIR (a named
 * pipe on Windows). The operating system closes it when the process ends, however it ends, so
 * unlike a pid file it cannot outlive its process or be mistaken for another that reused the pid.
 */
export function embeddedLockAddress(dataDir: string): string {
  const dir = resolve(dataDir);
  const id = createHash('sha256').update(dir).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\?\\pipe\\harvest-hui-${id}`;
  const inDataDir = join(dir, 'server.lock');
  // A Unix socket's path may be about 104 bytes at most.
  return Buffer.byteLength(inDataDir) < 100 ? inDataDir : join(tmpdir(), `harvest-hui-${id}.lock`);
}

/**
 * Sends a command to the process holding the embedded database and returns its answer, or
 * null when no process holds it (nothing listens, or a socket left by a process that died).
 */
export function askEmbeddedHolder(
  dataDir: string,
  command: 'pid' | 'backup',
): Promise<Buffer | null> {
  return new Promise((resolvePromise, reject) => {
    const socket = createConnection(embeddedLockAddress(dataDir));
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolvePromise(Buffer.concat(chunks)));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolvePromise(null);
      else reject(error);
    });
  });
}

/** An answer of the holder: "ok\n" then the payload, or "error <why>". */
export function parseHolderAnswer(answer: Buffer): Buffer {
  const newline = answer.indexOf('\n');
  const status = answer.subarray(0, newline < 0 ? answer.length : newline).toString('utf8');
  if (status !== 'ok') throw new Error(status.replace(/^error /, '') || 'No answer');
  return answer.subarray(newline + 1);
}

/** The pid of a process holding the embedded database, if one is running. */
export async function runningEmbeddedServer(config: AppConfig): Promise<number | null> {
  if (config.databaseUrl) return null;
  const answer = await askEmbeddedHolder(config.dataDir, 'pid');
  if (!answer) return null;
  const pid = Number(parseHolderAnswer(answer).toString('utf8'));
  return Number.isInteger(pid) ? pid : -1;
}

export interface EmbeddedDatabaseClaim {
  /** Lets `npm run db:backup` ask this process for a consistent copy while it runs. */
  serveBackups(dump: () => Promise<Blob>): void;
  release(): Promise<void>;
}

function listen(server: Server, address: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
}

/**
 * The embedded database allows one process at a time: claim it, or say who holds it. The
 * claim is a listening socket, so it ends with the process even after `kill -9`.
 */
export async function claimEmbeddedDatabase(config: AppConfig): Promise<EmbeddedDatabaseClaim> {
  if (config.databaseUrl) return { serveBackups: () => {}, release: async () => {} };
  mkdirSync(config.dataDir, { recursive: true });
  // The pid file of earlier versions: a pid proves nothing once the process is gone.
  rmSync(join(config.dataDir, 'server.pid'), { force: true });
  const address = embeddedLockAddress(config.dataDir);
  let dump: (() => Promise<Blob>) | null = null;

  // Half-open: the asker ends its side after the command; the answer may take a while.
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    let command = '';
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      command += chunk.toString('utf8');
      if (!command.includes('\n')) return;
      const name = command.split('\n')[0];
      if (name === 'pid') {
        socket.end(`ok\n${process.pid}`);
      } else if (name === 'backup' && dump) {
        dump()
          .then(async (blob) =>
            socket.end(Buffer.concat([Buffer.from('ok\n'), Buffer.from(await blob.arrayBuffer())])),
          )
          .catch((error: unknown) =>
            socket.end(`error ${error instanceof Error ? error.message : String(error)}`),
          );
      } else if (name === 'backup') {
        socket.end('error The server is still starting; try again in a moment');
      } else {
        socket.end('error Unknown command');
      }
    });
  });
  // A command-line tool holding the claim must still exit when its work is done.
  server.unref();

  for (let attempt = 0; ; attempt += 1) {
    try {
      await listen(server, address);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 0) throw error;
      const holder = await runningEmbeddedServer(config);
      if (holder !== null) {
        throw new Error(
          `Another Harvest Hui process${holder > 0 ? ` (pid ${holder})` : ''} is using the embedded database in ${config.dataDir}. ` +
            'Stop it first, or set DATABASE_URL to run several processes on PostgreSQL.',
        );
      }
      // Left by a process that ended without closing it: nothing listens there any more.
      rmSync(address, { force: true });
    }
  }
  // Only this account may ask for a copy of the data.
  if (process.platform !== 'win32') chmodSync(address, 0o600);

  return {
    serveBackups: (next) => {
      dump = next;
    },
    release: () =>
      new Promise((resolvePromise) => {
        server.close(() => resolvePromise());
      }),
  };
}
