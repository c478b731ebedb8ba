import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  centsOf,
  multiplyCents,
  orderAmounts,
  rateOf,
  toMoneyString,
  toRateString,
  type Cents,
  type RateUnits,
} from '#core/money';
import { addQuantities, quantityProblem } from '#core/quantity';
import {
  canTransition,
  isOrderStatus,
  nextStatuses,
  statusLabel,
  type OrderStatus,
} from '#core/order-status';
import {
  ORDER_CONFLICT_CODES,
  type Order,
  type OrderCreateBody,
  type OrderProblemFarm,
  type OrderProblemProduct,
  type OrderStatusBody,
} from '#core/schemas/order';
import { MAX_ORDER_TOTAL_CENTS } from '#core/schemas/common';
import type { LiveEvent } from '#core/schemas/notification';
import type { Db, Tx } from '../../db/database';
import { farms, orderItems, orders, orderStatusHistory, products } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { publishLiveEvent } from '../events/publish';
import { fellUnderLowStock } from '../notifications/messages';
import { recordNotificationEvents, type NotificationEvent } from '../notifications/service';
import { loadOrder, loadOrders, loadOrdersByIds } from './queries';
import { runIdempotent, type StoredResult } from './idempotency';
import { resolveDeliveryDays } from '../schedules/next-delivery';
import { now as clockNow, today as clockToday } from '../../clock';

export interface Buyer {
  userId: number;
  restaurantId: number;
}

export interface Seller {
  userId: number;
  farmId: number;
}

/** One farm's part of a placement: the body as sent and where its fields sit in the request. */
interface PlacementEntry {
  body: OrderCreateBody;
  /** Prefix of this entry's field paths in a 400: "" or "orders.{i}.". */
  fieldPrefix: string;
  /** The standing order placing it (docs/standing-orders.md), kept on the order. */
  standingOrderId?: number;
}

interface PlacementRequest {
  buyer: Buyer;
  entries: PlacementEntry[];
  /** The instant of placement, against which days and cutoffs are judged. */
  now: Date;
  /**
   * A standing order's placement, the one partial placement (docs/standing-orders.md): a line
   * short of stock takes what there is, one with none or no longer listed is left out, and
   * today's prices and fee apply without the sent figures being compared. The products are
   * locked while checked, so what is taken is exactly what was seen.
   */
  partial?: boolean;
}

interface FarmRow {
  id: number;
  /** The farm's user, who hears of the order and of stock it took under the low-stock line. */
  userId: number;
  name: string;
  deliveryFee: string;
  /** The farm's GET rate now, read in the placement's transaction (docs/tax.md). */
  taxRate: string;
}

interface ProductRow {
  id: number;
  farmId: number;
  name: string;
  unit: string;
  price: string;
  availableQuantity: number;
  isActive: boolean;
  deletedAt: Date | null;
}

/** One product of one farm's order, its repeated lines summed. */
interface OrderLine {
  productId: number;
  quantity: number;
  sentUnitPriceCents: Cents;
  /** Where the product first appears in the request, for field errors. */
  itemIndex: number;
}

/** A line whose product is listed by the entry's farm, at the sent price, with enough stock. */
interface CheckedLine extends OrderLine {
  product: ProductRow;
}

interface CheckedEntry extends PlacementEntry {
  farm: FarmRow;
  lines: CheckedLine[];
}

interface PricedEntry extends CheckedEntry {
  subtotal: Cents;
  deliveryFee: Cents;
  taxRate: RateUnits;
  tax: Cents;
  total: Cents;
}

interface ReadyEntry extends PricedEntry {
  deliveryDate: string | null;
  /** The zone the order is placed for, kept on the order. */
  deliveryArea: string | null;
}

interface InsertedEntry extends ReadyEntry {
  orderId: number;
}

const cents = centsOf;

const productColumns = {
  id: products.id,
  farmId: products.farmId,
  name: products.name,
  unit: products.unit,
  price: products.price,
  availableQuantity: products.availableQuantity,
  isActive: products.isActive,
  deletedAt: products.deletedAt,
};

