// Inviting a person to a restaurant group by email (docs/groups.md), by the team's invitation
// rules: the link's token is kept as its SHA-256 only, works once and for INVITATION_DAYS, and
// is only as good as its sender's right to send it, judged again on accepting.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { groupCan, type GroupRole } from '#core/group-roles';
import { INVITATION_DAYS } from '#core/schemas/team';
import type { Db, DbOrTx } from '../../db/database';
import { groupInvitations, groupMembers, restaurantGroups, users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { EXPIRED_LINK, hashToken, INVALID_LINK, linkError, USED_LINK } from '../auth';
import { joinGroup } from './service';

export interface GroupInvitation {
  id: number;
  email: string;
  groupRole: GroupRole;
  expiresAt: string;
}

const toInvitation = (row: typeof groupInvitations.$inferSelect): GroupInvitation => ({
  id: row.id,
  email: row.email,
  groupRole: row.groupRole,
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * POST /api/groups/{id}/team/invitations: a new link for the address (one that had a pending
 * invitation gets this one in its place); 409 `already_member`. The route judged the sender.
 */
export async function inviteToGroup(
  db: Db,
  groupId: number,
  inviterId: number,
  body: { email: string; groupRole: GroupRole },
): Promise<{ invitation: GroupInvitation; token: string; groupName: string }> {
  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: groupMembers.id })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, groupId), eq(users.email, body.email)));
    if (member) {
      throw new AppError(409, `${body.email} is already a member of this group`, 'already_member', {
        email: 'Already a member',
      });
    }
    await tx
      .delete(groupInvitations)
      .where(
        and(
          eq(groupInvitations.groupId, groupId),
          eq(groupInvitations.email, body.email),
          isNull(groupInvitations.acceptedAt),
        ),
      );
    const [row] = await tx
      .insert(groupInvitations)
      .values({
        groupId,
        email: body.email,
        groupRole: body.groupRole,
        tokenHash: hashToken(token),
        invitedByUserId: inviterId,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`${body.email} is being invited already`, 'invitation_pending');
    const [group] = await tx
      .select({ name: restaurantGroups.name })
      .from(restaurantGroups)
      .where(eq(restaurantGroups.id, groupId));
    return { invitation: toInvitation(row), token, groupName: group!.name };
  });
}

/** GET /api/groups/{id}/team/invitations: those not accepted yet, oldest first. */
export async function listGroupInvitations(
  db: DbOrTx,
  groupId: number,
): Promise<GroupInvitation[]> {
  const rows = await db
    .select()
    .from(groupInvitations)
    .where(and(eq(groupInvitations.groupId, groupId), isNull(groupInvitations.acceptedAt)))
    .orderBy(asc(groupInvitations.id))
    .limit(200);
  return rows.map(toInvitation);
}

/** DELETE /api/groups/{id}/team/invitations/{invitationId}: its link stops working. */
export async function revokeGroupInvitation(
  db: DbOrTx,
  groupId: number,
  invitationId: number,
): Promise<void> {
  const gone = await db
    .delete(groupInvitations)
    .where(
      and(
        eq(groupInvitations.id, invitationId),
        eq(groupInvitations.groupId, groupId),
        isNull(groupInvitations.acceptedAt),
      ),
    )
    .returning({ id: groupInvitations.id });
  if (gone.length === 0) throw notFound('No such invitation');
}

/**
 * POST /api/groups/invitations/accept: the signed-in person with the invited address joins the
 * group with the invited role. 400 `invalid_token` / `expired_token` / `used_token` as the
 * team's links (`invalid_token` too when the sender may no longer manage the group's team);
 * 409 `invitation_email_mismatch`, `already_member`.
 */
export async function acceptGroupInvitation(
  db: Db,
  person: { userId: number; email: string },
  token: string,
): Promise<{ groupId: number }> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(groupInvitations)
      .where(eq(groupInvitations.tokenHash, hashToken(token)))
      .for('update');
    if (!invitation) throw linkError(INVALID_LINK, 'invalid_token');
    if (invitation.acceptedAt) throw linkError(USED_LINK, 'used_token');
    if (invitation.expiresAt.getTime() <= Date.now()) {
      throw linkError(EXPIRED_LINK, 'expired_token');
    }
    const [sender] = invitation.invitedByUserId
      ? await tx
          .select({ groupRole: groupMembers.groupRole })
          .from(groupMembers)
          .where(
            and(
              eq(groupMembers.groupId, invitation.groupId),
              eq(groupMembers.userId, invitation.invitedByUserId),
            ),
          )
          .for('share')
      : [];
    if (!sender || !groupCan(sender.groupRole, 'group.manage')) {
      throw linkError(INVALID_LINK, 'invalid_token');
    }
    if (person.email !== invitation.email) {
      throw conflict(
        `This invitation is for ${invitation.email}, and you are signed in as ${person.email}.`,
        'invitation_email_mismatch',
      );
    }
    const [used] = await tx
      .update(groupInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(
        and(
          eq(groupInvitations.id, invitation.id),
          isNull(groupInvitations.acceptedAt),
          gt(groupInvitations.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: groupInvitations.id });
    if (!used) throw linkError(INVALID_LINK, 'invalid_token');
    await joinGroup(tx, invitation.groupId, person.userId, invitation.groupRole, person.email);
    return { groupId: invitation.groupId };
  });
}
