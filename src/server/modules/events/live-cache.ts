import type { LiveEvent } from '#core/schemas/notification';
import type { LiveEventHub } from './hub';
import type { DatabaseEvent } from './publish';
import { keepNewest } from '../../lib/bounded-map';
import { now as clockNow } from '../../clock';

interface Entry {
  value: Promise<unknown>;
  /** Real time past which events may have missed a change: `keepMs` after it was computed. */
  until: number;
  /** The business clock's instant at which the figure changes by itself (a cutoff), if any. */
  expiresAt?: number;
  /** Its value has arrived: only then may it be answered past `until`. */
  settled: boolean;
  /** A request is computing it afresh. */
  refreshing?: boolean;
}

export interface LiveCacheOptions {
  /** The longest a figure is kept, whatever the events say (a bound on what they miss). */
  keepMs: number;
  /** Distinct keys kept at once; the oldest go first beyond it. */
  maxEntries: number;
  /**
   * The keys an event makes stale (a list, or a test of each key), every key ('all'), or none
   * (undefined): a live event from any process, or a change the database announced itself.
   */
  staleAfter(
    event: LiveEvent | DatabaseEvent,
  ): readonly string[] | ((key: string) => boolean) | 'all' | undefined;
}

/**
 * Figures that many requests share and that are costly to compute, kept by one process until
 * a live event from any process says they changed (or `keepMs` passes). Bypassed and emptied
 * while the process cannot hear those events. Concurrent requests for the same key share one
 * computation, and a failed one is not kept.
 *
 * A figure past `keepMs` (or its `expiresAt`) that no event made stale is still answered while
 * one request computes it afresh: `keepMs` only bounds what events may miss, and a costly figure
 * recomputed every few seconds would otherwise make a queue of the requests that meet it
 * expired. A changed figure is never answered: its event deletes it.
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
      if (stale === undefined) return;
      if (stale === 'all') this.#entries.clear();
      else if (typeof stale === 'function') {
        for (const key of [...this.#entries.keys()]) if (stale(key)) this.#entries.delete(key);
      } else for (const key of stale) this.#entries.delete(key);
    };
    hub.onLiveEvent(drop);
    hub.onDatabaseEvent(drop);
    hub.onDeaf(() => this.#entries.clear());
  }

  /**
   * The kept figure of `key`, else `load`'s. `expiresAt` says, from the value, the business
   * clock's instant at which it changes with no event to say so (the next cutoff): it is
   * computed afresh from then on, as after `keepMs`.
   */
  get<T>(key: string, load: () => Promise<T>, expiresAt?: (value: T) => number): Promise<T> {
    if (!this.hub.hearing) return load();
    const now = Date.now();
    const cached = this.#entries.get(key);
    if (
      cached &&
      cached.until > now &&
      (cached.expiresAt === undefined || cached.expiresAt > clockNow().getTime())
    ) {
      this.hits += 1;
      return cached.value as Promise<T>;
    }
    if (cached?.settled) {
      this.hits += 1;
      if (!cached.refreshing) this.#refresh(key, cached, load, expiresAt);
      return cached.value as Promise<T>;
    }
    return this.#load(key, load, now, expiresAt);
  }

  /** Forgets every figure: the business clock moved, say, and what they depend on with it. */
  clear(): void {
    this.#entries.clear();
  }

  #load<T>(
    key: string,
    load: () => Promise<T>,
    now: number,
    expiresAt?: (value: T) => number,
  ): Promise<T> {
    // Settled once and kept: a drizzle query is a thenable that runs again on every await.
    const value = Promise.resolve(load());
    const entry: Entry = { value, until: now + this.options.keepMs, settled: false };
    keepNewest(this.#entries, key, entry, this.options.maxEntries);
    value.then(
      (settled) => {
        entry.expiresAt = expiresAt?.(settled);
        entry.settled = true;
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return value;
  }

  /** Computes an expired figure again, answering the old one meanwhile. */
  #refresh<T>(
    key: string,
    stale: Entry,
    load: () => Promise<T>,
    expiresAt?: (value: T) => number,
  ): void {
    stale.refreshing = true;
    const started = Date.now();
    Promise.resolve(load()).then(
      (value) => {
        // Kept only if no event made this key stale meanwhile (the event deleted the entry, so
        // another stands there or none): it may have been read before that change. Events
        // about other keys do not matter: under a stream of stock moves, a figure they do not
        // touch would otherwise never be kept again and be recomputed by every request.
        if (this.#entries.get(key) !== stale) {
          stale.refreshing = false;
          return;
        }
        const entry: Entry = {
          value: Promise.resolve(value),
          until: started + this.options.keepMs,
          expiresAt: expiresAt?.(value),
          settled: true,
        };
        keepNewest(this.#entries, key, entry, this.options.maxEntries);
      },
      () => {
        stale.refreshing = false;
        if (this.#entries.get(key) === stale) this.#entries.delete(key);
      },
    );
  }
}
