import { and, count, desc, eq, lt } from 'drizzle-orm';
import { isSystemJob, shortPersonName } from '#core/actor';
import type { StockMovement, StockMovementListQuery } from '#core/schemas/stock';
import type { DbOrTx } from '../../db/database';
import { orders, products, restaurants, stockMovements, users } from '../../db/schema';
import { notFound } from '../../errors';
import { decodeKeyCursor, encodeKeyCursor, type ListPage } from '../paging';

/**
 * GET /api/products/{id}/stock-movements: one page of the product's stock ledger, newest first
 * (docs/product.md#stock-history). Only the product's farm sees it; anyone else gets 404, as
 * for an unknown product. An archived product's history stays readable by its farm.
 */
export async function listStockMovements(
  db: DbOrTx,
  farmId: number,
  productId: number,
  query: StockMovementListQuery,
): Promise<ListPage<StockMovement>> {
  const [own] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.farmId, farmId)));
  if (!own) throw notFound('No such product');
  const ofProduct = eq(stockMovements.productId, productId);
  const before = query.cursor
    ? lt(stockMovements.id, Number(decodeKeyCursor(query.cursor, ['int'])[0]))
    : undefined;
  const rows = await db
    .select({
      id: stockMovements.id,
      change: stockMovements.change,
      quantityAfter: stockMovements.quantityAfter,
      reason: stockMovements.reason,
      orderId: stockMovements.orderId,
      orderItemId: stockMovements.orderItemId,
      restaurantName: restaurants.name,
      actorKind: stockMovements.actorKind,
      actorJob: stockMovements.actorJob,
      firstName: users.firstName,
      lastName: users.lastName,
      at: stockMovements.createdAt,
    })
    .from(stockMovements)
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .leftJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .leftJoin(users, eq(users.id, stockMovements.actorUserId))
    .where(and(ofProduct, before))
    .orderBy(desc(stockMovements.id))
    .limit(query.limit + 1);
  const [total] = await db.select({ n: count() }).from(stockMovements).where(ofProduct);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      change: row.change,
      quantityAfter: row.quantityAfter,
      reason: row.reason,
      orderId: row.orderId,
      orderItemId: row.orderItemId,
      order:
        row.orderId !== null && row.restaurantName !== null
          ? { id: row.orderId, restaurantName: row.restaurantName }
          : null,
      actor: {
        kind: row.actorKind,
        name: row.actorKind === 'person' ? shortPersonName(row.firstName, row.lastName) : null,
        job: isSystemJob(row.actorJob) ? row.actorJob : null,
      },
      at: row.at.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    nextCursor: rows.length > query.limit && last ? encodeKeyCursor([last.id]) : null,
  };
}
