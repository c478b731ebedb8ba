import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '#core/schemas/common';
import { farmReportOutput, restaurantReportOutput } from '#core/schemas/report';
import { requireFarmer, requireRestaurant } from '../auth/guards';
import { csvResponse, sendCsv } from '../route-schemas';
import { exportOrdersCsv } from './export';
import { farmReport, restaurantReport } from './service';

const errors = { 401: errorResponse, 403: errorResponse };

export const reportsModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/farm',
    {
      schema: {
        tags: ['reports'],
        summary: "The signed-in farm's report and dashboard figures",
        response: { 200: farmReportOutput, ...errors },
      },
    },
    async (request) => farmReport(app.db, requireFarmer(request).farmId),
  );

  app.get(
    '/reports/restaurant',
    {
      schema: {
        tags: ['reports'],
        summary: "The signed-in restaurant's report and dashboard figures",
        response: { 200: restaurantReportOutput, ...errors },
      },
    },
    async (request) => restaurantReport(app.db, requireRestaurant(request).restaurantId),
  );

  app.get(
    '/orders/farm.csv',
    {
      schema: {
        tags: ['reports'],
        summary: "The signed-in farm's orders as CSV",
        response: { 200: csvResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { farmId } = requireFarmer(request);
      return sendCsv(reply, await exportOrdersCsv(app.db, { kind: 'farm', id: farmId }));
    },
  );

  app.get(
    '/orders/restaurant.csv',
    {
      schema: {
        tags: ['reports'],
        summary: "The signed-in restaurant's orders as CSV",
        response: { 200: csvResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { restaurantId } = requireRestaurant(request);
      return sendCsv(
        reply,
        await exportOrdersCsv(app.db, { kind: 'restaurant', id: restaurantId }),
      );
    },
  );
};
