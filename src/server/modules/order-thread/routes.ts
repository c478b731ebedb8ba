import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '#core/schemas/common';
import {
  ORDER_MESSAGE_MAX_LENGTH,
  ORDER_MESSAGE_MAX_PHOTOS,
  orderMessageJsonBody,
  orderMessagePhotoParams,
  orderMessageText,
  orderThreadQuery,
  threadEntryOutput,
  threadOutput,
} from '#core/schemas/order-message';
import { MAX_PHOTO_BYTES } from '#core/schemas/photo';
import { AppError } from '../../errors';
import { requireActor } from '../../http/guards';
import { eitherKind } from '../../http/permission';
import { sendPage } from '../paging';
import {
  createPrivatePhotoStorage,
  sendPrivatePhoto,
  processPhoto,
  type ProcessedPhoto,
} from '../photos';
import { errorResponses, pdfResponse } from '../route-schemas';
import { messagePhotoKey, postMessage, readThread, threadOrder } from './service';

/** The multipart field of the text, and of each photo. */
const TEXT_FIELD = 'text';
const PHOTOS_FIELD = 'photos';
const MEGABYTES = MAX_PHOTO_BYTES / 1024 / 1024;
const TOO_MANY_PHOTOS = `At most ${ORDER_MESSAGE_MAX_PHOTOS} photos a message`;
const TOO_LONG = `At most ${ORDER_MESSAGE_MAX_LENGTH} characters`;
const EMPTY = 'Write a message or add a photo';

/**
 * Every member who reads the order reads and writes its thread, a packer too (docs/teams.md):
 * no permission beyond being of the order's farm or restaurant, which the service checks.
 */
const EVERY_MEMBER = eitherKind(() => []);

const invalid = (fields: Record<string, string>) =>
  new AppError(400, 'Please check the highlighted fields', 'validation', fields);

interface SentMessage {
  text: string;
  files: Buffer[];
}

/** The text and the photos' bytes of a multipart message; the limits answered in its fields. */
async function readMultipart(
  request: FastifyRequest,
  errors: {
    RequestFileTooLargeError: new () => Error;
    FilesLimitError: new () => Error;
  },
): Promise<SentMessage> {
  let text = '';
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== PHOTOS_FIELD) {
          throw invalid({ [PHOTOS_FIELD]: `Send photos in the "${PHOTOS_FIELD}" field` });
        }
        const data = await part.toBuffer();
        if (data.length > 0) files.push(data);
        if (files.length > ORDER_MESSAGE_MAX_PHOTOS) {
          throw invalid({ [PHOTOS_FIELD]: TOO_MANY_PHOTOS });
        }
      } else if (part.fieldname === TEXT_FIELD) {
        if (part.valueTruncated) throw invalid({ [TEXT_FIELD]: TOO_LONG });
        text = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.FilesLimitError) {
      throw invalid({ [PHOTOS_FIELD]: TOO_MANY_PHOTOS });
    }
    if (error instanceof errors.RequestFileTooLargeError) {
      const message = `This photo is larger than ${MEGABYTES} MB. Choose a smaller one.`;
      throw new AppError(413, message, 'file_too_large', { [PHOTOS_FIELD]: message });
    }
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw invalid({ body: 'The upload arrived incomplete. Send the message again.' });
  }
  return { text, files };
}

/** The message's text checked: at most the limit, and something said when no photo comes. */
function checkedText(sent: SentMessage): string {
  const parsed = orderMessageText.safeParse(sent.text);
  if (!parsed.success) {
    throw invalid({ [TEXT_FIELD]: parsed.error.issues[0]?.message ?? TOO_LONG });
  }
  if (parsed.data === '' && sent.files.length === 0) throw invalid({ [TEXT_FIELD]: EMPTY });
  return parsed.data;
}

/** Each photo read by its content and made into the private WebP kept; one at a time. */
async function processed(files: Buffer[]): Promise<ProcessedPhoto[]> {
  const photos: ProcessedPhoto[] = [];
  for (const file of files) {
    try {
      photos.push(await processPhoto(file));
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 400) {
        throw new AppError(400, error.message, error.code, { [PHOTOS_FIELD]: error.message });
      }
      throw error;
    }
  }
  return photos;
}

/**
 * An order's thread (docs/order-thread.md): the messages of its farm's and its restaurant's
 * people, with what happened to the order inline, and the messages' private photos.
 */
export const orderThreadModule: FastifyPluginAsyncZod = async (app) => {
  // Multipart is parsed in this plugin only; its other routes and every other module keep JSON.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_PHOTO_BYTES,
      // One more than a message may have, so that the one too many is answered in its field.
      files: ORDER_MESSAGE_MAX_PHOTOS + 1,
      fields: 4,
      fieldSize: 16 * 1024,
      parts: ORDER_MESSAGE_MAX_PHOTOS + 5,
      headerPairs: 100,
    },
  });
  // The thread's photos have a private folder of their own; the photos module's list of
  // folders does not name it yet, hence the cast (the function takes any folder name).
  const privateStorage = createPrivatePhotoStorage(
    { dataDir: app.config.dataDir, s3: app.config.s3 },
    'order-messages',
  );

  app.get(
    '/orders/:id/messages',
    {
      config: { permission: EVERY_MEMBER },
      schema: {
        tags: ['orders'],
        summary:
          "One page of an order's thread, newest first: messages and what happened to the order (its farm or restaurant); the first page marks it read",
        params: idParam,
        querystring: orderThreadQuery,
        response: { 200: threadOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await readThread(
        app.db,
        requireActor(request),
        request.params.id,
        request.query,
      );
      return sendPage(request, reply, page);
    },
  );

  app.post(
    '/orders/:id/messages',
    {
      config: { permission: EVERY_MEMBER },
      schema: {
        tags: ['orders'],
        summary: `Write on an order's thread (its farm or restaurant): multipart/form-data with "${TEXT_FIELD}" and up to ${ORDER_MESSAGE_MAX_PHOTOS} "${PHOTOS_FIELD}", or JSON {text}`,
        params: idParam,
        response: { 201: threadEntryOutput, ...errorResponses, 413: errorResponses[400] },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // Another business's order is not found before anything sent is read.
      await threadOrder(app.db, actor, request.params.id);
      let sent: SentMessage;
      if (request.isMultipart()) {
        sent = await readMultipart(request, app.multipartErrors);
      } else {
        const parsed = orderMessageJsonBody.safeParse(request.body ?? {});
        if (!parsed.success) {
          throw invalid({ [TEXT_FIELD]: parsed.error.issues[0]?.message ?? EMPTY });
        }
        sent = { text: parsed.data.text ?? '', files: [] };
      }
      const text = checkedText(sent);
      const photos = await processed(sent.files);
      const entry = await postMessage(app.db, privateStorage, actor, request.params.id, {
        text,
        photos,
      });
      return reply.status(201).send(entry);
    },
  );

  app.get(
    '/orders/:id/messages/photos/:photoId',
    {
      config: { permission: EVERY_MEMBER },
      schema: {
        tags: ['orders'],
        summary:
          "A photo of a message on an order's thread (WebP), for its farm and restaurant only",
        params: orderMessagePhotoParams,
        response: { 200: pdfResponse.describe('image/webp'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = await messagePhotoKey(
        app.db,
        requireActor(request),
        request.params.id,
        request.params.photoId,
      );
      return sendPrivatePhoto(reply, privateStorage, key);
    },
  );
};
