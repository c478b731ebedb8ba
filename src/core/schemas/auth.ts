import { z } from 'zod';
import { APPROVAL_STATUSES } from '../business-status';
import { ROLES } from '../constants';
import { newPasswordField } from '../password-rule';
import { PAYMENT_TERMS } from '../payments';
import { BUSINESS_ROLES } from '../permissions';
import { REQUIRED, requiredText } from './common';
import { getRuleOutput } from './resale-certificate';
import { farmMinimumOutput } from './minimum';

export { PASSWORD_MIN_LENGTH } from '../password-rule';

/** An email address as every form takes it: trimmed, checked, lower case. */
export const emailInput = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(254, 'At most 254 characters')
  .pipe(z.email('Enter a valid email address'))
  .transform((value) => value.toLowerCase());

export const registerBody = z.object({
  email: emailInput,
  /** The length here; the strength (password-rule.ts) where the password is set. */
  password: newPasswordField,
  firstName: requiredText(100),
  lastName: requiredText(100),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** POST /api/auth/forgot-password */
export const forgotPasswordBody = z.object({ email: emailInput });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** The token of a link sent by email (password reset, address verification). */
export const emailLinkToken = z
  .string({ error: 'This link is not complete. Open it again from the email.' })
  .trim()
  .min(1, 'This link is not complete. Open it again from the email.')
  .max(200, 'This link is not valid');

/** POST /api/auth/reset-password */
export const resetPasswordBody = z.object({ token: emailLinkToken, password: newPasswordField });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /api/auth/change-password */
export const changePasswordBody = z.object({
  currentPassword: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /api/auth/verify-email */
export const verifyEmailBody = z.object({ token: emailLinkToken });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

/** An answer that is only a sentence for the person. */
export const messageOutput = z.object({ message: z.string() });

export const loginBody = z.object({
  email: emailInput,
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

/** GET /api/auth/demo-accounts: the seeded accounts, offered on sign-in in demo mode only. */
export const demoAccountsOutput = z.object({
  password: z.string(),
  accounts: z.array(z.object({ label: z.string(), email: z.string() })),
});
export type DemoAccounts = z.infer<typeof demoAccountsOutput>;

export const switchRoleBody = z.object({
  role: z.enum(['farmer', 'restaurant'], { error: 'Choose farmer or restaurant' }),
});

/** POST /api/auth/business: act for another business the person belongs to. */
export const actingBusinessBody = z.object({
  kind: z.enum(['farm', 'restaurant'], { error: 'Choose farm or restaurant' }),
  id: z.number({ error: 'Must be a number' }).int().positive().max(2_147_483_647),
});
export type ActingBusinessBody = z.infer<typeof actingBusinessBody>;

export const profileOutput = z.object({
  id: z.number(),
  kind: z.enum(['farm', 'restaurant']),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string(),
  contactPhone: z.string().nullable(),
  contact1Name: z.string().nullable(),
  contact1Email: z.string().nullable(),
  contact1Phone: z.string().nullable(),
  contact1Position: z.string().nullable(),
  contact2Name: z.string().nullable(),
  contact2Email: z.string().nullable(),
  contact2Phone: z.string().nullable(),
  contact2Position: z.string().nullable(),
  contact3Name: z.string().nullable(),
  contact3Email: z.string().nullable(),
  contact3Phone: z.string().nullable(),
  contact3Position: z.string().nullable(),
  contact4Name: z.string().nullable(),
  contact4Email: z.string().nullable(),
  contact4Phone: z.string().nullable(),
  contact4Position: z.string().nullable(),
  deliveryFee: z.string().optional(),
  orderMinimum: z.string().optional(),
  /** Farms: the minimums per zone (null: every zone) and what each does (docs/minimums.md). */
  minimums: z.array(farmMinimumOutput).optional(),
  checksPayableTo: z.string().nullable().optional(),
  deliveryZone: z.string().nullable().optional(),
  /** Farms: when ordering for a delivery day closes ("18:00", days before). */
  orderCutoffTime: z.string().optional(),
  orderCutoffDaysBefore: z.number().optional(),
  /** Farms: when an invoice is due after delivery. */
  paymentTerms: z.enum(PAYMENT_TERMS).optional(),
  /** Farms: the General Excise Tax passed on, percent with 4 decimals ("4.7120"; docs/tax.md). */
  taxRate: z.string().optional(),
  /** Farms: the GET rule by buyer, or null when the farm keeps its one rate (docs/tax.md). */
  getRule: getRuleOutput.nullable().optional(),
  /** Restaurants: the GET licence number its resale certificates carry, or null. */
  getLicenseNumber: z.string().nullable().optional(),
  /** Farms: how far above what was ordered an adjustment may raise a weighed line (percent). */
  adjustmentAllowancePercent: z.number().optional(),
  /** Farms: whether lots are required at packing for traced products (docs/traceability.md). */
  traceabilityEnabled: z.boolean().optional(),
  /** Farms: days after delivery a restaurant may report a problem (docs/claims.md). */
  claimWindowDays: z.number().optional(),
  /** Farms: hours before a cutoff usual restaurants are reminded; 0: off (docs/cutoff-reminders.md). */
  reminderHoursBeforeCutoff: z.number().optional(),
  /** Farms: whether an administrator has approved it; only approved farms sell (docs/admission.md). */
  approvalStatus: z.enum(APPROVAL_STATUSES).optional(),
  /** Farms: the administrator's reason, while the farm is declined. */
  declineReason: z.string().nullable().optional(),
  /** When an administrator suspended the business, and why; null when it is not suspended. */
  suspendedAt: z.string().nullable().optional(),
  suspensionReason: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof profileOutput>;

/** One business the person belongs to, with their role there (docs/teams.md). */
export const membershipOutput = z.object({
  kind: z.enum(['farm', 'restaurant']),
  id: z.number(),
  name: z.string(),
  businessRole: z.enum(BUSINESS_ROLES),
  /** The restaurant group the restaurant is a location of (docs/groups.md); absent for none. */
  groupId: z.number().nullable().optional(),
});
export type Membership = z.infer<typeof membershipOutput>;

export const userOutput = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  profile: profileOutput.nullable(),
  /** Whether the owner of `email` has opened the link sent to it; email notifications wait until then. */
  emailVerified: z.boolean(),
  /** The person's role in the business acted for; null for an administrator or without one. */
  businessRole: z.enum(BUSINESS_ROLES).nullable().optional(),
  /** Every business the person belongs to, for the switcher. */
  memberships: z.array(membershipOutput).optional(),
});
export type User = z.infer<typeof userOutput>;
