import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '#core/schemas/notification';
import type { LiveEventHub } from './hub';
import { LiveCache } from './live-cache';
import { setClock } from '../../clock';
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

  describe('past keepMs', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A load whose answer the test gives when it chooses. */
    function heldLoad() {
      const calls: ((value: number) => void)[] = [];
      const fails: ((error: Error) => void)[] = [];
      const load = () =>
        new Promise<number>((resolve, reject) => {
          calls.push(resolve);
          fails.push(reject);
        });
      return { load, calls, fails };
    }

    function cacheAt(start: string) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(start));
      const { hub, emit } = fakeHub();
      const cache = new LiveCache(hub, {
        keepMs: 10_000,
        maxEntries: 10,
        staleAfter: (event) => (event.type === 'catalog.changed' ? 'all' : undefined),
      });
      return { cache, emit };
    }

    it('answers the expired figure while one request computes it afresh, then the new one', async () => {
      const { cache } = cacheAt('2026-03-02T20:00:00Z');
      const held = heldLoad();
      const first = cache.get('page', held.load);
      held.calls[0]!(1);
      expect(await first).toBe(1);

      vi.setSystemTime(new Date('2026-03-02T20:00:11Z'));
      expect(await cache.get('page', held.load)).toBe(1);
      expect(await cache.get('page', held.load)).toBe(1);
      expect(held.calls).toHaveLength(2);

      held.calls[1]!(2);
      await Promise.resolve();
      await Promise.resolve();
      expect(await cache.get('page', held.load)).toBe(2);
      expect(held.calls).toHaveLength(2);
    });

    it('never answers a figure an event made stale, nor keeps a refresh begun before the event', async () => {
      const { cache, emit } = cacheAt('2026-03-02T20:00:00Z');
      const held = heldLoad();
      const first = cache.get('page', held.load);
      held.calls[0]!(1);
      await first;

      vi.setSystemTime(new Date('2026-03-02T20:00:11Z'));
      expect(await cache.get('page', held.load)).toBe(1);
      emit({ type: 'catalog.changed' });
      held.calls[1]!(2);
      await Promise.resolve();
      await Promise.resolve();

      const after = cache.get('page', held.load);
      expect(held.calls).toHaveLength(3);
      held.calls[2]!(3);
      expect(await after).toBe(3);
    });

    it('keeps a refresh when the events meanwhile made only other keys stale', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-02T20:00:00Z'));
      const { hub, emit } = fakeHub();
      const cache = new LiveCache(hub, {
        keepMs: 10_000,
        maxEntries: 10,
        staleAfter: (event) =>
          event.type === 'stock.changed' ? (key) => key.startsWith('page:') : undefined,
      });
      const held = heldLoad();
      const first = cache.get('count', held.load);
      held.calls[0]!(1);
      await first;

      vi.setSystemTime(new Date('2026-03-02T20:00:11Z'));
      expect(await cache.get('count', held.load)).toBe(1);
      emit({ type: 'stock.changed' });
      held.calls[1]!(2);
      await Promise.resolve();
      await Promise.resolve();

      expect(await cache.get('count', held.load)).toBe(2);
      expect(await cache.get('count', held.load)).toBe(2);
      expect(held.calls).toHaveLength(2);
    });

    it('computes a figure afresh once the business clock reaches its expiresAt, events or not', async () => {
      const { cache } = cacheAt('2026-03-02T20:00:00Z');
      setClock(new Date('2026-03-03T03:59:00Z'));
      try {
        const cutoff = Date.parse('2026-03-03T04:00:00Z');
        const held = heldLoad();
        const first = cache.get('count', held.load, () => cutoff);
        held.calls[0]!(5);
        expect(await first).toBe(5);
        expect(await cache.get('count', held.load, () => cutoff)).toBe(5);
        expect(held.calls).toHaveLength(1);

        setClock(new Date(cutoff));
        expect(await cache.get('count', held.load, () => cutoff + 60_000)).toBe(5);
        expect(held.calls).toHaveLength(2);
        held.calls[1]!(4);
        await Promise.resolve();
        await Promise.resolve();
        expect(await cache.get('count', held.load)).toBe(4);
        expect(held.calls).toHaveLength(2);
      } finally {
        setClock(null);
      }
    });

    it('forgets an expired figure whose refresh failed', async () => {
      const { cache } = cacheAt('2026-03-02T20:00:00Z');
      const held = heldLoad();
      const first = cache.get('page', held.load);
      held.calls[0]!(1);
      await first;

      vi.setSystemTime(new Date('2026-03-02T20:00:11Z'));
      expect(await cache.get('page', held.load)).toBe(1);
      held.fails[1]!(new Error('the database went away'));
      await Promise.resolve();
      await Promise.resolve();

      const after = cache.get('page', held.load);
      expect(held.calls).toHaveLength(3);
      held.calls[2]!(4);
      expect(await after).toBe(4);
    });
  });
});
