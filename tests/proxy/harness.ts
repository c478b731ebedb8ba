import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { writeNginxConfig } from '../../scripts/local-services';

/** A program the test started, with its output kept in a file for when something fails. */
export interface Program {
  name: string;
  child: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

function startProgram(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; logFile: string },
): Program {
  const log = createWriteStream(options.logFile);
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    logFile: options.logFile,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      log.end();
    },
  };
}

/** Waits until `url` answers 200, or fails with the program's output. */
export async function waitUntilReady(url: string, program: Program, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (program.child.exitCode !== null) break;
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const output = existsSync(program.logFile) ? readFileSync(program.logFile, 'utf8') : '';
  throw new Error(`${program.name} did not become ready at ${url}:\n${output.slice(-3000)}`);
}

/** One Harvest Hui process from the sources, as `npm start` would run it, on PostgreSQL. */
export function startServer(name: string, dir: string, env: Record<string, string>): Program {
  const dataDir = join(dir, name);
  mkdirSync(dataDir, { recursive: true });
  return startProgram(name, process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    logFile: join(dir, `${name}.log`),
  });
}

export const sharedSecret = () => randomBytes(36).toString('base64url');

/**
 * nginx in front of the upstreams, as its operator would set it up: round robin, the client's
 * address appended to X-Forwarded-For, and no buffering of the live updates. Everything it
 * writes stays in `dir`; it runs in the foreground as the current user. Each answer names
 * the upstream that served it in X-Upstream, so the test can tell the processes apart.
 */
export function startNginx(nginx: string, dir: string, port: number, upstreams: number[]) {
  const forwarded = `
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;`;
  const nginxArguments = writeNginxConfig({
    dir,
    accessLog: true,
    upstreams: upstreams.map((upstream) => `127.0.0.1:${upstream}`),
    server: `
  server {
    listen 127.0.0.1:${port};
    location /api/events {
      proxy_pass http://harvest_hui;${forwarded}
      proxy_set_header Connection '';
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://harvest_hui;${forwarded}
    }
  }`,
  });
  return startProgram('nginx', nginx, nginxArguments, {
    logFile: join(dir, 'nginx-output.log'),
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The upstream that served the answer, as nginx names it. */
  upstream: string;
  json(): unknown;
}

/**
 * A client on one local address (127.0.0.2, 127.0.0.3, … are all this machine), so that
 * nginx sees several clients; keeps its session cookie like a browser.
 */
export class Client {
  cookie: string | undefined;

  constructor(
    readonly baseUrl: string,
    readonly localAddress = '127.0.0.1',
  ) {}

  request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const url = new URL(path, this.baseUrl);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        url,
        {
          method,
          localAddress: this.localAddress,
          agent: false,
          headers: {
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const setCookie = response.headers['set-cookie']?.[0];
            if (setCookie) this.cookie = setCookie.split(';')[0];
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: text,
              upstream: String(response.headers['x-upstream'] ?? ''),
              json: () => JSON.parse(text) as unknown,
            });
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }
}
