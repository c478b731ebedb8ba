import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BusinessKind } from '#core/actor';
import type { Role } from '#core/constants';
import type { DbOrTx } from '../../db/database';
import { memberships, sessions, users } from '../../db/schema';
import { publishAuthChanged } from '../events';
import type { AuthUser } from '../../http/guards';

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
 * but `exceptTokenHash` (a new password, "sign out everywhere"), or all of them, or every one
 * acting for one of their memberships (the member is removed; sessions acting for their other
 * businesses stay). Every process hears of it when the transaction commits and closes the live
 * streams those sessions opened.
 */
export async function endSessions(
  db: DbOrTx,
  target:
    | { tokenHash: string }
    | { userId: number; exceptTokenHash?: string }
    | { userId: number; membershipId: number },
): Promise<void> {
  if ('membershipId' in target) {
    const { userId, membershipId } = target;
    const accountRole = sql`(select ${users.role} from ${users} where ${users.id} = ${sessions.userId})`;
    const ended = await db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          // Chosen, or by default: a session that never chose acts for the first of its kind.
          sql`coalesce(${sessions.actingMembershipId}, ${firstMembershipOf(sessions.userId, accountRole)}) = ${membershipId}`,
        ),
      )
      .returning({ tokenHash: sessions.tokenHash });
    for (const { tokenHash } of ended) await publishAuthChanged(db, { userId, tokenHash });
    return;
  }
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

/**
 * The membership a session acts for until it chooses one: the person's first membership of
 * the kind their account role names (docs/teams.md).
 */
function firstMembershipOf(userId: AnyColumn | SQL, accountRole: AnyColumn | SQL): SQL {
  return sql`(
  select m.id from memberships m
  where m.user_id = ${userId}
    and m.business_kind = case ${accountRole} when 'farmer' then 'farm' when 'restaurant' then 'restaurant' end
  order by m.id limit 1)`;
}

/** The same, where `users` is in the query. */
export const firstMembershipOfRole = firstMembershipOf(users.id, users.role);

const actingMembershipId = sql`coalesce(${sessions.actingMembershipId}, ${firstMembershipOfRole})`;

/** One query: the session's user, the business it acts for with their role there, its expiry. */
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
      membershipId: memberships.id,
      businessKind: memberships.businessKind,
      farmId: memberships.farmId,
      restaurantId: memberships.restaurantId,
      businessRole: memberships.businessRole,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, eq(memberships.id, actingMembershipId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const { expiresAt, businessKind, role, ...user } = row;
  return {
    user: {
      ...user,
      role: roleActingFor(role as Role | null, businessKind),
      sessionTokenHash: tokenHash,
    },
    expiresAt,
  };
}

/** The side of the marketplace a session is on: its business's kind; an admin stays an admin. */
export function roleActingFor(accountRole: Role | null, kind: BusinessKind | null): Role | null {
  if (accountRole === 'admin' || kind === null) return accountRole;
  return kind === 'farm' ? 'farmer' : 'restaurant';
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
