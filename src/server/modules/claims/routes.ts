import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParam } from '#core/schemas/common';
import {
  claimCreateBody,
  claimDecisionBody,
  claimListOutput,
  claimListQuery,
  claimOutput,
  claimPhotoParams,
  creditApplyBody,
  creditBalanceListOutput,
  creditNoteListOutput,
  creditNoteListQuery,
  creditRefundBody,
} from '#core/schemas/claim';
import { MAX_PHOTO_BYTES } from '#core/schemas/photo';
import { AppError } from '../../errors';
import { requireBusinessActor, requireFarmActor, requireRestaurantActor } from '../../http/guards';
import { eitherKind } from '../../http/permission';
import { renderCreditNote, sendPdf } from '../documents';
import { sendPage } from '../paging';
import { createPrivatePhotoStorage, sendPrivatePhoto, processPhoto } from '../photos';
import { errorResponses, pdfResponse } from '../route-schemas';
import {
  addClaimPhoto,
  applyCredit,
  checkRoomForClaimPhoto,
  claimPhotoKey,
  creditNoteDocument,
  listCreditNotes,
  decide,
  getClaim,
  listClaims,
  listCreditBalances,
  refundCredit,
  reportProblem,
} from './service';

const claimErrors = { ...errorResponses, 409: errorResponse.passthrough() };

/** Claims and credit notes carry prices and credits: a role that sees no money reads none. */
const SEES_MONEY = eitherKind('money.view');

function photoUploadError(message: string, status = 400) {
  return new AppError(status, message, 'validation', { file: message });
}

/**
 * Problems with delivered orders and the credit they give back (docs/claims.md): the
 * restaurant reports, the farm decides, a credit note lowers the invoice, and credit beyond it
 * is the restaurant's balance with the farm.
 */
