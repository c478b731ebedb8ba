// The group's notice (docs/groups.md): `group_statement_ready`, to the group's owners and
// bookkeepers (the group roles with `group.bills`), each by their own channels.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { GROUP_ROLES, groupCan } from '#core/group-roles';
import type { Db, DbOrTx } from '../../db/database';
import {
  farms,
  groupMembers,
  groupStatementNotices,
  restaurantGroups,
  users,
} from '../../db/schema';
import {
  channelColumns,
  recordNotificationEvents,
  type NotificationKindProviders,
  type Recipient,
} from '../notifications';

/** group.statement_ready: a month's consolidated statement with a farm can be drawn. */
export interface GroupStatementReadyEvent {
  type: 'group.statement_ready';
  groupId: number;
  farmId: number;
  month: string;
}

declare module '../notifications' {
  interface NotificationEvents {
    'group.statement_ready': GroupStatementReadyEvent;
  }
}

const BILLS_ROLES = GROUP_ROLES.filter((role) => groupCan(role, 'group.bills'));

export const groupNotices: NotificationKindProviders<'group.statement_ready'> = {
  'group.statement_ready': {
    async recipients(tx: DbOrTx, event): Promise<Recipient[]> {
      const rows = await tx
        .select({
          userId: groupMembers.userId,
          groupName: restaurantGroups.name,
          farmName: farms.name,
          ...channelColumns,
        })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .innerJoin(restaurantGroups, eq(restaurantGroups.id, groupMembers.groupId))
        .innerJoin(farms, eq(farms.id, event.farmId))
        .where(
          and(
            eq(groupMembers.groupId, event.groupId),
            inArray(groupMembers.groupRole, [...BILLS_ROLES]),
          ),
        )
        .orderBy(asc(groupMembers.id));
      return rows.map(({ userId, groupName, farmName, ...channels }) => ({
        userId,
        channels,
        content: {
          kind: 'group_statement_ready' as const,
          title: `${groupName}: ${event.month} statement from ${farmName}`,
          body: `The ${event.month} statement from ${farmName} for every location of ${groupName} is ready to download.`,
          details: null,
          link: `/restaurant/group/${event.groupId}`,
          eventKey: `group-statement:${event.groupId}:${event.farmId}:${event.month}`,
        },
      }));
    },
  },
};

/**
 * Announces a month's statement once per group, farm and month: the first call records the
 * notice, later ones answer false.
 */
export async function announceGroupStatement(
  db: Db,
  groupId: number,
  query: { month: string; farmId: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [first] = await tx
      .insert(groupStatementNotices)
      .values({ groupId, farmId: query.farmId, month: query.month })
      .onConflictDoNothing()
      .returning({ groupId: groupStatementNotices.groupId });
    if (!first) return false;
    await recordNotificationEvents(tx, [
      { type: 'group.statement_ready', groupId, farmId: query.farmId, month: query.month },
    ]);
    return true;
  });
}
