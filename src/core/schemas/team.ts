import { z } from 'zod';
import { newPasswordField } from '../password-rule';
import { BUSINESS_ROLES } from '../permissions';
import { emailInput, emailLinkToken } from './auth';
import { requiredText } from './common';

/** The two kinds of business a person may belong to. */
export const BUSINESS_KINDS = ['farm', 'restaurant'] as const;

const businessRole = z.enum(BUSINESS_ROLES, { error: 'Choose a role' });

/** GET /api/team: one member of the business acted for. */
export const teamMemberOutput = z.object({
  userId: z.number(),
  name: z.string().nullable(),
  email: z.string(),
  businessRole: z.enum(BUSINESS_ROLES),
  /** When the person last used the app for this business; null when never. */
  lastActiveAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberOutput>;

/** POST /api/team/invitations. Whether the role is one of the business's kind, the server says. */
export const invitationBody = z.object({ email: emailInput, businessRole });
export type InvitationBody = z.infer<typeof invitationBody>;
export type InvitationInput = z.input<typeof invitationBody>;

/** GET /api/team/invitations: an invitation not yet accepted. */
export const invitationOutput = z.object({
  id: z.number(),
  email: z.string(),
  businessRole: z.enum(BUSINESS_ROLES),
  createdAt: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type Invitation = z.infer<typeof invitationOutput>;

/** PATCH /api/team/members/{userId} */
export const memberRoleBody = z.object({ businessRole });
export type MemberRoleBody = z.infer<typeof memberRoleBody>;

/**
 * POST /api/auth/accept-invitation: the names and a password when the invited email has no
 * account yet; the token alone for the signed-in person it was sent to.
 */
export const acceptInvitationBody = z.object({
  token: emailLinkToken,
  password: newPasswordField.optional(),
  firstName: requiredText(100).optional(),
  lastName: requiredText(100).optional(),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

/** The form that creates an account while accepting (as sign-up asks): every field required. */
export const acceptWithNewAccountForm = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  password: newPasswordField,
});
export type AcceptWithNewAccountForm = z.infer<typeof acceptWithNewAccountForm>;

/** POST /api/auth/business: which of the person's businesses this session acts for. */
export const switchBusinessBody = z.object({
  kind: z.enum(BUSINESS_KINDS, { error: 'Choose a farm or a restaurant' }),
  id: z.number().int().positive(),
});
export type SwitchBusinessBody = z.infer<typeof switchBusinessBody>;

/** The codes of the team's and the invitation's answers that screens explain. */
export const TEAM_ERROR_CODES = {
  alreadyMember: 'already_member',
  lastOwner: 'last_owner',
  emailMismatch: 'invitation_email_mismatch',
  invalidToken: 'invalid_token',
  expiredToken: 'expired_token',
  usedToken: 'used_token',
} as const;
