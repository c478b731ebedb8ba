// Restaurant groups (docs/groups.md): the group, its locations and its team. A group member
// acts for each location through a membership the group gives them (memberships.group_id),
// with the restaurant role their group role maps to, so every restaurant route judges them
// by the one permission table.
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  forbiddenForGroupRoleMessage,
  groupCan,
  type GroupPermission,
  type GroupRole,
} from '#core/group-roles';
import { FORBIDDEN_FOR_ROLE } from '#core/permissions';
import type {
  Group,
  GroupCreateBody,
  GroupLocation,
  GroupLocationBody,
  GroupMember,
  GroupMemberAddBody,
  GroupTeamQuery,
} from '#core/schemas/group';
import type { Db, DbOrTx, Tx } from '../../db/database';
import {
  groupInvitations,
  groupMembers,
  memberships,
  restaurantGroups,
  restaurants,
  users,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { endSessions } from '../auth';
import { publishAuthChanged } from '../events';
import { rows } from '../../db/raw-sql';
import { afterKey, splitKeyedPage, type ListPage } from '../paging';

const NO_GROUP = 'Group not found';

/** The asker's role in the group; 404 when they are not a member (the group stays unseen). */
export async function groupRoleOf(db: DbOrTx, groupId: number, userId: number): Promise<GroupRole> {
  const [row] = await db
    .select({ groupRole: groupMembers.groupRole })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (!row) throw notFound(NO_GROUP);
  return row.groupRole;
}

/** The asker's role when it allows `permission`; 404 for a non-member, 403 for the role. */
export async function requireGroupPermission(
  db: DbOrTx,
  groupId: number,
  userId: number,
  permission: GroupPermission,
): Promise<GroupRole> {
  const role = await groupRoleOf(db, groupId, userId);
  if (!groupCan(role, permission)) {
    throw new AppError(403, forbiddenForGroupRoleMessage(role), FORBIDDEN_FOR_ROLE);
  }
  return role;
}

/** The group's locations, oldest first. */
export async function groupLocations(db: DbOrTx, groupId: number): Promise<GroupLocation[]> {
  return db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      location: restaurants.location,
      deliveryZone: restaurants.deliveryZone,
    })
    .from(restaurants)
    .where(eq(restaurants.groupId, groupId))
    .orderBy(asc(restaurants.id));
}

/** GET /api/groups/{id}. */
export async function getGroup(db: DbOrTx, groupId: number, userId: number): Promise<Group> {
  const groupRole = await groupRoleOf(db, groupId, userId);
  const [group] = await db
    .select({ id: restaurantGroups.id, name: restaurantGroups.name })
    .from(restaurantGroups)
    .where(eq(restaurantGroups.id, groupId));
  if (!group) throw notFound(NO_GROUP);
  return { ...group, groupRole, locations: await groupLocations(db, groupId) };
}

/** GET /api/groups: the groups the person belongs to, for the switcher and the group page. */
export async function myGroups(
  db: DbOrTx,
  userId: number,
): Promise<{ id: number; name: string; groupRole: GroupRole }[]> {
  return db
    .select({
      id: restaurantGroups.id,
      name: restaurantGroups.name,
      groupRole: groupMembers.groupRole,
    })
    .from(groupMembers)
    .innerJoin(restaurantGroups, eq(restaurantGroups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupMembers.id));
}

/** POST /api/groups: a new group, the person its owner. */
export async function createGroup(db: Db, userId: number, body: GroupCreateBody): Promise<Group> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .insert(restaurantGroups)
      .values({ name: body.name, createdByUserId: userId })
      .returning({ id: restaurantGroups.id, name: restaurantGroups.name });
    await tx.insert(groupMembers).values({ groupId: group!.id, userId, groupRole: 'group_owner' });
    return { ...group!, groupRole: 'group_owner' as const, locations: [] };
  });
}

const mappedRoleSql = sql`case ${groupMembers.groupRole}
  when 'group_owner' then 'owner' when 'group_buyer' then 'buyer' else 'bookkeeper' end`;

/**
 * Gives every member of the group a membership in every location with their mapped role, and
 * brings the roles of those it gave before in line. A person who is a member of a location in
 * their own right keeps that membership and its role.
 */
