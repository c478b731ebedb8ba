import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminHealthOutput,
  adminOrderListOutput,
  adminOrdersQuery,
  adminStatsOutput,
} from '../../../core/schemas/admin';
import { errorResponse, idParam } from '../../../core/schemas/common';
import { newPdf, renderInvoice } from '../documents/pdf';
import { requireAdmin } from '../auth/guards';
import { adminHealth, adminInvoice, adminOrdersCsv, adminStats, listAdminOrders } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Administrators only: everyone else gets 403, the anonymous 401. */
export const adminModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Platform figures: farms, restaurants, orders, revenue, top farms and restaurants',
        response: { 200: adminStatsOutput, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return adminStats(app.db);
    },
  );

  app.get(
    '/admin/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every farm’s orders, newest first, with restaurant and farm names',
        querystring: adminOrdersQuery,
        response: { 200: adminOrderListOutput, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return listAdminOrders(app.db, request.query);
    },
  );

  app.get(
    '/admin/orders.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The same orders as a CSV attachment (every matching order, no limit)',
        querystring: adminOrdersQuery.omit({ limit: true }),
        produces: ['text/csv'],
        response: {
          200: z.string().describe('text/csv; charset=utf-8, one row per order'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const file = await adminOrdersCsv(app.db, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/admin/health',
    {
      schema: {
        tags: ['admin'],
        summary: 'Server, database, email and SMS status, checked now',
        response: { 200: adminHealthOutput, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return adminHealth(app.database, app.config);
    },
  );

  app.get(
    '/admin/orders/:id/invoice',
    {
      schema: {
        tags: ['admin'],
        summary: 'The invoice of a delivered order as a PDF attachment (Invoice Archive)',
        params: idParam,
        response: {
          200: z.any().describe('application/pdf'),
          404: errorResponse,
          409: errorResponse.passthrough(),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const invoice = await adminInvoice(app.db, request.params.id);
      const doc = newPdf(`Invoice for order ${invoice.order.id}`);
      renderInvoice(doc, invoice);
      doc.end();
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.order.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(doc);
    },
  );
};
