import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { centsOf, toMoneyString, type Cents } from '#core/money';
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
  type OrderProblemProduct,
  type OrderStatusBody,
} from '#core/schemas/order';
import type { Db, Tx } from '../../db/database';
import { farms, orderItems, orders, orderStatusHistory, products } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { publishLiveEvent } from '../events/publish';
import { recordNotificationEvents } from '../notifications/service';
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

/** One product of one farm's order, its repeated lines summed. */
interface OrderLine {
  productId: number;
  quantity: number;
  sentUnitPriceCents: Cents;
  /** Where the product first appears in the request, for field errors. */
  itemIndex: number;
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

const cents = centsOf;
/** The largest amount numeric(12,2) holds, in cents. */
const MAX_ORDER_CENTS = 999_999_999_999;

function summedLines(entry: OrderCreateBody, fieldPrefix: string): OrderLine[] {
  const lines = new Map<number, OrderLine>();
  entry.items.forEach((item, itemIndex) => {
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
        [`${fieldPrefix}items.${itemIndex}.unitPrice`]: 'Differs from the same product above',
      });
    }
    line.quantity += item.quantity;
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

/** A 409 naming the farm and product at fault, with every product's current figures. */
function placementConflict(message: string, code: string, problems: OrderProblemProduct[]) {
  const first = problems[0]!;
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

function isListed(product: ProductRow): boolean {
  return product.isActive && product.deletedAt === null;
}

/**
 * Places one order per entry (one per farm) inside the caller's transaction: every check and
 * every stock decrement happen here, so a refusal anywhere rolls back all of it.
 */
async function placeInTransaction(
  tx: Tx,
  buyer: Buyer,
  entries: OrderCreateBody[],
  fieldPrefixes: string[],
  now: Date,
): Promise<Order[]> {
  const farmIds = entries.map((entry) => entry.farmId);
  const farmRows = await tx
    .select({ id: farms.id, name: farms.name, deliveryFee: farms.deliveryFee })
    .from(farms)
    .where(inArray(farms.id, farmIds));
  const farmById = new Map(farmRows.map((farm) => [farm.id, farm]));
  entries.forEach((entry, index) => {
    if (!farmById.has(entry.farmId)) {
      throw new AppError(404, 'Farm not found', 'farm_not_found', {
        [`${fieldPrefixes[index]}farmId`]: 'No such farm',
      });
    }
  });

  const linesPerEntry = entries.map((entry, index) => summedLines(entry, fieldPrefixes[index]!));
  const productIds = [...new Set(linesPerEntry.flat().map((line) => line.productId))];
  const productRows: ProductRow[] = await tx
    .select({
      id: products.id,
      farmId: products.farmId,
      name: products.name,
      unit: products.unit,
      price: products.price,
      availableQuantity: products.availableQuantity,
      isActive: products.isActive,
      deletedAt: products.deletedAt,
    })
    .from(products)
    .where(inArray(products.id, productIds));
  const productById = new Map(productRows.map((product) => [product.id, product]));

  // Bad input first (400), then the state of the catalog (409), all before any write.
  const unavailable: OrderProblemProduct[] = [];
  const repriced: OrderProblemProduct[] = [];
  const short: OrderProblemProduct[] = [];
  entries.forEach((entry, index) => {
    const farm = farmById.get(entry.farmId)!;
    for (const line of linesPerEntry[index]!) {
      const product = productById.get(line.productId);
      if (product && product.farmId !== entry.farmId) {
        throw badRequest(`This product is not sold by ${farm.name}`, {
          [`${fieldPrefixes[index]}items.${line.itemIndex}.productId`]: `Not sold by ${farm.name}`,
        });
      }
      if (!product || !isListed(product)) {
        unavailable.push(problem(farm, line, product, 0));
      } else if (cents(product.price) !== line.sentUnitPriceCents) {
        repriced.push(problem(farm, line, product, product.availableQuantity));
      } else if (product.availableQuantity < line.quantity) {
        short.push(problem(farm, line, product, product.availableQuantity));
      }
    }
  });
  if (unavailable.length > 0) {
    throw placementConflict(
      'A product is no longer available',
      ORDER_CONFLICT_CODES.productUnavailable,
      unavailable,
    );
  }
  if (repriced.length > 0) {
    throw placementConflict('Prices have changed', ORDER_CONFLICT_CODES.priceChanged, repriced);
  }
  if (short.length > 0) {
    throw placementConflict('Not enough stock', ORDER_CONFLICT_CODES.insufficientStock, short);
  }

  // Money, from the database's prices (equal to the sent ones by now) and the farm's fee.
  const figures = entries.map((entry, index) => {
    const farm = farmById.get(entry.farmId)!;
    const subtotal = linesPerEntry[index]!.reduce(
      (sum, line) => sum + cents(productById.get(line.productId)!.price) * line.quantity,
      0,
    );
    const deliveryFee = cents(farm.deliveryFee);
    const total = subtotal + deliveryFee;
    if (total > MAX_ORDER_CENTS) {
      throw badRequest('This order is too large to place at once', {
        [`${fieldPrefixes[index]}items`]: 'Split this order into smaller ones',
      });
    }
    // The client may show its total with or without the delivery fee; anything else is stale.
    const sent = cents(entry.totalAmount);
    if (sent !== total && sent !== subtotal) {
      throw conflict('The order total has changed', ORDER_CONFLICT_CODES.totalChanged, {
        farmId: farm.id,
        farmName: farm.name,
        subtotal: toMoneyString(subtotal),
        deliveryFee: toMoneyString(deliveryFee),
        totalAmount: toMoneyString(total),
      });
    }
    return { subtotal, deliveryFee, total };
  });

  // Days and zones by the farm's cutoff and the restaurant's zone (docs/notes/zones.md).
  const deliveryDays = await resolveDeliveryDays(
    tx,
    buyer.restaurantId,
    entries,
    fieldPrefixes,
    now,
  );

  // Take the stock: one conditional update per product, in id order so that concurrent
  // checkouts lock rows in the same order and never deadlock.
  const entryIndexByProduct = new Map<number, number>();
  linesPerEntry.forEach((lines, index) =>
    lines.forEach((line) => entryIndexByProduct.set(line.productId, index)),
  );
  const allLines = linesPerEntry.flat().sort((a, b) => a.productId - b.productId);
  for (const line of allLines) {
    const taken = await tx
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
      .returning({ price: products.price });
    const farm = farmById.get(entries[entryIndexByProduct.get(line.productId)!]!.farmId)!;
    if (taken.length === 0) {
      const [now] = await tx
        .select({
          id: products.id,
          farmId: products.farmId,
          name: products.name,
          unit: products.unit,
          price: products.price,
          availableQuantity: products.availableQuantity,
          isActive: products.isActive,
          deletedAt: products.deletedAt,
        })
        .from(products)
        .where(eq(products.id, line.productId));
      if (!now || !isListed(now)) {
        throw placementConflict(
          'A product is no longer available',
          ORDER_CONFLICT_CODES.productUnavailable,
          [problem(farm, line, now, 0)],
        );
      }
      throw placementConflict('Not enough stock', ORDER_CONFLICT_CODES.insufficientStock, [
        problem(farm, line, now, now.availableQuantity),
      ]);
    }
    if (cents(taken[0]!.price) !== line.sentUnitPriceCents) {
      const product = { ...productById.get(line.productId)!, price: taken[0]!.price };
      throw placementConflict('Prices have changed', ORDER_CONFLICT_CODES.priceChanged, [
        problem(farm, line, product, product.availableQuantity),
      ]);
    }
  }

  const inserted = await tx
    .insert(orders)
    .values(
      entries.map((entry, index) => ({
        farmId: entry.farmId,
        restaurantId: buyer.restaurantId,
        status: 'pending',
        subtotal: toMoneyString(figures[index]!.subtotal),
        deliveryFee: toMoneyString(figures[index]!.deliveryFee),
        totalAmount: toMoneyString(figures[index]!.total),
        deliveryDate: deliveryDays[index]!.deliveryDate,
        deliveryArea: deliveryDays[index]!.deliveryArea,
        notes: entry.notes,
      })),
    )
    .returning({ id: orders.id, farmId: orders.farmId });
  const orderIdByFarm = new Map(inserted.map((row) => [row.farmId, row.id]));

  await tx.insert(orderItems).values(
    entries.flatMap((entry, index) =>
      linesPerEntry[index]!.map((line) => {
        const product = productById.get(line.productId)!;
        const unit = cents(product.price);
        return {
          orderId: orderIdByFarm.get(entry.farmId)!,
          productId: line.productId,
          productName: product.name,
          productUnit: product.unit,
          quantity: line.quantity,
          unitPrice: toMoneyString(unit),
          totalPrice: toMoneyString(unit * line.quantity),
        };
      }),
    ),
  );
  await tx.insert(orderStatusHistory).values(
    inserted.map((row) => ({
      orderId: row.id,
      fromStatus: null,
      toStatus: 'pending',
      changedByUserId: buyer.userId,
      changedByRole: 'restaurant' as const,
    })),
  );

  // The farm's notifications and the live updates go out only if this transaction commits.
  await recordNotificationEvents(
    tx,
    inserted.map((row) => ({ type: 'order.placed', orderId: row.id })),
  );
  for (const [index, entry] of entries.entries()) {
    const orderId = orderIdByFarm.get(entry.farmId)!;
    const { restaurantId } = buyer;
    const productIds = linesPerEntry[index]!.map((line) => line.productId);
    await publishLiveEvent(tx, {
      type: 'orders.changed',
      orderId,
      farmId: entry.farmId,
      restaurantId,
    });
    await publishLiveEvent(tx, { type: 'products.changed', farmId: entry.farmId, productIds });
  }

  const placed = await loadOrdersByIds(
    tx,
    inserted.map((row) => row.id),
  );
  const byId = new Map(placed.map((order) => [order.id, order]));
  return entries.map((entry) => byId.get(orderIdByFarm.get(entry.farmId)!)!);
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
      const [order] = await placeInTransaction(tx, buyer, [body], [''], now);
      return { statusCode: 201, body: order! };
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
      const placed = await placeInTransaction(
        tx,
        buyer,
        entries,
        entries.map((_, index) => `orders.${index}.`),
        now,
      );
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
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
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
