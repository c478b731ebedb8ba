import { z } from 'zod';
import { newPasswordField } from '../password-rule';
import { BUSINESS_ROLES } from '../permissions';
import { positiveId, requiredText } from './common';
import type { actingBusinessBody } from './auth';
import { emailInput, emailLinkToken } from './auth';
import { keyedListQuery } from './paging';
import { BUSINESS_KINDS } from '../business-status';

/** The team lists (members, pending invitations): 50 a page by default, at most 200. */
export const TEAM_LIST_DEFAULT_LIMIT = 50;
export const TEAM_LIST_MAX_LIMIT = 200;
export const teamListQuery = keyedListQuery(TEAM_LIST_DEFAULT_LIMIT, TEAM_LIST_MAX_LIMIT);
export type TeamListQuery = z.infer<typeof teamListQuery>;

/** An invitation's link works this many days, once. */
export const INVITATION_DAYS = 7;

const ROLE_MESSAGE = `Choose a role: ${BUSINESS_ROLES.join(', ')}`;
/** A role by name; whether the business's kind has it is the server's check (400). */
export const businessRoleInput = z.enum(BUSINESS_ROLES, { error: ROLE_MESSAGE });

/** One member of the business (GET /api/team), oldest membership first. */
export const teamMemberOutput = z.object({
  userId: z.number(),
  /** First and last name; null when the account has none. */
  name: z.string().nullable(),
  email: z.string(),
  businessRole: z.enum(BUSINESS_ROLES),
  /** When they last used the app acting for this business (to the minute), or null: never. */
  lastActiveAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberOutput>;
export const teamMemberListOutput = z.array(teamMemberOutput);

/**
 * GET /api/team: a page of the members, of one role with `businessRole` (`X-Total-Count` then
 * counts that role's members: the screens ask how many owners there are before the last one
 * tries to leave).
 */
export const teamMemberListQuery = teamListQuery.extend({
  businessRole: businessRoleInput.optional(),
});
export type TeamMemberListQuery = z.infer<typeof teamMemberListQuery>;

/** POST /api/team/invitations. */
export const invitationCreateBody = z.object({
  email: emailInput,
  businessRole: businessRoleInput,
});
export type InvitationCreateBody = z.infer<typeof invitationCreateBody>;

/** A pending invitation (not accepted yet, maybe expired: it can be resent). */
export const invitationOutput = z.object({
  id: z.number(),
  email: z.string(),
  businessRole: z.enum(BUSINESS_ROLES),
  /** Who sent it (short name), or null. */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Past `expiresAt`: the link no longer works; resending makes a new one. */
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationOutput>;
export const invitationListOutput = z.array(invitationOutput);

/** PATCH /api/team/members/{userId}. */
export const memberRoleBody = z.object({ businessRole: businessRoleInput });
export type MemberRoleBody = z.infer<typeof memberRoleBody>;

export const memberParams = z.object({ userId: positiveId });

/**
 * POST /api/auth/accept-invitation. The names and a password are required when the invited
 * address has no account yet (then they make it); a signed-in person sends the token alone.
 */
export const acceptInvitationBody = z.object({
  token: emailLinkToken,
  password: newPasswordField.optional(),
  firstName: requiredText(100).optional(),
  lastName: requiredText(100).optional(),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

/** The invite form's body and what it starts from (the dialog checks it as the server does). */
export const invitationBody = invitationCreateBody;
export type InvitationBody = InvitationCreateBody;
export type InvitationInput = z.input<typeof invitationCreateBody>;

/** GET /api/auth/invitation?token=…: the link's token, checked as accepting checks it. */
export const invitationLinkQuery = z.object({ token: emailLinkToken });

/** What an invitation's link offers, read before joining (the page names the business). */
export const invitationOfferOutput = z.object({
  /** The invited address: the account that joins has this one. */
  email: z.string(),
  businessKind: z.enum(BUSINESS_KINDS),
  businessName: z.string(),
  role: z.enum(BUSINESS_ROLES),
  /** The role as screens name it ("Packer"). */
  roleLabel: z.string(),
  expiresAt: z.string(),
});
export type InvitationOffer = z.infer<typeof invitationOfferOutput>;

/** The form that creates an account while accepting (as sign-up asks): every field required. */
export const acceptWithNewAccountForm = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  password: newPasswordField,
});
export type AcceptWithNewAccountForm = z.infer<typeof acceptWithNewAccountForm>;

/** The codes of the team's and the invitation's answers that screens explain. */
export const TEAM_ERROR_CODES = {
  alreadyMember: 'already_member',
  lastOwner: 'last_owner',
  emailMismatch: 'invitation_email_mismatch',
  invalidToken: 'invalid_token',
  expiredToken: 'expired_token',
  usedToken: 'used_token',
} as const;

/** POST /api/auth/business, as the switcher sends it (the server's schema is actingBusinessBody). */
export type SwitchBusinessBody = z.infer<typeof actingBusinessBody>;
