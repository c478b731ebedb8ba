// Recovering and keeping an account: password reset by email, password change, ending every
// session, and verifying the email address (docs/accounts.md).
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { passwordUserInputs } from '#core/password-rule';
import type { Db, DbOrTx } from '../../db/database';
import { accountTokens, notificationDeliveries, notifications, users } from '../../db/schema';
import { AppError, unauthorized } from '../../errors';
import { enqueueDelivery } from '../notifications';
import { publishLiveEvents } from '../events';
import { hashPassword, verifyPassword } from '../../lib/password';
import { assertStrongPassword } from './password-strength';
import { endSessions, hashToken } from './session';

export type TokenPurpose = 'password_reset' | 'verify_email';

/** A reset link works for an hour: long enough to find the email, short if it leaks later. */
export const PASSWORD_RESET_MINUTES = 60;
/** A verification link works for three days: a new account may not read its mail at once. */
export const VERIFY_EMAIL_HOURS = 72;

const lifetimeMs: Record<TokenPurpose, number> = {
  password_reset: PASSWORD_RESET_MINUTES * 60_000,
  verify_email: VERIFY_EMAIL_HOURS * 3_600_000,
};

export const INVALID_LINK = 'This link is not valid. Ask for a new one.';
export const EXPIRED_LINK = 'This link has expired. Ask for a new one.';
export const USED_LINK = 'This link has already been used. Ask for a new one if you need it.';

/** 400 saying what is wrong with an emailed link (`invalid_token`, `expired_token`, `used_token`). */
export const linkError = (message: string, code: string) =>
  new AppError(400, message, code, { token: message });

/** Makes a link's token for a user and keeps only its hash; returns the token for the email. */
export async function issueToken(
  db: DbOrTx,
  user: { id: number; email: string },
  purpose: TokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // The user's links that can no longer be used go first: the table stays small.
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, user.id), lt(accountTokens.expiresAt, new Date())));
  await db.insert(accountTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    purpose,
    email: user.email,
    expiresAt: new Date(Date.now() + lifetimeMs[purpose]),
  });
  return token;
}

/** The link's row, or 400 saying what is wrong with it (the token is needed to learn anything). */
async function usableToken(db: DbOrTx, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  if (!row) throw linkError(INVALID_LINK, 'invalid_token');
  if (row.usedAt) throw linkError(USED_LINK, 'used_token');
  if (row.expiresAt.getTime() <= Date.now()) throw linkError(EXPIRED_LINK, 'expired_token');
  return row;
}

/**
 * Uses a link, once: a conditional update, so of two requests racing with the same link
 * only one gets through. The other sees why.
 */
async function consumeToken(tx: DbOrTx, token: string, purpose: TokenPurpose) {
  const tokenHash = hashToken(token);
  const [used] = await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        sql`${accountTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  if (used) return used;
  await usableToken(tx, token, purpose);
  throw linkError(INVALID_LINK, 'invalid_token');
}

/** The account of an email and a fresh reset link for it, or null when there is none. */
export async function requestPasswordReset(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user) return null;
  return { ...user, token: await issueToken(db, user, 'password_reset') };
}

/**
 * The names of the farms and restaurants the user runs: those where they are an owner (their
 * membership's role, whoever signed the business up).
 */
const ownedBusinessNames = sql<(string | null)[]>`coalesce((
  select json_agg(coalesce(f.name, r.name) order by m.id)
  from memberships m
  left join farms f on f.id = m.farm_id
  left join restaurants r on r.id = m.restaurant_id
  where m.user_id = "users"."id" and m.business_role = 'owner'
), '[]'::json)`;

async function accountOf(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      passwordHash: users.passwordHash,
      businessNames: ownedBusinessNames,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw unauthorized();
  return user;
}

/** The words of an account a new password must not be made of: names, email, its businesses. */
function personalWordsOf(user: Awaited<ReturnType<typeof accountOf>>): string[] {
  return passwordUserInputs(user);
}

/**
 * Sets a new password from a reset link. The link is checked before the password is scored,
 * so scoring is spent only on someone holding a live link. Every session of the account ends
 * (their live streams close); the route then signs this browser in. Following the link also
 * proves the address, so it counts as verified.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  hashCost?: number,
): Promise<number> {
  const link = await usableToken(db, token, 'password_reset');
  const user = await accountOf(db, link.userId);
  await assertStrongPassword(password, personalWordsOf(user));
  const passwordHash = await hashPassword(password, hashCost);
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, 'password_reset');
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, case when ${users.email} = ${used.email} then now() end)`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, used.userId));
    // The other reset links sent to this account are spent too.
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.userId, used.userId),
          eq(accountTokens.purpose, 'password_reset'),
          isNull(accountTokens.usedAt),
        ),
      );
    await endSessions(tx, { userId: used.userId });
    return used.userId;
  });
}

export const WRONG_CURRENT_PASSWORD = 'This is not your current password';

/**
 * Changes the password of a signed-in user who knows the current one; every other session
 * ends and its live streams close, this one stays.
 */
export async function changePassword(
  db: Db,
  session: { userId: number; tokenHash: string },
  body: { currentPassword: string; newPassword: string },
  hashCost?: number,
): Promise<void> {
  const user = await accountOf(db, session.userId);
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw new AppError(400, WRONG_CURRENT_PASSWORD, 'wrong_password', {
      currentPassword: WRONG_CURRENT_PASSWORD,
    });
  }
  await assertStrongPassword(body.newPassword, personalWordsOf(user), 'newPassword');
  const passwordHash = await hashPassword(body.newPassword, hashCost);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, session.userId));
    await endSessions(tx, { userId: session.userId, exceptTokenHash: session.tokenHash });
  });
}

/** Ends every session of the user, this one included; their live streams close everywhere. */
export async function signOutEverywhere(db: Db, userId: number): Promise<void> {
  await db.transaction((tx) => endSessions(tx, { userId }));
}

/** The user and a fresh verification link, or null when the address is verified already. */
export async function requestVerification(db: Db, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw unauthorized();
  if (user.emailVerifiedAt) return null;
  return { ...user, token: await issueToken(db, user, 'verify_email') };
}

export const EMAIL_CHANGED =
  'This link was sent to an address that is no longer on the account. Ask for a new one.';

/**
 * Verifies the address a link was sent to. The email notifications that waited for it go to
 * the queue now, in the same transaction.
 */
export async function verifyEmail(db: Db, token: string): Promise<number> {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, 'verify_email');
    const [verified] = await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
      .returning({ id: users.id });
    if (!verified) throw linkError(EMAIL_CHANGED, 'invalid_token');
    await releaseWaitingEmail(tx, used.userId);
    return used.userId;
  });
}

/** Queues the user's email notifications that waited for a verified address. */
export async function releaseWaitingEmail(tx: DbOrTx, userId: number): Promise<void> {
  const ofUser = tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const released = await tx
    .update(notificationDeliveries)
    .set({ status: 'pending' })
    .where(
      and(
        eq(notificationDeliveries.channel, 'email'),
        eq(notificationDeliveries.status, 'waiting'),
        inArray(notificationDeliveries.notificationId, ofUser),
      ),
    )
    .returning({ notificationId: notificationDeliveries.notificationId });
  for (const { notificationId } of released) {
    await enqueueDelivery(tx, { notificationId, channel: 'email' });
  }
  if (released.length > 0) await publishLiveEvents(tx, [{ type: 'deliveries.queued' }]);
}
