import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyHeader } from '#core/schemas/order';
import { badRequest } from '../../errors';

/** The request's Idempotency-Key header, checked (400 when malformed); undefined when absent. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  const parsed = idempotencyKeyHeader.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key';
    throw badRequest(message, { 'Idempotency-Key': message });
  }
  return parsed.data;
}
