import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FarmActor } from '#core/actor';
import { quantityHundredths, quantityProblem } from '#core/quantity';
import type {
  Lot,
  LotCreateBody,
  LotDetail,
  LotListQuery,
  LotUpdateBody,
} from '#core/schemas/traceability';
import type { TraceabilityCategory } from '#core/traceability';
import type { Db, DbOrTx } from '../../db/database';
import { lotRecallSummary, recallsOfLot } from './recalls';
import {
  lots,
  orderItemLots,
  orderItems,
  orders,
  products,
  restaurants,
  shippingRecords,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { decodeKeyCursor, encodeKeyCursor, type KeyPart, type ListPage } from '../paging';

/** The 409 code of a lot code the farm already uses. */
export const LOT_CODE_TAKEN_CODE = 'lot_code_taken';

function lotColumns() {
  return {
    id: lots.id,
    code: lots.code,
    productId: lots.productId,
    productName: products.name,
    productUnit: products.unit,
    traceabilityCategory: products.traceabilityCategory,
    harvestDate: lots.harvestDate,
    location: lots.location,
    quantity: lots.quantity,
    remaining: lots.remaining,
    createdAt: lots.createdAt,
    recalledAt: lotRecallSummary(lots.id),
  };
}

type LotRow = {
  id: number;
  code: string;
  productId: number;
  productName: string;
  productUnit: string;
  traceabilityCategory: TraceabilityCategory | null;
  harvestDate: string;
  location: string;
  quantity: number;
  remaining: number;
  createdAt: Date;
  recalledAt: string | null;
};

function toLot(row: LotRow): Lot {
  return {
    id: row.id,
    code: row.code,
    productId: row.productId,
    product: {
      name: row.productName,
      unit: row.productUnit,
      traceabilityCategory: row.traceabilityCategory,
    },
    harvestDate: row.harvestDate,
    location: row.location,
    quantity: row.quantity,
    remaining: row.remaining,
    createdAt: row.createdAt.toISOString(),
    recalledAt: row.recalledAt ? new Date(row.recalledAt).toISOString() : null,
  };
}

function selectLots(db: DbOrTx) {
  return db.select(lotColumns()).from(lots).innerJoin(products, eq(products.id, lots.productId));
}

/** The farm's own lot, or 404: another farm's lot is as absent as one that never was. */
export async function findOwnLot(db: DbOrTx, farmId: number, lotId: number): Promise<Lot> {
  const [row] = await selectLots(db)
    .where(and(eq(lots.id, lotId), eq(lots.farmId, farmId)))
    .limit(1);
  if (!row) throw notFound('Lot not found');
  return toLot(row);
}

function codeTaken(code: string): AppError {
  return new AppError(409, `Your farm already has a lot ${code}`, LOT_CODE_TAKEN_CODE, {
    code: 'This lot code is already in use: each lot has its own',
  });
}

/** The farm's own live product, with its unit; 400 naming `productId` otherwise. */
async function ownProduct(db: DbOrTx, farmId: number, productId: number) {
  const [product] = await db
    .select({ id: products.id, unit: products.unit })
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        eq(products.farmId, farmId),
        sql`${products.deletedAt} is null`,
      ),
    );
  if (!product) throw badRequest('No such product', { productId: 'Choose one of your products' });
  return product;
}

/** POST /api/lots: a new lot of the farm's product, all of it still to be taken. */
export async function createLot(db: Db, actor: FarmActor, body: LotCreateBody): Promise<Lot> {
  const farmId = actor.business.id;
  const product = await ownProduct(db, farmId, body.productId);
  const problem = quantityProblem(product.unit, body.quantity);
  if (problem) throw badRequest(problem, { quantity: problem });
  const [row] = await db
    .insert(lots)
    .values({
      farmId,
      productId: body.productId,
      code: body.code,
      harvestDate: body.harvestDate,
      location: body.location,
      quantity: body.quantity,
      remaining: body.quantity,
      createdByUserId: actor.userId,
    })
    .onConflictDoNothing()
    .returning({ id: lots.id });
  if (!row) throw codeTaken(body.code);
  return findOwnLot(db, farmId, row.id);
}

/**
 * PATCH /api/lots/{id}: code, date, place, quantity. A new quantity moves what is left by as
 * much, and may not go below what lines have taken (400 naming `quantity`).
 */
