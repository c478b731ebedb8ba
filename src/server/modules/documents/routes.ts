import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '#core/actor';
import { errorResponse, idParam } from '#core/schemas/common';
import { pickListQuery } from '#core/schemas/order';
import {
  requireActor,
  requireBusinessActor,
  requireFarmActor,
  requireRestaurantActor,
} from '../../http/guards';
import { today } from '../../clock';
import { getCertificate } from '../resale-certificates';
import { renderResaleCertificate } from './resale-certificate-pdf';
import { csvResponse, errorResponses, pdfResponse, sendCsv } from '../route-schemas';
import { sendPdf } from './send-pdf';
import { proofImages } from '../delivery-proof';
import {
  renderGetSummary,
  renderInvoice,
  renderPackingSlip,
  renderPickList,
  renderStatement,
} from './pdf';
import { statementQuery } from '#core/schemas/payment';
import { getSummaryOutput, getSummaryQuery } from '#core/schemas/get-summary';
import { monthlyStatement, statementFileName } from '../payments';
import { getSummary, getSummaryCsv, getSummaryFileName } from '../reports';
import {
  documentOrder,
  issueDeliveredInvoice,
  issueInvoice,
  pickListDay,
  showsProofPictures,
  type Invoice,
} from './service';

const pdfResponses = {
  200: pdfResponse,
  ...errorResponses,
  409: errorResponse.passthrough(),
};

export const documentModule: FastifyPluginAsyncZod = async (app) => {
  /** A delivered order's photo and signature, read before the PDF is drawn, for whom they are. */
  const invoiceProof = async (invoice: Invoice, viewer: Actor) =>
    invoice.order.delivery && showsProofPictures(viewer, invoice.order)
      ? proofImages(app.db, app.deliveryProofStorage, invoice.order.id)
      : null;

  app.get(
    '/orders/:id/invoice',
    {
      config: { permission: { farm: 'payments.manage', restaurant: 'bills.view' } },
      schema: {
        tags: ['documents'],
        summary: "An order's invoice as a PDF attachment (its farm or restaurant)",
        params: idParam,
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const viewer = requireActor(request);
      const invoice = await issueInvoice(app.db, request.params.id, viewer);
      const proof = await invoiceProof(invoice, viewer);
      return sendPdf(reply, {
        fileName: `invoice-${invoice.order.id}.pdf`,
        title: `Invoice for order ${invoice.order.id}`,
        disposition: 'attachment',
        draw: (doc) => renderInvoice(doc, invoice, proof),
      });
    },
  );

  app.get(
    '/orders/:id/packing-slip',
    {
      config: { permission: { farm: 'documents.packing' } },
      schema: {
        tags: ['documents'],
        summary: "An order's packing slip as a PDF attachment (its farm)",
        params: idParam,
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const data = await documentOrder(app.db, request.params.id, requireFarmActor(request));
      return sendPdf(reply, {
        fileName: `packing-slip-${data.order.id}.pdf`,
        title: `Packing slip for order ${data.order.id}`,
        disposition: 'attachment',
        draw: (doc) => renderPackingSlip(doc, data),
      });
    },
  );

  app.get(
    '/orders/farm/pick-list',
    {
      config: { permission: { farm: 'documents.packing' } },
      schema: {
        tags: ['documents'],
        summary: "One delivery day's pick list and packing slips as one PDF (the farm)",
        querystring: pickListQuery,
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const { date } = request.query;
      const day = await pickListDay(app.db, requireFarmActor(request), date);
      return sendPdf(reply, {
        fileName: `pick-list-${date}.pdf`,
        title: `Pick list for ${date}`,
        disposition: 'attachment',
        draw: (doc) => renderPickList(doc, day),
      });
    },
  );

  // A resale certificate (docs/tax.md) as the restaurant gave it: its own module finds it.
  app.get(
    '/resale-certificates/:id/pdf',
    {
      config: {
        permission: {
          farm: 'resale_certificates.manage',
          restaurant: 'resale_certificates.manage',
        },
      },
      schema: {
        tags: ['resale certificates'],
        summary:
          'A resale certificate as a PDF in the layout of Form G-17 (the restaurant that gave it or the farm it is made out to)',
        params: idParam,
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const { business } = requireBusinessActor(request);
      const certificate = await getCertificate(app.db, business, request.params.id, today());
      return sendPdf(reply, {
        fileName: `resale-certificate-${certificate.id}.pdf`,
        title: `Resale certificate ${certificate.id}`,
        disposition: 'attachment',
        draw: (doc) => renderResaleCertificate(doc, certificate),
      });
    },
  );

  app.get(
    '/statements',
    {
      config: { permission: { farm: 'payments.manage', restaurant: 'bills.view' } },
      schema: {
        tags: ['documents'],
        summary:
          "A month's statement PDF of a restaurant–farm pair: the farm names the restaurant, the restaurant the farm",
        querystring: statementQuery,
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // The replica when there is one; numbering invoices moves it to the primary (db/replica.ts).
      const statement = await app.readDb(request, (db) =>
        monthlyStatement(db, actor, request.query),
      );
      return sendPdf(reply, {
        fileName: statementFileName(statement),
        title: `Statement for ${statement.month}`,
        disposition: 'attachment',
        draw: (doc) => renderStatement(doc, statement),
      });
    },
  );

  // The GET summary is the reports module's figures; its PDF is drawn here, with the others.
  app.get(
    '/reports/get-summary',
    {
      config: { permission: { farm: 'reports.tax' } },
      schema: {
        tags: ['reports'],
        summary:
          "The farm's gross proceeds by GET rate for some Hawaii days, with the invoices and credit notes behind them; ?format=pdf or csv downloads it (docs/tax.md#the-get-summary)",
        querystring: getSummaryQuery,
        response: {
          200: z.union([getSummaryOutput, pdfResponse, csvResponse]),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { format, ...period } = request.query;
      const summary = await getSummary(app.db, requireFarmActor(request), period);
      if (format === 'csv') return sendCsv(reply, getSummaryCsv(summary));
      if (format === 'pdf') {
        return sendPdf(reply, {
          fileName: getSummaryFileName(summary, 'pdf'),
          title: `GET summary ${summary.from} to ${summary.to}`,
          disposition: 'attachment',
          draw: (doc) => renderGetSummary(doc, summary),
        });
      }
      return summary;
    },
  );

  app.get(
    '/invoices/:orderId/download',
    {
      config: { permission: { restaurant: 'bills.view' } },
      schema: {
        tags: ['documents'],
        summary: 'The invoice of a delivered order, shown inline (its restaurant)',
        params: z.object({ orderId: idParam.shape.id }),
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const restaurant = requireRestaurantActor(request);
      const invoice = await issueDeliveredInvoice(app.db, request.params.orderId, restaurant);
      const proof = await invoiceProof(invoice, restaurant);
      return sendPdf(reply, {
        fileName: `invoice-${invoice.order.id}.pdf`,
        title: `Invoice for order ${invoice.order.id}`,
        disposition: 'inline',
        draw: (doc) => renderInvoice(doc, invoice, proof),
      });
    },
  );
};
