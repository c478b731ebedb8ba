import { asc, eq, sql } from 'drizzle-orm';
import type { BusinessRef } from '#core/actor';
import type { Permission } from '#core/permissions';
import type { PricedOrder } from '#core/schemas/order';
import { estimatedWeight } from '#core/catch-weight';
import type { DbOrTx } from '../../db/database';
import { farms, orderItems, orders, restaurants } from '../../db/schema';
import {
  type Listener,
  listeners,
  type NotificationKindProvider,
  type NotificationKindProviders,
  type Recipient,
  tell,
  toListeners,
} from '../notifications';
import {
  autoCancelledContent,
  lowStockContent,
  orderAdjustedContent,
  orderPlacedContent,
  orderStatusContent,
  restaurantChangeContent,
  type OrderAdjustedEvent,
  type OrderFacts,
  type StockFacts,
  weightApprovalContent,
  weightDecidedContent,
  weightRevisedContent,
  type WeightFacts,
} from './notice-content';

/**
 * What happened to an order, as the order path says it. The notification reads the rest
 * (names, lines, totals, the new status and delivery date) from the same transaction.
 * - order.placed: the farm hears of the new order, as placement read it back.
 * - product.low_stock: the farm hears that an order took a product under the low-stock line;
 *   the placement says so from its own stock update, so nothing is read again.
 * - order.status_changed: the restaurant hears of the order's current status.
 */
export interface OrderPlacedEvent {
  type: 'order.placed';
  order: PricedOrder;
  /** The farm's people who hear of it, when asked for ahead (`whoHearsOfNewOrders`). */
  listeners?: Promise<readonly Listener[]>;
}

/** The order took the product's stock from the low-stock line or above to under it. */
export interface LowStockEvent {
  type: 'product.low_stock';
  orderId: number;
  farmId: number;
  product: StockFacts;
}

declare module '../notifications' {
  interface NotificationEvents {
    'order.placed': OrderPlacedEvent;
    'product.low_stock': LowStockEvent;
    'order.status_changed': { type: 'order.status_changed'; orderId: number };
    /** The system cancelled a pending order: both sides hear it. */
    'order.auto_cancelled': { type: 'order.auto_cancelled'; orderId: number };
    /** The restaurant cancelled its pending order: the farm hears it. */
    'order.cancelled_by_restaurant': { type: 'order.cancelled_by_restaurant'; orderId: number };
    /** The restaurant changed its pending order's quantities: the farm hears it. */
    'order.items_changed': { type: 'order.items_changed'; orderId: number; revision: string };
    /** The farm adjusted the order to what was picked: the restaurant hears what and why. */
    'order.adjusted': OrderAdjustedEvent;
    /** A line weighed past the tolerance: the restaurant is asked (docs/catch-weight.md). */
    'order.weight_approval': { type: 'order.weight_approval'; orderId: number; itemId: number };
    /** A weight entered after the invoice was issued: the restaurant hears the new total. */
    'order.weight_revised': { type: 'order.weight_revised'; orderId: number; itemId: number };
    /** The restaurant's word on it: the farm hears it. */
    'order.weight_decided': {
      type: 'order.weight_decided';
      orderId: number;
      itemId: number;
      decision: 'accepted' | 'declined';
    };
  }
}

/**
 * Who of a business hears of what about its orders (docs/teams.md#notifications): a farm's
 * new orders and the restaurant's changes go to those who move orders on (owner, manager,
 * packer), low stock to those who keep the products; a restaurant's order news to those who
 * order (owner, buyer), a delivery to them and to those who read the bills.
 */
const WHO_CARES = {
  farmOrders: ['orders.status'],
  farmStock: ['products.manage'],
  restaurantOrders: ['orders.change'],
  restaurantDelivered: ['orders.change', 'bills.view'],
} as const satisfies Record<string, readonly Permission[]>;

export const farmOf = (id: number): BusinessRef => ({ kind: 'farm', id });
export const restaurantOf = (id: number): BusinessRef => ({ kind: 'restaurant', id });

