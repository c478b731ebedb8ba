import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '#core/constants';
import type { DbOrTx } from '../../db/database';
import { farms, restaurants, sessions, users } from '../../db/schema';
import { publishAuthChanged } from '../events/publish';
import type { AuthUser } from '../../types';

export const SESSION_COOKIE = 'hh_session';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: DbOrTx, userId: number, days: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return token;
}

/**
 * Ends sessions, the one way to do it: one session (signing out), or every session of a user
 * but `exceptTokenHash` (a new password, "sign out everywhere"), or all of them. Every process
 * hears of it when the transaction commits and closes the live streams those sessions opened.
 */
export async function endSessions(
  db: DbOrTx,
  target: { tokenHash: string } | { userId: number; exceptTokenHash?: string },
): Promise<void> {
  if ('tokenHash' in target) {
    const [ended] = await db
      .delete(sessions)
      .where(eq(sessions.tokenHash, target.tokenHash))
      .returning({ userId: sessions.userId });
    if (ended) await publishAuthChanged(db, { userId: ended.userId, tokenHash: target.tokenHash });
    return;
  }
  const { userId, exceptTokenHash } = target;
  await db
    .delete(sessions)
    .where(
      exceptTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash))
        : eq(sessions.userId, userId),
    );
  await publishAuthChanged(db, exceptTokenHash ? { userId, exceptTokenHash } : { userId });
}

/** One query: the session's user with the ids of their farm and restaurant, and its expiry. */
export async function findSession(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ user: AuthUser; expiresAt: Date } | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      farmId: farms.id,
      restaurantId: restaurants.id,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(farms, eq(farms.userId, users.id))
    .leftJoin(restaurants, eq(restaurants.userId, users.id))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const { expiresAt, ...user } = row;
  return {
    user: { ...user, role: user.role as Role | null, sessionTokenHash: tokenHash },
    expiresAt,
  };
}

export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

function isSecure(request: FastifyRequest): boolean {
  const origin = request.server.config.appOrigin;
  return origin ? origin.startsWith('https:') : request.protocol === 'https';
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
    path: '/',
    maxAge: request.server.config.sessionDays * 24 * 60 * 60,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
  });
}
