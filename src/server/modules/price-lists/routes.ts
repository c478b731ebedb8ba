import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '#core/schemas/common';
import {
  priceListBody,
  priceListCustomerListOutput,
  priceListCustomerQuery,
  priceListListOutput,
  priceListListQuery,
  priceListOutput,
  priceListRestaurantsBody,
} from '#core/schemas/price-list';
import { requireFarmer } from '../../http/guards';
import { sendPage } from '../paging';
import { errorResponses } from '../route-schemas';
import {
  createPriceList,
  deletePriceList,
  getPriceList,
  listPriceListCustomers,
  listPriceLists,
  setPriceListRestaurants,
  updatePriceList,
} from './service';

/**
 * A farm's price lists (docs/price-lists.md). Every route is the farm's own, under
 * `products.manage` (pricing its products); a restaurant is refused (403) and another farm's
 * list is 404, so no restaurant learns a list or a price that is not its own.
 */
export const priceListModule: FastifyPluginAsyncZod = async (app) => {
  const permission = { farm: 'products.manage' } as const;

  app.get(
    '/price-lists',
    {
      config: { permission },
      schema: {
        tags: ['price lists'],
        summary: "One page of the farm's price lists by name (docs/api.md#paging)",
        querystring: priceListListQuery,
        response: { 200: priceListListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listPriceLists(app.db, requireFarmer(request).farmId, request.query);
      return sendPage(request, reply, page);
    },
  );

  app.get(
    '/price-lists/restaurants',
    {
      config: { permission },
      schema: {
        tags: ['price lists'],
        summary:
          'One page of the restaurants the farm can put on a price list (those that ordered from it), by name, each with its list',
        querystring: priceListCustomerQuery,
        response: { 200: priceListCustomerListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { farmId } = requireFarmer(request);
      return sendPage(request, reply, await listPriceListCustomers(app.db, farmId, request.query));
    },
  );

  app.post(
    '/price-lists',
    {
      config: { permission },
      schema: {
        tags: ['price lists'],
        summary: 'Add a price list: a percentage off or a price per product, plus quantity breaks',
        body: priceListBody,
        response: { 201: priceListOutput, ...errorResponses, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const list = await createPriceList(app.db, requireFarmer(request).farmId, request.body);
      return reply.status(201).send(list);
    },
  );

  app.get(
    '/price-lists/:id',
    {
      config: { permission },
      schema: {
        tags: ['price lists'],
        summary: 'One of the farm’s price lists with its prices, breaks and restaurants',
        params: idParam,
        response: { 200: priceListOutput, ...errorResponses },
      },
    },
    async (request) => getPriceList(app.db, requireFarmer(request).farmId, request.params.id),
  );

  app.put(
    '/price-lists/:id',
    {
      config: { permission },
      schema: {
        tags: ['price lists'],
        summary: 'Replace a price list: its name, kind, percentage, prices and breaks',
        params: idParam,
        body: priceListBody,
        response: { 200: priceListOutput, ...errorResponses, 409: errorResponse },
      },
    },
    async (request) =>
      updatePriceList(app.db, requireFarmer(request).farmId, request.params.id, request.body),
  );

  app.delete(
    '/price-lists/:id',
    {
      config: { permission },
      schema: {
        tags: ['price lists'],
        summary: 'Delete a price list; its restaurants go back to list prices',
        params: idParam,
        response: { 200: z.object({ id: z.number() }), ...errorResponses },
      },
    },
    async (request) => deletePriceList(app.db, requireFarmer(request).farmId, request.params.id),
  );

  app.put(
    '/price-lists/:id/restaurants',
    {
      config: { permission },
      schema: {
        tags: ['price lists'],
        summary:
          'Put exactly these restaurants on the list (each on at most one list of the farm: one on another moves)',
        params: idParam,
        body: priceListRestaurantsBody,
        response: { 200: priceListOutput, ...errorResponses },
      },
    },
    async (request) =>
      setPriceListRestaurants(
        app.db,
        requireFarmer(request).farmId,
        request.params.id,
        request.body,
      ),
  );
};
