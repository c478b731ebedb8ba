import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '#core/schemas/notification';
import type { LiveEventHub } from './hub';
import { LiveCache } from './live-cache';
import type { DatabaseEvent } from './publish';

function fakeHub() {
  type Listener = (event: LiveEvent | DatabaseEvent) => void;
  const listeners: Listener[] = [];
  const hub = {
    hearing: true,
    onLiveEvent: (listener: Listener) => listeners.push(listener),
    onDatabaseEvent: (listener: Listener) => listeners.push(listener),
    onDeaf: () => undefined,
  };
  const emit = (event: LiveEvent | DatabaseEvent) =>
    listeners.forEach((listener) => listener(event));
  return { hub: hub as unknown as LiveEventHub, emit };
}

/** A query as drizzle builds it: a thenable that runs again every time it is awaited. */
function countingQuery(counter: { runs: number }, value: number): Promise<number> {
  return {
    then(resolve: (value: number) => unknown, reject?: (error: unknown) => unknown) {
      counter.runs += 1;
      return Promise.resolve(value).then(resolve, reject);
    },
  } as Promise<number>;
}

describe('LiveCache', () => {
  it('runs a kept query once however often it is read, and again after its event', async () => {
    const { hub, emit } = fakeHub();
    const cache = new LiveCache(hub, {
      keepMs: 60_000,
      maxEntries: 10,
      staleAfter: (event) => (event.type === 'catalog.changed' ? 'all' : undefined),
    });
    const counter = { runs: 0 };
    const read = () => cache.get('page', () => countingQuery(counter, 7));
    expect(await read()).toBe(7);
    expect(await read()).toBe(7);
    expect(await read()).toBe(7);
    expect(counter.runs).toBe(1);
    expect(cache.hits).toBe(2);

    emit({ type: 'notifications.changed', userId: 1 });
    await read();
    expect(counter.runs).toBe(1);
    emit({ type: 'catalog.changed' });
    await read();
    expect(counter.runs).toBe(2);
  });

  it('reads through while the process cannot hear events', async () => {
    const { hub } = fakeHub();
    (hub as { hearing: boolean }).hearing = false;
    const cache = new LiveCache(hub, { keepMs: 60_000, maxEntries: 10, staleAfter: () => 'all' });
    const counter = { runs: 0 };
    await cache.get('page', () => countingQuery(counter, 1));
    await cache.get('page', () => countingQuery(counter, 1));
    expect(counter.runs).toBe(2);
  });
});
