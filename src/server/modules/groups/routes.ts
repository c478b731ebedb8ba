import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hawaiiMonth } from '#core/hawaii-time';
import { formatMoneyString } from '#core/money';
import { errorResponse } from '#core/schemas/common';
import {
  farmCustomerGroupListOutput,
  groupCreateBody,
  groupInvitationAcceptBody,
  groupInvitationBody,
  groupInvitationOutput,
  groupInvitationParams,
  groupDashboardOutput,
  groupDashboardQuery,
  groupLocationBody,
  groupLocationOutput,
  groupMemberAddBody,
  groupMemberListOutput,
  groupMemberOutput,
  groupMemberParams,
  groupMemberRoleBody,
  groupOutput,
  groupParams,
  groupPaymentBody,
  groupPaymentOutput,
  groupPaymentParams,
  groupPaymentVoidBody,
  groupPaymentVoidParams,
  groupStatementOutput,
  groupStatementQuery,
  groupSummaryListOutput,
  groupTeamQuery,
} from '#core/schemas/group';
import { paymentConflictBody } from '#core/schemas/payment';
import { shortPersonName } from '#core/actor';
import { GROUP_ROLE_LABELS } from '#core/group-roles';
import { INVITATION_DAYS } from '#core/schemas/team';
import { now } from '../../clock';
import {
  AttemptLimiter,
  countEmailLink,
  emailLink,
  sendAccountMail,
  teamInvitationMail,
} from '../auth';
import {
  acceptGroupInvitation,
  inviteToGroup,
  listGroupInvitations,
  revokeGroupInvitation,
} from './invitations';
import { requireFarmActor, requireUser } from '../../http/guards';
import { pdfText, renderStatement, sendPdf } from '../documents';
import { sendPage } from '../paging';
import { csvResponse, errorResponses, pdfResponse, sendCsv } from '../route-schemas';
import {
  farmCustomerGroups,
  listGroupPayments,
  recordGroupPayment,
  voidGroupPayment,
} from './payments';
import {
  addGroupMember,
  addLocation,
  changeGroupMemberRole,
  createGroup,
  getGroup,
  listGroupMembers,
  myGroups,
  removeGroupMember,
  requireGroupPermission,
} from './service';
import {
  groupDashboard,
  groupStatement,
  groupStatementCsv,
  groupStatementFileName,
} from './statement';
import { announceGroupStatement } from './notices';

const withConflict = { ...errorResponses, 409: errorResponse };
const paymentErrors = { ...errorResponses, 409: paymentConflictBody.passthrough() };

/**
 * Restaurant groups (docs/groups.md). The group's own routes are judged by the asker's group
 * role (GROUP_PERMISSIONS in src/core/permissions.ts): a person of no such group gets 404.
 */
