import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '../../../core/schemas/common';
import { pickListQuery } from '../../../core/schemas/order';
import { requireFarmer, requireRestaurant, requireUser } from '../auth/guards';
import { ownership } from '../orders/queries';
import { newPdf, renderInvoice, renderPackingSlip, renderPickList } from './pdf';
import { documentOrder, issueDeliveredInvoice, issueInvoice, pickListOrders } from './service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse.passthrough(),
};
const pdfResponse = { 200: z.any().describe('application/pdf'), ...errors };

/** Streams a PDF being drawn, as an attachment to save or inline to view. */
function sendPdf(
  reply: FastifyReply,
  fileName: string,
  disposition: 'attachment' | 'inline',
  draw: (doc: ReturnType<typeof newPdf>) => void,
  title: string,
) {
  const doc = newPdf(title);
  draw(doc);
  doc.end();
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(doc);
}

export const documentModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id/invoice',
    {
      schema: {
        tags: ['documents'],
        summary: "An order's invoice as a PDF attachment (its farm or restaurant)",
        params: idParam,
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const invoice = await issueInvoice(app.db, request.params.id, ownership(user));
      return sendPdf(
        reply,
        `invoice-${invoice.order.id}.pdf`,
        'attachment',
        (doc) => renderInvoice(doc, invoice),
        `Invoice for order ${invoice.order.id}`,
      );
    },
  );

  app.get(
    '/orders/:id/packing-slip',
    {
      schema: {
        tags: ['documents'],
        summary: "An order's packing slip as a PDF attachment (its farm)",
        params: idParam,
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const { farmId } = requireFarmer(request);
      const data = await documentOrder(app.db, request.params.id, { farmId });
      return sendPdf(
        reply,
        `packing-slip-${data.order.id}.pdf`,
        'attachment',
        (doc) => renderPackingSlip(doc, data),
        `Packing slip for order ${data.order.id}`,
      );
    },
  );

  app.get(
    '/orders/farm/pick-list',
    {
      schema: {
        tags: ['documents'],
        summary: "One delivery day's pick list and packing slips as one PDF (the farm)",
        querystring: pickListQuery,
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const { farmId } = requireFarmer(request);
      const { date } = request.query;
      const slips = await pickListOrders(app.db, farmId, date);
      return sendPdf(
        reply,
        `pick-list-${date}.pdf`,
        'attachment',
        (doc) => renderPickList(doc, date, slips),
        `Pick list for ${date}`,
      );
    },
  );

  app.get(
    '/invoices/:orderId/download',
    {
      schema: {
        tags: ['documents'],
        summary: 'The invoice of a delivered order, shown inline (its restaurant)',
        params: z.object({ orderId: idParam.shape.id }),
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const { restaurantId } = requireRestaurant(request);
      const invoice = await issueDeliveredInvoice(app.db, request.params.orderId, restaurantId);
      return sendPdf(
        reply,
        `invoice-${invoice.order.id}.pdf`,
        'inline',
        (doc) => renderInvoice(doc, invoice),
        `Invoice for order ${invoice.order.id}`,
      );
    },
  );
};
