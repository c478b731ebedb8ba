import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * The server as a phone reaches it: a small proxy to the test server that can be cut off and
 * brought back on the same address. Cutting it makes the API unreachable for the page and for
 * its service worker alike (the browser's offline switch does not cover the worker's own
 * fetches).
 */
export class Line {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: URL) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    const server = createServer((incoming, outgoing) => {
      const headers = { ...incoming.headers, host: this.target.host };
      // The server checks that writes come from its own origin.
      if (headers.origin) headers.origin = this.target.origin;
      if (headers.referer) headers.referer = headers.referer.replace(this.url, this.target.origin);
      const forward = httpRequest(
        {
          host: this.target.hostname,
          port: this.target.port,
          method: incoming.method,
          path: incoming.url,
          headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on('error', () => outgoing.destroy());
      incoming.pipe(forward);
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
