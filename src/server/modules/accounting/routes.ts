import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountingExportQuery } from '#core/schemas/accounting';
import { requireActor } from '../../http/guards';
import { errorResponses, sendZip, zipResponse } from '../route-schemas';
import { accountingExport } from './service';

export const accountingModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/exports/accounting',
    {
      // The same permission as the screen the export sits on: receivables, or bills.
      config: { permission: { farm: 'payments.manage', restaurant: 'bills.view' } },
      schema: {
        tags: ['accounting'],
        summary:
          "A farm's invoices or a restaurant's bills, and their payments, for some Hawaii days in QuickBooks Online's or Xero's import layout: a zip of CSV files (docs/accounting.md)",
        querystring: accountingExportQuery,
        response: { 200: zipResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // The replica when there is one; numbering invoices moves it to the primary (db/replica.ts).
      const file = await app.readDb(request, (db) => accountingExport(db, actor, request.query));
      return sendZip(reply, file);
    },
  );
};