export const claimModule: FastifyPluginAsyncZod = async (app) => {
  // Multipart for the claim photo only, as the product photos' plugin does for its own.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 },
  });
  const privateStorage = createPrivatePhotoStorage(
    { dataDir: app.config.dataDir, s3: app.config.s3 },
    'claim-photos',
  );

  app.post(
    '/orders/:id/claims',
    {
      config: { permission: { restaurant: 'claims.report' } },
      schema: {
        tags: ['claims'],
        summary:
          "Report a problem with lines of the restaurant's delivered order, within the farm's claim window",
        params: idParam,
        body: claimCreateBody,
        response: { 201: claimOutput, ...claimErrors },
      },
    },
    async (request, reply) => {
      const claim = await reportProblem(
        app.db,
        requireRestaurantActor(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(claim);
    },
  );

  app.post(
    '/claims/:id/photos',
    {
      config: { permission: { restaurant: 'claims.report' } },
      schema: {
        tags: ['claims'],
        summary:
          'Add a photo to the restaurant’s open claim (multipart/form-data, field "file"); kept private',
        params: idParam,
        response: { 201: claimOutput, ...claimErrors },
      },
    },
    async (request, reply) => {
      const actor = requireRestaurantActor(request);
      await checkRoomForClaimPhoto(app.db, actor, request.params.id);
      if (!request.isMultipart()) throw photoUploadError('Choose a photo to upload');
      let input: Buffer;
      try {
        const part = await request.file();
        if (!part) throw photoUploadError('Choose a photo to upload');
        input = await part.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          throw photoUploadError('This file is too large. Choose a smaller photo.', 413);
        }
        if ((error as { statusCode?: number }).statusCode) throw error;
        throw photoUploadError('The upload arrived incomplete. Choose the photo again.');
      }
      if (input.length === 0) throw photoUploadError('Choose a photo to upload');
      const photo = await processPhoto(input);
      const claim = await addClaimPhoto(app.db, privateStorage, actor, request.params.id, photo);
      return reply.status(201).send(claim);
    },
  );

  app.get(
    '/claims/:id/photos/:photoId',
    {
      schema: {
        tags: ['claims'],
        summary: "A claim's photo (WebP), for the order's farm and restaurant only",
        params: claimPhotoParams,
        response: { 200: pdfResponse.describe('image/webp'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = await claimPhotoKey(
        app.db,
        requireBusinessActor(request),
        request.params.id,
        request.params.photoId,
      );
      return sendPrivatePhoto(reply, privateStorage, key);
    },
  );

  app.get(
    '/claims',
    {
      config: { permission: SEES_MONEY },
      schema: {
        tags: ['claims'],
        summary:
          "One page of the business's claims, newest first (the farm's or the restaurant's); ?state= filters",
        querystring: claimListQuery,
        response: { 200: claimListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listClaims(app.db, requireBusinessActor(request), request.query);
      return sendPage(request, reply, page);
    },
  );

  app.get(
    '/claims/:id',
    {
      config: { permission: SEES_MONEY },
      schema: {
        tags: ['claims'],
        summary: "One claim of the business's (the farm's or the restaurant's)",
        params: idParam,
        response: { 200: claimOutput, ...errorResponses },
      },
    },
    async (request) => getClaim(app.db, requireBusinessActor(request), request.params.id),
  );

  app.post(
    '/claims/:id/decision',
    {
      config: { permission: { farm: 'claims.decide' } },
      schema: {
        tags: ['claims'],
        summary:
          'Accept, partly accept or decline an open claim (its farm); an accepted part makes a credit note',
        params: idParam,
        body: claimDecisionBody,
        response: { 200: claimOutput, ...claimErrors },
      },
    },
    async (request) => decide(app.db, requireFarmActor(request), request.params.id, request.body),
  );

  app.get(
    '/credit-notes',
    {
      config: { permission: SEES_MONEY },
      schema: {
        tags: ['claims'],
        summary:
          "The business's credit notes, newest first (the farm's or the restaurant's), one page at a time",
        querystring: creditNoteListQuery,
        response: { 200: creditNoteListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listCreditNotes(app.db, requireBusinessActor(request), request.query);
      return sendPage(request, reply, page);
    },
  );

  app.get(
    '/credit-notes/:id/pdf',
    {
      config: { permission: SEES_MONEY },
      schema: {
        tags: ['claims'],
        summary: 'A credit note as a PDF attachment (its farm or restaurant)',
        params: idParam,
        response: { 200: pdfResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await creditNoteDocument(
        app.db,
        requireBusinessActor(request),
        request.params.id,
      );
      return sendPdf(reply, {
        fileName: `credit-note-${data.note.number}.pdf`,
        title: `Credit note ${data.note.number}`,
        disposition: 'attachment',
        draw: (doc) => renderCreditNote(doc, data),
      });
    },
  );

  app.get(
    '/credit-balances',
    {
      config: { permission: SEES_MONEY },
      schema: {
        tags: ['claims'],
        summary:
          "Credit the restaurant holds with a farm: the farm's per restaurant, the restaurant's per farm",
        response: { 200: creditBalanceListOutput, ...errorResponses },
      },
    },
    async (request) => listCreditBalances(app.db, requireBusinessActor(request)),
  );

  app.post(
    '/credit-balances/apply',
    {
      config: { permission: { farm: 'claims.decide' } },
      schema: {
        tags: ['claims'],
        summary: "Put part of a restaurant's credit on one of its open invoices (the farm)",
        body: creditApplyBody,
        response: { 200: creditBalanceListOutput, ...claimErrors },
      },
    },
    async (request) => applyCredit(app.db, requireFarmActor(request), request.body),
  );

  app.post(
    '/credit-balances/refund',
    {
      config: { permission: { farm: 'claims.decide' } },
      schema: {
        tags: ['claims'],
        summary: 'Record credit paid back to a restaurant outside the app (the farm)',
        body: creditRefundBody,
        response: { 200: creditBalanceListOutput, ...claimErrors },
      },
    },
    async (request) => refundCredit(app.db, requireFarmActor(request), request.body),
  );
};
