import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorCan } from '#core/permissions';
import { idParam } from '#core/schemas/common';
import {
  farmPageOutput,
  farmPageProductListOutput,
  farmPageSettingsBody,
  farmPageSettingsOutput,
  farmProductsQuery,
} from '#core/schemas/fresh-sheet';
import { MAX_PHOTO_BYTES } from '#core/schemas/photo';
import { AppError } from '../../errors';
import { requireActor, requireFarmer } from '../../http/guards';
import { seesEveryFarm } from '../businesses';
import { sendPage } from '../paging';
import { processPhoto } from '../photos';
import { errorResponses } from '../route-schemas';
import {
  farmPage,
  farmPageProducts,
  farmPageSettings,
  removeCoverPhoto,
  saveFarmIsland,
  setCoverPhoto,
  type FarmPageReader,
} from './service';

function readerOf(request: FastifyRequest, farmId: number): FarmPageReader {
  const actor = requireActor(request);
  const restaurantId = actor.business?.kind === 'restaurant' ? actor.business.id : null;
  return {
    restaurantId,
    canFollow: actorCan(actor, 'orders.place'),
    seesHidden: seesEveryFarm(actor, farmId),
  };
}

const chooseAPhoto = () =>
  new AppError(400, 'Choose a photo to upload', 'validation', { file: 'Choose a photo to upload' });

/** The farm page (docs/fresh-sheet.md#the-farm-page) and the farm's settings of it. */
export const farmPageModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 },
  });

  app.get(
    '/farms/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A farm’s page: its story, island, cover photo, delivery days and follow state',
        params: idParam,
        response: { 200: farmPageOutput, ...errorResponses },
      },
    },
    async (request) => farmPage(app.db, request.params.id, readerOf(request, request.params.id)),
  );

  app.get(
    '/farms/:id/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One page of a farm’s products on offer, by name, at the reader’s prices',
        params: idParam,
        querystring: farmProductsQuery,
        response: { 200: farmPageProductListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const page = await farmPageProducts(app.db, id, readerOf(request, id), request.query);
      return sendPage(request, reply, page);
    },
  );

  app.get(
    '/profile/farm/page',
    {
      schema: {
        tags: ['profile'],
        summary: 'The farm’s island and cover photo, as its page shows them',
        response: { 200: farmPageSettingsOutput, ...errorResponses },
      },
    },
    async (request) => farmPageSettings(app.db, requireFarmer(request).farmId),
  );

  app.put(
    '/profile/farm/page',
    {
      config: { permission: { farm: 'profile.edit' } },
      schema: {
        tags: ['profile'],
        summary: 'Choose the island the farm page names (null: from the ZIP code)',
        body: farmPageSettingsBody,
        response: { 200: farmPageSettingsOutput, ...errorResponses },
      },
    },
    async (request) => saveFarmIsland(app.db, requireFarmer(request).farmId, request.body.island),
  );

  app.put(
    '/profile/farm/cover-photo',
    {
      config: { permission: { farm: 'profile.edit' } },
      schema: {
        tags: ['profile'],
        summary: 'Set the farm page’s cover photo (multipart/form-data, field "file")',
        response: { 200: farmPageSettingsOutput, ...errorResponses },
      },
    },
    async (request) => {
      const { farmId } = requireFarmer(request);
      if (!request.isMultipart()) throw chooseAPhoto();
      let input: Buffer;
      try {
        const part = await request.file();
        if (!part) throw chooseAPhoto();
        input = await part.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          const message = `This file is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB. Choose a smaller photo.`;
          throw new AppError(413, message, 'file_too_large', { file: message });
        }
        if ((error as { statusCode?: number }).statusCode) throw error;
        throw chooseAPhoto();
      }
      if (input.length === 0) throw chooseAPhoto();
      const photo = await processPhoto(input);
      return setCoverPhoto(app.db, app.photoStorage, farmId, photo);
    },
  );

  app.delete(
    '/profile/farm/cover-photo',
    {
      config: { permission: { farm: 'profile.edit' } },
      schema: {
        tags: ['profile'],
        summary: 'Remove the farm page’s cover photo',
        response: { 200: farmPageSettingsOutput, ...errorResponses },
      },
    },
    async (request) => removeCoverPhoto(app.db, app.photoStorage, requireFarmer(request).farmId),
  );
};
