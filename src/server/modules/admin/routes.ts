import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminHealthOutput,
  adminOrderListOutput,
  adminOrdersQuery,
  adminStatsOutput,
} from '#core/schemas/admin';
import { errorResponse, idParam } from '#core/schemas/common';
import { renderInvoice } from '../documents/pdf';
import { csvResponse, pdfResponse, sendCsv, sendPdf } from '../route-schemas';
import { requireActor, requireAdmin } from '../auth/guards';
import { sendPage } from '../paging';
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
    async (request, reply) => {
      requireAdmin(request);
      return sendPage(request, reply, await listAdminOrders(app.db, request.query));
    },
  );

  app.get(
    '/admin/orders.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The same orders as a CSV attachment (every matching order, no limit)',
        querystring: adminOrdersQuery.omit({ limit: true, cursor: true }),
        produces: ['text/csv'],
        response: {
          200: csvResponse,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      return sendCsv(reply, await adminOrdersCsv(app.db, request.query));
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
          200: pdfResponse,
          404: errorResponse,
          409: errorResponse.passthrough(),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const invoice = await adminInvoice(app.db, requireActor(request), request.params.id);
      return sendPdf(reply, {
        fileName: `invoice-${invoice.order.id}.pdf`,
        title: `Invoice for order ${invoice.order.id}`,
        disposition: 'attachment',
        draw: (doc) => renderInvoice(doc, invoice),
      });
    },
  );
};
