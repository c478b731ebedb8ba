import { and, eq } from 'drizzle-orm';
import type { Role } from '#core/constants';
import type { LoginBody, RegisterBody, User } from '#core/schemas/auth';
import type { Db, DbOrTx } from '../../db/database';
import { farms, memberships, restaurants, sessions, users } from '../../db/schema';
import { firstMembershipOfRole, roleActingFor } from './session';
import { AppError, conflict, forbidden, unauthorized } from '../../errors';
import { toFarmProfile, toRestaurantProfile } from '../profiles/service';
import { passwordUserInputs } from '#core/password-rule';
import { hashPassword, verifyPassword } from '../../lib/password';
import { assertStrongPassword } from './password-strength';
import { publishAuthChanged } from '../events/publish';

export const INVALID_LOGIN = 'Invalid email or password';

/**
 * The user as the client sees it, with the profile of the business the session acts for
 * (`membershipId`; without it, the first of the account role's kind, as a new session has).
 * One query.
 */
export async function getUserView(
  db: DbOrTx,
  userId: number,
  membershipId: number | null = null,
): Promise<User> {
  const [row] = await db
    .select({ user: users, membership: memberships, farm: farms, restaurant: restaurants })
    .from(users)
    .leftJoin(
      memberships,
      and(
        eq(memberships.userId, users.id),
        eq(memberships.id, membershipId ?? firstMembershipOfRole),
      ),
    )
    .leftJoin(farms, eq(farms.id, memberships.farmId))
    .leftJoin(restaurants, eq(restaurants.id, memberships.restaurantId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw unauthorized();
  const { user, membership, farm, restaurant } = row;
  const role = roleActingFor(user.role as Role | null, membership?.businessKind ?? null);
  const profile =
    role === 'farmer' && farm
      ? toFarmProfile(farm)
      : role === 'restaurant' && restaurant
        ? toRestaurantProfile(restaurant)
        : null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role,
    profile,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

export async function registerUser(db: Db, body: RegisterBody, hashCost?: number): Promise<number> {
  await assertStrongPassword(body.password, passwordUserInputs(body));
  const passwordHash = await hashPassword(body.password, hashCost);
  const [row] = await db
    .insert(users)
    .values({ email: body.email, passwordHash, firstName: body.firstName, lastName: body.lastName })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!row) {
    throw new AppError(409, 'An account with this email already exists', 'email_taken', {
      email: 'An account with this email already exists',
    });
  }
  return row.id;
}

/** `hashCost` is the cost of new hashes: an unknown email is checked against one as slow. */
export async function authenticate(db: Db, body: LoginBody, hashCost?: number): Promise<number> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, body.email))
    .limit(1);
  const valid = await verifyPassword(body.password, row?.passwordHash ?? null, hashCost);
  if (!row || !valid) throw new AppError(401, INVALID_LOGIN, 'invalid_credentials');
  return row.id;
}

export async function switchRole(
  db: Db,
  userId: number,
  role: 'farmer' | 'restaurant',
  sessionTokenHash: string,
): Promise<void> {
  const [current] = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!current) throw unauthorized();
  if (current.role === 'admin') throw forbidden('Administrators keep the admin role');
  if (current.role === role) throw conflict(`You are already a ${role}`, 'same_role');
  await db.transaction(async (tx) => {
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    // This session acts for the first business of the new kind (docs/teams.md).
    await tx
      .update(sessions)
      .set({ actingMembershipId: null })
      .where(eq(sessions.tokenHash, sessionTokenHash));
    // Streams opened as the old role close; the browser reconnects as the new one.
    await publishAuthChanged(tx, { userId });
  });
}

/** Gives an existing user the admin role; used by the admin:grant command only. */
export async function grantAdmin(db: Db, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning({ id: users.id });
    if (updated) await publishAuthChanged(tx, { userId: updated.id });
    return updated !== undefined;
  });
}
