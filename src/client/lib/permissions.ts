import type { BusinessKind } from '#core/actor';
import { can, type BusinessRole, type Permission } from '#core/permissions';
import type { User } from '#core/schemas/auth';
import { useAuth } from './auth';

export type { Permission } from '#core/permissions';

export interface Permissions {
  /** The kind of business the session acts for; null for an administrator or without one. */
  kind: BusinessKind | null;
  /** The person's role there. */
  businessRole: BusinessRole | null;
  /** Whether the person may do this for the business they act for. */
  can: (permission: Permission) => boolean;
}

function kindOf(user: User): BusinessKind | null {
  if (user.profile) return user.profile.kind;
  if (user.role === 'farmer') return 'farm';
  if (user.role === 'restaurant') return 'restaurant';
  return null;
}

/**
 * What the signed-in person may do, from the core permission table. A user whose answer has no
 * `businessRole` (a server from before teams) owns their business, as every account did then.
 * Administrators act for no business, so every business permission is false for them.
 */
export function permissionsOf(user: User | null): Permissions {
  const kind = user ? kindOf(user) : null;
  const businessRole = kind && user ? (user.businessRole ?? 'owner') : null;
  return {
    kind,
    businessRole,
    can: (permission) => Boolean(kind && businessRole && can(kind, businessRole, permission)),
  };
}

/** The signed-in person's permissions, to show only what they may do. */
export function usePermissions(): Permissions {
  const { user } = useAuth();
  return permissionsOf(user);
}
