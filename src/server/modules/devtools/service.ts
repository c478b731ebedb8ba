import { asc, eq, sql } from 'drizzle-orm';
import type { DevUser } from '#core/schemas/admin';
import type { Db } from '../../db/database';
import { farms, memberships, restaurants, users } from '../../db/schema';
import { notFound } from '../../errors';
import { createSession, endSessions, firstMembershipOfRole } from '../auth';

/** Every account with the name of the business a new session of theirs acts for. */
export async function listDevUsers(db: Db): Promise<DevUser[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      profileName: sql<string | null>`case
        when ${users.role} = 'farmer' then ${farms.name}
        when ${users.role} = 'restaurant' then ${restaurants.name}
        else null end`,
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.id, firstMembershipOfRole))
    .leftJoin(farms, eq(farms.id, memberships.farmId))
    .leftJoin(restaurants, eq(restaurants.id, memberships.restaurantId))
    .orderBy(asc(users.role), asc(users.email));
}

/** Ends the caller's session (if any) and opens one for the chosen user. */
export async function switchToUser(
  db: Db,
  userId: number,
  currentTokenHash: string | null,
  sessionDays: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) throw notFound('No such user');
    if (currentTokenHash) await endSessions(tx, { tokenHash: currentTokenHash });
    return createSession(tx, user.id, sessionDays);
  });
}

export async function endSession(db: Db, tokenHash: string | null): Promise<void> {
  if (tokenHash) await endSessions(db, { tokenHash });
}
