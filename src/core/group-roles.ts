import type { RestaurantRole } from './permissions';

/**
 * A restaurant group's roles (docs/groups.md). A group member acts for each location with the
 * restaurant role their group role maps to, so the restaurant table above governs the location.
 */
export const GROUP_ROLES = ['group_owner', 'group_bookkeeper', 'group_buyer'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

export const GROUP_ROLE_LABELS: Record<GroupRole, string> = {
  group_owner: 'Group owner',
  group_bookkeeper: 'Group bookkeeper',
  group_buyer: 'Group buyer',
};

/** The restaurant role a group member has in each of the group's locations. */
export const LOCATION_ROLE_OF_GROUP_ROLE: Record<GroupRole, RestaurantRole> = {
  group_owner: 'owner',
  group_bookkeeper: 'bookkeeper',
  group_buyer: 'buyer',
};

/** What a group member may do for the group itself (its own routes under /api/groups). */
export const GROUP_PERMISSIONS = [
  /** The group's name, its locations (adding and creating them) and its team. */
  'group.manage',
  /** The consolidated statements of every location, with their bills, credits and payments. */
  'group.bills',
  /** The group's page: its locations, and the dashboard of spend by location and farm. */
  'group.view',
] as const;
export type GroupPermission = (typeof GROUP_PERMISSIONS)[number];

const GROUP_TABLE: Record<GroupRole, readonly GroupPermission[]> = {
  group_owner: ['group.manage', 'group.bills', 'group.view'],
  group_bookkeeper: ['group.bills', 'group.view'],
  group_buyer: ['group.view'],
};

export function groupCan(role: GroupRole, permission: GroupPermission): boolean {
  return GROUP_TABLE[role].includes(permission);
}

/** The 403 message for a group member whose group role does not allow the action. */
export function forbiddenForGroupRoleMessage(role: GroupRole): string {
  return `Your role (${GROUP_ROLE_LABELS[role]}) does not allow this. Ask an owner of your group.`;
}
