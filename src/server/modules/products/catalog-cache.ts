import type { LiveEventHub } from '../events/hub';

/** Farm names in the browse filter may lag a rename by this much; stock never lags. */
const KEEP_MS = 10_000;
/** Distinct searches remembered at once; the oldest go first beyond it. */
const MAX_ENTRIES = 2_000;

interface Entry {
  value: Promise<unknown>;
  until: number;
}

/**
 * The parts of a browse page that grow with the catalogue (how many products match, how many
 * are listed, which farms have any), kept by one process. Every process empties it when any
 * product or its stock changes (the products.changed event each such change publishes), so
 * it never counts stock older than the live updates show; it is bypassed while the process
 * cannot hear those events. Concurrent requests for the same figure share one query.
 */
export class CatalogCache {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly hub: LiveEventHub) {
    hub.onLiveEvent((event) => {
      if (event.type === 'products.changed') this.#entries.clear();
    });
    hub.onDeaf(() => this.#entries.clear());
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.hub.hearing) return load();
    const now = Date.now();
    const cached = this.#entries.get(key);
    if (cached && cached.until > now) return cached.value as Promise<T>;
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const value = load();
    const entry = { value, until: now + KEEP_MS };
    this.#entries.set(key, entry);
    // A failed query is not remembered.
    value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return value;
  }
}
