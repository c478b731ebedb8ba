import { and, eq, inArray } from 'drizzle-orm';
import type { Actor, FarmActor, RestaurantActor } from '#core/actor';
import { DOCUMENT_STATUSES, statusLabel } from '#core/order-status';
import type { PricedOrder } from '#core/schemas/order';
import type { Db, DbOrTx } from '../../db/database';
import { farms, orders, restaurants } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { issueInvoiceNumbers, loadOrder, loadOrders, orderScope } from '../orders';

export interface Contact {
  name: string | null;
  position: string | null;
  phone: string | null;
  email: string | null;
}

export interface FarmParty {
  id: number;
  name: string;
  location: string;
  contactPhone: string | null;
  checksPayableTo: string | null;
}

export interface RestaurantParty {
  id: number;
  name: string;
  location: string;
  contactPhone: string | null;
  deliveryZone: string | null;
  contacts: Contact[];
}

export interface DocumentOrder {
  order: PricedOrder;
  farm: FarmParty;
  restaurant: RestaurantParty;
  /** The delivery zone the order was placed for (its name); null when none was recorded. */
  deliveryArea: string | null;
}

export interface Invoice extends DocumentOrder {
  invoiceNumber: number;
  issuedAt: Date;
}

function requireDocumentStatus(order: PricedOrder): void {
  if (!DOCUMENT_STATUSES.includes(order.status)) {
    throw conflict(
      `Documents are available once the order is confirmed; this order is ${statusLabel(order.status)}`,
      'document_unavailable',
      { status: order.status },
    );
  }
}

async function loadParties(
  db: DbOrTx,
  list: PricedOrder[],
): Promise<Pick<DocumentOrder, 'farm' | 'restaurant' | 'deliveryArea'>[]> {
  if (list.length === 0) return [];
  const farmIds = [...new Set(list.map((order) => order.farm.id))];
  const restaurantIds = [...new Set(list.map((order) => order.restaurant.id))];
  const [farmRows, restaurantRows] = await Promise.all([
    db
      .select({
        id: farms.id,
        name: farms.name,
        location: farms.location,
        contactPhone: farms.contactPhone,
        checksPayableTo: farms.checksPayableTo,
      })
      .from(farms)
      .where(inArray(farms.id, farmIds)),
    db.select().from(restaurants).where(inArray(restaurants.id, restaurantIds)),
  ]);
  const farmById = new Map(farmRows.map((row) => [row.id, row]));
  const restaurantById = new Map(
    restaurantRows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        location: row.location,
        contactPhone: row.contactPhone,
        deliveryZone: row.deliveryZone,
        contacts: [
          [row.contact1Name, row.contact1Position, row.contact1Phone, row.contact1Email],
          [row.contact2Name, row.contact2Position, row.contact2Phone, row.contact2Email],
          [row.contact3Name, row.contact3Position, row.contact3Phone, row.contact3Email],
          [row.contact4Name, row.contact4Position, row.contact4Phone, row.contact4Email],
        ]
          .map(([name, position, phone, email]) => ({
            name: name ?? null,
            position: position ?? null,
            phone: phone ?? null,
            email: email ?? null,
          }))
          .filter((contact) => contact.name || contact.phone || contact.email),
      } satisfies RestaurantParty,
    ]),
  );
  return list.map((order) => ({
    farm: farmById.get(order.farm.id)!,
    restaurant: restaurantById.get(order.restaurant.id)!,
    // The zone the order was placed for, kept on the order (not the restaurant's current one).
    deliveryArea: order.deliveryArea ?? null,
  }));
}

/** An order the viewer may see, in a status that has documents, with both parties' details. */
export async function documentOrder(
  db: DbOrTx,
  orderId: number,
  viewer: Actor,
): Promise<DocumentOrder> {
  const order = await loadOrder(db, orderId, viewer);
  requireDocumentStatus(order);
  const [parties] = await loadParties(db, [order]);
  return { order, ...parties! };
}

/**
 * The invoice of an order. Its number is given the first time the invoice is issued (here, or
 * by an accounting export), from the farm's own counter.
 */
export async function issueInvoice(db: Db, orderId: number, viewer: Actor): Promise<Invoice> {
  const data = await documentOrder(db, orderId, viewer);
  const issued = await db.transaction(async (tx) => {
    await issueInvoiceNumbers(tx, [orderId]);
    const [row] = await tx
      .select({ invoiceNumber: orders.invoiceNumber, issuedAt: orders.invoiceIssuedAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row!;
  });
  if (issued.invoiceNumber === null || issued.issuedAt === null) {
    throw notFound('Order not found');
  }
  return { ...data, invoiceNumber: issued.invoiceNumber, issuedAt: issued.issuedAt };
}

/**
 * Whether the invoice embeds the delivery's photo and signature: for the order's farm and
 * restaurant only, whom alone the pictures' own routes answer. An administrator's copy (of any
 * invoice route) keeps who received the order and when, without the pictures.
 */
export function showsProofPictures(viewer: Actor, order: PricedOrder): boolean {
  if (viewer.kind !== 'person' || !viewer.business) return false;
  const { business } = viewer;
  return business.kind === 'farm'
    ? order.farm.id === business.id
    : order.restaurant.id === business.id;
}

/** The restaurant's own invoice of a delivered order. */
export async function issueDeliveredInvoice(
  db: Db,
  orderId: number,
  restaurant: RestaurantActor,
): Promise<Invoice> {
  const order = await loadOrder(db, orderId, restaurant);
  if (order.status !== 'delivered') {
    throw conflict(
      `The invoice can be viewed here once the order is delivered; this order is ${statusLabel(order.status)}`,
      'document_unavailable',
      { status: order.status },
    );
  }
  return issueInvoice(db, orderId, restaurant);
}

/** The farm's orders with documents for one delivery day, oldest first, with both parties. */
export async function pickListOrders(
  db: Db,
  farm: FarmActor,
  date: string,
): Promise<DocumentOrder[]> {
  const list = (
    await loadOrders(
      db,
      and(
        orderScope(farm),
        eq(orders.deliveryDate, date),
        inArray(orders.status, [...DOCUMENT_STATUSES]),
      ),
    )
  ).reverse();
  if (list.length === 0) {
    throw notFound('No confirmed orders for that delivery day');
  }
  const parties = await loadParties(db, list);
  return list.map((order, index) => ({ order, ...parties[index]! }));
}
