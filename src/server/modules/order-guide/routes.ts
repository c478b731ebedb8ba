import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderGuideFillBody,
  orderGuideFillOutput,
  orderGuideOutput,
  orderGuidePutBody,
} from '#core/schemas/order-guide';
import { requireRestaurant } from '../../http/guards';
import { errorResponses } from '../route-schemas';
import { fillOrderGuide } from './fill';
import { getOrderGuide, saveOrderGuide } from './service';

/** A restaurant's order guide (docs/order-guide.md): its own only; farms are refused. */
export const orderGuideModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/order-guide',
    {
      schema: {
        tags: ['order-guide'],
        summary:
          "The restaurant's order guide, or the one suggested from its orders until it saves one",
        response: { 200: orderGuideOutput, ...errorResponses },
      },
    },
    async (request) => {
      const { restaurantId } = requireRestaurant(request);
      return getOrderGuide(app.db, { restaurantId });
    },
  );

  app.put(
    '/order-guide',
    {
      config: { permission: { restaurant: 'orders.place' } },
      schema: {
        tags: ['order-guide'],
        summary: 'Replace the whole order guide: sections, items, pars and substitution',
        body: orderGuidePutBody,
        response: { 200: orderGuideOutput, ...errorResponses },
      },
    },
    async (request) => {
      const { restaurantId, id: userId } = requireRestaurant(request);
      return saveOrderGuide(app.db, { restaurantId, userId }, request.body);
    },
  );

  app.post(
    '/order-guide/fill',
    {
      config: { permission: { restaurant: 'orders.place' } },
      schema: {
        tags: ['order-guide'],
        summary: 'Cart lines up to par from what is on hand; reserves and changes nothing',
        body: orderGuideFillBody,
        response: { 200: orderGuideFillOutput, ...errorResponses },
      },
    },
    async (request) => {
      const { restaurantId } = requireRestaurant(request);
      return fillOrderGuide(app.db, { restaurantId }, request.body);
    },
  );
};
