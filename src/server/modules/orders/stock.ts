import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '#core/actor';
import { LOW_STOCK_THRESHOLD } from '#core/constants';
import { addQuantities } from '#core/quantity';
import { sendAhead, type Tx } from '../../db/database';
import { products, stockMovements } from '../../db/schema';
import { failedWith } from '../../db/raw-sql';
import { preparedStatement } from '../../db/written-once';
import { productOnOffer } from '../businesses';
import { type NotificationEvent, recordNotificationEvents } from '../notifications';
import { fellUnderLowStock } from './notice-content';

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
 * The one writer of `products.available_quantity` (docs/product.md#stock-history).
 * Each move is one conditional update, in product id order so that concurrent changes lock
 * rows in the same order and never deadlock: a take never goes below zero and needs the product
 * on offer (nothing unlisted, deleted or of a farm that is not open is sold, whoever sells it);
 * a give-back always lands.
 * Every move is a ledger row with the actor, in the same transaction, and a take that crosses
 * the low-stock line tells the farm. The first refused take stops here and is answered, for the
 * caller to refuse in its own words; the transaction is then rolled back by that refusal.
 */
export async function moveStock(tx: Tx, actor: Actor, moves: StockMove[]): Promise<StockResult> {
  const ordered = [...moves].filter((move) => move.change !== 0).sort(inLockOrder);
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

/** The order every writer of stock takes products' rows in, so that none deadlocks another. */
function inLockOrder(a: StockMove, b: StockMove): number {
  return a.productId - b.productId || (a.orderItemId ?? 0) - (b.orderItemId ?? 0);
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

/**
 * The ledger row of the move a statement made in its `moved` step, written by the same
 * statement, with the move's placeholders.
 */
const recordedFromMoved = sql`
    recorded as (
      insert into stock_movements
        (product_id, change, quantity_after, reason, order_id, order_item_id,
         actor_kind, actor_user_id, actor_job)
      select id, ${sql.placeholder('change')}, available_quantity, ${sql.placeholder('reason')},
        ${sql.placeholder('orderId')}, ${sql.placeholder('orderItemId')}, ${sql.placeholder('actorKind')},
        ${sql.placeholder('actorUserId')}, ${sql.placeholder('actorJob')}
      from moved
    )`;

/** What every take needs of the product: on offer, with the stock taken. */
const mayTake = sql`available_quantity >= ${sql.placeholder('taken')} and ${productOnOffer}`;

/** The move and its ledger row; a take only from a product on offer with enough stock. */
function moveStatement(take: boolean) {
  const takeGuard = take ? sql`and ${mayTake}` : sql``;
  return preparedStatement<MoveRow>(
    () => sql`
    with moved as (
      update products set available_quantity = available_quantity + ${sql.placeholder('change')}
      where id = ${sql.placeholder('productId')} ${takeGuard}
      returning id, price, name, unit, farm_id, available_quantity
    ), ${recordedFromMoved}
    select price::text as price, name, unit, farm_id, available_quantity from moved`,
  );
}
const takeAndRecord = moveStatement(true);
const giveAndRecord = moveStatement(false);

/** A move's placeholders in the statements that make it and write its ledger row. */
function valuesOfMove(actor: Actor, move: StockMove) {
  return {
    ...actorColumns(actor),
    change: move.change,
    taken: -move.change,
    productId: move.productId,
    reason: move.reason,
    orderId: move.orderId ?? null,
    orderItemId: move.orderItemId ?? null,
  };
}

/**
 * One move and its ledger row in one statement: a take locks the product's row until the
 * transaction ends, and every round trip after it is time other orders of that product wait
 * (docs/performance.md#orders-under-load-post-apiorders).
 */
async function moveAndRecord(tx: Tx, actor: Actor, move: StockMove): Promise<MovedRow | null> {
  const [row] = await (move.change < 0 ? takeAndRecord : giveAndRecord)(
    tx,
    valuesOfMove(actor, move),
  );
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

/** A take of a placement as its checks read the product. */
export interface TakeAsRead {
  move: StockMove;
  /** The list price the checks read (the column's text), which the take must still find. */
  price: string;
  /** The stock the checks read. */
  available: number;
}

/** The SQLSTATE of harvest_hui_refuse_take (drizzle/0025_stock_take_refusal.sql). */
const REFUSED_TAKE_CODE = 'HH409';

const lowStockLine = sql.raw(String(LOW_STOCK_THRESHOLD));

/**
 * A take sent ahead with its transaction's commit (`sendAhead`): it takes the stock and writes the
 * ledger row only if the product is on offer with enough stock, at the price the checks read,
 * and the take leaves it on the same side of the low-stock line (a crossing is told to the
 * farm, which the ordinary path does; `fellUnderLowStock` is the rule in words). Otherwise it
 * fails, and the commit after it rolls the transaction back.
 */
const takeAsReadOrRefuse = preparedStatement<never>(
  () => sql`
    with moved as (
      update products set available_quantity = available_quantity + ${sql.placeholder('change')}
      where id = ${sql.placeholder('productId')} and ${mayTake}
        and price = ${sql.placeholder('price')}
        and (available_quantity < ${lowStockLine}
          or available_quantity + ${sql.placeholder('change')} >= ${lowStockLine})
      returning id, available_quantity
    ), ${recordedFromMoved}
    select harvest_hui_refuse_take(${sql.placeholder('productId')})
    where not exists (select 1 from moved)`,
);

/**
 * Sends a placement's takes ahead, to leave with its commit (docs/performance.md#the-commit-sent-with-the-stock):
 * one statement each, in product id order as moveStock takes them. A take that finds the
 * product other than as read fails the transaction at its commit (`isRefusedTake`), and the
 * caller places the order again through moveStock, which says why. Sends none, and answers
 * false, when a take would cross the low-stock line by what was read: telling the farm is
 * moveStock's work, so the caller takes the stock through it straight away.
 */
export function sendTakesAhead(tx: Tx, actor: Actor, takes: TakeAsRead[]): boolean {
  const crosses = takes.some(({ move, available }) =>
    fellUnderLowStock(addQuantities(available, move.change), -move.change),
  );
  if (crosses) return false;
  for (const { move, price } of [...takes].sort((a, b) => inLockOrder(a.move, b.move))) {
    void sendAhead(tx, takeAsReadOrRefuse(tx, { ...valuesOfMove(actor, move), price }));
  }
  return true;
}

/** Whether a take sent with its commit found the product other than as read. */
export function isRefusedTake(error: unknown): boolean {
  return failedWith(error, REFUSED_TAKE_CODE);
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
