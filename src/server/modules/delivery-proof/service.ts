import { createHash } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Actor, FarmActor } from '#core/actor';
import { isOrderStatus, statusLabel, type OrderStatus } from '#core/order-status';
import {
  NOT_DELIVERABLE_CODE,
  type DeliveryConfirmFields,
  type StopDeliveryFields,
} from '#core/schemas/delivery-proof';
import type { PricedOrder } from '#core/schemas/order';
import { now as clockNow } from '../../clock';
import type { Db, Tx } from '../../db/database';
import { deliveryRunStops, orderDeliveries, orders } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import {
  applyOrderChange,
  changeOrder,
  DELIVERY_IDEMPOTENCY_SCOPE,
  loadOrdersByIds,
  runIdempotent,
  STOP_DELIVERY_IDEMPOTENCY_SCOPE,
  type StoredResult,
} from '../orders';
import { type PhotoStorage, type ProcessedProof, processProofImage } from '../photos';

export type ProofPart = 'photo' | 'signature';

/** What the phone sent: the fields and the raw files, not yet checked. */
export interface DeliveryConfirmation<Fields = DeliveryConfirmFields> {
  fields: Fields;
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
  const { recipientName, deliveredAt } = confirmation.fields;
  return withProofFiles(db, storage, confirmation, ({ photoKey, signatureKey }) =>
    runIdempotent(
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
          photoKey,
          signatureKey,
        }),
      }),
    ),
  );
}

/**
 * Checks, strips and stores the confirmation's photo and signature (sharp), then does `work`
 * with their storage keys; if the work fails, the files no delivery names are removed again.
 */
async function withProofFiles<T>(
  db: Db,
  storage: PhotoStorage,
  confirmation: DeliveryConfirmation<unknown>,
  work: (keys: { photoKey: string | null; signatureKey: string | null }) => Promise<T>,
): Promise<T> {
  const [photo, signature] = await Promise.all([
    confirmation.photo ? processProofImage(confirmation.photo, 'photo') : null,
    confirmation.signature ? processProofImage(confirmation.signature, 'signature') : null,
  ]);
  const stored = [photo, signature].filter((file): file is ProcessedProof => file !== null);
  for (const file of stored) await storage.put(file.key, file.data, file.contentType);
  try {
    return await work({ photoKey: photo?.key ?? null, signatureKey: signature?.key ?? null });
  } catch (error) {
    await removeUnnamedProofs(
      db,
      storage,
      stored.map((file) => file.key),
    );
    throw error;
  }
}

const orderIdsInvalid = (message: string) =>
  new AppError(400, message, 'validation', { orderIds: message });

const numbers = (ids: number[]) => ids.map((id) => `#${id}`).join(', ');

/**
 * 400 `fields.orderIds` unless every listed order is the farm's own: checked before any file
 * is read or stored, and saying nothing of other farms' orders.
 */
async function requireOwnOrders(db: Db, actor: FarmActor, orderIds: number[]): Promise<void> {
  const own = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.farmId, actor.business.id)));
  const found = new Set(own.map((order) => order.id));
  const missing = orderIds.filter((orderId) => !found.has(orderId));
  if (missing.length > 0) {
    throw orderIdsInvalid(
      `${missing.length === 1 ? 'Not an order' : 'Not orders'} of this farm: ${numbers(missing)}`,
    );
  }
}

/**
 * 400 `fields.orderIds` unless the orders make one stop out for delivery: all in transit, all
 * for one restaurant, all on one run (docs/delivery.md#one-confirmation-per-stop-post-apideliveries).
 */
