import { createHash } from 'node:crypto';
import { and, eq, lte, notInArray } from 'drizzle-orm';
import type { BusinessRef } from '#core/actor';
import { DELIVERY_IDEMPOTENCY_TTL_HOURS } from '#core/schemas/delivery-proof';
import { now as clockNow } from '../../clock';
import { sendAhead, type Db, type Tx } from '../../db/database';
import { idempotencyKeys } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Keys are honoured for this long by the business clock; past it a key is a new one, whether
 * or not a later request has removed it yet.
 */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** The scope of a driver's delivery from the phone, whose keys are kept longer. */
export const DELIVERY_IDEMPOTENCY_SCOPE = 'order-delivery';
/** The scope of a driver's confirmation of a whole stop (POST /api/deliveries), kept as long. */
export const STOP_DELIVERY_IDEMPOTENCY_SCOPE = 'stop-delivery';
/** Scopes kept longer than a day: a phone without signal may send a delivery days later. */
const LONGER_TTL_HOURS: Record<string, number> = {
  [DELIVERY_IDEMPOTENCY_SCOPE]: DELIVERY_IDEMPOTENCY_TTL_HOURS,
  [STOP_DELIVERY_IDEMPOTENCY_SCOPE]: DELIVERY_IDEMPOTENCY_TTL_HOURS,
};
const HOUR_MS = 60 * 60 * 1000;
const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;
let lastCleanupAt = 0;

export interface StoredResult<T> {
  statusCode: number;
  body: T;
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed: boolean;
}

/** A stable fingerprint of the validated request body. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/**
 * What the work answers. Statements it sent ahead (`sendAhead`) leave with the stored answer
 * and the commit, and are joined there.
 */
export interface WorkResult<T> {
  statusCode: number;
  body: T;
}

/** How long a scope's keys are honoured. */
function ttlHoursOf(scope: string): number {
  return LONGER_TTL_HOURS[scope] ?? IDEMPOTENCY_KEY_TTL_HOURS;
}

/** Whose a key is: the person's, for the business they act for. */
export interface KeyOwner {
  userId: number;
  business: BusinessRef;
}

/**
 * Runs `work` in one transaction. With a key, the key's row is inserted first in that same
 * transaction: a concurrent request with the same key waits on the row's unique index until the
 * first commits, then reads its stored answer instead of doing the work again. A key past its
 * time is taken over by the same statement, as if it were new. A refusal rolls the row back with
 * everything else, so a corrected retry with the same key is processed anew.
 */
export async function runIdempotent<T>(
  db: Db,
  options: KeyOwner & { scope: string; key: string | undefined; body: unknown; now?: Date },
  work: (tx: Tx) => Promise<WorkResult<T>>,
): Promise<StoredResult<T>> {
  const { userId, business, scope, key } = options;
  if (!key) {
    const result = await db.transaction(work);
    return { ...result, replayed: false };
  }
  const hash = requestHash(options.body);
  const now = options.now ?? clockNow();
  const expiredBefore = new Date(now.getTime() - ttlHoursOf(scope) * HOUR_MS);
  const thisKey = and(
    eq(idempotencyKeys.userId, userId),
    eq(idempotencyKeys.businessKind, business.kind),
    eq(idempotencyKeys.businessId, business.id),
    eq(idempotencyKeys.scope, scope),
    eq(idempotencyKeys.key, key),
  );
  const result = await db.transaction(async (tx): Promise<StoredResult<T>> => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({
        userId,
        businessKind: business.kind,
        businessId: business.id,
        scope,
        key,
        requestHash: hash,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [
          idempotencyKeys.userId,
          idempotencyKeys.businessKind,
          idempotencyKeys.businessId,
          idempotencyKeys.scope,
          idempotencyKeys.key,
        ],
        set: {
          requestHash: hash,
          statusCode: null,
          response: null,
          createdAt: now,
        },
        setWhere: lte(idempotencyKeys.createdAt, expiredBefore),
      })
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(thisKey);
      if (!stored || stored.statusCode === null) {
        throw new AppError(
          409,
          'A request with this Idempotency-Key is still being processed. Try again shortly.',
          'idempotency_key_in_progress',
        );
      }
      if (stored.requestHash !== hash) {
        throw new AppError(
          422,
          'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
          'idempotency_key_reused',
        );
      }
      return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
    }
    const fresh = await work(tx);
    // The answer is stored with the commit, in its write.
    void sendAhead(
      tx,
      tx
        .update(idempotencyKeys)
        .set({ statusCode: fresh.statusCode, response: fresh.body as object })
        .where(thisKey),
    );
    return { ...fresh, replayed: false };
  });
  await removeExpiredKeys(db, now);
  return result;
}

/**
 * Deletes keys past their time, at most every few minutes per process (real time): only to
 * keep the table small, since a key past its time is a new one anyway.
 */
async function removeExpiredKeys(db: Db, now: Date): Promise<void> {
  if (Date.now() - lastCleanupAt < CLEANUP_INTERVAL_MS) return;
  lastCleanupAt = Date.now();
  const before = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const longer = Object.keys(LONGER_TTL_HOURS);
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        lte(idempotencyKeys.createdAt, before(IDEMPOTENCY_KEY_TTL_HOURS)),
        notInArray(idempotencyKeys.scope, longer),
      ),
    );
  for (const [scope, hours] of Object.entries(LONGER_TTL_HOURS)) {
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), lte(idempotencyKeys.createdAt, before(hours))));
  }
}
