import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#core/schemas/common';
import {
  billsOutput,
  billsQuery,
  orderPaymentsOutput,
  paymentConflictBody,
  paymentCreateBody,
  paymentVoidBody,
  receivablesOutput,
  receivablesQuery,
} from '#core/schemas/payment';
import { requireActor, requireFarmActor, requireRestaurantActor } from '../../http/guards';
import { csvResponse, errorResponses, sendCsv } from '../route-schemas';
import { sendPageHeaders } from '../paging';
import {
  allFarmReceivables,
  farmReceivables,
  receivablesCsv,
  restaurantBills,
} from './receivables';
import { orderPayments, recordPayment, voidPayment } from './service';

const paymentErrors = { ...errorResponses, 409: paymentConflictBody.passthrough() };

export const paymentModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id/payments',
    {
      config: { permission: { farm: 'payments.manage', restaurant: 'bills.view' } },
      schema: {
        tags: ['payments'],
        summary: "An order's payment state and payments, voided ones too (its farm or restaurant)",
        params: idParam,
        response: { 200: orderPaymentsOutput, ...errorResponses },
      },
    },
    async (request) => orderPayments(app.db, request.params.id, requireActor(request)),
  );

  app.post(
    '/orders/:id/payments',
    {
      config: { permission: { farm: 'payments.manage' } },
      schema: {
        tags: ['payments'],
        summary: 'Record a payment received for a delivered order (its farm)',
        params: idParam,
        body: paymentCreateBody,
        response: { 201: orderPaymentsOutput, ...paymentErrors },
      },
    },
    async (request, reply) => {
      const result = await recordPayment(
        app.db,
        requireFarmActor(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/payments/:id/void',
    {
      config: { permission: { farm: 'payments.manage' } },
      schema: {
        tags: ['payments'],
        summary: 'Void a payment with a reason; it is kept (its farm)',
        params: idParam,
        body: paymentVoidBody,
        response: { 200: orderPaymentsOutput, ...paymentErrors },
      },
    },
    async (request) => {
      return voidPayment(app.db, requireFarmActor(request), request.params.id, request.body.reason);
    },
  );

  app.get(
    '/receivables',
    {
      config: { permission: { farm: 'payments.manage' } },
      schema: {
        tags: ['payments'],
        summary:
          'What each restaurant owes the farm, aged, one page of open invoices (docs/api.md#paging); ?format=csv downloads them all (the farm)',
        querystring: receivablesQuery,
        response: { 200: z.union([receivablesOutput, csvResponse]), ...errorResponses },
      },
    },
    async (request, reply) => {
      const farm = requireFarmActor(request);
      const { format, ...query } = request.query;
      if (format === 'csv') {
        return sendCsv(reply, receivablesCsv(await allFarmReceivables(app.db, farm, query)));
      }
      const page = await farmReceivables(app.db, farm, query);
      sendPageHeaders(request, reply, page);
      return page.body;
    },
  );

  app.get(
    '/bills',
    {
      config: { permission: { restaurant: 'bills.view' } },
      schema: {
        tags: ['payments'],
        summary:
          'What the restaurant owes to each farm and when it is due, one page of open invoices (the restaurant)',
        querystring: billsQuery,
        response: { 200: billsOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await restaurantBills(app.db, requireRestaurantActor(request), request.query);
      sendPageHeaders(request, reply, page);
      return page.body;
    },
  );
};
