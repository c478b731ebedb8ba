import type { BusinessKind } from '#core/actor';
import { BUSINESS_ROLE_LABELS, ROLES_OF_KIND, type BusinessRole } from '#core/permissions';

/** What each role does, in a line, as the team screens explain it (docs/product.md#team). */
const ROLE_SUMMARIES: Record<BusinessKind, Partial<Record<BusinessRole, string>>> = {
  farm: {
    owner: 'Everything, including the team, payment terms and tax.',
    manager: 'Everything but the team, payment terms and tax.',
    packer: 'Confirms, packs, ships and delivers orders; packing slips. Sees no prices.',
    bookkeeper: 'Receivables, payments, invoices, statements and reports.',
  },
  restaurant: {
    owner: 'Everything, including the team and the profile.',
    buyer: 'Browses, orders, changes orders and keeps standing orders; reports.',
    bookkeeper: 'Bills, statements, invoices and reports. Cannot order.',
  },
};

/** The roles a business of this kind has, as a select offers them. */
export function roleOptions(kind: BusinessKind) {
  return ROLES_OF_KIND[kind].map((role) => ({
    value: role,
    label: BUSINESS_ROLE_LABELS[role],
    summary: ROLE_SUMMARIES[kind][role] ?? '',
  }));
}

export function roleSummary(kind: BusinessKind, role: BusinessRole): string {
  return ROLE_SUMMARIES[kind][role] ?? '';
}

export function roleLabel(role: BusinessRole): string {
  return BUSINESS_ROLE_LABELS[role];
}