/** A value the code above guarantees; its absence is a bug, never the client's fault. */
function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Order placement lost track of ${what}`);
  return value;
}

function summedLines(entry: PlacementEntry): OrderLine[] {
  const lines = new Map<number, OrderLine>();
  entry.body.items.forEach((item, itemIndex) => {
    const price = cents(item.unitPrice);
    const line = lines.get(item.productId);
    if (!line) {
      lines.set(item.productId, {
        productId: item.productId,
        quantity: item.quantity,
        sentUnitPriceCents: price,
        itemIndex,
      });
      return;
    }
    if (line.sentUnitPriceCents !== price) {
      throw badRequest('The same product appears with two different prices', {
        [`${entry.fieldPrefix}items.${itemIndex}.unitPrice`]: 'Differs from the same product above',
      });
    }
    line.quantity = addQuantities(line.quantity, item.quantity);
  });
  return [...lines.values()];
}

function problem(
  farm: { id: number; name: string },
  line: OrderLine,
  product: ProductRow | undefined,
  availableQuantity: number,
): OrderProblemProduct {
  return {
    farmId: farm.id,
    farmName: farm.name,
    productId: line.productId,
    productName: product?.name ?? null,
    unit: product?.unit ?? null,
    requestedQuantity: line.quantity,
    availableQuantity,
    unitPrice: product ? toMoneyString(cents(product.price)) : null,
    sentUnitPrice: toMoneyString(line.sentUnitPriceCents),
  };
}

type Problems = [OrderProblemProduct, ...OrderProblemProduct[]];

/** A 409 naming the farm and product at fault, with every product's current figures. */
function placementConflict(message: string, code: string, problems: Problems) {
  const [first] = problems;
  return conflict(message, code, {
    farmId: first.farmId,
    farmName: first.farmName,
    productId: first.productId,
    productName: first.productName,
    availableQuantity: first.availableQuantity,
    requestedQuantity: first.requestedQuantity,
    unitPrice: first.unitPrice,
    products: problems,
  });
}

function refuseIfAny(message: string, code: string, problems: OrderProblemProduct[]): void {
  const [first, ...rest] = problems;
  if (first) throw placementConflict(message, code, [first, ...rest]);
}

function isListed(product: ProductRow): boolean {
  return product.isActive && product.deletedAt === null;
}

/**
 * Phase 1, check: every farm exists, every product is the farm's, listed, at the sent price and
 * in stock. Bad input first (400), then the state of the catalog (409), all before any write.
 */
async function checkEntries(
  tx: Tx,
  entries: PlacementEntry[],
  partial = false,
): Promise<CheckedEntry[]> {
  const farmRows = await tx
    .select({
      id: farms.id,
      userId: farms.userId,
      name: farms.name,
      deliveryFee: farms.deliveryFee,
      taxRate: farms.taxRate,
    })
    .from(farms)
    .where(
      inArray(
        farms.id,
        entries.map((entry) => entry.body.farmId),
      ),
    );
  const farmById = new Map(farmRows.map((farm) => [farm.id, farm]));
  // Every farm is checked before any line, so an unknown farm is 404 whatever the lines hold.
  const withFarms = entries
    .map((entry) => {
      const farm = farmById.get(entry.body.farmId);
      if (!farm) {
        throw new AppError(404, 'Farm not found', 'farm_not_found', {
          [`${entry.fieldPrefix}farmId`]: 'No such farm',
        });
      }
      return { ...entry, farm };
    })
    .map((entry) => ({ ...entry, lines: summedLines(entry) }));

  const productIds = [
    ...new Set(withFarms.flatMap((entry) => entry.lines.map((line) => line.productId))),
  ];
  const productQuery = tx
    .select(productColumns)
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id));
  const productRows: ProductRow[] = partial ? await productQuery.for('update') : await productQuery;
  const productById = new Map(productRows.map((product) => [product.id, product]));

  const unavailable: OrderProblemProduct[] = [];
  const repriced: OrderProblemProduct[] = [];
  const short: OrderProblemProduct[] = [];
  const checked = withFarms.map(({ farm, lines, ...entry }) => {
    const checkedLines: CheckedLine[] = [];
    for (const line of lines) {
      const product = productById.get(line.productId);
      // An unlisted product is what the buyer may not see: it answers as an unknown one, with
      // no name, unit or price, whichever farm it belongs to.
      if (partial && (!product || product.farmId === farm.id)) {
        // Left out when gone, unlisted or sold out; otherwise what there is, at today's price.
        const quantity =
          product && isListed(product) ? Math.min(line.quantity, product.availableQuantity) : 0;
        if (product && quantity > 0) checkedLines.push({ ...line, quantity, product });
      } else if (!product || !isListed(product)) {
        unavailable.push(problem(farm, line, undefined, 0));
      } else if (product.farmId !== farm.id) {
        throw badRequest(`This product is not sold by ${farm.name}`, {
          [`${entry.fieldPrefix}items.${line.itemIndex}.productId`]: `Not sold by ${farm.name}`,
        });
      } else if (quantityProblem(product.unit, line.quantity)) {
        // Decimals are for weighed units only (docs/adjustments.md#quantities).
        const message = quantityProblem(product.unit, line.quantity)!;
        throw badRequest(message, {
          [`${entry.fieldPrefix}items.${line.itemIndex}.quantity`]: message,
        });
      } else if (cents(product.price) !== line.sentUnitPriceCents) {
        repriced.push(problem(farm, line, product, product.availableQuantity));
      } else if (product.availableQuantity < line.quantity) {
        short.push(problem(farm, line, product, product.availableQuantity));
      } else {
        checkedLines.push({ ...line, product });
      }
    }
    if (partial && checkedLines.length === 0) {
      throw conflict(`Nothing of this order is available from ${farm.name}`, 'nothing_available');
    }
    return { ...entry, farm, lines: checkedLines };
  });
  refuseIfAny(
    'A product is no longer available',
    ORDER_CONFLICT_CODES.productUnavailable,
    unavailable,
  );
  refuseIfAny('Prices have changed', ORDER_CONFLICT_CODES.priceChanged, repriced);
  refuseIfAny('Not enough stock', ORDER_CONFLICT_CODES.insufficientStock, short);
  return checked;
}

/**
 * Phase 2, price: each order's money from the database's prices (equal to the sent ones by
 * now), the farm's fee and the farm's GET rate (tax on subtotal plus fee, one rounding:
 * `orderAmounts`), compared with the total the restaurant saw.
 */
function priceEntries(entries: CheckedEntry[], partial = false): PricedEntry[] {
  const stale: OrderProblemFarm[] = [];
  const priced = entries.map((entry) => {
    const subtotal = entry.lines.reduce(
      (sum, line) => sum + multiplyCents(cents(line.product.price), line.quantity),
      0,
    );
    const deliveryFee = cents(entry.farm.deliveryFee);
    const taxRate = rateOf(entry.farm.taxRate);
    const { taxCents: tax, totalCents: total } = orderAmounts(subtotal, deliveryFee, taxRate);
    if (total > MAX_ORDER_TOTAL_CENTS) {
      throw badRequest('This order is too large to place at once', {
        [`${entry.fieldPrefix}items`]: 'Split this order into smaller ones',
      });
    }
    // The total is the subtotal, fee and tax as the restaurant saw them; prices are equal by
    // now, so a different total means the fee or the tax rate changed (or the client left one
    // out): the restaurant sees the new figures and confirms again, never a silent charge.
    const sent = cents(entry.body.totalAmount);
    if (sent !== total && !partial) {
      stale.push({
        farmId: entry.farm.id,
        farmName: entry.farm.name,
        subtotal: toMoneyString(subtotal),
        deliveryFee: toMoneyString(deliveryFee),
        taxRate: toRateString(taxRate),
        taxAmount: toMoneyString(tax),
        totalAmount: toMoneyString(total),
        sentTotalAmount: toMoneyString(sent),
      });
    }
    return { ...entry, subtotal, deliveryFee, taxRate, tax, total };
  });
  const [first] = stale;
  if (first) {
    throw conflict('The order total has changed', ORDER_CONFLICT_CODES.totalChanged, {
      ...first,
      farms: stale,
    });
  }
  return priced;
}

/**
 * Phase 4, take stock: one conditional update per product, in id order so that concurrent
 * checkouts lock rows in the same order and never deadlock. A product that changed since the
 * check (sold out, unlisted, repriced) refuses the whole placement. Answers the low-stock
 * notices the farms are owed, judged from the stock each update left.
 */
async function takeStock(tx: Tx, entries: InsertedEntry[]): Promise<NotificationEvent[]> {
  const lines = entries
    .flatMap((entry) => entry.lines.map((line) => ({ line, entry })))
    .sort((a, b) => a.line.productId - b.line.productId);
  const lowStock: NotificationEvent[] = [];
  for (const { line, entry } of lines) {
    const { farm } = entry;
    const [taken] = await tx
      .update(products)
      .set({ availableQuantity: sql`${products.availableQuantity} - ${line.quantity}` })
      .where(
        and(
          eq(products.id, line.productId),
          gte(products.availableQuantity, line.quantity),
          eq(products.isActive, true),
          isNull(products.deletedAt),
        ),
      )
      .returning({
        price: products.price,
        name: products.name,
        unit: products.unit,
        availableQuantity: products.availableQuantity,
      });
    if (!taken) {
      const [now] = await tx
        .select(productColumns)
        .from(products)
        .where(eq(products.id, line.productId));
      if (!now || !isListed(now)) {
        throw placementConflict(
          'A product is no longer available',
          ORDER_CONFLICT_CODES.productUnavailable,
          [problem(farm, line, undefined, 0)],
        );
      }
      throw placementConflict('Not enough stock', ORDER_CONFLICT_CODES.insufficientStock, [
        problem(farm, line, now, now.availableQuantity),
      ]);
    }
    // Equal to the sent price by now, except in a partial placement, which takes today's.
    if (cents(taken.price) !== cents(line.product.price)) {
      const product = { ...line.product, price: taken.price };
      throw placementConflict('Prices have changed', ORDER_CONFLICT_CODES.priceChanged, [
        problem(farm, line, product, product.availableQuantity),
      ]);
    }
    // Lines are summed per product, so this update is the order's whole take of it.
    if (fellUnderLowStock(taken.availableQuantity, line.quantity)) {
      lowStock.push({
        type: 'product.low_stock',
        orderId: entry.orderId,
        farmUserId: farm.userId,
        product: {
          productId: line.productId,
          name: taken.name,
          unit: taken.unit,
          availableQuantity: taken.availableQuantity,
        },
      });
    }
  }
  return lowStock;
}

/** Phase 3, insert: the orders, their lines and the first entry of each status history. */
async function insertOrders(
  tx: Tx,
  { buyer, entries }: { buyer: Buyer; entries: ReadyEntry[] },
): Promise<InsertedEntry[]> {
  const inserted = await tx
    .insert(orders)
    .values(
      entries.map((entry) => ({
        farmId: entry.farm.id,
        restaurantId: buyer.restaurantId,
        status: 'pending',
        subtotal: toMoneyString(entry.subtotal),
        deliveryFee: toMoneyString(entry.deliveryFee),
        taxRate: toRateString(entry.taxRate),
        taxAmount: toMoneyString(entry.tax),
        totalAmount: toMoneyString(entry.total),
        deliveryDate: entry.deliveryDate,
        deliveryArea: entry.deliveryArea,
        notes: entry.body.notes,
        standingOrderId: entry.standingOrderId ?? null,
      })),
    )
    .returning({ id: orders.id, farmId: orders.farmId });
  // One order per farm (a farm listed twice is refused by the schema), so the farm names it.
  const orderIdByFarm = new Map(inserted.map((row) => [row.farmId, row.id]));
  const placed = entries.map((entry) => ({
    ...entry,
    orderId: present(orderIdByFarm.get(entry.farm.id), `the order of farm ${entry.farm.id}`),
  }));

  await tx.insert(orderItems).values(
    placed.flatMap((entry) =>
      entry.lines.map((line) => {
        const unit = cents(line.product.price);
        return {
          orderId: entry.orderId,
          productId: line.productId,
          productName: line.product.name,
          productUnit: line.product.unit,
          quantity: line.quantity,
          unitPrice: toMoneyString(unit),
          totalPrice: toMoneyString(multiplyCents(unit, line.quantity)),
        };
      }),
    ),
  );
  await tx.insert(orderStatusHistory).values(
    placed.map((entry) => ({
      orderId: entry.orderId,
      fromStatus: null,
      toStatus: 'pending',
      changedByUserId: buyer.userId,
      changedByRole: 'restaurant' as const,
    })),
  );
  return placed;
}

/**
 * Phase 5, announce: the farm's notice of each order and the live updates, recorded in the
 * transaction so they go out only if it commits (live events are delivered at commit, in the
 * order they were sent, whenever in the transaction they were sent).
 */
async function announcePlaced(
  tx: Tx,
  { buyer, entries, placed }: { buyer: Buyer; entries: InsertedEntry[]; placed: Order[] },
): Promise<void> {
  const byId = new Map(placed.map((order) => [order.id, order]));
  await recordNotificationEvents(
    tx,
    entries.map((entry) => ({
      type: 'order.placed',
      order: present(byId.get(entry.orderId), `order ${entry.orderId}`),
      farmUserId: entry.farm.userId,
    })),
    // Every order's two live events, after the bell's, in one round trip.
    entries.flatMap((entry): LiveEvent[] => [
      {
        type: 'orders.changed',
        orderId: entry.orderId,
        farmId: entry.farm.id,
        restaurantId: buyer.restaurantId,
      },
      {
        type: 'products.changed',
        farmId: entry.farm.id,
        productIds: entry.lines.map((line) => line.productId),
      },
    ]),
  );
}

/**
 * Places one order per entry (one per farm) inside the caller's transaction: every check and
 * every stock decrement happen here, so a refusal anywhere rolls back all of it.
 */
export async function placeInTransaction(
  tx: Tx,
  { buyer, entries, now, partial = false }: PlacementRequest,
): Promise<Order[]> {
  const checked = await checkEntries(tx, entries, partial);
  const priced = priceEntries(checked, partial);
  // Days and zones by the farm's cutoff and the restaurant's zone (docs/product.md).
  const deliveryDays = await resolveDeliveryDays(
    tx,
    buyer.restaurantId,
    entries.map((entry) => entry.body),
    entries.map((entry) => entry.fieldPrefix),
    now,
  );
  const ready = priced.map((entry, index) => {
    const day = present(deliveryDays[index], `the delivery day of farm ${entry.farm.id}`);
    return { ...entry, deliveryDate: day.deliveryDate, deliveryArea: day.deliveryArea };
  });
  // Taking stock locks the products' rows until the transaction ends, and checkouts of the same
  // product queue there: everything that does not depend on the new stock (the orders, their
  // lines and history, reading them back, the farm's notice, the live events) is done before,
  // so the lock is held for the updates and the commit alone. A refusal while taking stock
  // still rolls all of it back.
  const inserted = await insertOrders(tx, { buyer, entries: ready });
  const placed = await loadOrdersByIds(
    tx,
    inserted.map((entry) => entry.orderId),
  );
  await announcePlaced(tx, { buyer, entries: inserted, placed });
  const lowStock = await takeStock(tx, inserted);
  // Rare (only an order that crosses the line): the notices need the stock the update left.
  if (lowStock.length > 0) await recordNotificationEvents(tx, lowStock);

  const byId = new Map(placed.map((order) => [order.id, order]));
  return inserted.map((entry) => present(byId.get(entry.orderId), `order ${entry.orderId}`));
}

/** POST /api/orders: one farm's order. */
export async function placeOrder(
  db: Db,
  buyer: Buyer,
  body: OrderCreateBody,
  idempotencyKey: string | undefined,
  now = clockNow(),
): Promise<StoredResult<Order>> {
  return runIdempotent<Order>(
    db,
    { userId: buyer.userId, scope: 'POST /api/orders', key: idempotencyKey, body },
    async (tx) => {
      const [order] = await placeInTransaction(tx, {
        buyer,
        entries: [{ body, fieldPrefix: '' }],
        now,
      });
      return { statusCode: 201, body: present(order, 'the placed order') };
    },
  );
}

/** POST /api/checkout: every farm's order of the cart, all or none. */
export async function checkout(
  db: Db,
  buyer: Buyer,
  entries: OrderCreateBody[],
  idempotencyKey: string | undefined,
  now = clockNow(),
): Promise<StoredResult<{ orders: Order[] }>> {
  return runIdempotent<{ orders: Order[] }>(
    db,
    { userId: buyer.userId, scope: 'POST /api/checkout', key: idempotencyKey, body: entries },
    async (tx) => {
      const placed = await placeInTransaction(tx, {
        buyer,
        entries: entries.map((body, index) => ({ body, fieldPrefix: `orders.${index}.` })),
        now,
      });
      return { statusCode: 201, body: { orders: placed } };
    },
  );
}

export function listRestaurantOrders(db: Db, restaurantId: number): Promise<Order[]> {
  return loadOrders(db, eq(orders.restaurantId, restaurantId));
}

export function listFarmOrders(db: Db, farmId: number): Promise<Order[]> {
  return loadOrders(db, eq(orders.farmId, farmId));
}

/**
 * Moves an order of the seller's farm along the status machine. The update is conditional on
 * the status read, so of two concurrent moves only one wins; cancelling returns the stock in
 * the same transaction, which can therefore happen only once.
 */
export async function changeOrderStatus(
  db: Db,
  seller: Seller,
  orderId: number,
  body: OrderStatusBody,
  today = clockToday(),
): Promise<Order> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.farmId, seller.farmId)));
    if (!current) throw notFound('Order not found');
    const from = current.status as OrderStatus;
    const to = body.status;
    if (!isOrderStatus(from) || !canTransition(from, to, 'farmer')) {
      throw invalidTransition(from, to);
    }
    const moved = await tx
      .update(orders)
      .set({
        status: to,
        updatedAt: new Date(),
        ...(to === 'delivered'
          ? {
              recipientName: body.recipientName,
              // Delivered on the scheduled day, or earlier: never on a day still to come.
              deliveryDate: sql`least(coalesce(${orders.deliveryDate}, ${today}::date), ${today}::date)`,
              // Due by the farm's terms of today, counted from that same Hawaii delivery date.
              dueDate: sql`least(coalesce(${orders.deliveryDate}, ${today}::date), ${today}::date) + (select ${farms.paymentTermsDays} from ${farms} where ${farms.id} = ${orders.farmId})`,
            }
          : {}),
      })
      .where(and(eq(orders.id, orderId), eq(orders.farmId, seller.farmId), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (moved.length === 0) {
      const [now] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId));
      throw invalidTransition((now?.status ?? from) as OrderStatus, to);
    }
    await tx.insert(orderStatusHistory).values({
      orderId,
      fromStatus: from,
      toStatus: to,
      changedByUserId: seller.userId,
      changedByRole: 'farmer' as const,
    });
    if (to === 'cancelled') await returnStock(tx, orderId);
    await recordNotificationEvents(tx, [{ type: 'order.status_changed', orderId }]);
    const order = await loadOrder(tx, orderId);
    const { farmId } = seller;
    const restaurantId = order.restaurant.id;
    await publishLiveEvent(tx, { type: 'orders.changed', orderId, farmId, restaurantId });
    if (to === 'cancelled') {
      const productIds = order.orderItems.map((item) => item.productId);
      await publishLiveEvent(tx, { type: 'products.changed', farmId, productIds });
    }
    return order;
  });
}

function invalidTransition(from: OrderStatus, to: OrderStatus) {
  return conflict(
    `An order that is ${statusLabel(from)} cannot be moved to ${statusLabel(to)}`,
    'invalid_transition',
    { status: from, allowed: isOrderStatus(from) ? nextStatuses(from) : [] },
  );
}

/** Puts a cancelled order's quantities back, product by product in id order. */
export async function returnStock(tx: Tx, orderId: number): Promise<void> {
  const lines = await tx
    .select({
      productId: orderItems.productId,
      quantity: sql<string>`sum(${orderItems.quantity})`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .groupBy(orderItems.productId)
    .orderBy(asc(orderItems.productId));
  for (const line of lines) {
    await tx
      .update(products)
      .set({ availableQuantity: sql`${products.availableQuantity} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}

/** Who changed an order's status, and when (oldest first). */
export async function statusHistory(db: Db, orderId: number) {
  const rows = await db
    .select({
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      changedByUserId: orderStatusHistory.changedByUserId,
      changedAt: orderStatusHistory.changedAt,
      changedByRole: orderStatusHistory.changedByRole,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  return rows.map((row) => ({ ...row, changedAt: row.changedAt.toISOString() }));
}
