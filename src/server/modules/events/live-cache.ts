import type { LiveEvent } from '#core/schemas/notification';
import type { LiveEventHub } from './hub';
import type { DatabaseEvent } from './publish';
import { keepNewest } from '../../lib/bounded-map';

interface Entry {
  value: Promise<unknown>;
  until: number;
}

export interface LiveCacheOptions {
  /** The longest a figure is kept, whatever the events say (a bound on what they miss). */
  keepMs: number;
  /** Distinct keys kept at once; the oldest go first beyond it. */
  maxEntries: number;
  /**
   * The keys an event makes stale, every key ('all'), or none (undefined): a live event from
   * any process, or a change the database announced itself.
   */
  staleAfter(event: LiveEvent | DatabaseEvent): readonly string[] | 'all' | undefined;
}

/**
 * Figures that many requests share and that are costly to compute, kept by one process until
 * a live event from any process says they changed (or `keepMs` passes). Bypassed and emptied
 * while the process cannot hear those events. Concurrent requests for the same key share one
 * computation, and a failed one is not kept.
 */
export class LiveCache {
  readonly #entries = new Map<string, Entry>();
  hits = 0;

  constructor(
    private readonly hub: LiveEventHub,
    private readonly options: LiveCacheOptions,
  ) {
    const drop = (event: LiveEvent | DatabaseEvent) => {
      const stale = options.staleAfter(event);
      if (stale === 'all') this.#entries.clear();
      else for (const key of stale ?? []) this.#entries.delete(key);
    };
    hub.onLiveEvent(drop);
    hub.onDatabaseEvent(drop);
    hub.onDeaf(() => this.#entries.clear());
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.hub.hearing) return load();
    const now = Date.now();
    const cached = this.#entries.get(key);
    if (cached && cached.until > now) {
      this.hits += 1;
      return cached.value as Promise<T>;
    }
    // Settled once and kept: a drizzle query is a thenable that runs again on every await.
    const value = Promise.resolve(load());
    const entry = { value, until: now + this.options.keepMs };
    keepNewest(this.#entries, key, entry, this.options.maxEntries);
    value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return value;
  }
}
