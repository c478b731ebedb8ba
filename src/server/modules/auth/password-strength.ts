import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { passwordLengthProblem, passwordProblem, type PasswordEstimate } from '#core/password-rule';
import { AppError } from '../../errors';
import type { StrengthRequest } from './password-strength-worker';

type Reply = { id: number; estimate: PasswordEstimate } | { id: number; error: string };

/**
 * One worker thread per process scores passwords, one at a time, off the event loop. It is
 * started on first use (indexing the dictionaries takes a moment) and does not keep the
 * process alive; if it dies, the next check starts another.
 */
class StrengthWorker {
  #worker: Worker | null = null;
  #nextId = 1;
  #pending = new Map<
    number,
    { resolve: (e: PasswordEstimate) => void; reject: (e: Error) => void }
  >();

  estimate(password: string, userInputs: string[]): Promise<PasswordEstimate> {
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, password, userInputs } satisfies StrengthRequest);
    });
  }

  #start(): Worker {
    const worker = spawnWorker();
    worker.unref();
    worker.on('message', (message: Reply | { ready: true }) => {
      if (!('id' in message)) return;
      const waiting = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) worker.unref();
      if (!waiting) return;
      if ('error' in message) waiting.reject(new Error(message.error));
      else waiting.resolve(message.estimate);
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The password worker stopped (${code})`)));
    this.#worker = worker;
    return worker;
  }
}

/**
 * The built server (dist/server) has the worker bundled beside it; from the sources (tests,
 * development) the worker's TypeScript runs through tsx, as the rest does.
 */
function spawnWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./password-strength-worker.js', here));
  const tsx = pathToFileURL(tsxEsmApi(createRequire(here))).href;
  const entry = new URL('./password-strength-worker.ts', here).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { (tsx.register ?? tsx.default.register)(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true });
}

/** tsx's ES module API (its `require` twin cannot load from a worker's eval). */
function tsxEsmApi(require: NodeJS.Require): string {
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return join(dirname(manifest), exports['./esm/api']!.import.default);
}

const strengthWorker = new StrengthWorker();

/** Scores a password in the worker thread. */
export function estimatePassword(
  password: string,
  userInputs: string[],
): Promise<PasswordEstimate> {
  return strengthWorker.estimate(password, userInputs);
}

/**
 * A new password that breaks the rule is 400 `weak_password`, with the reason as the message
 * and in `fields[field]`. Cheap checks (a valid link, the current password) come first in the
 * callers, so scoring is only ever spent on someone who may set a password.
 */
export async function assertStrongPassword(
  password: string,
  userInputs: string[],
  field = 'password',
): Promise<void> {
  const problem =
    passwordLengthProblem(password) ??
    passwordProblem(password, await estimatePassword(password, userInputs));
  if (problem) throw new AppError(400, problem, 'weak_password', { [field]: problem });
}
