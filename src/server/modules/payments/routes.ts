import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#core/schemas/common';
import {
  billsOutput,
  orderPaymentsOutput,
  paymentConflictBody,
  paymentCreateBody,
  paymentVoidBody,
  receivablesOutput,
  receivablesQuery,
} from '#core/schemas/payment';
import { requireFarmer, requireRestaurant, requireUser } from '../auth/guards';
import { ownership } from '../orders/queries';
import { csvResponse, errorResponses, sendCsv } from '../route-schemas';
import { farmReceivables, receivablesCsv, restaurantBills } from './receivables';
import { orderPayments, recordPayment, voidPayment } from './service';

const paymentErrors = { ...errorResponses, 409: paymentConflictBody.passthrough() };

export const paymentModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id/payments',
    {
      schema: {
        tags: ['payments'],
        summary: "An order's payment state and payments, voided ones too (its farm or restaurant)",
        params: idParam,
        response: { 200: orderPaymentsOutput, ...errorResponses },
      },
    },
    async (request) => orderPayments(app.db, request.params.id, ownership(requireUser(request))),
  );

  app.post(
    '/orders/:id/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Record a payment received for a delivered order (its farm)',
        params: idParam,
        body: paymentCreateBody,
        response: { 201: orderPaymentsOutput, ...paymentErrors },
      },
    },
    async (request, reply) => {
      const user = requireFarmer(request);
      const result = await recordPayment(
        app.db,
        { userId: user.id, farmId: user.farmId },
        request.params.id,
        request.body,
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/payments/:id/void',
    {
      schema: {
        tags: ['payments'],
        summary: 'Void a payment with a reason; it is kept (its farm)',
        params: idParam,
        body: paymentVoidBody,
        response: { 200: orderPaymentsOutput, ...paymentErrors },
      },
    },
    async (request) => {
      const user = requireFarmer(request);
      return voidPayment(
        app.db,
        { userId: user.id, farmId: user.farmId },
        request.params.id,
        request.body.reason,
      );
    },
  );

  app.get(
    '/receivables',
    {
      schema: {
        tags: ['payments'],
        summary: 'What each restaurant owes the farm, aged; ?format=csv downloads it (the farm)',
        querystring: receivablesQuery,
        response: { 200: z.union([receivablesOutput, csvResponse]), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { farmId } = requireFarmer(request);
      const { format, ...filters } = request.query;
      const receivables = await farmReceivables(app.db, farmId, filters);
      if (format === 'csv') return sendCsv(reply, receivablesCsv(receivables));
      return receivables;
    },
  );

  app.get(
    '/bills',
    {
      schema: {
        tags: ['payments'],
        summary: 'What the restaurant owes to each farm and when it is due (the restaurant)',
        response: { 200: billsOutput, ...errorResponses },
      },
    },
    async (request) => restaurantBills(app.db, requireRestaurant(request).restaurantId),
  );
};