async function syncGroupMemberships(tx: Tx, groupId: number): Promise<void> {
  const added = await rows<{ user_id: number }>(
    tx,
    sql`insert into memberships (user_id, business_kind, restaurant_id, business_role, group_id)
      select gm.user_id, 'restaurant', r.id,
        case gm.group_role when 'group_owner' then 'owner' when 'group_buyer' then 'buyer'
          else 'bookkeeper' end,
        gm.group_id
      from group_members gm join restaurants r on r.group_id = gm.group_id
      where gm.group_id = ${groupId}
      order by gm.id, r.id
      on conflict do nothing
      returning user_id`,
  );
  const mappedRole = sql`(select ${mappedRoleSql} from ${groupMembers} where ${groupMembers.groupId} = ${memberships.groupId} and ${groupMembers.userId} = ${memberships.userId})`;
  const changed = await tx
    .update(memberships)
    .set({ businessRole: sql`${mappedRole}` })
    .where(and(eq(memberships.groupId, groupId), sql`${memberships.businessRole} <> ${mappedRole}`))
    .returning({ userId: memberships.userId });
  const userIds = new Set([
    ...added.map((row) => Number(row.user_id)),
    ...changed.map((row) => row.userId),
  ]);
  for (const userId of userIds) await publishAuthChanged(tx, { userId });
}

/**
 * POST /api/groups/{id}/locations: a restaurant the person owns joins the group (404 when it is
 * not theirs, 409 `already_in_group` when it is in a group), or a new location is made, the
 * person its owner. Every group member then acts for it with their mapped role.
 */
export async function addLocation(
  db: Db,
  groupId: number,
  userId: number,
  body: GroupLocationBody,
): Promise<GroupLocation> {
  await requireGroupPermission(db, groupId, userId, 'group.manage');
  return db.transaction(async (tx) => {
    let restaurantId: number;
    if ('restaurantId' in body) {
      const [owned] = await tx
        .select({ id: restaurants.id, groupId: restaurants.groupId })
        .from(restaurants)
        .innerJoin(
          memberships,
          and(
            eq(memberships.restaurantId, restaurants.id),
            eq(memberships.userId, userId),
            eq(memberships.businessRole, 'owner'),
            isNull(memberships.groupId),
          ),
        )
        .where(eq(restaurants.id, body.restaurantId))
        .for('update', { of: restaurants });
      if (!owned) throw notFound('Restaurant not found');
      if (owned.groupId !== null) {
        throw conflict(
          owned.groupId === groupId
            ? 'This restaurant is a location of the group already'
            : 'This restaurant is a location of another group',
          'already_in_group',
        );
      }
      await tx
        .update(restaurants)
        .set({ groupId, updatedAt: new Date() })
        .where(eq(restaurants.id, owned.id));
      restaurantId = owned.id;
    } else {
      // The restaurants' trigger makes the person the new location's owner.
      const [created] = await tx
        .insert(restaurants)
        .values({ ...body, userId, groupId })
        .returning({ id: restaurants.id });
      restaurantId = created!.id;
    }
    await syncGroupMemberships(tx, groupId);
    const [location] = await tx
      .select({
        id: restaurants.id,
        name: restaurants.name,
        location: restaurants.location,
        deliveryZone: restaurants.deliveryZone,
      })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    return location!;
  });
}

const fullName = (first: string | null, last: string | null) =>
  [first?.trim(), last?.trim()].filter(Boolean).join(' ') || null;

const memberColumns = {
  id: groupMembers.id,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  groupRole: groupMembers.groupRole,
};

function toMember(row: {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  groupRole: GroupRole;
}): GroupMember {
  return {
    userId: row.userId,
    name: fullName(row.firstName, row.lastName),
    email: row.email,
    groupRole: row.groupRole,
  };
}

/** GET /api/groups/{id}/team: one page of the members, oldest first. */
export async function listGroupMembers(
  db: DbOrTx,
  groupId: number,
  query: GroupTeamQuery,
): Promise<ListPage<GroupMember>> {
  const where = eq(groupMembers.groupId, groupId);
  const [rows, [counted]] = await Promise.all([
    db
      .select(memberColumns)
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(where, afterKey([groupMembers.id], ['int'], query.cursor)))
      .orderBy(asc(groupMembers.id))
      .limit(query.limit + 1),
    db.select({ total: count() }).from(groupMembers).where(where),
  ]);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.id]);
  return {
    items: page.rows.map(toMember),
    total: counted?.total ?? 0,
    nextCursor: page.nextCursor,
  };
}

