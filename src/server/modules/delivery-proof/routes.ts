import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParam } from '#core/schemas/common';
import type { z } from 'zod';
import {
  DELIVERY_PHOTO_FIELD,
  DELIVERY_SIGNATURE_FIELD,
  deliveryConfirmFields,
  notDeliverableBody,
  stopDeliveryFields,
} from '#core/schemas/delivery-proof';
import { checkoutOutput, orderOutput } from '#core/schemas/order';
import { MAX_PHOTO_BYTES } from '#core/schemas/photo';
import { AppError } from '../../errors';
import { requireActor, requireFarmActor } from '../../http/guards';
import { idempotencyKey } from '../orders';
import { errorResponses } from '../route-schemas';
import {
  confirmDelivery,
  confirmStopDelivery,
  proofFile,
  type DeliveryConfirmation,
  type ProofPart,
} from './service';

const MEGABYTES = MAX_PHOTO_BYTES / 1024 / 1024;

const invalid = (fields: Record<string, string>) =>
  new AppError(400, 'Please check the highlighted fields', 'validation', fields);

/**
 * Reads the multipart body: the text fields of `schema` (others are ignored), an optional
 * photo and signature.
 */
async function readConfirmation<Fields extends z.ZodObject>(
  request: FastifyRequest,
  multipartErrors: { RequestFileTooLargeError: new () => Error },
  schema: Fields,
): Promise<DeliveryConfirmation<z.output<Fields>>> {
  const textFields = new Set(Object.keys(schema.shape));
  if (!request.isMultipart()) {
    throw invalid({ body: 'Send the delivery as multipart/form-data' });
  }
  const text: Record<string, string> = {};
  const files: Record<ProofPart, Buffer | null> = { photo: null, signature: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (
          part.fieldname === DELIVERY_PHOTO_FIELD ||
          part.fieldname === DELIVERY_SIGNATURE_FIELD
        ) {
          files[part.fieldname] = data.length > 0 ? data : null;
        } else {
          throw invalid({ [part.fieldname]: 'Not a part of a delivery' });
        }
      } else if (textFields.has(part.fieldname)) {
        text[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof multipartErrors.RequestFileTooLargeError) {
      const message = `This file is larger than ${MEGABYTES} MB. Take a smaller photo.`;
      throw new AppError(413, message, 'file_too_large', { file: message });
    }
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw invalid({ body: 'The upload arrived incomplete. Send the delivery again.' });
  }
  const parsed = schema.safeParse(text);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      fields[issue.path.join('.') || 'body'] ??= issue.message;
    }
    throw invalid(fields);
  }
  return { fields: parsed.data as z.output<Fields>, ...files };
}

/**
 * Proof of delivery (docs/delivery.md#proof-of-delivery): the driver's confirmation from the
 * phone, and the private photo and signature that only the order's two businesses see.
 */
export const deliveryProofModule: FastifyPluginAsyncZod = async (app) => {
  // Multipart is parsed in this plugin only; every other route keeps JSON.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 2, fields: 4, parts: 6, headerPairs: 100 },
  });

  app.post(
    '/orders/:id/delivery',
    {
      config: { permission: { farm: 'orders.status' } },
      // The body is multipart: the schema documents the answer, the handler reads the parts.
      schema: {
        tags: ['orders'],
        summary:
          'Confirm a delivery from the driver’s phone (multipart: recipientName, deliveredAt, optional photo and signature PNG; Idempotency-Key required)',
        params: idParam,
        response: { 200: orderOutput, ...errorResponses, 409: errorResponse.passthrough() },
      },
    },
    async (request, reply) => {
      const actor = requireFarmActor(request);
      const key = idempotencyKey(request);
      const confirmation = await readConfirmation(
        request,
        app.multipartErrors,
        deliveryConfirmFields,
      );
      const result = await confirmDelivery(
        app.db,
        app.deliveryProofStorage,
        actor,
        request.params.id,
        confirmation,
        key,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.statusCode).send(result.body);
    },
  );

  app.post(
    '/deliveries',
    {
      config: { permission: { farm: 'orders.status' } },
      // The body is multipart: the schema documents the answer, the handler reads the parts.
      schema: {
        tags: ['orders'],
        summary:
          'Confirm one stop from the driver’s phone: every listed order (one run, one restaurant, in transit) delivered with the same proof, all or none (multipart: orderIds "41,43", recipientName, deliveredAt, optional photo and signature PNG; Idempotency-Key required)',
        response: {
          200: checkoutOutput,
          ...errorResponses,
          409: notDeliverableBody.or(errorResponse),
        },
      },
    },
    async (request, reply) => {
      const actor = requireFarmActor(request);
      const key = idempotencyKey(request);
      const confirmation = await readConfirmation(request, app.multipartErrors, stopDeliveryFields);
      const result = await confirmStopDelivery(
        app.db,
        app.deliveryProofStorage,
        actor,
        confirmation,
        key,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.statusCode).send(result.body);
    },
  );

  for (const part of ['photo', 'signature'] as const) {
    app.get(
      `/orders/:id/delivery/${part}`,
      {
        schema: {
          tags: ['orders'],
          summary: `The delivery's ${part} (image/${part === 'photo' ? 'jpeg' : 'png'}), for the order's farm and restaurant only`,
          params: idParam,
        },
      },
      async (request, reply) => {
        const file = await proofFile(
          app.db,
          app.deliveryProofStorage,
          requireActor(request),
          request.params.id,
          part,
        );
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );
  }
};
