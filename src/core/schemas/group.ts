import { z } from 'zod';
import { GROUP_ROLES } from '../group-roles';
import { emailInput } from './auth';
import { monthInput, moneyOutput, positiveId, requiredText } from './common';
import { keyedListQuery } from './paging';
import { paymentCreateBody, paymentVoidBody } from './payment';
import { restaurantProfileCreateBody } from './profile';
import { restaurantZoneInput } from './delivery';

/** Restaurant groups (docs/groups.md): the shapes of /api/groups and the farm's group payment. */

export const groupRoleInput = z.enum(GROUP_ROLES, {
  error: `Choose a role: ${GROUP_ROLES.join(', ')}`,
});

/** POST /api/groups. */
export const groupCreateBody = z.object({ name: requiredText(120) });
export type GroupCreateBody = z.infer<typeof groupCreateBody>;

export const groupParams = z.object({ id: positiveId });
export const groupMemberParams = z.object({ id: positiveId, userId: positiveId });
export const groupPaymentParams = z.object({ groupId: positiveId });
export const groupPaymentVoidParams = z.object({ groupId: positiveId, paymentId: positiveId });

export const groupLocationOutput = z.object({
  id: z.number(),
  name: z.string(),
  location: z.string(),
  deliveryZone: z.string().nullable(),
});
export type GroupLocation = z.infer<typeof groupLocationOutput>;

/** GET /api/groups/{id}: the group, its locations and the asker's role in it. */
export const groupOutput = z.object({
  id: z.number(),
  name: z.string(),
  groupRole: z.enum(GROUP_ROLES),
  locations: z.array(groupLocationOutput),
});
export type Group = z.infer<typeof groupOutput>;

/** GET /api/groups: the person's groups. */
export const groupSummaryListOutput = z.array(
  z.object({ id: z.number(), name: z.string(), groupRole: z.enum(GROUP_ROLES) }),
);

/** POST /api/groups/{id}/locations: a restaurant the person owns, or a new one. */
export const newLocationBody = restaurantProfileCreateBody
  .extend({ deliveryZone: restaurantZoneInput })
  .strict();
export const groupLocationBody = z.union([
  z.object({ restaurantId: positiveId }).strict(),
  newLocationBody,
]);
export type GroupLocationBody = z.infer<typeof groupLocationBody>;

export const groupMemberOutput = z.object({
  userId: z.number(),
  name: z.string().nullable(),
  email: z.string(),
  groupRole: z.enum(GROUP_ROLES),
});
export type GroupMember = z.infer<typeof groupMemberOutput>;
export const groupMemberListOutput = z.array(groupMemberOutput);
export const groupTeamQuery = keyedListQuery(50, 200);
export type GroupTeamQuery = z.infer<typeof groupTeamQuery>;

/** POST /api/groups/{id}/team/members: a person with an account joins with a group role. */
export const groupMemberAddBody = z.object({ email: emailInput, groupRole: groupRoleInput });
export type GroupMemberAddBody = z.infer<typeof groupMemberAddBody>;
export const groupMemberRoleBody = z.object({ groupRole: groupRoleInput });

/** GET /api/groups/{id}/statements?month=&farmId=&format= */
export const groupStatementQuery = z.object({
  month: monthInput,
  farmId: positiveId,
  format: z.enum(['json', 'pdf', 'csv']).default('json'),
});
export type GroupStatementQuery = z.infer<typeof groupStatementQuery>;

const statementLineOutput = z.object({
  date: z.string(),
  kind: z.enum(['invoice', 'payment', 'credit', 'refund']),
  description: z.string(),
  amount: moneyOutput,
});

export const groupStatementOutput = z.object({
  groupId: z.number(),
  groupName: z.string(),
  month: z.string(),
  farm: z.object({ id: z.number(), name: z.string() }),
  locations: z.array(
    z.object({
      restaurantId: z.number(),
      name: z.string(),
      opening: moneyOutput,
      invoiced: moneyOutput,
      paid: moneyOutput,
      credited: moneyOutput,
      closing: moneyOutput,
      lines: z.array(statementLineOutput),
    }),
  ),
  total: z.object({
    opening: moneyOutput,
    invoiced: moneyOutput,
    paid: moneyOutput,
    credited: moneyOutput,
    closing: moneyOutput,
  }),
});
export type GroupStatement = z.infer<typeof groupStatementOutput>;

/** GET /api/groups/{id}/dashboard?month=: spend by location and by farm. */
export const groupDashboardQuery = z.object({ month: monthInput.optional() });
export const groupDashboardOutput = z.object({
  month: z.string(),
  byLocation: z.array(z.object({ restaurantId: z.number(), name: z.string(), spend: moneyOutput })),
  byFarm: z.array(z.object({ farmId: z.number(), name: z.string(), spend: moneyOutput })),
  total: moneyOutput,
});
export type GroupDashboard = z.infer<typeof groupDashboardOutput>;

/** POST /api/customers/groups/{groupId}/payments (the farm). */
export const groupPaymentBody = paymentCreateBody;
export const groupPaymentVoidBody = paymentVoidBody;

export const groupPaymentOutput = z.object({
  id: z.number(),
  groupId: z.number(),
  amount: moneyOutput,
  paidOn: z.string(),
  method: z.string(),
  reference: z.string().nullable(),
  voidedAt: z.string().nullable(),
  /** The parts, oldest invoice first: each a payment of one location's order. */
  parts: z.array(
    z.object({
      paymentId: z.number(),
      orderId: z.number(),
      restaurantId: z.number(),
      amount: moneyOutput,
    }),
  ),
});
export type GroupPayment = z.infer<typeof groupPaymentOutput>;

/** GET /api/customers/groups (the farm): its customers' groups and what they owe together. */
export const farmCustomerGroupListOutput = z.array(
  z.object({ id: z.number(), name: z.string(), balanceDue: moneyOutput }),
);
export type FarmCustomerGroup = z.infer<typeof farmCustomerGroupListOutput>[number];

/** POST /api/groups/{id}/team/invitations. */
export const groupInvitationBody = groupMemberAddBody;
export const groupInvitationOutput = z.object({
  id: z.number(),
  email: z.string(),
  groupRole: z.enum(GROUP_ROLES),
  expiresAt: z.string(),
});
export const groupInvitationParams = z.object({ id: positiveId, invitationId: positiveId });
/** POST /api/groups/invitations/accept. */
export const groupInvitationAcceptBody = z.object({ token: z.string().min(1).max(200) });
