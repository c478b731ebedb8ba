/**
 * What the phone keeps until the server has it (a driver's confirmed deliveries, a packer's
 * weights): one IndexedDB database with one object store of entries under their `key`, read
 * oldest first, with a snapshot a screen reads through useSyncExternalStore.
 */
export interface OfflineStore<Entry extends { key: string }> {
  /** Every kept entry as it was kept, in the store's order. */
  readAll(): Promise<Entry[]>;
  /** Keeps the entry, in place of one under the same key. */
  put(entry: Entry): Promise<void>;
  remove(key: string): Promise<void>;
  /** Reads the store again into the snapshot and tells the listeners. */
  refresh(): Promise<void>;
  /** Calls `listener` whenever the snapshot changes; answers the function that stops it. */
  subscribe(listener: () => void): () => void;
  /** The entries as of the last refresh; the same array until the next one. */
  snapshot(): Entry[];
}

export interface OfflineStoreOptions<Entry> {
  /** The IndexedDB database: phones already hold entries under it, so it never changes. */
  database: string;
  /** Its object store, keyed by `key`. */
  store: string;
  /** The order entries are read and sent in (oldest first). */
  compare: (a: Entry, b: Entry) => number;
  /**
   * Without IndexedDB (an old browser, the DOM tests): keep the entries in memory, lost when the
   * page closes, or refuse to keep them, so the person is told instead.
   */
  withoutIndexedDb: 'memory' | 'refuse';
  /** How the snapshot shows a kept entry: one an earlier version kept, brought up to date. */
  asRead?: (entry: Entry) => Entry;
}

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

export function offlineStore<Entry extends { key: string }>({
  database,
  store,
  compare,
  withoutIndexedDb,
  asRead = (entry) => entry,
}: OfflineStoreOptions<Entry>): OfflineStore<Entry> {
  const inMemory = new Map<string, Entry>();
  let opening: Promise<IDBDatabase> | null = null;

  function openDb(): Promise<IDBDatabase> {
    opening ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(database, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(store, { keyPath: 'key' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opening = null;
        reject(request.error ?? new Error('The phone’s storage could not be opened'));
      };
    });
    return opening;
  }

  async function inStore<T>(
    mode: IDBTransactionMode,
    work: (objects: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> {
    const db = await openDb();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(store, mode);
      const request = work(transaction.objectStore(store));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('Storage failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('Storage failed'));
    });
  }

  /** Whether entries go to memory; throws when this store refuses to keep them there. */
  function keptInMemory(): boolean {
    if (hasIndexedDb()) return false;
    if (withoutIndexedDb === 'refuse') {
      throw new Error('This phone’s storage is not available in this browser');
    }
    return true;
  }

  async function readAll(): Promise<Entry[]> {
    const all = keptInMemory()
      ? [...inMemory.values()]
      : await inStore<Entry[]>('readonly', (objects) => objects.getAll());
    return all.sort(compare);
  }

  async function put(entry: Entry): Promise<void> {
    if (keptInMemory()) inMemory.set(entry.key, entry);
    else await inStore('readwrite', (objects) => objects.put(entry));
  }

  async function remove(key: string): Promise<void> {
    if (keptInMemory()) inMemory.delete(key);
    else await inStore('readwrite', (objects) => objects.delete(key));
  }

  const listeners = new Set<() => void>();
  let snapshot: Entry[] = [];

  async function refresh(): Promise<void> {
    snapshot = (await readAll()).map(asRead);
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    if (listeners.size === 1) void refresh().catch(() => undefined);
    return () => listeners.delete(listener);
  }

  return { readAll, put, remove, refresh, subscribe, snapshot: () => snapshot };
}
