import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '#core/schemas/common';
import {
  creditTermsBody,
  customerHistoryOutput,
  customerHistoryQuery,
  customerHoldBody,
  customerListOutput,
  customerListQuery,
  customerOutput,
  customerParams,
} from '#core/schemas/customer';
import { customerMinimumBody } from '#core/schemas/minimum';
import { requireFarmActor } from '../../http/guards';
import { sendPage } from '../paging';
import { errorResponses } from '../route-schemas';
import {
  customerHistory,
  getCustomer,
  holdByHand,
  listCustomers,
  removeMinimumOfCustomer,
  setCreditTerms,
  setMinimumOfCustomer,
} from './service';

const customerErrors = { ...errorResponses, 409: errorResponse.passthrough() };

/**
 * One view of each customer and the farm's credit terms and holds (docs/customers.md). The
 * farm's only: a restaurant sees a hold on its account in Bills and at checkout.
 */
export const customerModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      config: { permission: { farm: 'customers.view' } },
      schema: {
        tags: ['customers'],
        summary:
          "One page of the farm's customers by name (?q= keeps names containing it): what each owes, its terms and hold",
        querystring: customerListQuery,
        response: { 200: customerListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listCustomers(app.db, requireFarmActor(request), request.query);
      return sendPage(request, reply, page);
    },
  );

  app.get(
    '/customers/:restaurantId',
    {
      config: { permission: { farm: 'customers.view' } },
      schema: {
        tags: ['customers'],
        summary: 'One customer of the farm: what it owes, its price list, terms and hold',
        params: customerParams,
        response: { 200: customerOutput, ...errorResponses },
      },
    },
    async (request) => getCustomer(app.db, requireFarmActor(request), request.params.restaurantId),
  );

  app.put(
    '/customers/:restaurantId/credit-terms',
    {
      config: { permission: { farm: 'credit.manage' } },
      schema: {
        tags: ['customers'],
        summary:
          "Set the farm's credit limit, days overdue before a hold and mode for a customer; null clears",
        params: customerParams,
        body: creditTermsBody,
        response: { 200: customerOutput, ...customerErrors },
      },
    },
    async (request) =>
      setCreditTerms(app.db, requireFarmActor(request), request.params.restaurantId, request.body),
  );

  app.put(
    '/customers/:restaurantId/minimum',
    {
      config: { permission: { farm: 'credit.manage' } },
      schema: {
        tags: ['customers'],
        summary:
          "Set the farm's own minimum order for a customer, over its zones': amount, mode and fee",
        params: customerParams,
        body: customerMinimumBody,
        response: { 200: customerOutput, ...customerErrors },
      },
    },
    async (request) =>
      setMinimumOfCustomer(
        app.db,
        requireFarmActor(request),
        request.params.restaurantId,
        request.body,
      ),
  );

  app.delete(
    '/customers/:restaurantId/minimum',
    {
      config: { permission: { farm: 'credit.manage' } },
      schema: {
        tags: ['customers'],
        summary: "Remove the farm's own minimum for a customer: its zone's minimum applies again",
        params: customerParams,
        response: { 204: z.null().describe('Removed'), ...customerErrors },
      },
    },
    async (request, reply) => {
      await removeMinimumOfCustomer(app.db, requireFarmActor(request), request.params.restaurantId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/customers/:restaurantId/hold',
    {
      config: { permission: { farm: 'credit.manage' } },
      schema: {
        tags: ['customers'],
        summary: "Hold a customer's account by hand, or release a hold set by hand, with a reason",
        params: customerParams,
        body: customerHoldBody,
        response: { 200: customerOutput, ...customerErrors },
      },
    },
    async (request) =>
      holdByHand(app.db, requireFarmActor(request), request.params.restaurantId, request.body),
  );

  app.get(
    '/customers/:restaurantId/history',
    {
      config: { permission: { farm: 'customers.view' } },
      schema: {
        tags: ['customers'],
        summary: "A customer's holds, releases and credit terms, newest first, with who and why",
        params: customerParams,
        querystring: customerHistoryQuery,
        response: { 200: customerHistoryOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await customerHistory(
        app.db,
        requireFarmActor(request),
        request.params.restaurantId,
        request.query,
      );
      return sendPage(request, reply, page);
    },
  );
};
