import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '#core/schemas/common';
import {
  deliveryRunCreateBody,
  deliveryRunListOutput,
  deliveryRunOutput,
  deliveryRunsQuery,
  deliveryRunStartOutput,
  deliveryRunStopsBody,
  runChangedBody,
} from '#core/schemas/delivery-run';
import { requireFarmActor } from '../auth/guards';
import { renderRunSheet } from '../documents/pdf';
import { errorResponses, pdfResponse, sendPdf } from '../route-schemas';
import { createRun, driveRun, listDayRuns, replaceStops, runSheet, startRun } from './service';
import { driveRunOutput } from '#core/schemas/delivery-proof';

/**
 * A farm's delivery runs (docs/delivery.md#delivery-runs). Every route is the farm's own: with
 * the teams' permission table, the runs map to `orders.status` and the sheet to
 * `documents.packing`.
 */
export const deliveryRunModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/delivery-runs',
    {
      schema: {
        tags: ['delivery runs'],
        summary:
          "The farm's delivery runs of one day, each with its stops in order (the day's orders that are not cancelled)",
        querystring: deliveryRunsQuery,
        response: { 200: deliveryRunListOutput, ...errorResponses },
      },
    },
    async (request) => listDayRuns(app.db, requireFarmActor(request), request.query.date),
  );

  app.post(
    '/delivery-runs',
    {
      config: { permission: { farm: 'orders.status' } },
      schema: {
        tags: ['delivery runs'],
        summary: 'Add an empty run to one of the farm’s delivery days',
        body: deliveryRunCreateBody,
        response: { 201: deliveryRunOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const run = await createRun(app.db, requireFarmActor(request), request.body);
      return reply.status(201).send(run);
    },
  );

  app.put(
    '/delivery-runs/:id/stops',
    {
      config: { permission: { farm: 'orders.status' } },
      schema: {
        tags: ['delivery runs'],
        summary:
          "Set a run's whole order of stops; an order of another run of the day moves here (409 run_changed when the run changed since it was read)",
        params: idParam,
        body: deliveryRunStopsBody,
        response: { 200: deliveryRunOutput, ...errorResponses, 409: runChangedBody },
      },
    },
    async (request) =>
      replaceStops(app.db, requireFarmActor(request), request.params.id, request.body),
  );

  app.post(
    '/delivery-runs/:id/start',
    {
      config: { permission: { farm: 'orders.status' } },
      schema: {
        tags: ['delivery runs'],
        summary: "Start a run: each of its packed orders to in transit, as the order's status move",
        params: idParam,
        response: { 200: deliveryRunStartOutput, ...errorResponses },
      },
    },
    async (request) => startRun(app.db, requireFarmActor(request), request.params.id),
  );

  app.get(
    '/delivery-runs/:id',
    {
      schema: {
        tags: ['delivery runs'],
        summary:
          "One of the farm's runs for the driver's phone: its stops in order, each with its order's lines and proof of delivery",
        params: idParam,
        response: { 200: driveRunOutput, ...errorResponses },
      },
    },
    async (request) => driveRun(app.db, requireFarmActor(request), request.params.id),
  );

  app.get(
    '/delivery-runs/:id/sheet',
    {
      config: { permission: { farm: 'documents.packing' } },
      schema: {
        tags: ['delivery runs'],
        summary: "A run's sheet for the driver as a PDF: its stops in order, with a line to sign",
        params: idParam,
        response: { 200: pdfResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const sheet = await runSheet(app.db, requireFarmActor(request), request.params.id);
      return sendPdf(reply, {
        fileName: `run-sheet-${sheet.run.date}-${sheet.run.id}.pdf`,
        title: `Run sheet: ${sheet.run.name}, ${sheet.run.date}`,
        disposition: 'inline',
        draw: (doc) => renderRunSheet(doc, sheet),
      });
    },
  );
};
