import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FarmActor, RestaurantActor } from '#core/actor';
import { errorResponse, idParam } from '#core/schemas/common';
import { orderOutput } from '#core/schemas/order';
import {
  lineItemParams,
  lineLotsBody,
  lotCreateBody,
  lotDetailOutput,
  lotListOutput,
  lotListQuery,
  lotOutput,
  lotUpdateBody,
  MAX_RECALL_UPDATES_PER_DAY,
  recallBody,
  recallListOutput,
  recallListQuery,
  recallOutput,
  recallUpdateBody,
  recallUpdateOutput,
  recordsQuery,
} from '#core/schemas/traceability';
import { requireFarmActor, requireRestaurantActor, requireUser } from '../../http/guards';
import { applyOrderChange } from '../orders';
import { sendPage } from '../paging';
import { errorResponses } from '../route-schemas';
import { createLot, listLots, lotDetail, updateLot } from './lots';
import { acknowledgeRecall, listRecalls, recallLot, sendRecallUpdate } from './recalls';
import { recordsFile } from './records';

const conflictResponses = { ...errorResponses, 409: errorResponse.passthrough() };

/** The farm's or the restaurant's person: records and recalls answer each its own side. */
function requireTradingActor(request: FastifyRequest): FarmActor | RestaurantActor {
  return requireUser(request).role === 'farmer'
    ? requireFarmActor(request)
    : requireRestaurantActor(request);
}

/** Traceability (docs/traceability.md): lots, a line's lots, records, recalls. */
export const traceabilityModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lots',
    {
      schema: {
        tags: ['traceability'],
        summary:
          "One page of the farm's lots, newest harvest first; open=true: those with something left, oldest first",
        querystring: lotListQuery,
        response: { 200: lotListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireFarmActor(request);
      return sendPage(request, reply, await listLots(app.db, actor.business.id, request.query));
    },
  );

  app.post(
    '/lots',
    {
      config: { permission: { farm: 'lots.manage' } },
      schema: {
        tags: ['traceability'],
        summary: 'Record a lot of one of the farm’s products (its lot code unique in the farm)',
        body: lotCreateBody,
        response: { 201: lotOutput, ...conflictResponses },
      },
    },
    async (request, reply) => {
      const lot = await createLot(app.db, requireFarmActor(request), request.body);
      return reply.status(201).send(lot);
    },
  );

  app.get(
    '/lots/:id',
    {
      schema: {
        tags: ['traceability'],
        summary:
          "One of the farm's lots, with every restaurant that received it, its lines not yet shipped and its recalls",
        params: idParam,
        response: { 200: lotDetailOutput, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireFarmActor(request);
      return lotDetail(app.db, actor.business.id, request.params.id);
    },
  );

  app.patch(
    '/lots/:id',
    {
      config: { permission: { farm: 'lots.manage' } },
      schema: {
        tags: ['traceability'],
        summary: "Change a lot's code, date, place or quantity",
        params: idParam,
        body: lotUpdateBody,
        response: { 200: lotOutput, ...conflictResponses },
      },
    },
    async (request) =>
      updateLot(app.db, requireFarmActor(request), request.params.id, request.body),
  );

  app.put(
    '/orders/:id/items/:itemId/lots',
    {
      config: { permission: { farm: 'lots.manage' } },
      schema: {
        tags: ['traceability'],
        summary:
          "Set the lots one line of the farm's confirmed or packed order was packed from; their quantities add up to the line",
        params: lineItemParams,
        body: lineLotsBody,
        response: { 200: orderOutput, ...conflictResponses },
      },
    },
    async (request) => {
      const actor = requireFarmActor(request);
      return app.db.transaction((tx) =>
        applyOrderChange(tx, actor, request.params.id, {
          kind: 'lot_assignment',
          itemId: request.params.itemId,
          lots: request.body.lots,
        }),
      );
    },
  );

  app.get(
    '/traceability/records',
    {
      schema: {
        tags: ['traceability'],
        summary:
          "The farm's shipping records or the restaurant's receiving records (FSMA 204 key data elements), as CSV or XLSX",
        querystring: recordsQuery,
        response: {
          200: z.any().describe('text/csv or an XLSX workbook'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const actor = requireTradingActor(request);
      const file = await app.readDb(request, (db) => recordsFile(db, actor, request.query));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/lots/:id/recall',
    {
      config: { permission: { farm: 'lots.recall' } },
      schema: {
        tags: ['traceability'],
        summary:
          'Recall a lot, once: a notice by email, text and in the app to every restaurant that received it',
        params: idParam,
        body: recallBody,
        response: { 201: recallOutput, ...conflictResponses },
      },
    },
    async (request, reply) => {
      const recall = await recallLot(
        app.db,
        requireFarmActor(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(recall);
    },
  );

  app.post(
    '/recalls/:id/updates',
    {
      config: { permission: { farm: 'lots.recall' } },
      schema: {
        tags: ['traceability'],
        summary: `A follow-up notice of the farm's recall to every restaurant it was sent to, by email, text and in the app (at most ${MAX_RECALL_UPDATES_PER_DAY} a Hawaii day)`,
        params: idParam,
        body: recallUpdateBody,
        response: { 201: recallUpdateOutput, ...errorResponses, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const update = await sendRecallUpdate(
        app.db,
        requireFarmActor(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(update);
    },
  );

  app.get(
    '/recalls',
    {
      schema: {
        tags: ['traceability'],
        summary:
          "One page of recalls, newest first: the farm's own with every notice, or those sent to the restaurant",
        querystring: recallListQuery,
        response: { 200: recallListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listRecalls(app.db, requireTradingActor(request), request.query);
      return sendPage(request, reply, page);
    },
  );

  app.post(
    '/recalls/:id/acknowledge',
    {
      schema: {
        tags: ['traceability'],
        summary: "Acknowledge the restaurant's recall notice (the first acknowledgement stands)",
        params: idParam,
        response: { 200: recallOutput, ...errorResponses },
      },
    },
    async (request) =>
      acknowledgeRecall(app.db, requireRestaurantActor(request), request.params.id),
  );
};
