import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/local-services';
import type { Database } from '../../src/server/db/database';
import { databaseClient } from '../../src/server/modules/events/database-client';
import { createTestDatabase } from '../helpers/test-database';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('WEB_CONCURRENCY on PostgreSQL', () => {
  let database: Database;
  let server: ChildProcess;
  let dataDir: string;
  let baseUrl: string;
  const output: string[] = [];

  /** Resolves once the output holds `count` lines matching the pattern. */
  const waitForLines = (pattern: RegExp, count: number) =>
    new Promise<string[]>((resolve, reject) => {
      const check = () => {
        const lines = output
          .join('')
          .split('\n')
          .filter((line) => pattern.test(line));
        if (lines.length >= count) {
          server.stdout?.off('data', check);
          resolve(lines);
        }
      };
      server.stdout?.on('data', check);
      server.once('exit', (code) =>
        reject(new Error(`server exited (${code}): ${output.join('')}`)),
      );
      check();
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    const { pool } = databaseClient(database) as {
      pool: { options: { connectionString?: string } };
    };
    dataDir = mkdtempSync(join(tmpdir(), 'hh-cluster-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: pool.options.connectionString,
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: '0',
        LOG_LEVEL: 'info',
        SESSION_SECRET: 'a-test-secret-that-is-long-enough-for-cookies-0123456789',
        CLIENT_DIR: join(dataDir, 'no-client'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    await waitForLines(/Server process \d \(pid \d+\) is serving/, 2);
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts two server processes and both answer requests', async () => {
    const serving = await waitForLines(/Server process \d \(pid \d+\) is serving/, 2);
    const pids = new Set(serving.map((line) => /pid (\d+)/.exec(line)![1]));
    expect(pids.size).toBe(2);

    // A new connection each time: the primary hands connections out in turn.
    for (let index = 0; index < 10; index += 1) {
      const response = await fetch(`${baseUrl}/healthz`, { headers: { connection: 'close' } });
      expect(response.status).toBe(200);
    }
    // Fastify logs every request with the pid of the process that served it.
    const requests = await waitForLines(/"url":"\/healthz"/, 10);
    const answeredBy = new Set(requests.map((line) => String(JSON.parse(line).pid)));
    expect(answeredBy).toEqual(pids);
  }, 60_000);
});
