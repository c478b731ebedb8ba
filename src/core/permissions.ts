import type { BusinessKind, PersonActor } from './actor';

/**
 * Who in a business may do what (docs/teams.md): the one table the server checks on every route
 * and the client reads to show only what the person may do.
 */

export const RESTAURANT_ROLES = ['owner', 'buyer', 'bookkeeper'] as const;
export const FARM_ROLES = ['owner', 'manager', 'packer', 'bookkeeper'] as const;
export type RestaurantRole = (typeof RESTAURANT_ROLES)[number];
export type FarmRole = (typeof FARM_ROLES)[number];
export type BusinessRole = RestaurantRole | FarmRole;
export const BUSINESS_ROLES = ['owner', 'manager', 'packer', 'buyer', 'bookkeeper'] as const;

export const ROLES_OF_KIND: Record<BusinessKind, readonly BusinessRole[]> = {
  farm: FARM_ROLES,
  restaurant: RESTAURANT_ROLES,
};

/** How a role is named on screens and in messages. */
export const BUSINESS_ROLE_LABELS: Record<BusinessRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  packer: 'Packer',
  buyer: 'Buyer',
  bookkeeper: 'Bookkeeper',
};

/**
 * What a person may do for their business. Reading the business's orders, its catalogue and
 * one's own notifications needs no permission: every member may.
 */
export const PERMISSIONS = [
  /** Invite, change roles, remove members. */
  'team.manage',
  /** Close the business for good (docs/leaving.md#closing-a-business). */
  'business.close',
  /** The business's profile: name, address, contact, delivery details. */
  'profile.edit',
  /** A farm's payment terms, tax settings and adjustment allowance. */
  'profile.terms',
  /** Prices, totals, fees, tax: without it an order's money fields are null. */
  'money.view',
  /** Sales and purchase reports, and their CSV exports. */
  'reports.view',
  /** A farm's tax figures: the GET summary its G-45 and G-49 returns are filled from. */
  'reports.tax',
  // A restaurant's buying.
  /** Cart, checkout, placing an order, "Order again". */
  'orders.place',
  /** The restaurant changes or cancels its own order before the cutoff. */
  'orders.change',
  /** Standing orders: create, change, skip, end. */
  'standing_orders.manage',
  /** Bills, statements, invoices and the payments recorded against them. */
  'bills.view',
  /** Report a problem with a delivered order (a claim; docs/claims.md). */
  'claims.report',
  /** The farm's customers: one view of each and its credit history (docs/customers.md). */
  'customers.view',
  /** A customer's credit terms, and holding or releasing its account by hand. */
  'credit.manage',
  /**
   * Resale certificates (docs/tax.md): a restaurant gives and revokes them; a farm reads and
   * revokes the ones given to it.
   */
  'resale_certificates.manage',
  // A farm's selling.
  /**
   * Confirm, pack, ship, deliver (one order or the day's orders at once), and drive: the runs
   * and the deliveries confirmed from the driver's phone (a packer has it).
   */
  'orders.status',
  /** Cancel an order. */
  'orders.cancel',
  /** Change an order to what was picked. */
  'orders.adjust',
  /** Packing slips and pick lists. */
  'documents.packing',
  /** Create, edit, price, restock, photograph, delete and restore products. */
  'products.manage',
  /** Delivery days and zones. */
  'schedules.manage',
  /** Record traceability lots and assign them to order lines at packing (docs/traceability.md). */
  'lots.manage',
  /** Send a recall notice for a lot to every restaurant that received it. */
  'lots.recall',
  /** Receivables, recording and voiding payments, statements and invoices. */
  'payments.manage',
  /** Accept, partly accept or decline a restaurant's claim; apply or refund its credit. */
  'claims.decide',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

type Table = {
  farm: Record<FarmRole, Permission[]>;
  restaurant: Record<RestaurantRole, Permission[]>;
};

const FARM_SELLING: Permission[] = [
  'orders.status',
  'orders.cancel',
  'orders.adjust',
  'documents.packing',
  'products.manage',
  'schedules.manage',
  'lots.manage',
  'lots.recall',
];
const FARM_BOOKS: Permission[] = [
  'money.view',
  'reports.view',
  'payments.manage',
  'resale_certificates.manage',
];

const TABLE = {
  restaurant: {
    owner: [
      'team.manage',
      'business.close',
      'profile.edit',
      'money.view',
      'reports.view',
      'orders.place',
      'orders.change',
      'standing_orders.manage',
      'bills.view',
      'claims.report',
      'resale_certificates.manage',
    ],
    buyer: [
      'money.view',
      'reports.view',
      'orders.place',
      'orders.change',
      'standing_orders.manage',
      'claims.report',
    ],
    bookkeeper: ['money.view', 'reports.view', 'bills.view', 'resale_certificates.manage'],
  },
  farm: {
    owner: [
      'team.manage',
      'business.close',
      'profile.edit',
      'profile.terms',
      ...FARM_SELLING,
      ...FARM_BOOKS,
      'reports.tax',
      'claims.decide',
      'customers.view',
      'credit.manage',
    ],
    manager: ['profile.edit', ...FARM_SELLING, ...FARM_BOOKS, 'claims.decide', 'customers.view'],
    packer: ['orders.status', 'orders.adjust', 'documents.packing', 'lots.manage'],
    bookkeeper: [...FARM_BOOKS, 'reports.tax', 'customers.view', 'credit.manage'],
  },
} satisfies Table;

export function isRoleOfKind(kind: BusinessKind, role: string): role is BusinessRole {
  return (ROLES_OF_KIND[kind] as readonly string[]).includes(role);
}

/** Whether a member with `role` in a business of `kind` may do `permission`. */
export function can(kind: BusinessKind, role: BusinessRole, permission: Permission): boolean {
  const byRole: Partial<Record<BusinessRole, readonly Permission[]>> = TABLE[kind];
  return byRole[role]?.includes(permission) ?? false;
}

/**
 * Whether a person may do `permission` for the business they act for; false without a business
 * (an administrator, or before profile setup): the permissions are a business's.
 */
export function actorCan(
  actor: Pick<PersonActor, 'business' | 'businessRole'>,
  permission: Permission,
): boolean {
  return (
    actor.business !== null &&
    actor.businessRole !== null &&
    can(actor.business.kind, actor.businessRole, permission)
  );
}

/** Every permission of a role, for the client to show only what the person may do. */
export function permissionsOf(kind: BusinessKind, role: BusinessRole): Permission[] {
  return PERMISSIONS.filter((permission) => can(kind, role, permission));
}

export const FORBIDDEN_FOR_ROLE = 'forbidden_for_role';

/** The 403 message for a person whose role does not allow the action. */
export function forbiddenForRoleMessage(role: BusinessRole): string {
  const label = BUSINESS_ROLE_LABELS[role];
  return `Your role (${label}) does not allow this. Ask an owner of your business.`;
}
