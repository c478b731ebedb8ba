// nginx with TLS and HTTP/2 in front of a server, as docs/operations.md deploys it, for the
// Lighthouse figures: a phone reaches the product through such a proxy, never over plain
// HTTP/1.1 (where a browser opens at most six connections to a host and the screen's code
// queues behind them). Needs Debian's nginx and openssl; without them the bench says so.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { get } from 'node:https';
import { join } from 'node:path';
import { findNginx, freePort, writeNginxConfig } from '../local-services';

export interface HttpsProxy {
  url: string;
  stop(): Promise<void>;
}

/** Whether the proxy answers the server's health check (its certificate is this run's own). */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    get(`${url}/healthz`, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    }).on('error', () => resolve(false));
  });
}

/** Why the proxy cannot run here, or null when it can. */
export function httpsProxyMissing(): string | null {
  if (!findNginx()) return 'no nginx (apt-get install nginx)';
  if (spawnSync('openssl', ['version']).status !== 0) return 'no openssl';
  return null;
}

/** Starts nginx (TLS with a certificate made for this run, HTTP/2) in front of `upstream`. */
export async function startHttpsProxy(upstream: string, dir: string): Promise<HttpsProxy> {
  mkdirSync(dir, { recursive: true });
  const certificate = join(dir, 'certificate.pem');
  const key = join(dir, 'key.pem');
  // A self-signed certificate for 127.0.0.1, good for a day.
  const request = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'];
  const made = spawnSync(
    'openssl',
    [...request, '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', certificate],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  const port = await freePort();
  const nginxArguments = writeNginxConfig({
    dir,
    accessLog: false,
    keepalive: 16,
    upstreams: [new URL(upstream).host],
    server: `
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${certificate};
    ssl_certificate_key ${key};
    location / {
      proxy_pass http://harvest_hui;
      proxy_http_version 1.1;
      proxy_set_header Connection '';
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`,
  });
  const child = spawn(findNginx()!, nginxArguments, { stdio: 'ignore' });
  const url = `https://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (await answers(url)) break;
    if (child.exitCode !== null || attempt > 50) {
      child.kill();
      throw new Error(`nginx did not start (see ${join(dir, 'nginx-error.log')})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
