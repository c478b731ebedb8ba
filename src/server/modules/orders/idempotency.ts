import { createHash } from 'node:crypto';
import { and, eq, lte, notInArray, sql } from 'drizzle-orm';
import type { BusinessRef } from '#core/actor';
import { DELIVERY_IDEMPOTENCY_TTL_HOURS } from '#core/schemas/delivery-proof';
import { now as clockNow } from '../../clock';
import { sendAhead, type Db, type Tx } from '../../db/database';
import { failedWith } from '../../db/raw-sql';
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
/** The scope of a packer's weight from the packing screen, kept as long: it works offline too. */
export const WEIGHT_IDEMPOTENCY_SCOPE = 'line-weight';
/** Scopes kept longer than a day: a phone without signal may send a delivery days later. */
const LONGER_TTL_HOURS: Record<string, number> = {
  [DELIVERY_IDEMPOTENCY_SCOPE]: DELIVERY_IDEMPOTENCY_TTL_HOURS,
  [STOP_DELIVERY_IDEMPOTENCY_SCOPE]: DELIVERY_IDEMPOTENCY_TTL_HOURS,
  [WEIGHT_IDEMPOTENCY_SCOPE]: DELIVERY_IDEMPOTENCY_TTL_HOURS,
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

/** The SQLSTATE of harvest_hui_key_held (drizzle/0028_idempotency_key_claim.sql). */
const KEY_HELD_CODE = 'HH410';

/** Whether a claim of a key found it held by an earlier request. */
function isKeyHeld(error: unknown): boolean {
  return failedWith(error, KEY_HELD_CODE);
}

/**
 * Runs `work` in one transaction. With a key, the transaction first claims the key's row, sent
 * ahead so that it leaves with the work's first reads (one round trip fewer for every keyed
 * write; docs/performance.md#round-trips-of-an-order). A concurrent request with the same key
 * waits on the row's unique index until the first commits; its claim then finds the key held
 * and fails the transaction, and the stored answer is read instead of doing the work again. A
 * key past its time is taken over by the same statement, as if it were new. A refusal rolls the
 * row back with everything else, so a corrected retry with the same key is processed anew.
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
  let claim: Promise<unknown> | undefined;
  try {
    const fresh = await db.transaction(async (tx) => {
      claim = sendAhead(
        tx,
        claimKey(tx, { userId, business, scope, key, hash, now, expiredBefore }),
      );
      const done = await work(tx);
      // The answer is stored with the commit, in its write.
      void sendAhead(
        tx,
        tx
          .update(idempotencyKeys)
          .set({ statusCode: done.statusCode, response: done.body as object })
          .where(thisKey),
      );
      return done;
    });
    await removeExpiredKeys(db, now);
    return { ...fresh, replayed: false };
  } catch (error) {
    // Once the claim failed, every later statement of the transaction failed with it: the
    // claim's own answer says whether the key was held.
    const held = claim ? await claim.then(() => false, isKeyHeld) : false;
    if (!held) throw error;
  }
  const [stored] = await db.select().from(idempotencyKeys).where(thisKey);
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

/**
 * The key's row, inserted, or taken over when past its time; otherwise the statement fails
 * with `harvest_hui_key_held`, and the transaction with it.
 */
function claimKey(
  tx: Tx,
  claim: KeyOwner & {
    scope: string;
    key: string;
    hash: string;
    now: Date;
    expiredBefore: Date;
  },
) {
  const claimed = tx
    .insert(idempotencyKeys)
    .values({
      userId: claim.userId,
      businessKind: claim.business.kind,
      businessId: claim.business.id,
      scope: claim.scope,
      key: claim.key,
      requestHash: claim.hash,
      createdAt: claim.now,
    })
    .onConflictDoUpdate({
      target: [
        idempotencyKeys.userId,
        idempotencyKeys.businessKind,
        idempotencyKeys.businessId,
        idempotencyKeys.scope,
        idempotencyKeys.key,
      ],
      set: { requestHash: claim.hash, statusCode: null, response: null, createdAt: claim.now },
      setWhere: lte(idempotencyKeys.createdAt, claim.expiredBefore),
    })
    .returning({ key: idempotencyKeys.key });
  return tx.execute(
    sql`with claimed as (${claimed.getSQL()}) select harvest_hui_key_held() where not exists (select 1 from claimed)`,
  );
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
