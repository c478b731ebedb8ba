import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { authAttempts } from '../../db/schema';
import { AppError } from '../../errors';

/** Attempts are counted over this many minutes; older rows are pruned. */
export const ATTEMPT_WINDOW_MINUTES = 15;
const WINDOW = sql.raw(`interval '${ATTEMPT_WINDOW_MINUTES} minutes'`);
const PRUNE_EVERY_MS = 60_000;

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/** 429 `rate_limited`; the error handler adds `Retry-After`. */
export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_ATTEMPTS, 'rate_limited');
  }
}

/**
 * What was attempted. `email_link`: a password-reset or verification email asked for;
 * `change_password`: a current password given to change it.
 */
export type AttemptKind = 'sign_in' | 'register' | 'email_link' | 'change_password';

/**
 * The address of attempts counted per account from anywhere (with `perAccount`), such as the
 * emails sent to one address: a stranger on many networks still cannot flood someone's inbox.
 */
export const ANY_ADDRESS = 'any';

export interface AttemptKey {
  kind: AttemptKind;
  /** The client's address (`request.ip`). */
  address: string;
  /** The account tried (an email), for limits per account and address. */
  account?: string | undefined;
}

export interface AttemptLimits {
  /** Attempts allowed from one address in the window, whatever the account. */
  perAddress: number;
  /** Attempts allowed on one account from one address in the window. */
  perAccount?: number | undefined;
}

/**
 * The address attempts are counted under: an IPv4 address as it is (also when IPv4-mapped),
 * an IPv6 address by its /64, the smallest network a household or office is given, so
 * that a client cannot walk through the 2^64 addresses it holds.
 */
export function addressKey(ip: string): string {
  const bare = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (isIP(bare) !== 6) return bare;
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Tail.slice(1).map(Number);
    const high = ((a << 8) | b).toString(16);
    const low = ((c << 8) | d).toString(16);
    text = `${text.slice(0, ipv4Tail.index)}${high}:${low}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros =
    tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16).toString(16));
}

/** Accounts are counted by a hash of the email: the table never holds what people typed. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** The seconds until fewer than `max` of the rows `where` selects are left in the window. */
async function secondsUntilBelow(db: DbOrTx, where: SQL | undefined, max: number) {
  const [row] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from ${authAttempts.createdAt} + ${WINDOW} - now()))::int`,
    })
    .from(authAttempts)
    .where(where)
    .orderBy(desc(authAttempts.createdAt))
    .offset(max - 1)
    .limit(1);
  return Math.max(1, row?.seconds ?? 1);
}

/**
 * Counts attempts in the database, so every process shares the same figures. An attempt is
 * written first and counted after, each in its own statement: of any number of attempts
 * made at once, the k-th to be written sees at least k, so no more than the limit get
 * through however the requests race. An attempt over a limit is removed again, so being
 * refused does not make the wait longer.
 */
export class AttemptLimiter {
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: DbOrTx) {}

  /** Records an attempt within the limits and returns its id; else TooManyAttemptsError. */
  async record(key: AttemptKey, limits: AttemptLimits): Promise<number> {
    await this.#pruneNowAndThen();
    const address = addressKey(key.address);
    const accountHash = key.account === undefined ? null : accountKey(key.account);
    const [inserted] = await this.db
      .insert(authAttempts)
      .values({ kind: key.kind, address, accountHash })
      .returning({ id: authAttempts.id });
    const id = inserted!.id;

    const fromAddress = and(
      eq(authAttempts.kind, key.kind),
      eq(authAttempts.address, address),
      gt(authAttempts.createdAt, sql`now() - ${WINDOW}`),
    );
    const onAccount = accountHash
      ? and(fromAddress, eq(authAttempts.accountHash, accountHash))
      : undefined;
    const [counts] = await this.db
      .select({
        fromAddress: sql<number>`count(*)::int`,
        onAccount: onAccount
          ? sql<number>`(count(*) filter (where ${authAttempts.accountHash} = ${accountHash}))::int`
          : sql<number>`0`,
      })
      .from(authAttempts)
      .where(fromAddress);
    const overAddress = (counts?.fromAddress ?? 0) > limits.perAddress;
    const overAccount =
      onAccount !== undefined &&
      limits.perAccount !== undefined &&
      (counts?.onAccount ?? 0) > limits.perAccount;
    if (!overAddress && !overAccount) return id;

    await this.forget(id);
    const waits = [
      overAddress ? await secondsUntilBelow(this.db, fromAddress, limits.perAddress) : 0,
      overAccount ? await secondsUntilBelow(this.db, onAccount, limits.perAccount!) : 0,
    ];
    throw new TooManyAttemptsError(Math.max(...waits));
  }

  /** Removes one attempt: it turned out not to be one that counts. */
  async forget(id: number): Promise<void> {
    await this.db.delete(authAttempts).where(eq(authAttempts.id, id));
  }

  /** Removes an account's attempts from an address: it proved who it is. */
  async clear(key: AttemptKey & { account: string }): Promise<void> {
    await this.db
      .delete(authAttempts)
      .where(
        and(
          eq(authAttempts.kind, key.kind),
          eq(authAttempts.address, addressKey(key.address)),
          eq(authAttempts.accountHash, accountKey(key.account)),
        ),
      );
  }

  /**
   * A sign-in: counts as a failure until `authenticate` resolves. A refused password (401)
   * stays counted; success clears this account's failures from this address; any other
   * error is no verdict on the password and is not counted.
   */
  async signIn<T>(
    attempt: { address: string; email: string },
    limits: { perAccount: number; perAddress: number },
    authenticate: () => Promise<T>,
  ): Promise<T> {
    const key = { kind: 'sign_in', address: attempt.address, account: attempt.email } as const;
    const id = await this.record(key, limits);
    let result: T;
    try {
      result = await authenticate();
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 401)) {
        await this.forget(id).catch(() => {});
      }
      throw error;
    }
    await this.clear(key);
    return result;
  }

  /** Deletes the attempts that have left the window. */
  async prune(): Promise<void> {
    await this.db.delete(authAttempts).where(lt(authAttempts.createdAt, sql`now() - ${WINDOW}`));
  }

  /** Pruning rides on attempts, at most once a minute per process: no timer to manage. */
  async #pruneNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.#prunedAt < PRUNE_EVERY_MS) return;
    this.#prunedAt = now;
    await this.prune();
  }
}