export async function updateLot(
  db: Db,
  actor: FarmActor,
  lotId: number,
  body: LotUpdateBody,
): Promise<Lot> {
  const farmId = actor.business.id;
  await db.transaction(async (tx) => {
    const [lot] = await tx
      .select({
        id: lots.id,
        quantity: lots.quantity,
        remaining: lots.remaining,
        unit: products.unit,
      })
      .from(lots)
      .innerJoin(products, eq(products.id, lots.productId))
      .where(and(eq(lots.id, lotId), eq(lots.farmId, farmId)))
      .for('update', { of: lots });
    if (!lot) throw notFound('Lot not found');
    if (body.code !== undefined) {
      const [other] = await tx
        .select({ id: lots.id })
        .from(lots)
        .where(
          and(
            eq(lots.farmId, farmId),
            ne(lots.id, lotId),
            sql`lower(${lots.code}) = lower(${body.code})`,
          ),
        );
      if (other) throw codeTaken(body.code);
    }
    let remaining: number | undefined;
    if (body.quantity !== undefined) {
      const problem = quantityProblem(lot.unit, body.quantity);
      if (problem) throw badRequest(problem, { quantity: problem });
      const taken =
        (quantityHundredths(lot.quantity) ?? 0) - (quantityHundredths(lot.remaining) ?? 0);
      const left = (quantityHundredths(body.quantity) ?? 0) - taken;
      if (left < 0) {
        const message = `Orders already took ${taken / 100} of this lot`;
        throw badRequest(message, { quantity: message });
      }
      remaining = left / 100;
    }
    await tx
      .update(lots)
      .set({
        ...body,
        ...(remaining !== undefined ? { remaining } : {}),
        updatedAt: new Date(),
      })
      .where(eq(lots.id, lotId));
  });
  return findOwnLot(db, farmId, lotId);
}

/**
 * GET /api/lots: one page of the farm's lots, the newest harvest first; with `open=true` only
 * lots with something left, the oldest harvest first (what a packer takes first).
 */
export async function listLots(
  db: DbOrTx,
  farmId: number,
  query: LotListQuery,
): Promise<ListPage<Lot>> {
  const filters: SQL[] = [eq(lots.farmId, farmId)];
  if (query.productId !== undefined) filters.push(eq(lots.productId, query.productId));
  if (query.open) filters.push(sql`${lots.remaining} > 0`);
  const oldestFirst = query.open === true;
  const parts: readonly KeyPart[] = ['date', 'int'];
  let after: SQL | undefined;
  if (query.cursor) {
    const [date, id] = decodeKeyCursor(query.cursor, parts);
    after = oldestFirst
      ? sql`(${lots.harvestDate}, ${lots.id}) > (${date}::date, ${id}::int)`
      : sql`(${lots.harvestDate}, ${lots.id}) < (${date}::date, ${id}::int)`;
  }
  const order = oldestFirst
    ? [asc(lots.harvestDate), asc(lots.id)]
    : [desc(lots.harvestDate), desc(lots.id)];
  const [rows, [total]] = await Promise.all([
    selectLots(db)
      .where(and(...filters, after))
      .orderBy(...order)
      .limit(query.limit + 1),
    db
      .select({ total: count() })
      .from(lots)
      .where(and(...filters)),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toLot),
    total: Number(total?.total ?? 0),
    nextCursor:
      rows.length > query.limit && last ? encodeKeyCursor([last.harvestDate, last.id]) : null,
  };
}

/**
 * GET /api/lots/{id}: the lot, every restaurant that received it (from the shipping records:
 * orders, quantities, ship dates), the lines it is assigned to that have not shipped, and its
 * recalls with each restaurant's acknowledgement.
 */
export async function lotDetail(db: DbOrTx, farmId: number, lotId: number): Promise<LotDetail> {
  const lot = await findOwnLot(db, farmId, lotId);
  const [shipped, open, recalls] = await Promise.all([
    db
      .select({
        orderId: shippingRecords.orderId,
        restaurantId: shippingRecords.restaurantId,
        name: shippingRecords.recipientName,
        location: shippingRecords.recipientLocation,
        quantity: shippingRecords.quantity,
        unit: shippingRecords.unit,
        shipDate: shippingRecords.shipDate,
      })
      .from(shippingRecords)
      .where(and(eq(shippingRecords.lotId, lotId), eq(shippingRecords.farmId, farmId)))
      .orderBy(asc(shippingRecords.shipDate), asc(shippingRecords.id)),
    db
      .select({
        orderId: orders.id,
        itemId: orderItems.id,
        restaurantId: restaurants.id,
        restaurantName: restaurants.name,
        status: orders.status,
        quantity: orderItemLots.quantity,
        deliveryDate: orders.deliveryDate,
      })
      .from(orderItemLots)
      .innerJoin(orderItems, eq(orderItems.id, orderItemLots.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(
        and(
          eq(orderItemLots.lotId, lotId),
          eq(orders.farmId, farmId),
          inArray(orders.status, ['confirmed', 'packed']),
        ),
      )
      .orderBy(asc(orders.id)),
    recallsOfLot(db, farmId, lotId),
  ]);
  return {
    ...lot,
    recipients: shipped.map((row) => ({
      orderId: row.orderId,
      restaurant: { id: row.restaurantId, name: row.name, location: row.location },
      quantity: row.quantity,
      unit: row.unit,
      shipDate: row.shipDate,
    })),
    openLines: open.map((row) => ({
      orderId: row.orderId,
      itemId: row.itemId,
      restaurant: { id: row.restaurantId, name: row.restaurantName },
      status: row.status,
      quantity: row.quantity,
      deliveryDate: row.deliveryDate,
    })),
    recalls,
  };
}
