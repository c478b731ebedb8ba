import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '#core/schemas/common';
import {
  checkoutBody,
  checkoutOutput,
  orderConflictBody,
  orderCreateBody,
  orderHistoryEntryOutput,
  orderListOutput,
  orderOutput,
  orderStatusBody,
} from '#core/schemas/order';
import { orderItemsChangeBody } from '#core/schemas/delivery';
import { adjustmentBody, adjustmentListOutput } from '#core/schemas/adjustment';
import { adjustOrder, listAdjustments } from './adjustments';
import { idempotencyKey } from './idempotency-key';
import { runIdempotent, WEIGHT_IDEMPOTENCY_SCOPE } from './idempotency';
import { applyOrderChange } from './order-change';
import { lineWeightBody, weightDecisionBody } from '#core/schemas/weight';
import { lineItemParams } from '#core/schemas/traceability';
import { bulkStatusBody, bulkStatusOutput, bulkStatusPermissions } from '#core/schemas/order-bulk';
import { orderListQuery } from '#core/schemas/paging';
import { forbidden } from '../../errors';
import { sendPage } from '../paging';
import { cancelOwnOrder, changeOwnOrderItems } from './restaurant-changes';
import { errorResponses } from '../route-schemas';
import { requireActor, requireFarmActor, requireRestaurantActor } from '../../http/guards';
import { bulkMoveDay, listOrderPage, orderCountPrefix, type RememberCount } from './listing';
import { LiveCache, type LiveEventHub } from '../events';
import { loadOrder } from './queries';
import { changeOrderStatus, checkout, placeOrder, statusHistory } from './service';
import { sentField, type RoutePermission } from '../../http/permission';

/**
 * The day's bulk move is moving orders on; packing with the suggested lots also assigns lots,
 * so it needs the lots permission as well (docs/teams.md).
 */
const bulkStatusPermission: RoutePermission = {
  farm: (request) => bulkStatusPermissions(sentField(request, 'lots')),
};

/** A farm's cancel is its own permission; every other move is moving orders on. */
const statusChangePermission: RoutePermission = {
  farm: (request) =>
    sentField(request, 'status') === 'cancelled' ? 'orders.cancel' : 'orders.status',
  restaurant: 'orders.change',
};

const placementErrors = {
  ...errorResponses,
  409: orderConflictBody.passthrough(),
  422: errorResponse,
};

/**
 * The totals of the order lists, kept by the process per business and filters until the
 * database says that business's orders arrived, went or moved (docs/order-lists.md), at most
 * five minutes, a bound on what the notices may miss.
 */
function createOrderCountCache(hub: LiveEventHub): LiveCache {
  return new LiveCache(hub, {
    keepMs: 5 * 60_000,
    maxEntries: 5_000,
    staleAfter: (event) => {
      switch (event.type) {
        case 'orders.counted': {
          const farm = orderCountPrefix('farm', event.farmId);
          const restaurant = orderCountPrefix('restaurant', event.restaurantId);
          return (key) => key.startsWith(farm) || key.startsWith(restaurant);
        }
        // Every change that moves a count moves an order's row: the notice above covers it.
        case 'user.changed':
        case 'catalog.changed':
        case 'stock.changed':
        case 'orders.changed':
        case 'products.changed':
        case 'business.changed':
        case 'notifications.changed':
          return undefined;
      }
    },
  });
}

