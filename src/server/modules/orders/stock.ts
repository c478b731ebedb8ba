import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '#core/actor';
import type { Tx } from '../../db/database';
import { products, stockMovements } from '../../db/schema';
import { preparedStatement } from '../../db/written-once';
import { productOnOffer } from '../businesses/visibility';
import { fellUnderLowStock } from '../notifications/messages';
import { recordNotificationEvents, type NotificationEvent } from '../notifications/service';

export type StockReason = (typeof stockMovements.$inferInsert)['reason'];

/** One change of one product's stock, as the ledger records it. */
export interface StockMove {
  productId: number;
  /** Signed: negative takes stock, positive gives it back. */
  change: number;
  reason: StockReason;
  orderId?: number | null;
  orderItemId?: number | null;
}

/** What a product holds after a move (and what a take read of it, for the caller's checks). */
export interface MovedStock {
  move: StockMove;
  price: string;
  name: string;
  unit: string;
  availableQuantity: number;
}

/** The product as it is when a take found too little of it, or found it unlisted or gone. */
export interface RefusedTake {
  move: StockMove;
  product: {
    name: string;
    unit: string;
    price: string;
    availableQuantity: number;
    listed: boolean;
  } | null;
}

export type StockResult = { ok: true; moved: MovedStock[] } | { ok: false; refused: RefusedTake };

const moved = {
  price: products.price,
  name: products.name,
  unit: products.unit,
  farmId: products.farmId,
  availableQuantity: products.availableQuantity,
};

/**
 * The one writer of `products.available_quantity` (DESIGN.md; docs/product.md#stock-history).
 * Each move is one conditional update, in product id order so that concurrent changes lock
 * rows in the same order and never deadlock: a take never goes below zero and needs the product
 * on offer (nothing unlisted, deleted or of a farm that is not open is sold, whoever sells it);
 * a give-back always lands.
 * Every move is a ledger row with the actor, in the same transaction, and a take that crosses
 * the low-stock line tells the farm. The first refused take stops here and is answered, for the
 * caller to refuse in its own words; the transaction is then rolled back by that refusal.
 */
export async function moveStock(tx: Tx, actor: Actor, moves: StockMove[]): Promise<StockResult> {
  const ordered = [...moves]
    .filter((move) => move.change !== 0)
    .sort((a, b) => a.productId - b.productId || (a.orderItemId ?? 0) - (b.orderItemId ?? 0));
  const done: (MovedStock & { farmId: number })[] = [];
  for (const move of ordered) {
    const row = await moveAndRecord(tx, actor, move);
    if (!row)
      return { ok: false, refused: { move, product: await productNow(tx, move.productId) } };
    done.push({ move, ...row });
  }
  await tellLowStock(tx, done);
  return { ok: true, moved: done };
}

interface MovedRow {
  price: string;
  name: string;
  unit: string;
  farmId: number;
  availableQuantity: number;
}

interface MoveRow {
  price: string;
  name: string;
  unit: string;
  farm_id: number;
  available_quantity: string | number;
}

/** The move and its ledger row; a take only from a product on offer with enough stock. */
function moveStatement(take: boolean) {
  const takeGuard = take
    ? sql`and available_quantity >= ${sql.placeholder('taken')} and ${productOnOffer}`
    : sql``;
  return preparedStatement<MoveRow>(
    () => sql`
    with moved as (
      update products set available_quantity = available_quantity + ${sql.placeholder('change')}
      where id = ${sql.placeholder('productId')} ${takeGuard}
      returning id, price, name, unit, farm_id, available_quantity
    ), recorded as (
      insert into stock_movements
        (product_id, change, quantity_after, reason, order_id, order_item_id,
         actor_kind, actor_user_id, actor_job)
      select id, ${sql.placeholder('change')}, available_quantity, ${sql.placeholder('reason')},
        ${sql.placeholder('orderId')}, ${sql.placeholder('orderItemId')}, ${sql.placeholder('actorKind')},
        ${sql.placeholder('actorUserId')}, ${sql.placeholder('actorJob')}
      from moved
    )
    select price::text as price, name, unit, farm_id, available_quantity from moved`,
  );
}
const takeAndRecord = moveStatement(true);
const giveAndRecord = moveStatement(false);

