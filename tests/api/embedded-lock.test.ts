import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  askEmbeddedHolder,
  claimEmbeddedDatabase,
  parseHolderAnswer,
} from '../../src/server/runtime';
import { testConfig } from '../helpers/test-app';

const holderScript = join(import.meta.dirname, '../helpers/hold-embedded-lock.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hh-lock-'));
  dirs.push(dir);
  return dir;
}

/** Another process that claims the embedded database of `dir` and holds it. */
async function holdInAnotherProcess(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript, dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('claimed')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`holder exited (${code}): ${output}`)));
  });
  return child;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database’s lock', () => {
  it('refuses a second process while one holds it, naming the holder', async () => {
    const dir = dataDir();
    const holder = await holdInAnotherProcess(dir);
    await expect(claimEmbeddedDatabase(testConfig({ dataDir: dir }))).rejects.toThrow(
      new RegExp(`pid ${holder.pid}\\).*Stop it first`),
    );
  });

  it('dies with its process: after kill -9 the next start claims it', async () => {
    const dir = dataDir();
    const holder = await holdInAnotherProcess(dir);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    const claim = await claimEmbeddedDatabase(testConfig({ dataDir: dir }));
    await claim.release();
  });

  it('is not fooled by a pid file naming a live process (a reused pid)', async () => {
    const dir = dataDir();
    // What earlier versions left behind after kill -9, naming a process that is alive.
    writeFileSync(join(dir, 'server.pid'), String(process.ppid));
    const claim = await claimEmbeddedDatabase(testConfig({ dataDir: dir }));
    await claim.release();
  });

  it('is released on a clean stop and can be claimed again', async () => {
    const dir = dataDir();
    const first = await claimEmbeddedDatabase(testConfig({ dataDir: dir }));
    await expect(claimEmbeddedDatabase(testConfig({ dataDir: dir }))).rejects.toThrow(
      /Stop it first/,
    );
    await first.release();
    const second = await claimEmbeddedDatabase(testConfig({ dataDir: dir }));
    await second.release();
  });

  it('answers a backup request with what the server dumps', async () => {
    const dir = dataDir();
    await holdInAnotherProcess(dir);
    const answer = await askEmbeddedHolder(dir, 'backup');
    expect(parseHolderAnswer(answer!).toString()).toBe('a copy');
    expect(await askEmbeddedHolder(dataDir(), 'backup')).toBeNull();
  });
});
