import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '#core/schemas/common';
import {
  notificationListOutput,
  notificationListQuery,
  notificationOutput,
  notificationPreferencesBody,
  notificationPreferencesOutput,
  notificationReadAllOutput,
} from '#core/schemas/notification';
import { errorResponses } from '../route-schemas';
import { markPersonalRoutes, requireUser } from '../../http/guards';
import { ensureDeliveryQueue } from './queue';
import {
  getNotificationPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationPreferences,
} from './service';

export const notificationModule: FastifyPluginAsyncZod = async (app) => {
  // The person's own bell and choices: read marks and preferences stay open during a suspension.
  markPersonalRoutes(app);
  // Orders queue their email in their own transaction, so the queue must exist before any order.
  await ensureDeliveryQueue(app.database);

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's newest notifications and the number unread",
        querystring: notificationListQuery,
        response: { 200: notificationListOutput, ...errorResponses },
      },
    },
    async (request) => listNotifications(app.db, requireUser(request).id, request.query.limit),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of the caller’s notifications as read',
        params: idParam,
        response: { 200: notificationOutput, ...errorResponses },
      },
    },
    async (request) => markNotificationRead(app.db, requireUser(request).id, request.params.id),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification of the caller as read',
        response: { 200: notificationReadAllOutput, ...errorResponses },
      },
    },
    async (request) => ({
      unreadCount: await markAllNotificationsRead(app.db, requireUser(request).id),
    }),
  );

  app.get(
    '/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Which channels the caller gets notifications on',
        response: { 200: notificationPreferencesOutput, ...errorResponses },
      },
    },
    async (request) => getNotificationPreferences(app.db, requireUser(request).id),
  );

  app.put(
    '/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Choose email and text-message notifications (in-app ones are always on)',
        body: notificationPreferencesBody,
        response: { 200: notificationPreferencesOutput, ...errorResponses },
      },
    },
    async (request) => updateNotificationPreferences(app.db, requireUser(request).id, request.body),
  );
};
