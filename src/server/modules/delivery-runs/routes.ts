import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '#core/schemas/common';
import { z } from 'zod';
import {
  deliveryDayStartOutput,
  deliveryRunCreateBody,
  deliveryRunDayBody,
  deliveryRunListOutput,
  deliveryRunOutput,
  deliveryRunRenameBody,
  deliveryRunsQuery,
  deliveryRunStartOutput,
  deliveryRunStopsBody,
  runChangedBody,
  RUN_NOT_EMPTY_CODE,
} from '#core/schemas/delivery-run';
import { requireFarmActor } from '../../http/guards';
import { renderRunSheet, renderRunSheets, sendPdf } from '../documents';
import { sendPage } from '../paging';
import { errorResponses, pdfResponse } from '../route-schemas';
import {
  createRun,
  daySheets,
  deleteRun,
  driveRun,
  listDayRuns,
  renameRun,
  replaceStops,
  runSheet,
  startDay,
  startRun,
} from './service';
import { driveRunOutput } from '#core/schemas/delivery-proof';

/** The 409 `run_not_empty` body: the run as it is, with the stops to move first. */
const runNotEmptyBody = z.object({
  message: z.string(),
  code: z.literal(RUN_NOT_EMPTY_CODE),
  run: deliveryRunOutput,
});

/**
 * A farm's delivery runs (docs/delivery.md#delivery-runs). Every route is the farm's own: with
 * the teams' permission table, the runs map to `orders.status` and the sheets to
 * `documents.packing`.
 */
export const deliveryRunModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/delivery-runs',
    {
      schema: {
        tags: ['delivery runs'],
        summary:
          "The farm's delivery runs of one day, each with its stops in order (the day's orders that are not cancelled); with limit, a page of the day's stops",
        querystring: deliveryRunsQuery,
        response: { 200: deliveryRunListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { date, limit, cursor } = request.query;
      const page = await listDayRuns(app.db, requireFarmActor(request), date, { limit, cursor });
      return sendPage(request, reply, { ...page, items: page.runs });
    },
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

  app.patch(
    '/delivery-runs/:id',
    {
      config: { permission: { farm: 'orders.status' } },
      schema: {
        tags: ['delivery runs'],
        summary: 'Rename a run (the same rules as a new run’s name)',
        params: idParam,
        body: deliveryRunRenameBody,
        response: { 200: deliveryRunOutput, ...errorResponses },
      },
    },
    async (request) =>
      renameRun(app.db, requireFarmActor(request), request.params.id, request.body),
  );

  app.delete(
    '/delivery-runs/:id',
    {
      config: { permission: { farm: 'orders.status' } },
      schema: {
        tags: ['delivery runs'],
        summary: 'Delete a run without stops (409 run_not_empty while it has some)',
        params: idParam,
        response: { 204: z.null().describe('Deleted'), ...errorResponses, 409: runNotEmptyBody },
      },
    },
    async (request, reply) => {
      await deleteRun(app.db, requireFarmActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/delivery-runs/start',
    {
      config: { permission: { farm: 'orders.status' } },
      schema: {
        tags: ['delivery runs'],
        summary:
          'Start all runs of a day: each run’s packed orders to in transit, as each run’s start',
        body: deliveryRunDayBody,
        response: { 200: deliveryDayStartOutput, ...errorResponses },
      },
    },
    async (request) => startDay(app.db, requireFarmActor(request), request.body.date),
  );

  app.get(
    '/delivery-runs/sheets',
    {
      config: { permission: { farm: 'documents.packing' } },
      schema: {
        tags: ['delivery runs'],
        summary: "The day's run sheets as one PDF: every run with stops, a page each",
        querystring: deliveryRunsQuery,
        response: { 200: pdfResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { date } = request.query;
      const day = await daySheets(app.db, requireFarmActor(request), date);
      return sendPdf(reply, {
        fileName: `run-sheets-${date}.pdf`,
        title: `Run sheets, ${date}`,
        disposition: 'inline',
        draw: (doc) => renderRunSheets(doc, { ...day, date }),
      });
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
