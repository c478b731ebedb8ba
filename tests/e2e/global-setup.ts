import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/local-services';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Where the server writes email when no mail server is set. */
    outboxDir: string;
  }
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs = 170_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become ready at ${url}`);
}

/**
 * Builds the web app into a folder of this run's own (so parallel runs never serve each
 * other's half-built files) and serves it from the sources on a fresh embedded database
 * with demo data.
 */
export default async function setup(project: TestProject) {
  const runDir = mkdtempSync(join(tmpdir(), 'harvest-hui-e2e-'));
  const clientDir = join(runDir, 'client');
  const dataDir = join(runDir, 'data');
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      // The build a user gets: under the runner's NODE_ENV=test Vite would make React's
      // development build, which renders twice and asks for some things twice.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  // A port the system says is free: a guessed one may be another service's (RabbitMQ's 5672).
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      CLIENT_DIR: clientDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: '1',
      APP_ORIGIN: baseURL,
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      // The journeys sign farms up and buy from them at once, as the API tests' app does; the
      // demo data still has a farm waiting for approval (docs/admission.md).
      MARKETPLACE_APPROVAL: '0',
      // Development mode: POST /api/test/clock moves the clock (docs/delivery.md#the-clock).
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(baseURL, server);
  project.provide('baseURL', baseURL);
  project.provide('outboxDir', join(dataDir, 'outbox'));
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(runDir, { recursive: true, force: true });
  };
}
