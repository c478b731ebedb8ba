import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { shortPersonName } from '#core/actor';
import { FORMER_MEMBER, lastOwnerMessage, tombstoneEmail } from '#core/leaving';
import type { Db, Tx } from '../../db/database';
import {
  accountTokens,
  farms,
  memberships,
  notifications,
  orderDeliveries,
  restaurants,
  teamInvitations,
  users,
} from '../../db/schema';
import { AppError, conflict, unauthorized } from '../../errors';
import { verifyPassword } from '../../lib/password';
import { endSessions } from '../auth';

export const WRONG_PASSWORD = 'This is not your current password';

/** The account's password hash, or 401 when the account is gone; 400 `wrong_password` if wrong. */
export async function checkCurrentPassword(
  db: Db | Tx,
  userId: number,
  currentPassword: string,
): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .limit(1);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new AppError(400, WRONG_PASSWORD, 'wrong_password', { currentPassword: WRONG_PASSWORD });
  }
}

/**
 * 409 `last_owner` when the person is the only owner of a business that is still open: it
 * must be handed over or closed first. The owners of those businesses are locked until the
 * transaction ends, so a role change or a leaving at the same moment cannot slip past.
 */
async function refuseLastOwner(tx: Tx, userId: number): Promise<void> {
  const owned = await tx
    .select({
      farmId: memberships.farmId,
      restaurantId: memberships.restaurantId,
      name: sql<string>`coalesce(${farms.name}, ${restaurants.name})`,
      closed: sql<boolean>`coalesce(${farms.closedAt}, ${restaurants.closedAt}) is not null`,
    })
    .from(memberships)
    .leftJoin(farms, eq(farms.id, memberships.farmId))
    .leftJoin(restaurants, eq(restaurants.id, memberships.restaurantId))
    .where(and(eq(memberships.userId, userId), eq(memberships.businessRole, 'owner')));
  for (const business of owned) {
    if (business.closed) continue;
    const ofBusiness =
      business.farmId !== null
        ? eq(memberships.farmId, business.farmId)
        : eq(memberships.restaurantId, business.restaurantId!);
    const owners = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(ofBusiness, eq(memberships.businessRole, 'owner')))
      .for('update');
    if (owners.every((owner) => owner.userId === userId)) {
      throw conflict(lastOwnerMessage(business.name), 'last_owner', {
        businessKind: business.farmId !== null ? 'farm' : 'restaurant',
        businessId: business.farmId ?? business.restaurantId,
      });
    }
  }
}

/**
 * POST /api/auth/delete-account (docs/leaving.md#closing-an-account): after the password is
 * checked, in one transaction: the last-owner rule, the names kept where records print them,
 * the person's memberships, invitations, links, notifications and sessions gone (their streams
 * close), and the account's email, names, phone and password erased. The row stays, with
 * `closed_at`, so every record that points at it keeps pointing somewhere.
 */
export async function closeAccount(db: Db, userId: number, currentPassword: string): Promise<void> {
  await checkCurrentPassword(db, userId, currentPassword);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.closedAt)))
      .for('update');
    if (!user) throw unauthorized();
    await refuseLastOwner(tx, userId);
    // Proofs of delivery print the deliverer's name, read live: keep it as printed.
    const printed = shortPersonName(user.firstName, user.lastName);
    if (printed) {
      await tx
        .update(orderDeliveries)
        .set({ deliveredByName: printed })
        .where(
          and(
            eq(orderDeliveries.deliveredByUserId, userId),
            isNull(orderDeliveries.deliveredByName),
          ),
        );
    }
    await tx
      .delete(teamInvitations)
      .where(and(eq(teamInvitations.invitedByUserId, userId), isNull(teamInvitations.acceptedAt)));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await endSessions(tx, { userId });
    const ownMemberships = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.userId, userId));
    if (ownMemberships.length > 0) {
      await tx.delete(memberships).where(
        inArray(
          memberships.id,
          ownMemberships.map((row) => row.id),
        ),
      );
    }
    const now = new Date();
    await tx
      .update(users)
      .set({
        email: tombstoneEmail(userId),
        passwordHash: null,
        firstName: FORMER_MEMBER,
        lastName: null,
        profileImageUrl: null,
        smsPhone: null,
        notifyByEmail: false,
        notifyBySms: false,
        emailVerifiedAt: null,
        closedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
  });
}
