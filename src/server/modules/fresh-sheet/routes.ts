import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParam } from '#core/schemas/common';
import {
  followOutput,
  freshSheetPreviewOutput,
  freshSheetScheduleBody,
  freshSheetScheduleOutput,
  freshSheetSendBody,
  freshSheetSendListOutput,
  freshSheetSendOutput,
  freshSheetSendsQuery,
  unsubscribeQuery,
} from '#core/schemas/fresh-sheet';
import { z } from 'zod';
import { requireFarmer, requireRestaurant } from '../../http/guards';
import { sendPage } from '../paging';
import { errorResponses } from '../route-schemas';
import { ensureFreshSheetQueue } from './delivery';
import { UNSUBSCRIBE_PATH } from './email';
import { followFarm, unfollowFarm } from './follows';
import {
  deleteFreshSheetSchedule,
  listFreshSheetSends,
  previewFreshSheet,
  saveFreshSheetSchedule,
  sendFreshSheet,
} from './send';
import { unsubscribe, unsubscribePage, unsubscribeTarget } from './unsubscribe';

const withConflicts = { ...errorResponses, 409: errorResponse.passthrough() };
const htmlPage = z.string().describe('text/html: a page for the person who opened the link');

/** The fresh sheet (farms), follows (restaurants) and the unsubscribe link (anyone). */
export const freshSheetModule: FastifyPluginAsyncZod = async (app) => {
  // Sending queues its emails in its own transaction: the queue must exist first.
  await ensureFreshSheetQueue(app.database);
  // Mail providers send the one-click unsubscribe as a form (RFC 8058).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/farms/:id/follow',
    {
      config: { permission: { restaurant: 'orders.place' } },
      schema: {
        tags: ['fresh-sheet'],
        summary: 'Follow a farm: its fresh sheet comes by email (restaurants)',
        params: idParam,
        response: { 200: followOutput, ...errorResponses },
      },
    },
    async (request) => {
      const { restaurantId, id: userId } = requireRestaurant(request);
      return followFarm(app.db, restaurantId, request.params.id, userId);
    },
  );

  app.delete(
    '/farms/:id/follow',
    {
      config: { permission: { restaurant: 'orders.place' } },
      schema: {
        tags: ['fresh-sheet'],
        summary: 'Stop following a farm (restaurants)',
        params: idParam,
        response: { 200: followOutput, ...errorResponses },
      },
    },
    async (request) => {
      const { restaurantId } = requireRestaurant(request);
      return unfollowFarm(app.db, restaurantId, request.params.id);
    },
  );

  app.get(
    '/fresh-sheet/preview',
    {
      config: { permission: { farm: 'products.manage' } },
      schema: {
        tags: ['fresh-sheet'],
        summary: 'The farm’s fresh sheet as it would go out now, with its schedule',
        response: { 200: freshSheetPreviewOutput, ...errorResponses },
      },
    },
    async (request) => previewFreshSheet(app.db, requireFarmer(request).farmId),
  );

  app.post(
    '/fresh-sheet/send',
    {
      config: { permission: { farm: 'products.manage' } },
      schema: {
        tags: ['fresh-sheet'],
        summary: 'Send the fresh sheet now; once a Hawaii day (409 already_sent_today)',
        body: freshSheetSendBody,
        response: { 201: freshSheetSendOutput, ...withConflicts },
      },
    },
    async (request, reply) => {
      const { farmId, id: userId } = requireFarmer(request);
      const sent = await sendFreshSheet(app.db, farmId, request.body, { trigger: 'now', userId });
      return reply.status(201).send(sent);
    },
  );

  app.put(
    '/fresh-sheet/schedule',
    {
      config: { permission: { farm: 'products.manage' } },
      schema: {
        tags: ['fresh-sheet'],
        summary: 'Send the fresh sheet every week on a weekday and hour (Hawaii time)',
        body: freshSheetScheduleBody,
        response: { 200: freshSheetScheduleOutput, ...errorResponses },
      },
    },
    async (request) => {
      const { farmId, id: userId } = requireFarmer(request);
      return saveFreshSheetSchedule(app.db, farmId, userId, request.body);
    },
  );

  app.delete(
    '/fresh-sheet/schedule',
    {
      config: { permission: { farm: 'products.manage' } },
      schema: {
        tags: ['fresh-sheet'],
        summary: 'Stop sending the fresh sheet on a schedule',
        response: { 204: z.null().describe('Stopped'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteFreshSheetSchedule(app.db, requireFarmer(request).farmId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/fresh-sheet/sends',
    {
      config: { permission: { farm: 'products.manage' } },
      schema: {
        tags: ['fresh-sheet'],
        summary: 'When each fresh sheet went out and to how many, newest first',
        querystring: freshSheetSendsQuery,
        response: { 200: freshSheetSendListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listFreshSheetSends(app.db, requireFarmer(request).farmId, request.query);
      return sendPage(request, reply, page);
    },
  );

  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(html);
  const invalidLink = unsubscribePage({
    title: 'This link does not work',
    message:
      'The unsubscribe link is incomplete or not one of ours. Use the link in the newest email, or sign in and unfollow the farm on its page.',
  });

  app.get(
    UNSUBSCRIBE_PATH.replace(/^\/api/, ''),
    {
      config: { public: true },
      schema: {
        tags: ['fresh-sheet'],
        summary: 'The page an unsubscribe link opens: it asks before it unsubscribes',
        querystring: unsubscribeQuery,
        response: { 200: htmlPage, 400: errorResponse, 404: htmlPage },
      },
    },
    async (request, reply) => {
      const target = await unsubscribeTarget(app.db, app.config.sessionSecret, request.query.token);
      if (!target) return sendHtml(reply, 404, invalidLink);
      return sendHtml(
        reply,
        200,
        unsubscribePage({
          title: `Unsubscribe from ${target.farmName}’s fresh sheet?`,
          message: `${target.restaurantName} will get no more of ${target.farmName}’s weekly fresh sheet by email.`,
          form: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`,
        }),
      );
    },
  );

  app.post(
    UNSUBSCRIBE_PATH.replace(/^\/api/, ''),
    {
      // The page's own form posts with `Origin: null` (it is sent with no referrer, so that
      // the token never leaves in one); the signed token is what proves this request.
      config: { public: true, acceptsNullOrigin: true },
      schema: {
        tags: ['fresh-sheet'],
        summary:
          'One-click unsubscribe (RFC 8058): takes the form body mail providers send; no sign-in',
        querystring: unsubscribeQuery,
        response: { 200: htmlPage, 400: errorResponse, 404: htmlPage },
      },
    },
    async (request, reply) => {
      const target = await unsubscribeTarget(app.db, app.config.sessionSecret, request.query.token);
      if (!target) return sendHtml(reply, 404, invalidLink);
      await unsubscribe(app.db, target);
      return sendHtml(
        reply,
        200,
        unsubscribePage({
          title: 'You are unsubscribed',
          message: `${target.restaurantName} will get no more of ${target.farmName}’s fresh sheet. Following the farm again on its page brings it back.`,
        }),
      );
    },
  );
};
