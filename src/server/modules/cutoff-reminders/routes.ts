import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '#core/schemas/common';
import {
  cutoffReminderSettingBody,
  cutoffReminderSettingOutput,
} from '#core/schemas/cutoff-reminder';
import { markPersonalRoutes, requireRestaurant } from '../../http/guards';
import { errorResponses } from '../route-schemas';
import { getReminderSetting, setReminderSetting } from './service';

/**
 * A restaurant person's own choice of a farm's reminders before the cutoff
 * (docs/cutoff-reminders.md). A farm restaurants may not see is 404.
 */
export const cutoffReminderModule: FastifyPluginAsyncZod = async (app) => {
  // The person's own notification choice: it stays open during a suspension, as preferences do.
  markPersonalRoutes(app);

  app.get(
    '/farms/:id/reminders',
    {
      schema: {
        tags: ['cutoff-reminders'],
        summary: 'Whether the caller gets the farm’s reminders before its cutoff (restaurants)',
        params: idParam,
        response: { 200: cutoffReminderSettingOutput, ...errorResponses },
      },
    },
    async (request) => {
      const { id: userId } = requireRestaurant(request);
      return getReminderSetting(app.db, userId, request.params.id);
    },
  );

  app.put(
    '/farms/:id/reminders',
    {
      schema: {
        tags: ['cutoff-reminders'],
        summary: 'Turn the farm’s reminders before its cutoff off or on, for the caller',
        params: idParam,
        body: cutoffReminderSettingBody,
        response: { 200: cutoffReminderSettingOutput, ...errorResponses },
      },
    },
    async (request) => {
      const { id: userId } = requireRestaurant(request);
      return setReminderSetting(app.db, userId, request.params.id, request.body.enabled);
    },
  );
};
