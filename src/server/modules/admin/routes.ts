import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminActionListOutput,
  adminBusinessListOutput,
  adminBusinessOutput,
  adminBusinessesQuery,
  adminHealthOutput,
  adminOrderListOutput,
  adminOrdersQuery,
  adminPeopleQuery,
  adminPersonListOutput,
  adminReasonBody,
  adminStatsOutput,
  approvalsQuery,
  auditQuery,
  businessParams,
  pendingFarmListOutput,
} from '#core/schemas/admin';
import { errorResponse, idParam } from '#core/schemas/common';
import { renderInvoice, sendPdf } from '../documents';
import { csvResponse, pdfResponse, sendCsv } from '../route-schemas';
import { requireActor, requireAdmin } from '../../http/guards';
import { sendPage } from '../paging';
import {
  adminPersonOf,
  decide,
  listAdminActions,
  listBusinesses,
  listPendingFarms,
} from '../businesses';
import { listPeople } from './people';
import { adminHealth, adminInvoice, adminOrdersCsv, adminStats, listAdminOrders } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
/** A decision's answers: the business, or no such one, or not in this state (docs/admission.md). */
const decisionErrors = { ...errors, 404: errorResponse, 409: errorResponse.passthrough() };

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
      const csv = await app.readDb(request, (db) => adminOrdersCsv(db, request.query));
      return sendCsv(reply, csv);
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

  app.get(
    '/admin/approvals',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The farms waiting for approval, the longest waiting first, with their profile and owner (docs/admission.md)',
        querystring: approvalsQuery,
        response: { 200: pendingFarmListOutput, ...errors },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      return sendPage(request, reply, await listPendingFarms(app.db, request.query));
    },
  );

  app.post(
    '/admin/farms/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending or declined farm: restaurants see it and can order',
        params: idParam,
        response: { 200: adminBusinessOutput, ...decisionErrors },
      },
    },
    async (request) => {
      const admin = adminPersonOf(requireAdmin(request));
      const { id } = request.params;
      return decide(app.db, admin, { action: 'approve', kind: 'farm', id, reason: null });
    },
  );

  app.post(
    '/admin/farms/:id/decline',
    {
      schema: {
        tags: ['admin'],
        summary: 'Decline a pending farm with a reason, emailed to its owner; it stays unseen',
        params: idParam,
        body: adminReasonBody,
        response: { 200: adminBusinessOutput, ...decisionErrors },
      },
    },
    async (request) => {
      const admin = adminPersonOf(requireAdmin(request));
      const { id } = request.params;
      const { reason } = request.body;
      return decide(app.db, admin, { action: 'decline', kind: 'farm', id, reason });
    },
  );

  app.get(
    '/admin/businesses',
    {
      schema: {
        tags: ['admin'],
        summary: 'The farms or restaurants by name, with their admission and suspension, to act on',
        querystring: adminBusinessesQuery,
        response: { 200: adminBusinessListOutput, ...errors },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      return sendPage(request, reply, await listBusinesses(app.db, request.query));
    },
  );

  app.get(
    '/admin/people',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every account by name, searched by name or email, with its businesses and roles (closed ones on asking)',
        querystring: adminPeopleQuery,
        response: { 200: adminPersonListOutput, ...errors },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      return sendPage(request, reply, await listPeople(app.db, request.query));
    },
  );

  app.post(
    '/admin/businesses/:kind/:id/suspend',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Suspend a farm or restaurant with a reason: its people read but cannot act, a farm is unseen',
        params: businessParams,
        body: adminReasonBody,
        response: { 200: adminBusinessOutput, ...decisionErrors },
      },
    },
    async (request) => {
      const admin = adminPersonOf(requireAdmin(request));
      const { kind, id } = request.params;
      const { reason } = request.body;
      return decide(app.db, admin, { action: 'suspend', kind, id, reason });
    },
  );

  app.post(
    '/admin/businesses/:kind/:id/reinstate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lift a suspension: everything the business could do and show comes back',
        params: businessParams,
        response: { 200: adminBusinessOutput, ...decisionErrors },
      },
    },
    async (request) => {
      const admin = adminPersonOf(requireAdmin(request));
      const { kind, id } = request.params;
      return decide(app.db, admin, { action: 'reinstate', kind, id, reason: null });
    },
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'What administrators did to businesses, newest first: who, what, which, why, when',
        querystring: auditQuery,
        response: { 200: adminActionListOutput, ...errors },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      return sendPage(request, reply, await listAdminActions(app.db, request.query));
    },
  );
};
