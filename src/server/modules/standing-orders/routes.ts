import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '#core/schemas/common';
import {
  standingOrderCreateBody,
  standingOrderListOutput,
  standingOrderListQuery,
  standingOrderOutput,
  standingOrderPatchBody,
  standingOrderSeenPriceBody,
  standingOrderSkipBody,
  standingOrderSkipParams,
} from '#core/schemas/standing-order';
import { requireRestaurant } from '../../http/guards';
import { sendPage } from '../paging';
import { errorResponses } from '../route-schemas';
import {
  acceptTodaysPrice,
  createStandingOrder,
  deleteStandingOrder,
  getStandingOrder,
  listStandingOrders,
  skipDate,
  unskipDate,
  updateStandingOrder,
} from './service';

const withConflicts = { ...errorResponses, 409: errorResponse.passthrough() };

/** A restaurant's standing orders (docs/standing-orders.md): its own only, else 404. */
export const standingOrderModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/standing-orders',
    {
      schema: {
        tags: ['standing-orders'],
        summary: "One page of the restaurant's standing orders, newest first",
        querystring: standingOrderListQuery,
        response: { 200: standingOrderListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { restaurantId } = requireRestaurant(request);
      const page = await listStandingOrders(app.db, { restaurantId }, request.query);
      return sendPage(request, reply, page);
    },
  );

  app.post(
    '/standing-orders',
    {
      config: { permission: { restaurant: 'standing_orders.manage' } },
      schema: {
        tags: ['standing-orders'],
        summary: 'Set up a weekly order with a farm (restaurants)',
        body: standingOrderCreateBody,
        response: { 201: standingOrderOutput, ...withConflicts },
      },
    },
    async (request, reply) => {
      const { restaurantId, id: userId } = requireRestaurant(request);
      const created = await createStandingOrder(app.db, { restaurantId, userId }, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/standing-orders/:id',
    {
      schema: {
        tags: ['standing-orders'],
        summary: 'One of the restaurant’s standing orders',
        params: idParam,
        response: { 200: standingOrderOutput, ...errorResponses },
      },
    },
    async (request) => {
      const { restaurantId } = requireRestaurant(request);
      return getStandingOrder(app.db, { restaurantId }, request.params.id);
    },
  );

  app.patch(
    '/standing-orders/:id',
    {
      config: { permission: { restaurant: 'standing_orders.manage' } },
      schema: {
        tags: ['standing-orders'],
        summary: 'Change lines, weekdays, days before, notes, or pause and resume',
        params: idParam,
        body: standingOrderPatchBody,
        response: { 200: standingOrderOutput, ...withConflicts },
      },
    },
    async (request) => {
      const { restaurantId } = requireRestaurant(request);
      return updateStandingOrder(app.db, { restaurantId }, request.params.id, request.body);
    },
  );

  app.delete(
    '/standing-orders/:id',
    {
      config: { permission: { restaurant: 'standing_orders.manage' } },
      schema: {
        tags: ['standing-orders'],
        summary: 'Stop a standing order; the orders it placed stay',
        params: idParam,
        response: { 204: z.null().describe('Removed'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { restaurantId } = requireRestaurant(request);
      await deleteStandingOrder(app.db, { restaurantId }, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/standing-orders/:id/seen-prices',
    {
      config: { permission: { restaurant: 'standing_orders.manage' } },
      schema: {
        tags: ['standing-orders'],
        summary: 'Take today’s price for a line, so it is placed again',
        params: idParam,
        body: standingOrderSeenPriceBody,
        response: { 200: standingOrderOutput, ...withConflicts },
      },
    },
    async (request) => {
      const { restaurantId } = requireRestaurant(request);
      return acceptTodaysPrice(app.db, { restaurantId }, request.params.id, request.body);
    },
  );

  app.post(
    '/standing-orders/:id/skips',
    {
      config: { permission: { restaurant: 'standing_orders.manage' } },
      schema: {
        tags: ['standing-orders'],
        summary: 'Skip one delivery day',
        params: idParam,
        body: standingOrderSkipBody,
        response: { 200: standingOrderOutput, ...withConflicts },
      },
    },
    async (request) => {
      const { restaurantId } = requireRestaurant(request);
      return skipDate(app.db, { restaurantId }, request.params.id, request.body.deliveryDate);
    },
  );

  app.delete(
    '/standing-orders/:id/skips/:date',
    {
      config: { permission: { restaurant: 'standing_orders.manage' } },
      schema: {
        tags: ['standing-orders'],
        summary: 'Undo a skip',
        params: standingOrderSkipParams,
        response: { 200: standingOrderOutput, ...errorResponses },
      },
    },
    async (request) => {
      const { restaurantId } = requireRestaurant(request);
      return unskipDate(app.db, { restaurantId }, request.params.id, request.params.date);
    },
  );
};
