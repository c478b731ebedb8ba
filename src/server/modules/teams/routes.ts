import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUSINESS_ROLE_LABELS } from '#core/permissions';
import { userOutput } from '#core/schemas/auth';
import { errorResponse, idParam } from '#core/schemas/common';
import {
  acceptInvitationBody,
  INVITATION_DAYS,
  invitationCreateBody,
  invitationLinkQuery,
  invitationListOutput,
  invitationOfferOutput,
  invitationOutput,
  memberParams,
  memberRoleBody,
  teamListQuery,
  teamMemberListOutput,
  teamMemberListQuery,
  teamMemberOutput,
} from '#core/schemas/team';
import {
  AttemptLimiter,
  clearSessionCookie,
  countEmailLink,
  emailLink,
  getUserView,
  sendAccountMail,
  setSessionCookie,
  teamInvitationMail,
} from '../auth';
import { requireBusinessActor } from '../../http/guards';
import { eitherKind, sentParam } from '../../http/permission';
import { sendPage } from '../paging';
import { errorResponses } from '../route-schemas';
import {
  acceptInvitation,
  changeMemberRole,
  invitationOffer,
  inviteMember,
  listInvitations,
  listMembers,
  pendingInvitationEmail,
  removeMember,
  resendInvitation,
  revokeInvitation,
  type SentInvitation,
} from './service';

const withConflict = { ...errorResponses, 409: errorResponse };
const teamManage = eitherKind('team.manage');

/** Sends an invitation's email after the answer, as the other account emails go. */
function mailInvitation(app: FastifyInstance, inviterName: string | null, sent: SentInvitation) {
  sendAccountMail(
    app,
    teamInvitationMail({
      to: sent.invitation.email,
      inviterName,
      businessName: sent.businessName,
      roleLabel: BUSINESS_ROLE_LABELS[sent.invitation.businessRole],
      link: emailLink(app, '/accept-invitation', sent.token),
      validDays: INVITATION_DAYS,
    }),
    'team-invitation',
  );
}

/** The team of the business the person acts for (docs/teams.md), and joining one. */
export const teamModule: FastifyPluginAsyncZod = async (app) => {
  const attempts = new AttemptLimiter(app.db);

  app.get(
    '/team',
    {
      config: { permission: teamManage },
      schema: {
        tags: ['team'],
        summary:
          'One page of the members of the business the caller acts for, oldest first (docs/api.md#paging); of one role with businessRole',
        querystring: teamMemberListQuery,
        response: { 200: teamMemberListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { business } = requireBusinessActor(request);
      return sendPage(request, reply, await listMembers(app.db, business, request.query));
    },
  );

  app.post(
    '/team/invitations',
    {
      config: { permission: teamManage },
      schema: {
        tags: ['team'],
        summary:
          'Invite an address to the business with a role; the email links to /accept-invitation, valid 7 days, once',
        body: invitationCreateBody,
        response: { 201: invitationOutput, ...withConflict, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const actor = requireBusinessActor(request);
      await countEmailLink(attempts, app.config, request.ip, request.body.email);
      const sent = await inviteMember(app.db, actor, request.body);
      mailInvitation(app, actor.name, sent);
      return reply.status(201).send(sent.invitation);
    },
  );

  app.get(
    '/team/invitations',
    {
      config: { permission: teamManage },
      schema: {
        tags: ['team'],
        summary: "One page of the business's invitations not accepted yet, oldest first",
        querystring: teamListQuery,
        response: { 200: invitationListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { business } = requireBusinessActor(request);
      return sendPage(request, reply, await listInvitations(app.db, business, request.query));
    },
  );

  app.delete(
    '/team/invitations/:id',
    {
      config: { permission: teamManage },
      schema: {
        tags: ['team'],
        summary: 'Revoke a pending invitation: its link stops working',
        params: idParam,
        response: { 204: z.null().describe('Revoked'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await revokeInvitation(app.db, requireBusinessActor(request).business, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/team/invitations/:id/resend',
    {
      config: { permission: teamManage },
      schema: {
        tags: ['team'],
        summary: 'Send a pending invitation again with a new link, valid 7 days from now',
        params: idParam,
        response: { 200: invitationOutput, ...errorResponses, 429: errorResponse },
      },
    },
    async (request) => {
      const actor = requireBusinessActor(request);
      // Counted before the link is replaced: a refused resend leaves the old link working.
      const email = await pendingInvitationEmail(app.db, actor.business, request.params.id);
      await countEmailLink(attempts, app.config, request.ip, email);
      const sent = await resendInvitation(app.db, actor.business, request.params.id);
      mailInvitation(app, actor.name, sent);
      return sent.invitation;
    },
  );

  app.patch(
    '/team/members/:userId',
    {
      config: { permission: teamManage },
      schema: {
        tags: ['team'],
        summary: "Change a member's role; the last owner keeps theirs (409 last_owner)",
        params: memberParams,
        body: memberRoleBody,
        response: { 200: teamMemberOutput, ...withConflict },
      },
    },
    async (request) => {
      const { business } = requireBusinessActor(request);
      const member = await changeMemberRole(
        app.db,
        business,
        request.params.userId,
        request.body.businessRole,
      );
      app.sessionCache.forgetUser(request.params.userId);
      return member;
    },
  );

  app.delete(
    '/team/members/:userId',
    {
      // Anyone may leave; removing someone else is the team's managers'.
      config: {
        permission: eitherKind((request) =>
          sentParam(request, 'userId') === String(request.user?.id) ? [] : 'team.manage',
        ),
      },
      schema: {
        tags: ['team'],
        summary:
          "Remove a member, or leave (one's own id): their sessions acting for the business end everywhere; the last owner cannot go (409 last_owner)",
        params: memberParams,
        response: { 204: z.null().describe('Removed'), ...withConflict },
      },
    },
    async (request, reply) => {
      const actor = requireBusinessActor(request);
      const { userId } = request.params;
      await removeMember(app.db, actor.business, userId);
      app.sessionCache.forgetUser(userId);
      // Leaving ends this session too: the browser is signed out here.
      if (userId === actor.userId) clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  // No attempt limit, as none on the other links from emails: a token is 32 random bytes.
  app.get(
    '/auth/invitation',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          "What an invitation's link invites to (the invited address, the business, the role), before joining; refused as accepting would be",
        querystring: invitationLinkQuery,
        response: { 200: invitationOfferOutput, 400: errorResponse },
      },
    },
    async (request) => invitationOffer(app.db, request.query.token),
  );

  app.post(
    '/auth/accept-invitation',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'Join the business of an invitation: signed in with the invited address, or making its account (names and a password); the session acts for the business',
        body: acceptInvitationBody,
        response: { 200: userOutput, ...withConflict, 429: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const accepted = await acceptInvitation(
        app.db,
        user
          ? {
              kind: 'signed_in',
              userId: user.id,
              email: user.email,
              sessionTokenHash: user.sessionTokenHash,
            }
          : { kind: 'anonymous' },
        request.body,
        app.config.sessionDays,
      );
      if (accepted.sessionToken) setSessionCookie(request, reply, accepted.sessionToken);
      app.sessionCache.forgetUser(accepted.userId);
      return getUserView(app.db, accepted.userId, accepted.membershipId);
    },
  );
};
