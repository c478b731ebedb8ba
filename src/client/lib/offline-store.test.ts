import { describe, expect, it, vi } from 'vitest';
import { offlineStore } from './offline-store';

interface Kept {
  key: string;
  at: string;
  note?: string;
}

// The node tests have no IndexedDB, as the DOM tests and old browsers have none.
const keptInMemory = (asRead?: (entry: Kept) => Kept) =>
  offlineStore<Kept>({
    database: 'test-database',
    store: 'test-store',
    compare: (a, b) => a.at.localeCompare(b.at),
    withoutIndexedDb: 'memory',
    asRead,
  });

describe('What the phone keeps until the server has it, without IndexedDB', () => {
  it('keeps entries in memory, read in the store’s order, one per key', async () => {
    const store = keptInMemory();
    await store.put({ key: 'b', at: '2026-12-01T10:00:00.000Z' });
    await store.put({ key: 'a', at: '2026-12-01T09:00:00.000Z' });
    await store.put({ key: 'b', at: '2026-12-01T10:00:00.000Z', note: 'refused' });

    expect(await store.readAll()).toEqual([
      { key: 'a', at: '2026-12-01T09:00:00.000Z' },
      { key: 'b', at: '2026-12-01T10:00:00.000Z', note: 'refused' },
    ]);
    await store.remove('a');
    expect((await store.readAll()).map((entry) => entry.key)).toEqual(['b']);
  });

  it('keeps each store apart', async () => {
    const first = keptInMemory();
    const second = keptInMemory();
    await first.put({ key: 'a', at: '2026-12-01T09:00:00.000Z' });
    expect(await second.readAll()).toEqual([]);
  });

  it('tells its listeners on refresh and keeps one snapshot until the next', async () => {
    const store = keptInMemory((entry) => ({ ...entry, note: entry.note ?? 'read' }));
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    expect(store.snapshot()).toEqual([]);

    await store.put({ key: 'a', at: '2026-12-01T09:00:00.000Z' });
    expect(store.snapshot()).toEqual([]);
    await store.refresh();
    expect(listener).toHaveBeenCalledTimes(2);
    const snapshot = store.snapshot();
    expect(snapshot).toEqual([{ key: 'a', at: '2026-12-01T09:00:00.000Z', note: 'read' }]);
    expect(store.snapshot()).toBe(snapshot);
    // What is sent is what was kept, not the snapshot's reading of it.
    expect(await store.readAll()).toEqual([{ key: 'a', at: '2026-12-01T09:00:00.000Z' }]);

    stop();
    await store.refresh();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('refuses to keep anything when the store must outlive the page', async () => {
    const store = offlineStore<Kept>({
      database: 'test-database',
      store: 'test-store',
      compare: (a, b) => a.at.localeCompare(b.at),
      withoutIndexedDb: 'refuse',
    });
    await expect(store.put({ key: 'a', at: '2026-12-01T09:00:00.000Z' })).rejects.toThrow(
      'This phone’s storage is not available in this browser',
    );
    await expect(store.readAll()).rejects.toThrow();
  });
});
