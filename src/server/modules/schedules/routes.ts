import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#core/schemas/common';
import { farmIdParam, scheduleCreateBody, scheduleListOutput } from '#core/schemas/schedule';
import { nextDeliveryOutput, nextDeliveryQuery } from '#core/schemas/delivery';
import { wholeListQuery } from '#core/schemas/paging';
import { nextDeliveries } from './next-delivery';
import { sendPage } from '../paging';
import { errorResponses } from '../route-schemas';
import { requireActor, requireFarmer, requireUser } from '../../http/guards';
import { seesEveryFarm, visibleFarmIds } from '../businesses';
import { buyerTaxFor, buyerTaxTerms } from '../resale-certificates';
import { today } from '../../clock';
import {
  createSchedules,
  deleteSchedule,
  listOwnSchedules,
  listUpcomingSchedules,
} from './service';
import { holdsOfRestaurant } from '../customers';
import { minimumsFor } from '../minimums';
import type { Minimum } from '#core/schemas/minimum';
import { centsOf } from '#core/money';

/** A minimum worth showing: none when there is none or its amount is 0. */
function minimumShown(minimum: Minimum | undefined): Minimum | null {
  return minimum && centsOf(minimum.amount) > 0 ? minimum : null;
}

export const scheduleModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/delivery-schedules',
    {
      schema: {
        tags: ['delivery schedules'],
        summary:
          "The signed-in farmer's delivery days, past and future, by date; one page of at most 500 (docs/api.md#paging)",
        querystring: wholeListQuery,
        response: { 200: scheduleListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listOwnSchedules(app.db, requireFarmer(request).farmId, request.query);
      return sendPage(request, reply, page);
    },
  );

  app.post(
    '/delivery-schedules',
    {
      config: { permission: { farm: 'schedules.manage' } },
      schema: {
        tags: ['delivery schedules'],
        summary:
          'Add delivery days for one area, picked or as a weekly rule ({weekdays, from, until}, expanded into its dates); days the farm already has are skipped',
        body: scheduleCreateBody,
        response: { 201: scheduleListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { farmId } = requireFarmer(request);
      return reply.status(201).send(await createSchedules(app.db, farmId, request.body));
    },
  );

  app.delete(
    '/delivery-schedules/:id',
    {
      config: { permission: { farm: 'schedules.manage' } },
      schema: {
        tags: ['delivery schedules'],
        summary: 'Remove one of the farmer’s delivery days',
        params: idParam,
        response: { 204: z.null().describe('Removed'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteSchedule(app.db, requireFarmer(request).farmId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/delivery-schedules/next',
    {
      schema: {
        tags: ['delivery schedules'],
        summary:
          "Each listed farm's delivery days still open for orders, for the asking restaurant's zone (farms restaurants cannot see are left out)",
        querystring: nextDeliveryQuery,
        response: { 200: nextDeliveryOutput, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const restaurantId = user.role === 'restaurant' ? user.restaurantId : null;
      const farmIds = await visibleFarmIds(app.db, request.query.farmIds, requireActor(request));
      const answer = await nextDeliveries(app.db, restaurantId, farmIds);
      if (restaurantId === null) return answer;
      // The restaurant's own GET rate with each farm (docs/tax.md), for the checkout's totals.
      const terms = await buyerTaxTerms(app.db, restaurantId, farmIds);
      // A farm's hold on the account, shown at checkout before Place Order (docs/customers.md).
      const holds = await holdsOfRestaurant(app.db, restaurantId, farmIds);
      // The minimum each farm holds this restaurant to, for the cart's progress (docs/minimums.md).
      const minimums = await minimumsFor(app.db, restaurantId, farmIds);
      const placedOn = today();
      return {
        ...answer,
        farms: answer.farms.map((farm) => ({
          ...farm,
          ...buyerTaxFor(terms, farm.farmId, farm.next?.deliveryDate ?? placedOn),
          hold: holds.has(farm.farmId) ? { reason: holds.get(farm.farmId)!.reason } : null,
          minimum: minimumShown(minimums.get(farm.farmId)),
        })),
      };
    },
  );

  app.get(
    '/delivery-schedules/farm/:farmId',
    {
      schema: {
        tags: ['delivery schedules'],
        summary:
          "A farm's delivery days from Hawaii's today on; one page of at most 500 (docs/api.md#paging)",
        params: farmIdParam,
        querystring: wholeListQuery,
        response: { 200: scheduleListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { farmId } = request.params;
      const everyFarm = seesEveryFarm(requireActor(request), farmId);
      const page = await listUpcomingSchedules(app.db, farmId, request.query, { everyFarm });
      return sendPage(request, reply, page);
    },
  );
};