/**
 * One move and its ledger row in one statement: a take locks the product's row until the
 * transaction ends, and every round trip after it is time other orders of that product wait
 * (docs/performance.md#orders-under-load-post-apiorders).
 */
async function moveAndRecord(tx: Tx, actor: Actor, move: StockMove): Promise<MovedRow | null> {
  const [row] = await (move.change < 0 ? takeAndRecord : giveAndRecord)(tx, {
    ...actorColumns(actor),
    change: move.change,
    taken: -move.change,
    productId: move.productId,
    reason: move.reason,
    orderId: move.orderId ?? null,
    orderItemId: move.orderItemId ?? null,
  });
  if (!row) return null;
  return {
    // Money as the column's own text ("4.50"), never through a float.
    price: row.price,
    name: row.name,
    unit: row.unit,
    farmId: Number(row.farm_id),
    availableQuantity: Number(row.available_quantity),
  };
}

/**
 * The farmer sets a product's stock (docs/product.md#stock): conditional on the stock they saw,
 * so an order taking stock in between makes it fail rather than put the sold units back.
 * Answers false when the stock was not `expected`. Setting the same figure writes nothing.
 */
export async function setStock(
  tx: Tx,
  actor: Actor,
  productId: number,
  quantity: number,
  expected: number,
): Promise<boolean> {
  if (quantity === expected) return true;
  const [row] = await tx
    .update(products)
    .set({ availableQuantity: quantity })
    .where(and(eq(products.id, productId), eq(products.availableQuantity, expected)))
    .returning(moved);
  if (!row) return false;
  const change = Math.round((quantity - expected) * 100) / 100;
  await record(tx, actor, [{ move: { productId, change, reason: 'farmer_edit' }, ...row }]);
  return true;
}

/** A new product's first ledger row: its stock as created. */
export async function openStock(
  tx: Tx,
  actor: Actor,
  productId: number,
  quantity: number,
): Promise<void> {
  await tx.insert(stockMovements).values({
    productId,
    change: quantity,
    quantityAfter: quantity,
    reason: 'opening',
    ...actorColumns(actor),
  });
}

function actorColumns(actor: Actor) {
  return actor.kind === 'system'
    ? { actorKind: 'system' as const, actorUserId: null, actorJob: actor.job }
    : { actorKind: 'person' as const, actorUserId: actor.userId, actorJob: null };
}

async function record(tx: Tx, actor: Actor, done: MovedStock[]): Promise<void> {
  if (done.length === 0) return;
  const who = actorColumns(actor);
  await tx.insert(stockMovements).values(
    done.map(({ move, availableQuantity }) => ({
      productId: move.productId,
      change: move.change,
      quantityAfter: availableQuantity,
      reason: move.reason,
      orderId: move.orderId ?? null,
      orderItemId: move.orderItemId ?? null,
      ...who,
    })),
  );
}

/** Every take of an order that crosses the low-stock line tells the farm (docs/product.md). */
async function tellLowStock(tx: Tx, done: (MovedStock & { farmId: number })[]): Promise<void> {
  const crossed = done.filter(
    ({ move, availableQuantity }) =>
      move.change < 0 && move.orderId && fellUnderLowStock(availableQuantity, -move.change),
  );
  if (crossed.length === 0) return;
  const events = crossed.map(
    ({ move, farmId, name, unit, availableQuantity }): NotificationEvent => ({
      type: 'product.low_stock',
      orderId: move.orderId!,
      farmId,
      product: { productId: move.productId, name, unit, availableQuantity },
    }),
  );
  await recordNotificationEvents(tx, events);
}

async function productNow(tx: Tx, productId: number): Promise<RefusedTake['product']> {
  const [row] = await tx
    .select({
      name: products.name,
      unit: products.unit,
      price: products.price,
      availableQuantity: products.availableQuantity,
      listed: sql<boolean>`${productOnOffer}`,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}
