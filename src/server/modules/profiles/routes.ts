import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileOutput } from '#core/schemas/auth';
import { errorResponse } from '#core/schemas/common';
import {
  FARM_TERMS_FIELDS,
  farmProfileUpdateBody,
  profileCreateBody,
  restaurantProfileCreateBody,
  restaurantProfileUpdateBody,
} from '#core/schemas/profile';
import { requireActor, requireUser } from '../../http/guards';
import { sentField, type RoutePermission } from '../../http/permission';
import { createProfile, updateFarmProfile, updateRestaurantProfile } from './service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** The farm's terms are an owner's to change; the rest of the profile a manager's too. */
const farmProfilePermission: RoutePermission = {
  farm: (request) =>
    FARM_TERMS_FIELDS.some((field) => sentField(request, field) !== undefined)
      ? ['profile.edit', 'profile.terms']
      : 'profile.edit',
};

export const profileModule: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['farm', 'restaurant'] as const) {
    app.post(
      `/profile/${kind}`,
      {
        schema: {
          tags: ['profiles'],
          summary: `Create the caller's ${kind} profile`,
          // A restaurant may choose its delivery zone at setup (optional).
          body: kind === 'restaurant' ? restaurantProfileCreateBody : profileCreateBody,
          response: { 201: profileOutput, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const profile = await createProfile(
          app.db,
          { userId: user.id, sessionTokenHash: user.sessionTokenHash },
          kind,
          request.body,
          { admission: app.config.marketplaceApproval },
        );
        app.sessionCache.forgetUser(user.id);
        return reply.status(201).send(profile);
      },
    );
  }

  app.put(
    '/profile/farm',
    {
      config: { permission: farmProfilePermission },
      schema: {
        tags: ['profiles'],
        summary: 'Update the profile of the farm the caller acts for',
        body: farmProfileUpdateBody,
        response: { 200: profileOutput, ...errors },
      },
    },
    async (request) => updateFarmProfile(app.db, requireActor(request), request.body),
  );

  app.put(
    '/profile/restaurant',
    {
      config: { permission: { restaurant: 'profile.edit' } },
      schema: {
        tags: ['profiles'],
        summary: 'Update the profile of the restaurant the caller acts for',
        body: restaurantProfileUpdateBody,
        response: { 200: profileOutput, ...errors },
      },
    },
    async (request) => updateRestaurantProfile(app.db, requireActor(request), request.body),
  );
};
