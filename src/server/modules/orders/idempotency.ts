import { createHash } from 'node:crypto';
import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import { commitWith, type Db, type Tx } from '../../db/database';
import { idempotencyKeys } from '../../db/schema';
import { AppError } from '../../errors';
import { DELIVERY_IDEMPOTENCY_TTL_HOURS } from '#core/schemas/delivery-proof';

/** Keys are honoured for at least this long, then removed on a later request. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** The scope of a driver's delivery from the phone, whose keys are kept longer. */
export const DELIVERY_IDEMPOTENCY_SCOPE = 'order-delivery';
/** Scopes kept longer than a day: a phone without signal may send a delivery days later. */
const LONGER_TTL_HOURS: Record<string, number> = {
  [DELIVERY_IDEMPOTENCY_SCOPE]: DELIVERY_IDEMPOTENCY_TTL_HOURS,
};
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
 * What the work answers; `last` are its last statements, sent with the commit (`commitWith`),
 * after the answer is stored with its key; `inFlight`, statements it sent and has not waited
 * for, which leave with them.
 */
export interface WorkResult<T> {
  statusCode: number;
  body: T;
  last?: (() => Promise<unknown>)[];
  inFlight?: Promise<unknown>[];
}

/**
 * Runs `work` in one transaction. With a key, the key's row is inserted first in that same
 * transaction: a concurrent request with the same key waits on the row's unique index until the
 * first commits, then reads its stored answer instead of doing the work again. A refusal rolls
 * the row back with everything else, so a corrected retry with the same key is processed anew.
 */
export async function runIdempotent<T>(
  db: Db,
  options: { userId: number; scope: string; key: string | undefined; body: unknown },
  work: (tx: Tx) => Promise<WorkResult<T>>,
): Promise<StoredResult<T>> {
  const { userId, scope, key } = options;
  if (!key) {
    const result = await db.transaction(async (tx) => {
      const { last, inFlight, ...done } = await work(tx);
      if (last) await commitWith(tx, last, inFlight);
      else await Promise.all(inFlight ?? []);
      return done;
    });
    return { ...result, replayed: false };
  }
  const hash = requestHash(options.body);
  const result = await db.transaction(async (tx): Promise<StoredResult<T>> => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ userId, scope, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.scope, scope),
            eq(idempotencyKeys.key, key),
          ),
        );
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
    const { last, inFlight, ...fresh } = await work(tx);
    const store = () =>
      tx
        .update(idempotencyKeys)
        .set({ statusCode: fresh.statusCode, response: fresh.body as object })
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.scope, scope),
            eq(idempotencyKeys.key, key),
          ),
        )
        .execute();
    if (last) await commitWith(tx, [store, ...last], inFlight);
    else await Promise.all([...(inFlight ?? []), store()]);
    return { ...fresh, replayed: false };
  });
  await removeExpiredKeys(db);
  return result;
}

/** Deletes keys past their time, at most every few minutes per process. */
async function removeExpiredKeys(db: Db): Promise<void> {
  const now = Date.now();
  if (now - lastCleanupAt < CLEANUP_INTERVAL_MS) return;
  lastCleanupAt = now;
  const longer = Object.keys(LONGER_TTL_HOURS);
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        lt(
          idempotencyKeys.createdAt,
          sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
        ),
        notInArray(idempotencyKeys.scope, longer),
      ),
    );
  for (const [scope, hours] of Object.entries(LONGER_TTL_HOURS)) {
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${hours})`),
        ),
      );
  }
}
