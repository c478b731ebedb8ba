import { buffer } from 'node:stream/consumers';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#core/schemas/common';
import {
  MAX_PHOTO_BYTES,
  photoListOutput,
  photoOrderBody,
  photoOutput,
  photoParams,
} from '#core/schemas/photo';
import { AppError, notFound } from '../../errors';
import { requireFarmer } from '../../http/guards';
import { errorResponses } from '../route-schemas';
import {
  addPhoto,
  checkRoomForPhoto,
  deletePhoto,
  PHOTO_URL_PREFIX,
  photoAsJpeg,
  processPhoto,
  reorderPhotos,
} from './service';
import { PHOTO_KEY_PATTERN } from './storage';

const MEGABYTES = MAX_PHOTO_BYTES / 1024 / 1024;
const tooLarge = () => {
  const message = `This file is larger than ${MEGABYTES} MB. Choose a smaller photo.`;
  return new AppError(413, message, 'file_too_large', { file: message });
};
const noFile = () =>
  new AppError(400, 'Choose a photo to upload', 'validation', {
    file: 'Choose a photo to upload',
  });

const unreadableUpload = () => {
  const message =
    'The upload arrived incomplete or without its multipart boundary. Choose the photo again.';
  return new AppError(400, message, 'validation', { file: message });
};

/** Upload, reorder and delete a product's photos (under /api). */
export const photoModule: FastifyPluginAsyncZod = async (app) => {
  // Multipart is parsed in this plugin only; every other route keeps JSON.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 },
  });

  app.post(
    '/products/:id/photos',
    {
      config: { permission: { farm: 'products.manage' } },
      // The file is not JSON: the schema documents the answer, the handler reads the parts.
      schema: {
        tags: ['catalog'],
        summary: 'Add a photo to one of the farmer’s products (multipart/form-data, field "file")',
        params: idParam,
        response: { 201: photoOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { farmId } = requireFarmer(request);
      const productId = request.params.id;
      // Who asks and whether there is room, before a byte of the file is read.
      await checkRoomForPhoto(app.db, farmId, productId);
      if (!request.isMultipart()) throw noFile();
      let input: Buffer;
      try {
        const part = await request.file();
        if (!part) throw noFile();
        input = await part.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
        if (error instanceof app.multipartErrors.FilesLimitError) {
          throw new AppError(400, 'Upload one photo at a time', 'validation', {
            file: 'Upload one photo at a time',
          });
        }
        // The parser's own errors (413 limits and the like) keep their status; anything else
        // here is a body the parser could not read (no boundary, cut short), which is the
        // sender's fault, never ours.
        if ((error as { statusCode?: number }).statusCode) throw error;
        throw unreadableUpload();
      }
      if (input.length === 0) throw noFile();
      const photo = await processPhoto(input);
      return reply
        .status(201)
        .send(await addPhoto(app.db, app.photoStorage, farmId, productId, photo));
    },
  );

  app.put(
    '/products/:id/photos/order',
    {
      config: { permission: { farm: 'products.manage' } },
      schema: {
        tags: ['catalog'],
        summary: 'Put a product’s photos in a new order (the first is the one cards show)',
        params: idParam,
        body: photoOrderBody,
        response: { 200: photoListOutput, ...errorResponses },
      },
    },
    async (request) =>
      reorderPhotos(
        app.db,
        requireFarmer(request).farmId,
        request.params.id,
        request.body.photoIds,
      ),
  );

  app.delete(
    '/products/:id/photos/:photoId',
    {
      config: { permission: { farm: 'products.manage' } },
      schema: {
        tags: ['catalog'],
        summary: 'Delete one photo of a product, and its files',
        params: photoParams,
        response: { 200: photoListOutput, ...errorResponses },
      },
    },
    async (request) =>
      deletePhoto(
        app.db,
        app.photoStorage,
        requireFarmer(request).farmId,
        request.params.id,
        request.params.photoId,
      ),
  );
};

/**
 * The stored files, outside /api: public (cards load them without the session query) and
 * cached for a year, which is safe because a name is the hash of its content.
 */
/** The JPEGs made lately, by stored key: a photo in a sheet is converted once, not per reader. */
const MADE_JPEGS_MAX = 100;
const madeJpegs = new Map<string, Promise<Buffer>>();

/** The JPEG of a stored photo, from the recent ones or made now (the oldest made goes first). */
function jpegOf(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const made = madeJpegs.get(key);
  if (made) return made;
  const making = make();
  madeJpegs.set(key, making);
  making.catch(() => madeJpegs.delete(key));
  if (madeJpegs.size > MADE_JPEGS_MAX) madeJpegs.delete(madeJpegs.keys().next().value!);
  return making;
}

export const photoFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${PHOTO_URL_PREFIX}:key`,
    { schema: { hide: true, params: z.object({ key: z.string() }) } },
    async (request, reply) => {
      const { key } = request.params;
      // `<hash>.jpg`: the same photo as a JPEG, for emails (jpegPhotoUrl).
      const asJpeg = key.endsWith('.jpg');
      const stored = asJpeg ? key.replace(/\.jpg$/, '.webp') : key;
      const file = PHOTO_KEY_PATTERN.test(stored) ? await app.photoStorage.get(stored) : null;
      if (!file) throw notFound('No such photo');
      if (asJpeg) {
        const jpeg = await jpegOf(stored, async () => photoAsJpeg(await buffer(file.body)));
        return reply
          .header('content-type', 'image/jpeg')
          .header('content-length', String(jpeg.length))
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(jpeg);
      }
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', String(file.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.body);
    },
  );
};
