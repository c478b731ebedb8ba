import { authChangeCovers, type LiveEventHub } from '../events';
import type { User } from '#core/schemas/auth';
import type { AuthUser } from '../../http/guards';
import { keepNewest } from '../../lib/bounded-map';

/** How long a looked-up session is kept at most: a bound on anything the events did not cover. */
const KEEP_MS = 60_000;
/** Enough for every signed-in browser of a busy day; the oldest go first beyond it. */
const MAX_ENTRIES = 50_000;

interface Entry {
  user: AuthUser;
  /** The earlier of the session's own expiry and KEEP_MS after the lookup. */
  until: number;
}

interface ViewEntry {
  view: User;
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
  /**
   * What GET /api/auth/user answers, per user. Dropped when the database says the user, their
   * farm or their restaurant changed (any writer, any process), on any auth change of theirs,
   * and here at once after any write the user makes through this process.
   */
  readonly #views = new Map<number, Map<number, ViewEntry>>();
  /** Bumped by every change of a user's view: a read that began before one must not be kept. */
  #viewGeneration = 0;
  /** Bumped by every auth change: a lookup that began before one must not be stored. */
  #generation = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly hub: LiveEventHub,
    /** Reads a user's view, acting for a membership, from the database (getUserView). */
    private readonly loadView: (userId: number, membershipId: number | null) => Promise<User>,
  ) {
    hub.onDatabaseEvent((event) => {
      if (event.type === 'user.changed') this.forgetView(event.userId);
    });
    hub.onAuthChanged((event) => {
      this.#generation += 1;
      this.forgetView(event.userId);
      for (const [tokenHash, entry] of this.#entries) {
        if (authChangeCovers(event, { userId: entry.user.id, tokenHash })) {
          this.#entries.delete(tokenHash);
        }
      }
    });
    hub.onDeaf(() => {
      this.#generation += 1;
      this.#viewGeneration += 1;
      this.#entries.clear();
      this.#views.clear();
    });
  }

  /**
   * Drops the user's sessions here at once: the request that changed them answers only after
   * this, so its browser's next request never meets the old session in this process, before
   * the event has even arrived. Other processes drop them when the event arrives.
   */
  forgetUser(userId: number): void {
    this.#generation += 1;
    this.forgetView(userId);
    for (const [tokenHash, entry] of this.#entries) {
      if (entry.user.id === userId) this.#entries.delete(tokenHash);
    }
  }

  /** Drops what this process keeps of the user's view (their sessions stay). */
  forgetView(userId: number): void {
    this.#viewGeneration += 1;
    this.#views.delete(userId);
  }

  /**
   * What GET /api/auth/user answers for the user acting for a membership (a person in several
   * businesses has one view per business): from the cache when it may be trusted.
   */
  async view(user: { id: number; membershipId: number | null }): Promise<User> {
    const key = user.membershipId ?? 0;
    const cached = this.#views.get(user.id)?.get(key);
    if (cached && this.hub.hearing && cached.until > Date.now()) return cached.view;
    const generation = this.#viewGeneration;
    const view = await this.loadView(user.id, user.membershipId);
    if (this.hub.hearing && generation === this.#viewGeneration) {
      const byMembership = this.#views.get(user.id) ?? new Map<number, ViewEntry>();
      byMembership.set(key, { view, until: Date.now() + KEEP_MS });
      this.#keep(this.#views, user.id, byMembership);
    }
    return view;
  }

  /** Stores in lookup order, so the first is the oldest: it goes first beyond MAX_ENTRIES. */
  #keep<K, V>(map: Map<K, V>, key: K, value: V): void {
    keepNewest(map, key, value, MAX_ENTRIES);
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
      const until = Math.min(found.expiresAt.getTime(), Date.now() + KEEP_MS);
      this.#keep(this.#entries, tokenHash, { user: found.user, until });
    }
    return found.user;
  }
}