/**
 * POST /api/groups/{id}/team/members: a person with an account joins the group with a role and
 * acts for every location with its mapped role. 409 `already_member`.
 */
export async function addGroupMember(
  db: Db,
  groupId: number,
  body: GroupMemberAddBody,
): Promise<GroupMember> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, body.email));
    if (!person) {
      const message = 'No account uses this address: ask them to sign up first';
      throw badRequest(message, { email: message });
    }
    const memberId = await joinGroup(tx, groupId, person.id, body.groupRole, body.email);
    return memberOf(tx, memberId);
  });
}

/**
 * The person joins the group with the role and acts for every location with its mapped role;
 * 409 `already_member`. An account with no side yet takes the restaurants'.
 */
export async function joinGroup(
  tx: Tx,
  groupId: number,
  userId: number,
  groupRole: GroupRole,
  email: string,
): Promise<number> {
  const [added] = await tx
    .insert(groupMembers)
    .values({ groupId, userId, groupRole })
    .onConflictDoNothing()
    .returning({ id: groupMembers.id });
  if (!added) {
    throw new AppError(409, `${email} is already a member of this group`, 'already_member', {
      email: 'Already a member',
    });
  }
  await tx
    .update(users)
    .set({ role: sql`coalesce(${users.role}, 'restaurant')`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await syncGroupMemberships(tx, groupId);
  return added.id;
}

async function memberOf(db: DbOrTx, memberId: number): Promise<GroupMember> {
  const [row] = await db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.id, memberId));
  return toMember(row!);
}

const LAST_GROUP_OWNER =
  'A group needs an owner: make someone else a group owner before this one leaves or changes role.';

/** The member's row with the group's owners locked first (two changes at once see each other). */
async function lockedGroupMember(tx: Tx, groupId: number, userId: number) {
  const owners = await tx
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.groupRole, 'group_owner')))
    .orderBy(asc(groupMembers.id))
    .for('update');
  const [member] = await tx
    .select({ id: groupMembers.id, groupRole: groupMembers.groupRole })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .for('update');
  if (!member) throw notFound('No such member');
  return { member, owners: owners.length };
}

/** PATCH /api/groups/{id}/team/members/{userId}: a new group role; the last owner keeps theirs. */
export async function changeGroupMemberRole(
  db: Db,
  groupId: number,
  userId: number,
  groupRole: GroupRole,
): Promise<GroupMember> {
  return db.transaction(async (tx) => {
    const { member, owners } = await lockedGroupMember(tx, groupId, userId);
    if (member.groupRole === 'group_owner' && groupRole !== 'group_owner' && owners <= 1) {
      throw conflict(LAST_GROUP_OWNER, 'last_owner');
    }
    await tx.update(groupMembers).set({ groupRole }).where(eq(groupMembers.id, member.id));
    if (!groupCan(groupRole, 'group.manage')) await deleteSentInvitations(tx, groupId, userId);
    await syncGroupMemberships(tx, groupId);
    return memberOf(tx, member.id);
  });
}

/**
 * DELETE /api/groups/{id}/team/members/{userId}: removes a member (or the asker leaves): the
 * memberships the group gave them go, and their sessions acting for those locations end.
 */
export async function removeGroupMember(db: Db, groupId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { member, owners } = await lockedGroupMember(tx, groupId, userId);
    if (member.groupRole === 'group_owner' && owners <= 1) {
      throw conflict(LAST_GROUP_OWNER, 'last_owner');
    }
    const given = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId)));
    for (const { id } of given) await endSessions(tx, { userId, membershipId: id });
    if (given.length > 0) {
      await tx.delete(memberships).where(
        inArray(
          memberships.id,
          given.map((row) => row.id),
        ),
      );
    }
    await deleteSentInvitations(tx, groupId, userId);
    await tx.delete(groupMembers).where(eq(groupMembers.id, member.id));
  });
}

/** An invitation is only as good as its sender's right to send it (docs/teams.md). */
async function deleteSentInvitations(tx: Tx, groupId: number, senderId: number): Promise<void> {
  await tx
    .delete(groupInvitations)
    .where(
      and(
        eq(groupInvitations.groupId, groupId),
        eq(groupInvitations.invitedByUserId, senderId),
        isNull(groupInvitations.acceptedAt),
      ),
    );
}
