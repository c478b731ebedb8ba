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

/**
 * Whether the member is the business's only owner, who can neither leave, be removed nor take
 * another role (the server answers 409 `last_owner`). False while the count is unknown: the
 * server's refusal still stands then.
 */
export function isOnlyOwner(role: BusinessRole | null, ownerCount: number | undefined): boolean {
  return role === 'owner' && ownerCount === 1;
}

/** What the only owner is told before confirming: why not, and what to do instead. */
export function onlyOwnerRefusal(businessName: string, memberName: string | null): string {
  const who = memberName === null ? 'You are' : `${memberName} is`;
  return `${who} the only owner of ${businessName}, and a business needs an owner. Make someone else an owner first.`;
}
