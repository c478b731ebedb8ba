import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { memberships } from '../../db/schema';

/** A member's "last active" is kept to the minute: written at most this often. */
export const LAST_ACTIVE_EVERY_MS = 60_000;
/** Memberships this process remembers writing; beyond it, it starts afresh. */
const MAX_REMEMBERED = 50_000;

/**
 * Keeps memberships.last_active_at (the team list's "last active") for the business each
 * request is served acting for, cheaply: this process writes a membership at most once a
 * minute, the write only changes a row not written in the last minute (so several processes
 * add no more), and no request waits for it.
 */
export class LastActive {
  readonly #writtenAt = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A request was served acting for the membership. */
  seen(membershipId: number): void {
    const now = Date.now();
    const last = this.#writtenAt.get(membershipId);
    if (last !== undefined && now - last < LAST_ACTIVE_EVERY_MS) return;
    if (this.#writtenAt.size >= MAX_REMEMBERED) this.#writtenAt.clear();
    this.#writtenAt.set(membershipId, now);
    this.db
      .update(memberships)
      .set({ lastActiveAt: sql`now()` })
      .where(
        and(
          eq(memberships.id, membershipId),
          or(
            isNull(memberships.lastActiveAt),
            lt(memberships.lastActiveAt, sql`now() - interval '1 minute'`),
          ),
        ),
      )
      .then(
        () => {},
        (error: unknown) => this.log.warn({ err: error }, 'last active: not written'),
      );
  }
}