export const orderModule: FastifyPluginAsyncZod = async (app) => {
  const orderCounts = createOrderCountCache(app.liveEvents);
  const rememberCount: RememberCount = (key, count) => orderCounts.get(key, count);
  app.post(
    '/orders',
    {
      config: { permission: { restaurant: 'orders.place' } },
      schema: {
        tags: ['orders'],
        summary: "Place one farm's order (restaurants)",
        body: orderCreateBody,
        response: { 201: orderOutput, ...placementErrors },
      },
    },
    async (request, reply) => {
      const result = await placeOrder(
        app.db,
        requireRestaurantActor(request),
        request.body,
        idempotencyKey(request),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.statusCode).send(result.body);
    },
  );

  app.post(
    '/checkout',
    {
      config: { permission: { restaurant: 'orders.place' } },
      schema: {
        tags: ['orders'],
        summary: "Place every farm's order of the cart, all or none (restaurants)",
        body: checkoutBody,
        response: { 201: checkoutOutput, ...placementErrors },
      },
    },
    async (request, reply) => {
      const result = await checkout(
        app.db,
        requireRestaurantActor(request),
        request.body.orders,
        idempotencyKey(request),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.statusCode).send(result.body);
    },
  );

  app.get(
    '/orders/restaurant',
    {
      schema: {
        tags: ['orders'],
        summary: "One page of the restaurant's own orders, newest first (docs/api.md#paging)",
        querystring: orderListQuery,
        response: { 200: orderListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listOrderPage(
        app.db,
        requireRestaurantActor(request),
        request.query,
        rememberCount,
      );
      return sendPage(request, reply, page);
    },
  );

  app.get(
    '/orders/farm',
    {
      schema: {
        tags: ['orders'],
        summary: "One page of the farm's own orders, newest first (docs/api.md#paging)",
        querystring: orderListQuery,
        response: { 200: orderListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listOrderPage(
        app.db,
        requireFarmActor(request),
        request.query,
        rememberCount,
      );
      return sendPage(request, reply, page);
    },
  );

  app.post(
    '/orders/farm/bulk-status',
    {
      config: { permission: bulkStatusPermission },
      schema: {
        tags: ['orders'],
        summary:
          'Confirm every pending order, or pack every confirmed one, of one of the farm\'s delivery days; lots: "suggested" packs with the suggested lots (needs lots.manage too)',
        body: bulkStatusBody,
        response: { 200: bulkStatusOutput, ...errorResponses },
      },
    },
    async (request) => {
      return bulkMoveDay(app.db, requireFarmActor(request), request.body);
    },
  );

  app.patch(
    '/orders/:id/status',
    {
      config: { permission: statusChangePermission },
      schema: {
        tags: ['orders'],
        summary:
          "Move an order along its status machine (the order's farm); the restaurant may cancel its own pending order until the day's cutoff",
        params: idParam,
        body: orderStatusBody,
        response: { 200: orderOutput, ...errorResponses, 409: errorResponse.passthrough() },
      },
    },
    async (request) => {
      if (request.user?.role === 'restaurant') {
        const actor = requireRestaurantActor(request);
        if (request.body.status !== 'cancelled') {
          throw forbidden('Only the farm can move an order on; a restaurant can cancel it');
        }
        return cancelOwnOrder(app.db, actor, request.params.id);
      }
      return changeOrderStatus(app.db, requireFarmActor(request), request.params.id, request.body);
    },
  );

  app.patch(
    '/orders/:id/items',
    {
      config: { permission: { restaurant: 'orders.change' } },
      schema: {
        tags: ['orders'],
        summary:
          "Change the quantities of the restaurant's own pending order until the day's cutoff",
        params: idParam,
        body: orderItemsChangeBody,
        response: { 200: orderOutput, ...errorResponses, 409: errorResponse.passthrough() },
      },
    },
    async (request) => {
      return changeOwnOrderItems(
        app.db,
        requireRestaurantActor(request),
        request.params.id,
        request.body,
      );
    },
  );

  app.put(
    '/orders/:id/items/:itemId/weight',
    {
      config: { permission: { farm: 'orders.adjust' } },
      schema: {
        tags: ['orders'],
        summary:
          'Enter what a line charged by weight weighed at packing, its whole or one figure per pack (docs/catch-weight.md); an Idempotency-Key sends it once',
        params: lineItemParams,
        body: lineWeightBody,
        response: { 200: orderOutput, ...errorResponses, 409: errorResponse.passthrough() },
      },
    },
    async (request, reply) => {
      const actor = requireFarmActor(request);
      const { id, itemId } = request.params;
      const result = await runIdempotent(
        app.db,
        {
          userId: actor.userId,
          business: actor.business,
          scope: WEIGHT_IDEMPOTENCY_SCOPE,
          key: idempotencyKey(request),
          body: { id, itemId, ...request.body },
        },
        async (tx) => ({
          statusCode: 200,
          body: await applyOrderChange(tx, actor, id, { kind: 'weight', itemId, ...request.body }),
        }),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.statusCode).send(result.body);
    },
  );

  app.post(
    '/orders/:id/items/:itemId/weight/decision',
    {
      config: { permission: { restaurant: 'orders.change' } },
      schema: {
        tags: ['orders'],
        summary:
          "Accept a weight past the farm's tolerance, or keep the estimate (docs/catch-weight.md)",
        params: lineItemParams,
        body: weightDecisionBody,
        response: { 200: orderOutput, ...errorResponses, 409: errorResponse.passthrough() },
      },
    },
    async (request) => {
      const actor = requireRestaurantActor(request);
      const { id, itemId } = request.params;
      return app.db.transaction((tx) =>
        applyOrderChange(tx, actor, id, {
          kind: 'weight_decision',
          itemId,
          accept: request.body.accept,
        }),
      );
    },
  );

  app.post(
    '/orders/:id/adjustments',
    {
      config: { permission: { farm: 'orders.adjust' } },
      schema: {
        tags: ['orders'],
        summary:
          "Adjust the farm's pending, confirmed or packed order to what was picked: change or remove lines, with a reason each (docs/adjustments.md)",
        params: idParam,
        body: adjustmentBody,
        response: { 200: orderOutput, ...errorResponses, 409: errorResponse.passthrough() },
      },
    },
    async (request) => {
      return adjustOrder(app.db, requireFarmActor(request), request.params.id, request.body);
    },
  );

  app.get(
    '/orders/:id/adjustments',
    {
      schema: {
        tags: ['orders'],
        summary: "The farm's adjustments of an order, oldest first (its farm or restaurant)",
        params: idParam,
        response: { 200: adjustmentListOutput, ...errorResponses },
      },
    },
    async (request) => {
      await loadOrder(app.db, request.params.id, requireActor(request));
      return listAdjustments(app.db, request.params.id);
    },
  );

  app.get(
    '/orders/:id/history',
    {
      schema: {
        tags: ['orders'],
        summary: "An order's status changes, oldest first (its farm or restaurant)",
        params: idParam,
        response: {
          200: z.array(orderHistoryEntryOutput),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      await loadOrder(app.db, request.params.id, requireActor(request));
      return statusHistory(app.db, request.params.id);
    },
  );
};
