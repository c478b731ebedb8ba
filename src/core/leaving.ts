import type { BusinessKind } from './actor';
import type { Permission } from './permissions';

/*
 * Leaving cleanly (docs/leaving.md): a person's export, closing an account, closing a business.
 * The rules the server and the screens share.
 */

/** What names read live show for a person who closed their account. */
export const FORMER_MEMBER = 'Former member';

/**
 * The address a closed account keeps: unique, never deliverable (`.invalid` is reserved), so
 * the person's own address can register again.
 */
export function tombstoneEmail(userId: number): string {
  return `closed-account-${userId}@closed.invalid`;
}

/**
 * What a closed business's people may still write: what finishes the orders it had confirmed
 * (pack, ship, deliver, lots, adjust to what was picked, the payments and claims after
 * delivery). Every other write acting for it is 403 `business_closed`.
 */
export const CLOSED_BUSINESS_PERMISSIONS: Record<BusinessKind, readonly Permission[]> = {
  farm: [
    'orders.status',
    'orders.adjust',
    'documents.packing',
    'lots.manage',
    'payments.manage',
    'claims.decide',
  ],
  restaurant: ['claims.report'],
};

export function closedBusinessMessage(kind: BusinessKind): string {
  return `Your ${kind} is closed: you can read its records and finish its confirmed orders, but not make other changes`;
}

/** The 409 of closing an account that is the last owner of an open business. */
export function lastOwnerMessage(businessName: string): string {
  return `You are the only owner of ${businessName}: make someone else an owner or close the business first`;
}
