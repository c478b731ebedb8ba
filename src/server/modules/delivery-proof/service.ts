import { createHash } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Actor, FarmActor } from '#core/actor';
import type { DeliveryConfirmFields } from '#core/schemas/delivery-proof';
import type { PricedOrder } from '#core/schemas/order';
import { now as clockNow } from '../../clock';
import type { Db } from '../../db/database';
import { orderDeliveries, orders } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import {
  DELIVERY_IDEMPOTENCY_SCOPE,
  runIdempotent,
  type StoredResult,
} from '../orders/idempotency';
import { applyOrderChange } from '../orders/order-change';
import { processProofImage, type ProcessedProof } from '../photos/service';
import type { PhotoStorage } from '../photos/storage';

export type ProofPart = 'photo' | 'signature';

/** What the phone sent: the fields and the raw files, not yet checked. */
export interface DeliveryConfirmation {
  fields: DeliveryConfirmFields;
  photo: Buffer | null;
  signature: Buffer | null;
}

const fingerprint = (data: Buffer | null) =>
  data ? createHash('sha256').update(data).digest('hex') : null;

/** 404 unless the order is the farm's own: checked before any file is read or stored. */
async function requireOwnOrder(db: Db, actor: FarmActor, orderId: number): Promise<void> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.farmId, actor.business.id)));
  if (!order) throw notFound('Order not found');
}

/** Removes proof files that no delivery names (stored for a confirmation that was refused). */
async function removeUnnamedProofs(db: Db, storage: PhotoStorage, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const named = await db
    .select({ photoKey: orderDeliveries.photoKey, signatureKey: orderDeliveries.signatureKey })
    .from(orderDeliveries)
    .where(
      or(inArray(orderDeliveries.photoKey, keys), inArray(orderDeliveries.signatureKey, keys)),
    );
  const kept = new Set(named.flatMap((row) => [row.photoKey, row.signatureKey]));
  await Promise.all(keys.filter((key) => !kept.has(key)).map((key) => storage.remove(key)));
}

/**
 * POST /api/orders/{id}/delivery: the driver's confirmation from the phone. The files are
 * checked and stripped with sharp, stored privately, then the order moves to delivered through
 * the one order path, under the request's Idempotency-Key (kept 30 days): a second send with
 * the same key answers the first result and changes nothing. A refusal (the order was cancelled
 * or delivered meanwhile: 409 with its status) stores no key, so the phone learns it each time.
 */
export async function confirmDelivery(
  db: Db,
  storage: PhotoStorage,
  actor: FarmActor,
  orderId: number,
  confirmation: DeliveryConfirmation,
  key: string | undefined,
): Promise<StoredResult<PricedOrder>> {
  if (!key) {
    const message = 'Send an Idempotency-Key with every delivery';
    throw badRequest(message, { 'Idempotency-Key': message });
  }
  await requireOwnOrder(db, actor, orderId);
  const [photo, signature] = await Promise.all([
    confirmation.photo ? processProofImage(confirmation.photo, 'photo') : null,
    confirmation.signature ? processProofImage(confirmation.signature, 'signature') : null,
  ]);
  const stored = [photo, signature].filter((file): file is ProcessedProof => file !== null);
  for (const file of stored) await storage.put(file.key, file.data, file.contentType);
  const { recipientName, deliveredAt } = confirmation.fields;
  try {
    return await runIdempotent(
      db,
      {
        userId: actor.userId,
        business: actor.business,
        scope: DELIVERY_IDEMPOTENCY_SCOPE,
        key,
        body: {
          orderId,
          recipientName,
          deliveredAt,
          photo: fingerprint(confirmation.photo),
          signature: fingerprint(confirmation.signature),
        },
      },
      async (tx) => ({
        statusCode: 200,
        body: await applyOrderChange(tx, actor, orderId, {
          kind: 'delivery',
          recipientName,
          deliveredAt: new Date(deliveredAt),
          now: clockNow(),
          photoKey: photo?.key ?? null,
          signatureKey: signature?.key ?? null,
        }),
      }),
    );
  } catch (error) {
    await removeUnnamedProofs(
      db,
      storage,
      stored.map((file) => file.key),
    );
    throw error;
  }
}

/**
 * An order's proof photo or signature, for its farm and its restaurant only: anyone else (a
 * third business, an administrator) and an order without that file get 404 alike.
 */
export async function proofFile(
  db: Db,
  storage: PhotoStorage,
  actor: Actor,
  orderId: number,
  part: ProofPart,
) {
  if (actor.kind !== 'person' || !actor.business) throw notFound('No such file');
  const business = actor.business;
  const [row] = await db
    .select({
      farmId: orders.farmId,
      restaurantId: orders.restaurantId,
      photoKey: orderDeliveries.photoKey,
      signatureKey: orderDeliveries.signatureKey,
    })
    .from(orders)
    .innerJoin(orderDeliveries, eq(orderDeliveries.orderId, orders.id))
    .where(eq(orders.id, orderId));
  const own =
    row !== undefined &&
    (business.kind === 'farm' ? row.farmId === business.id : row.restaurantId === business.id);
  const key = own ? (part === 'photo' ? row.photoKey : row.signatureKey) : null;
  const file = key ? await storage.get(key) : null;
  if (!key || !file) throw notFound('No such file');
  return { ...file, contentType: key.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}

/** The pictures of an order's proof of delivery, for the invoice PDF to embed. */
export interface ProofImages {
  photo: Buffer | null;
  signature: Buffer | null;
}

/** The bytes of an order's proof files (null where none was given, or before delivery). */
export async function proofImages(
  db: Db,
  storage: PhotoStorage,
  orderId: number,
): Promise<ProofImages> {
  const [row] = await db
    .select({ photoKey: orderDeliveries.photoKey, signatureKey: orderDeliveries.signatureKey })
    .from(orderDeliveries)
    .where(eq(orderDeliveries.orderId, orderId));
  const read = async (key: string | null | undefined) => {
    const file = key ? await storage.get(key) : null;
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  };
  const [photo, signature] = await Promise.all([read(row?.photoKey), read(row?.signatureKey)]);
  return { photo, signature };
}