async function requireOneStop(tx: Tx, actor: FarmActor, orderIds: number[]): Promise<void> {
  const rows = await tx
    .select({
      id: orders.id,
      status: orders.status,
      restaurantId: orders.restaurantId,
      runId: deliveryRunStops.runId,
    })
    .from(orders)
    .leftJoin(deliveryRunStops, eq(deliveryRunStops.orderId, orders.id))
    .where(and(inArray(orders.id, orderIds), eq(orders.farmId, actor.business.id)));
  if (rows.length !== orderIds.length)
    throw orderIdsInvalid('These are not all orders of this farm');
  const notOut = orderIds.flatMap((orderId) => {
    const row = rows.find((candidate) => candidate.id === orderId)!;
    return row.status === 'in_transit' ? [] : [row];
  });
  if (notOut.length > 0) {
    const said = notOut
      .map(
        (row) =>
          `#${row.id} is ${isOrderStatus(row.status) ? statusLabel(row.status) : row.status}`,
      )
      .join(', ');
    throw orderIdsInvalid(`${said}: only orders out for delivery can be delivered`);
  }
  if (new Set(rows.map((row) => row.restaurantId)).size > 1) {
    throw orderIdsInvalid(
      'These orders are for more than one restaurant: confirm each stop on its own',
    );
  }
  if (rows.some((row) => row.runId === null) || new Set(rows.map((row) => row.runId)).size > 1) {
    throw orderIdsInvalid('These orders are not on one delivery run');
  }
}

/**
 * POST /api/deliveries: one confirmation for a whole stop. The listed orders (one run, one
 * restaurant, in transit) are delivered with the same proof, each through the one order path
 * (`delivery` in the order-change kernel), all inside one transaction under the request's
 * Idempotency-Key (kept 30 days, a scope of its own): all or none. An order the kernel refuses
 * (another hand moved it since the list was checked) is answered 409 `not_deliverable` with
 * every such order's id, status and code, and nothing changes.
 */
export async function confirmStopDelivery(
  db: Db,
  storage: PhotoStorage,
  actor: FarmActor,
  confirmation: DeliveryConfirmation<StopDeliveryFields>,
  key: string | undefined,
): Promise<StoredResult<{ orders: PricedOrder[] }>> {
  if (!key) {
    const message = 'Send an Idempotency-Key with every delivery';
    throw badRequest(message, { 'Idempotency-Key': message });
  }
  const { orderIds, recipientName, deliveredAt } = confirmation.fields;
  await requireOwnOrders(db, actor, orderIds);
  return withProofFiles(db, storage, confirmation, ({ photoKey, signatureKey }) =>
    runIdempotent(
      db,
      {
        userId: actor.userId,
        business: actor.business,
        scope: STOP_DELIVERY_IDEMPOTENCY_SCOPE,
        key,
        body: {
          orderIds,
          recipientName,
          deliveredAt,
          photo: fingerprint(confirmation.photo),
          signature: fingerprint(confirmation.signature),
        },
      },
      async (tx) => {
        await requireOneStop(tx, actor, orderIds);
        const now = clockNow();
        const refused: { id: number; status: OrderStatus; code: string }[] = [];
        for (const orderId of orderIds) {
          try {
            await changeOrder(tx, actor, orderId, {
              kind: 'delivery',
              recipientName,
              deliveredAt: new Date(deliveredAt),
              now,
              photoKey,
              signatureKey,
            });
          } catch (error) {
            // The kernel judges before it writes: a refusal leaves the transaction usable, so
            // every refused order is named, and the whole is rolled back below.
            if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
            const status = error.details?.status;
            refused.push({
              id: orderId,
              status:
                typeof status === 'string' && isOrderStatus(status)
                  ? status
                  : await statusOf(tx, orderId),
              code: error.code ?? 'conflict',
            });
          }
        }
        if (refused.length > 0) {
          throw new AppError(
            409,
            `${numbers(refused.map((order) => order.id))} could not be delivered: nothing was recorded`,
            NOT_DELIVERABLE_CODE,
            undefined,
            { orders: refused },
          );
        }
        const byId = new Map(
          (await loadOrdersByIds(tx, orderIds)).map((order) => [order.id, order]),
        );
        return {
          statusCode: 200,
          body: { orders: orderIds.map((orderId) => byId.get(orderId)!) },
        };
      },
    ),
  );
}

async function statusOf(tx: Tx, orderId: number): Promise<OrderStatus> {
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row && isOrderStatus(row.status) ? row.status : 'pending';
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