/**
 * The farm's people who hear of its new orders, asked for now: a placement asks for them with
 * its checks' reads, so that telling them costs no round trip of its own.
 */
export function whoHearsOfNewOrders(tx: DbOrTx, farmId: number): Promise<Listener[]> {
  return listeners(tx, farmOf(farmId), WHO_CARES.farmOrders);
}

/** An order as its notifications tell of it, with its two sides; null when there is none. */
export type NoticeOrder = OrderFacts & { farmId: number; restaurantId: number };

async function loadOrder(tx: DbOrTx, orderId: number): Promise<NoticeOrder | null> {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      subtotal: orders.subtotal,
      deliveryFee: orders.deliveryFee,
      smallOrderFee: orders.smallOrderFee,
      taxRate: orders.taxRate,
      taxAmount: orders.taxAmount,
      totalAmount: orders.totalAmount,
      deliveryDate: orders.deliveryDate,
      recipientName: orders.recipientName,
      notes: orders.notes,
      farmName: farms.name,
      farmId: orders.farmId,
      restaurantName: restaurants.name,
      restaurantId: orders.restaurantId,
    })
    .from(orders)
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await tx
    .select({
      productName: orderItems.productName,
      productUnit: orderItems.productUnit,
      packLabel: orderItems.packLabel,
      packSize: orderItems.packSize,
      quantity: orderItems.quantity,
      orderedQuantity:
        sql<number>`coalesce(${orderItems.orderedQuantity}, ${orderItems.quantity})`.mapWith(
          Number,
        ),
      unitPrice: orderItems.unitPrice,
      totalPrice: orderItems.totalPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { ...order, items };
}

/**
 * A provider for events about an order: the order is read (as it is now, in the caller's
 * transaction) and handed to `notices`; an order that is not there tells nobody.
 */
export function aboutTheOrder<E extends { orderId: number }>(
  notices: (tx: DbOrTx, order: NoticeOrder, event: E) => Promise<Recipient[]>,
): NotificationKindProvider<E> {
  return {
    async recipients(tx, event) {
      const order = await loadOrder(tx, event.orderId);
      return order ? notices(tx, order, event) : [];
    },
  };
}

/** The weight of a line as its notices tell it; null when the line or its weight is gone. */
async function weightFactsOf(tx: DbOrTx, itemId: number): Promise<WeightFacts | null> {
  const [line] = await tx
    .select({
      productName: orderItems.productName,
      weightUnit: orderItems.weightUnit,
      weight: orderItems.weight,
      quantity: orderItems.quantity,
      packWeight: orderItems.packWeight,
    })
    .from(orderItems)
    .where(eq(orderItems.id, itemId));
  if (!line || line.weightUnit === null || line.weight === null) return null;
  return {
    itemId,
    productName: line.productName,
    weightUnit: line.weightUnit,
    weight: line.weight,
    estimatedWeight: estimatedWeight(line),
  };
}

/** What a notification says of an order, from the order as the API gives it. */
function factsOf(order: PricedOrder): OrderFacts {
  return {
    id: order.id,
    status: order.status,
    subtotal: order.subtotal,
    deliveryFee: order.deliveryFee,
    smallOrderFee: order.smallOrderFee,
    taxRate: order.taxRate,
    taxAmount: order.taxAmount,
    totalAmount: order.totalAmount,
    deliveryDate: order.deliveryDate,
    recipientName: order.recipientName,
    notes: order.notes,
    farmName: order.farm.name,
    restaurantName: order.restaurant.name,
    items: order.orderItems.map((item) => ({
      productName: item.product.name,
      productUnit: item.product.unit,
      packLabel: item.pack?.label ?? null,
      packSize: item.pack?.size ?? 1,
      quantity: item.quantity,
      orderedQuantity: item.orderedQuantity ?? item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: item.totalPrice,
    })),
  };
}

/** Who hears of what happens to an order, and what they are told. */
export const orderNotices: NotificationKindProviders<
  | 'order.placed'
  | 'product.low_stock'
  | 'order.status_changed'
  | 'order.auto_cancelled'
  | 'order.cancelled_by_restaurant'
  | 'order.items_changed'
  | 'order.adjusted'
  | 'order.weight_approval'
  | 'order.weight_revised'
  | 'order.weight_decided'
> = {
  'order.placed': {
    async recipients(tx, event) {
      const { order } = event;
      const facts = factsOf(order);
      const people = await (event.listeners ?? whoHearsOfNewOrders(tx, order.farm.id));
      return toListeners(people, { orderId: order.id }, (reader) =>
        orderPlacedContent(facts, reader),
      );
    },
  },
  'product.low_stock': {
    recipients(tx, { farmId, orderId, product }) {
      return tell(
        tx,
        farmOf(farmId),
        WHO_CARES.farmStock,
        { orderId, productId: product.productId },
        () => lowStockContent(product, orderId),
      );
    },
  },
  'order.auto_cancelled': aboutTheOrder(async (tx, order) => {
    const about = { orderId: order.id };
    return [
      ...(await tell(
        tx,
        restaurantOf(order.restaurantId),
        WHO_CARES.restaurantOrders,
        about,
        (reader) => autoCancelledContent(order, 'restaurant', reader),
      )),
      ...(await tell(tx, farmOf(order.farmId), WHO_CARES.farmOrders, about, (reader) =>
        autoCancelledContent(order, 'farm', reader),
      )),
    ];
  }),
  'order.cancelled_by_restaurant': aboutTheOrder((tx, order) =>
    tell(tx, farmOf(order.farmId), WHO_CARES.farmOrders, { orderId: order.id }, (reader) =>
      restaurantChangeContent(order, { kind: 'cancelled' }, reader),
    ),
  ),
  'order.items_changed': aboutTheOrder((tx, order, event) =>
    tell(tx, farmOf(order.farmId), WHO_CARES.farmOrders, { orderId: order.id }, (reader) =>
      restaurantChangeContent(order, { kind: 'items', revision: event.revision }, reader),
    ),
  ),
  'order.adjusted': aboutTheOrder((tx, order, event) =>
    tell(
      tx,
      restaurantOf(order.restaurantId),
      WHO_CARES.restaurantOrders,
      { orderId: order.id },
      (reader) => orderAdjustedContent(order, event, reader),
    ),
  ),
  'order.weight_approval': aboutTheOrder(async (tx, order, event) => {
    const line = await weightFactsOf(tx, event.itemId);
    if (!line) return [];
    return tell(
      tx,
      restaurantOf(order.restaurantId),
      WHO_CARES.restaurantOrders,
      { orderId: order.id },
      (reader) => weightApprovalContent(order, line, reader),
    );
  }),
  'order.weight_revised': aboutTheOrder(async (tx, order, event) => {
    const line = await weightFactsOf(tx, event.itemId);
    if (!line) return [];
    return tell(
      tx,
      restaurantOf(order.restaurantId),
      WHO_CARES.restaurantDelivered,
      { orderId: order.id },
      (reader) => weightRevisedContent(order, line, reader),
    );
  }),
  'order.weight_decided': aboutTheOrder(async (tx, order, event) => {
    const line = await weightFactsOf(tx, event.itemId);
    if (!line) return [];
    return tell(tx, farmOf(order.farmId), WHO_CARES.farmOrders, { orderId: order.id }, (reader) =>
      weightDecidedContent(order, { ...line, decision: event.decision }, reader),
    );
  }),
  'order.status_changed': aboutTheOrder((tx, order) =>
    tell(
      tx,
      restaurantOf(order.restaurantId),
      order.status === 'delivered' ? WHO_CARES.restaurantDelivered : WHO_CARES.restaurantOrders,
      { orderId: order.id },
      (reader) => orderStatusContent(order, reader),
    ),
  ),
};
