import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { judgeNewPassword, type PasswordEstimate } from '#core/password-rule';
import { AppError } from '../../errors';
import type { StrengthRequest } from './password-strength-worker';

type Reply = { id: number; estimate: PasswordEstimate } | { id: number; error: string };

/**
 * Some inputs (long strings of look-alike characters such as "p@$$w0rd" repeated) make the
 * estimator try thousands of substitutions: seconds of work. Past this deadline the worker is
 * stopped, the check fails with 503, and the next check starts a new worker.
 */
export const STRENGTH_DEADLINE_MS = 10_000;

/**
 * A worker left without checks this long ends and gives its memory back (its indexed
 * dictionaries hold about 75 MB); the next check starts another, about a second slower.
 */
export const STRENGTH_IDLE_MS = 5 * 60_000;

export class StrengthCheckTimeout extends AppError {
  constructor() {
    super(
      503,
      'Checking this password took too long. Please try again, or choose a passphrase of a few words.',
      'password_check_timeout',
    );
  }
}

interface Waiting {
  resolve: (estimate: PasswordEstimate) => void;
  reject: (error: Error) => void;
  /** Set once the worker has its dictionaries: indexing them is not the password's fault. */
  timer?: NodeJS.Timeout;
}

/**
 * One worker thread per process scores passwords, one at a time, off the event loop. It is
 * started on first use (indexing the dictionaries takes a moment), ends after
 * `STRENGTH_IDLE_MS` without a check, and does not keep the process alive; if it dies,
 * overruns or has ended, the next check starts another.
 */
export class StrengthWorker {
  #worker: Worker | null = null;
  #nextId = 1;
  #pending = new Map<number, Waiting>();
  #ready = false;
  #idle: NodeJS.Timeout | undefined;

  constructor(private readonly idleMs = STRENGTH_IDLE_MS) {}

  /** Whether a worker thread is running now (it holds the indexed dictionaries). */
  get running(): boolean {
    return this.#worker !== null;
  }

  estimate(password: string, userInputs: string[]): Promise<PasswordEstimate> {
    clearTimeout(this.#idle);
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const waiting: Waiting = { resolve, reject };
      this.#pending.set(id, waiting);
      if (this.#ready) this.#arm(worker, waiting);
      worker.ref();
      worker.postMessage({ id, password, userInputs } satisfies StrengthRequest);
    });
  }

  #arm(worker: Worker, waiting: Waiting): void {
    waiting.timer = setTimeout(
      () => this.#stop(worker, new StrengthCheckTimeout()),
      STRENGTH_DEADLINE_MS,
    );
    waiting.timer.unref();
  }

  #start(): Worker {
    const worker = spawnWorker();
    this.#ready = false;
    worker.unref();
    worker.on('message', (message: Reply | { ready: true }) => {
      if (!('id' in message)) {
        this.#ready = true;
        for (const waiting of this.#pending.values()) this.#arm(worker, waiting);
        return;
      }
      const waiting = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) {
        worker.unref();
        this.#idle = setTimeout(() => this.#retire(worker), this.idleMs);
        this.#idle.unref();
      }
      if (!waiting) return;
      clearTimeout(waiting.timer);
      if ('error' in message) waiting.reject(new Error(message.error));
      else waiting.resolve(message.estimate);
    });
    worker.on('error', (error) => this.#stop(worker, error));
    worker.on('exit', (code) =>
      this.#stop(worker, new Error(`The password worker stopped (${code})`)),
    );
    this.#worker = worker;
    return worker;
  }

  /** Ends a worker that has had nothing to check for a while. */
  #retire(worker: Worker): void {
    if (this.#worker !== worker || this.#pending.size > 0) return;
    this.#worker = null;
    void worker.terminate();
  }

  /** Fails every check in flight on this worker and lets the next check start a new one. */
  #stop(worker: Worker, error: Error): void {
    if (this.#worker !== worker) return;
    this.#worker = null;
    for (const waiting of this.#pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    this.#pending.clear();
    void worker.terminate();
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
 * A new password that breaks the rule (core/password-rule.ts) is 400 `weak_password`, with the
 * reason as the message and in `fields[field]`. `personalWords` are the person's own
 * (passwordUserInputs of what is known of them: names, email, business names); a password made
 * of them is refused whatever digits or separators it adds. Cheap checks (a valid link, the
 * current password) come first in the callers, so scoring is only ever spent on someone who may
 * set a password. Any flow that sets a password calls this, an invitation's acceptance too.
 */
export async function assertStrongPassword(
  password: string,
  personalWords: string[],
  field = 'password',
): Promise<void> {
  const problem = await judgeNewPassword(password, personalWords, estimatePassword);
  if (problem) throw new AppError(400, problem, 'weak_password', { [field]: problem });
}
