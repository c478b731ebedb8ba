import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '#core/constants';
import type {
  ActingBusinessBody,
  LoginBody,
  Membership,
  RegisterBody,
  User,
} from '#core/schemas/auth';
import type { Db, DbOrTx } from '../../db/database';
import { farms, memberships, restaurants, sessions, users } from '../../db/schema';
import { jsonValue } from '../../db/raw-sql';
import type { FarmMinimum } from '#core/schemas/minimum';
import { firstMembershipOfRole, roleActingFor } from './session';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../errors';
import { toFarmProfile, toRestaurantProfile } from '../profiles';
import { passwordUserInputs } from '#core/password-rule';
import { hashPassword, verifyPassword } from '../../lib/password';
import { assertStrongPassword } from './password-strength';
import { publishAuthChanged } from '../events';

export const INVALID_LOGIN = 'Invalid email or password';

/** Every business of the user with their role there, oldest first: a subquery of the view's query. */
const membershipsOfUser = sql<Membership[]>`(
  select coalesce(json_agg(json_strip_nulls(json_build_object(
      'kind', m.business_kind,
      'id', coalesce(m.farm_id, m.restaurant_id),
      'name', coalesce(f.name, r.name),
      'businessRole', m.business_role,
      -- Only a restaurant group's location names its group (docs/groups.md).
      'groupId', r.group_id)) order by m.id), '[]'::json)
  from memberships m
  left join farms f on f.id = m.farm_id
  left join restaurants r on r.id = m.restaurant_id
  where m.user_id = ${users.id})`;

/** The farm's minimums (docs/minimums.md), the every-zone one first: a subquery of the view's. */
const minimumsOfFarm = sql<FarmMinimum[]>`(
  select coalesce(json_agg(json_build_object(
      'zone', fm.zone, 'amount', fm.amount::text, 'mode', fm.mode, 'fee', fm.fee::text)
    order by fm.zone nulls first), '[]'::json)
  from farm_minimums fm
  where fm.farm_id = ${farms.id})`;

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
    .select({
      user: users,
      membership: memberships,
      farm: farms,
      restaurant: restaurants,
      memberships: membershipsOfUser,
      farmMinimums: minimumsOfFarm,
    })
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
  const { user, membership, farm, restaurant, memberships: all, farmMinimums } = row;
  const role = roleActingFor(user.role as Role | null, membership?.businessKind ?? null);
  const profile =
    role === 'farmer' && farm
      ? { ...toFarmProfile(farm), minimums: jsonValue<FarmMinimum[]>(farmMinimums) }
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
    businessRole: profile ? (membership?.businessRole ?? null) : null,
    memberships: jsonValue<Membership[]>(all),
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

/**
 * POST /api/auth/switch-role: the account's role becomes `role`, and this session acts for the
 * person's first business of that kind (or none: profile setup follows). What the session acts
 * as now is what "already" means, so a session acting for a farm can always switch back.
 */
export async function switchRole(
  db: Db,
  session: { userId: number; role: Role | null; sessionTokenHash: string },
  role: 'farmer' | 'restaurant',
): Promise<void> {
  const { userId, sessionTokenHash } = session;
  if (session.role === 'admin') throw forbidden('Administrators keep the admin role');
  if (session.role === role) throw conflict(`You are already a ${role}`, 'same_role');
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

/**
 * POST /api/auth/business: this session acts for another business the person belongs to (404
 * when they do not); its streams close and reconnect acting for it, and every process drops
 * what it kept of the session. Answers the membership now acted for.
 */
export async function actForBusiness(
  db: Db,
  session: { userId: number; sessionTokenHash: string },
  business: ActingBusinessBody,
): Promise<number> {
  const { userId, sessionTokenHash } = session;
  return db.transaction(async (tx) => {
    // Held until the session points at it: a removal meanwhile waits, then ends the session.
    const [membership] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, userId),
          business.kind === 'farm'
            ? eq(memberships.farmId, business.id)
            : eq(memberships.restaurantId, business.id),
        ),
      )
      .for('share')
      .limit(1);
    if (!membership) throw notFound(`You are not a member of that ${business.kind}`);
    await tx
      .update(sessions)
      .set({ actingMembershipId: membership.id })
      .where(eq(sessions.tokenHash, sessionTokenHash));
    await publishAuthChanged(tx, { userId, tokenHash: sessionTokenHash });
    return membership.id;
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