export const groupModule: FastifyPluginAsyncZod = async (app) => {
  const attempts = new AttemptLimiter(app.db);

  app.get(
    '/groups',
    {
      schema: {
        tags: ['groups'],
        summary: 'The restaurant groups the person belongs to, with their group role',
        response: { 200: groupSummaryListOutput, ...errorResponses },
      },
    },
    async (request) => myGroups(app.db, requireUser(request).id),
  );

  app.post(
    '/groups',
    {
      schema: {
        tags: ['groups'],
        summary: 'Create a restaurant group; the person is its group owner',
        body: groupCreateBody,
        response: { 201: groupOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const group = await createGroup(app.db, requireUser(request).id, request.body);
      return reply.status(201).send(group);
    },
  );

  app.get(
    '/groups/:id',
    {
      schema: {
        tags: ['groups'],
        summary: 'A group of the person: its locations and their group role (group.view)',
        params: groupParams,
        response: { 200: groupOutput, ...errorResponses },
      },
    },
    async (request) => getGroup(app.db, request.params.id, requireUser(request).id),
  );

  app.post(
    '/groups/:id/locations',
    {
      schema: {
        tags: ['groups'],
        summary:
          'Add a location: a restaurant the person owns ({restaurantId}) or a new one (group.manage)',
        params: groupParams,
        body: groupLocationBody,
        response: { 201: groupLocationOutput, ...withConflict },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const location = await addLocation(app.db, request.params.id, userId, request.body);
      app.sessionCache.forgetUser(userId);
      return reply.status(201).send(location);
    },
  );

  app.get(
    '/groups/:id/team',
    {
      schema: {
        tags: ['groups'],
        summary: "One page of the group's members, oldest first (group.manage)",
        params: groupParams,
        querystring: groupTeamQuery,
        response: { 200: groupMemberListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      await requireGroupPermission(app.db, request.params.id, userId, 'group.manage');
      return sendPage(
        request,
        reply,
        await listGroupMembers(app.db, request.params.id, request.query),
      );
    },
  );

  app.post(
    '/groups/:id/team/members',
    {
      schema: {
        tags: ['groups'],
        summary:
          'Add a person with an account to the group with a group role; they act for every location with the mapped role (group.manage)',
        params: groupParams,
        body: groupMemberAddBody,
        response: { 201: groupMemberOutput, ...withConflict },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      await requireGroupPermission(app.db, request.params.id, userId, 'group.manage');
      const member = await addGroupMember(app.db, request.params.id, request.body);
      app.sessionCache.forgetUser(member.userId);
      return reply.status(201).send(member);
    },
  );

  app.post(
    '/groups/:id/team/invitations',
    {
      schema: {
        tags: ['groups'],
        summary:
          'Invite an address to the group with a group role; the email links to /restaurant/groups, valid 7 days, once (group.manage)',
        params: groupParams,
        body: groupInvitationBody,
        response: { 201: groupInvitationOutput, ...withConflict, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      await requireGroupPermission(app.db, id, user.id, 'group.manage');
      await countEmailLink(attempts, app.config, request.ip, request.body.email);
      const sent = await inviteToGroup(app.db, id, user.id, request.body);
      sendAccountMail(
        app,
        teamInvitationMail({
          to: sent.invitation.email,
          inviterName: shortPersonName(user.firstName, user.lastName),
          businessName: sent.groupName,
          roleLabel: GROUP_ROLE_LABELS[sent.invitation.groupRole],
          link: emailLink(app, '/restaurant/groups', sent.token),
          validDays: INVITATION_DAYS,
        }),
        'group-invitation',
      );
      return reply.status(201).send(sent.invitation);
    },
  );

  app.get(
    '/groups/:id/team/invitations',
    {
      schema: {
        tags: ['groups'],
        summary: "The group's invitations not accepted yet, oldest first (group.manage)",
        params: groupParams,
        response: { 200: z.array(groupInvitationOutput), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireGroupPermission(app.db, id, requireUser(request).id, 'group.manage');
      return listGroupInvitations(app.db, id);
    },
  );

  app.delete(
    '/groups/:id/team/invitations/:invitationId',
    {
      schema: {
        tags: ['groups'],
        summary: 'Revoke a pending group invitation: its link stops working (group.manage)',
        params: groupInvitationParams,
        response: { 204: z.null().describe('Revoked'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, invitationId } = request.params;
      await requireGroupPermission(app.db, id, requireUser(request).id, 'group.manage');
      await revokeGroupInvitation(app.db, id, invitationId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/groups/invitations/accept',
    {
      schema: {
        tags: ['groups'],
        summary:
          'Join the group of an invitation, signed in with the invited address; the person acts for every location with the mapped role',
        body: groupInvitationAcceptBody,
        response: { 200: z.object({ groupId: z.number() }), ...withConflict },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const accepted = await acceptGroupInvitation(
        app.db,
        { userId: user.id, email: user.email },
        request.body.token,
      );
      app.sessionCache.forgetUser(user.id);
      return accepted;
    },
  );

  app.patch(
    '/groups/:id/team/members/:userId',
    {
      schema: {
        tags: ['groups'],
        summary: "Change a group member's role; the last group owner keeps theirs (group.manage)",
        params: groupMemberParams,
        body: groupMemberRoleBody,
        response: { 200: groupMemberOutput, ...withConflict },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      await requireGroupPermission(app.db, id, requireUser(request).id, 'group.manage');
      const member = await changeGroupMemberRole(app.db, id, userId, request.body.groupRole);
      app.sessionCache.forgetUser(userId);
      return member;
    },
  );

  app.delete(
    '/groups/:id/team/members/:userId',
    {
      schema: {
        tags: ['groups'],
        summary:
          "Remove a group member, or leave (one's own id): the locations' memberships the group gave them end (group.manage; none to leave)",
        params: groupMemberParams,
        response: { 204: z.null().describe('Removed'), ...withConflict },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      const asker = requireUser(request).id;
      if (asker === userId) {
        await requireGroupPermission(app.db, id, asker, 'group.view');
      } else {
        await requireGroupPermission(app.db, id, asker, 'group.manage');
      }
      await removeGroupMember(app.db, id, userId);
      app.sessionCache.forgetUser(userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/groups/:id/statements',
    {
      schema: {
        tags: ['groups'],
        summary:
          "A month's consolidated statement with one farm: every location's invoices, credits and payments, a total per location (group.bills); format=pdf|csv downloads it",
        params: groupParams,
        querystring: groupStatementQuery,
        response: {
          200: z.union([groupStatementOutput, pdfResponse, csvResponse]),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const { id } = request.params;
      await requireGroupPermission(app.db, id, userId, 'group.bills');
      const { format, ...query } = request.query;
      const drawn = await groupStatement(app.db, id, userId, query);
      const { statement } = drawn;
      if (format === 'csv') {
        return sendCsv(reply, {
          filename: groupStatementFileName(statement, 'csv'),
          body: groupStatementCsv(statement),
        });
      }
      if (format === 'pdf') {
        return sendPdf(reply, {
          fileName: groupStatementFileName(statement, 'pdf'),
          title: `Group statement for ${statement.month}`,
          disposition: 'attachment',
          draw: (doc) => {
            doc.fontSize(18).text(pdfText(doc, `${statement.groupName} · ${statement.farm.name}`));
            doc.fontSize(12).text(`Consolidated statement for ${statement.month}`);
            doc.moveDown();
            for (const location of statement.locations) {
              doc.text(
                pdfText(
                  doc,
                  `${location.name}: closing balance ${formatMoneyString(location.closing)}`,
                ),
              );
            }
            doc.moveDown();
            doc.text(
              `All locations: closing balance ${formatMoneyString(statement.total.closing)}`,
            );
            for (const part of drawn.parts) {
              doc.addPage();
              renderStatement(doc, part);
            }
          },
        });
      }
      return statement;
    },
  );

  app.post(
    '/groups/:id/statements/announce',
    {
      schema: {
        tags: ['groups'],
        summary:
          "Tell the group's owners and bookkeepers that a month's statement with a farm is ready (group_statement_ready), once per month and farm (group.bills)",
        params: groupParams,
        body: z.object({
          month: groupStatementQuery.shape.month,
          farmId: groupStatementQuery.shape.farmId,
        }),
        response: { 200: z.object({ announced: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const { id } = request.params;
      await requireGroupPermission(app.db, id, userId, 'group.bills');
      // Drawing it first: a month the farm has no dealings with the group in is 404.
      await groupStatement(app.db, id, userId, request.body);
      return { announced: await announceGroupStatement(app.db, id, request.body) };
    },
  );

  app.get(
    '/groups/:id/dashboard',
    {
      schema: {
        tags: ['groups'],
        summary:
          "The group's spend in a month by location and by farm (group.view; this month by default)",
        params: groupParams,
        querystring: groupDashboardQuery,
        response: { 200: groupDashboardOutput, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireGroupPermission(app.db, id, requireUser(request).id, 'group.view');
      return groupDashboard(app.db, id, request.query.month ?? hawaiiMonth(now()));
    },
  );

  app.get(
    '/customers/groups',
    {
      config: { permission: { farm: 'payments.manage' } },
      schema: {
        tags: ['groups'],
        summary:
          "The restaurant groups whose locations are the farm's customers, with what they owe together",
        response: { 200: farmCustomerGroupListOutput, ...errorResponses },
      },
    },
    async (request) => farmCustomerGroups(app.db, requireFarmActor(request)),
  );

  app.get(
    '/customers/groups/:groupId/payments',
    {
      config: { permission: { farm: 'payments.manage' } },
      schema: {
        tags: ['groups'],
        summary: "The farm's payments from a restaurant group whose locations are its customers",
        params: groupPaymentParams,
        response: { 200: z.array(groupPaymentOutput), ...errorResponses },
      },
    },
    async (request) => listGroupPayments(app.db, requireFarmActor(request), request.params.groupId),
  );

  app.post(
    '/customers/groups/:groupId/payments',
    {
      config: { permission: { farm: 'payments.manage' } },
      schema: {
        tags: ['groups'],
        summary:
          "Record one payment from a restaurant group, applied to its locations' open invoices with the farm, oldest first (the farm)",
        params: groupPaymentParams,
        body: groupPaymentBody,
        response: { 201: groupPaymentOutput, ...paymentErrors },
      },
    },
    async (request, reply) => {
      const payment = await recordGroupPayment(
        app.db,
        requireFarmActor(request),
        request.params.groupId,
        request.body,
      );
      return reply.status(201).send(payment);
    },
  );

  app.post(
    '/customers/groups/:groupId/payments/:paymentId/void',
    {
      config: { permission: { farm: 'payments.manage' } },
      schema: {
        tags: ['groups'],
        summary: 'Void a group payment with a reason: every part of it is voided (the farm)',
        params: groupPaymentVoidParams,
        body: groupPaymentVoidBody,
        response: { 200: groupPaymentOutput, ...paymentErrors },
      },
    },
    async (request) =>
      voidGroupPayment(
        app.db,
        requireFarmActor(request),
        request.params.groupId,
        request.params.paymentId,
        request.body.reason,
      ),
  );
};
