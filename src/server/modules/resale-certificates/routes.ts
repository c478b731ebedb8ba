import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '#core/schemas/common';
import {
  resaleCertificateCreateBody,
  resaleCertificateListOutput,
  resaleCertificateListQuery,
  resaleCertificateOutput,
  resaleCertificateRevokeBody,
} from '#core/schemas/resale-certificate';
import { requireBusinessActor, requireRestaurantActor } from '../../http/guards';
import { now, today } from '../../clock';
import { sendPage } from '../paging';
import { errorResponses } from '../route-schemas';
import { issueCertificate, listCertificates, revokeCertificate } from './service';

/**
 * Resale certificates (docs/tax.md): a restaurant's owner or bookkeeper gives one to a farm;
 * both sides list and revoke their own. Another business's certificate answers 404.
 * The PDF is drawn by the documents module (GET /api/resale-certificates/{id}/pdf).
 */
export const resaleCertificateModule: FastifyPluginAsyncZod = async (app) => {
  const permission = 'resale_certificates.manage' as const;

  app.post(
    '/resale-certificates',
    {
      config: { permission: { restaurant: permission } },
      schema: {
        tags: ['resale certificates'],
        summary:
          "Give a farm a resale certificate (Form G-17) with the restaurant's GET licence number, signed by the caller now",
        body: resaleCertificateCreateBody,
        response: { 201: resaleCertificateOutput, ...errorResponses, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const actor = requireRestaurantActor(request);
      const certificate = await issueCertificate(app.db, actor, request.body, {
        now: now(),
        today: today(),
      });
      return reply.status(201).send(certificate);
    },
  );

  app.get(
    '/resale-certificates',
    {
      config: { permission: { farm: permission, restaurant: permission } },
      schema: {
        tags: ['resale certificates'],
        summary:
          'One page of the resale certificates the restaurant gave or the farm was given, oldest first (docs/api.md#paging)',
        querystring: resaleCertificateListQuery,
        response: { 200: resaleCertificateListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireBusinessActor(request);
      const page = await listCertificates(app.db, actor.business, request.query, today());
      return sendPage(request, reply, page);
    },
  );

  app.delete(
    '/resale-certificates/:id',
    {
      config: { permission: { farm: permission, restaurant: permission } },
      schema: {
        tags: ['resale certificates'],
        summary:
          'Revoke a resale certificate: it covers no day after effectiveUntil (yesterday or later); the record stays',
        params: idParam,
        body: resaleCertificateRevokeBody,
        response: { 204: z.null().describe('Revoked'), ...errorResponses, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const actor = requireBusinessActor(request);
      await revokeCertificate(app.db, actor, request.params.id, request.body, {
        now: now(),
        today: today(),
      });
      return reply.status(204).send(null);
    },
  );
};
