import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { StreamEvent } from '#core/schemas/notification';
import type { TestApp } from './test-app';

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

export async function waitFor<T>(
  check: () => T,
  what: string,
  timeoutMs = 5000,
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface Stream {
  events: { event: StreamEvent; at: number }[];
  status: number;
  headers: Headers;
  /** The server ended the stream. */
  ended: boolean;
  close(): void;
}

/** Reads /api/events (at `baseUrl`, the server or a proxy in front of it) like a browser's EventSource would, collecting the data lines. */
export async function openStream(baseUrl: string, cookie: string | undefined): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  const stream: Stream = {
    events: [],
    status: response.status,
    headers: response.headers,
    ended: false,
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) return stream;
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let connected = false;
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          stream.ended = true;
          return;
        }
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split('\n')) {
            if (line === ': connected') connected = true;
            if (line.startsWith('data: ')) {
              stream.events.push({
                event: JSON.parse(line.slice(6)) as StreamEvent,
                at: Date.now(),
              });
            }
          }
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  await waitFor(() => connected, 'the stream to open');
  return stream;
}

export async function listen(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
