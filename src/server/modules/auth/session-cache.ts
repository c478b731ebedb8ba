import type { LiveEventHub } from '../events/hub';
import { authChangeCovers } from '../events/publish';
import type { AuthUser } from '../../types';

/** How long a looked-up session is kept at most: a bound on anything the events did not cover. */
const KEEP_MS = 60_000;
/** Enough for every signed-in browser of a busy day; the oldest go first beyond it. */
const MAX_ENTRIES = 50_000;

interface Entry {
  user: AuthUser;
  /** The earlier of the session's own expiry and KEEP_MS after the lookup. */
  until: number;
}

/**
 * Who each session token belongs to, kept by one process so most requests skip the session
 * query. Trusted only while the process hears every live event: any process ending a session,
 * switching a role or creating a profile publishes an AuthChangedEvent, and every process drops
 * what it covers when it arrives. When the LISTEN connection drops, the cache empties and is
 * bypassed until it is back.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  /** Bumped by every auth change: a lookup that began before one must not be stored. */
  #generation = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly hub: LiveEventHub) {
    hub.onAuthChanged((event) => {
      this.#generation += 1;
      for (const [tokenHash, entry] of this.#entries) {
        if (authChangeCovers(event, { userId: entry.user.id, tokenHash })) {
          this.#entries.delete(tokenHash);
        }
      }
    });
    hub.onDeaf(() => {
      this.#generation += 1;
      this.#entries.clear();
    });
  }

  /**
   * Drops the user's sessions here at once: the request that changed them answers only after
   * this, so its browser's next request never meets the old session in this process, before
   * the event has even arrived. Other processes drop them when the event arrives.
   */
  forgetUser(userId: number): void {
    this.#generation += 1;
    for (const [tokenHash, entry] of this.#entries) {
      if (entry.user.id === userId) this.#entries.delete(tokenHash);
    }
  }

  has(tokenHash: string): boolean {
    return this.#entries.has(tokenHash);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The session's user, from the cache when it may be trusted, else from `load`. */
  async resolve(
    tokenHash: string,
    load: () => Promise<{ user: AuthUser; expiresAt: Date } | null>,
  ): Promise<AuthUser | null> {
    const now = Date.now();
    const cached = this.#entries.get(tokenHash);
    if (cached && this.hub.hearing && cached.until > now) {
      this.hits += 1;
      return cached.user;
    }
    if (cached) this.#entries.delete(tokenHash);
    this.misses += 1;
    const generation = this.#generation;
    const found = await load();
    if (!found) return null;
    if (this.hub.hearing && generation === this.#generation) {
      // Kept in lookup order, so the first is the oldest.
      if (this.#entries.size >= MAX_ENTRIES) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
      const until = Math.min(found.expiresAt.getTime(), Date.now() + KEEP_MS);
      this.#entries.set(tokenHash, { user: found.user, until });
    }
    return found.user;
  }
}
