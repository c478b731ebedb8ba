import type { BusinessKind } from './actor';

/**
 * Admission and suspension of the businesses on the marketplace (docs/admission.md): the one
 * table of what an administrator may do to a farm or restaurant in each state, asked by the
 * server before any write and by the admin screens to decide which buttons to show.
 */

export const BUSINESS_KINDS = ['farm', 'restaurant'] as const satisfies readonly BusinessKind[];

/** Where a farm stands with admission; restaurants sell nothing and need none. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** What an administrator does to a business; each is a row of the admin audit log. */
export const ADMIN_ACTIONS = ['approve', 'decline', 'suspend', 'reinstate'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/**
 * What the admin audit log records: the administrators' decisions, and an owner closing their
 * own business (docs/leaving.md#closing-a-business).
 */
export const AUDIT_ACTIONS = [...ADMIN_ACTIONS, 'close'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The error codes of these rules (docs/api.md#admission-and-suspension). */
export const BUSINESS_CODES = {
  /** A mutating request acting for a suspended business (403). */
  suspended: 'business_suspended',
  /** Approving an approved farm, or declining one (suspend it instead) (409). */
  alreadyApproved: 'already_approved',
  /** Declining a declined farm (409). */
  alreadyDeclined: 'already_declined',
  /** Suspending a suspended business (409). */
  alreadySuspended: 'already_suspended',
  /** Reinstating a business that is not suspended (409). */
  notSuspended: 'not_suspended',
  /** A write acting for a closed business that does not finish its open orders (403). */
  closed: 'business_closed',
  /** Closing a business that is closed already (409). */
  alreadyClosed: 'already_closed',
} as const;
export type BusinessCode = (typeof BUSINESS_CODES)[keyof typeof BUSINESS_CODES];

/** A business as the rules see it: a restaurant's approval is always 'approved'. */
export interface BusinessState {
  kind: BusinessKind;
  approvalStatus: ApprovalStatus;
  suspended: boolean;
}

/** Why the action is refused in this state, or null when it is allowed. */
export function refusalOf(
  action: AdminAction,
  state: BusinessState,
): { code: BusinessCode; message: string } | null {
  const what = state.kind === 'farm' ? 'farm' : 'restaurant';
  switch (action) {
    case 'approve':
    case 'decline':
      if (state.kind !== 'farm') {
        // Unreachable through the API (its paths name farms); kept so the table is whole.
        return { code: BUSINESS_CODES.alreadyApproved, message: 'Restaurants need no approval' };
      }
      if (state.approvalStatus === 'approved') {
        return {
          code: BUSINESS_CODES.alreadyApproved,
          message:
            action === 'approve'
              ? 'This farm is already approved'
              : 'This farm is already approved: suspend it instead',
        };
      }
      if (action === 'decline' && state.approvalStatus === 'declined') {
        return { code: BUSINESS_CODES.alreadyDeclined, message: 'This farm is already declined' };
      }
      return null;
    case 'suspend':
      return state.suspended
        ? { code: BUSINESS_CODES.alreadySuspended, message: `This ${what} is already suspended` }
        : null;
    case 'reinstate':
      return state.suspended
        ? null
        : { code: BUSINESS_CODES.notSuspended, message: `This ${what} is not suspended` };
  }
}

/** The actions an administrator may take on the business now, in the order screens show them. */
export function allowedActions(state: BusinessState): AdminAction[] {
  return ADMIN_ACTIONS.filter((action) => refusalOf(action, state) === null);
}

/**
 * Whether restaurants see the farm and can buy from it: approved and not suspended. The server
 * writes the same rule in SQL (modules/businesses/visibility.ts).
 */
export function isFarmOpen(state: Pick<BusinessState, 'approvalStatus' | 'suspended'>): boolean {
  return state.approvalStatus === 'approved' && !state.suspended;
}

export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  approve: 'Approved',
  decline: 'Declined',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  ...ADMIN_ACTION_LABELS,
  close: 'Closed by its owner',
};
