// What the bench and the tests start on this machine beside the server: a free port to run it
// on, and Debian's nginx in front of it (its configuration's common part: everything nginx
// writes stays in one folder, in the foreground, as the current user).
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * A free port below the ephemeral range (32768 and up on Linux), so that no test elsewhere on
 * the machine, listening on port 0, takes it between this check and the server's start.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Debian's nginx (or the one NGINX names), if this machine has it. */
export function findNginx(): string | null {
  if (process.env.NGINX) return existsSync(process.env.NGINX) ? process.env.NGINX : null;
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((dir) => join(dir, 'nginx')).find((path) => existsSync(path)) ?? null;
}

/**
 * Writes `dir/nginx.conf`, a configuration that keeps everything in `dir`, with `upstreams` as
 * `harvest_hui` and `server` as its one server block (written by the caller: how it listens and
 * proxies), and answers the arguments that run nginx with it.
 */
export function writeNginxConfig(options: {
  dir: string;
  upstreams: string[];
  server: string;
  /** Whether to log every request (for a test to read), or not (a benchmark). */
  accessLog: boolean;
  /** Idle connections to the upstreams to keep open, if any. */
  keepalive?: number;
}): string[] {
  const { dir } = options;
  const config = `
daemon off;
worker_processes 1;
${process.getuid?.() === 0 ? `user ${userInfo().username};` : ''}
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  access_log ${options.accessLog ? join(dir, 'nginx-access.log') : 'off'};
  client_body_temp_path ${join(dir, 'client-body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  upstream harvest_hui {
${options.upstreams.map((upstream) => `    server ${upstream};`).join('\n')}
${options.keepalive ? `    keepalive ${options.keepalive};` : ''}
  }
${options.server}
}
`;
  const configFile = join(dir, 'nginx.conf');
  writeFileSync(configFile, config);
  return ['-p', dir, '-c', configFile, '-e', join(dir, 'nginx-error.log')];
}
