import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Actor, FarmActor, RestaurantActor } from '#core/actor';
import { DOCUMENT_STATUSES, statusLabel } from '#core/order-status';
import { harvestLabel, unitsOfPacks } from '#core/packs';
import { addQuantities } from '#core/quantity';
import type { PricedOrder } from '#core/schemas/order';
import { compareNames } from '#core/text-fold';
import type { Db, DbOrTx } from '../../db/database';
import { farms, orders, productPacks, products, restaurants } from '../../db/schema';
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

/** One product of a pick list: what the day's orders take of it, in its unit. */
export interface PickListRow {
  productId: number;
  name: string;
  unit: string;
  /** Units of stock over every pack the day's lines sold: 2 cases of 24 and 5 bunches are 53. */
  quantity: number;
  /** How many of the day's orders ask for it. */
  orders: number;
  /** What to harvest in words: "312 bunches = 13 cases of 24 bunches". */
  harvest: string;
}

/** A delivery day's pick list: the products to gather, and each order's packing slip. */
export interface PickListDay {
  date: string;
  rows: PickListRow[];
  slips: DocumentOrder[];
}

/**
 * The farm's orders with documents for one delivery day, oldest first, with both parties, and
 * what they take of each product summed in its unit over every pack sold.
 */
export async function pickListDay(db: Db, farm: FarmActor, date: string): Promise<PickListDay> {
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
  const slips = list.map((order, index) => ({ order, ...parties[index]! }));
  const productIds = list.flatMap((order) => order.orderItems.map((line) => line.productId));
  const packs = await livePacks(db, [...new Set(productIds)]);
  return { date, rows: pickListRows(list, packs), slips };
}

type LivePacks = Map<number, { unit: string; packs: { label: string; size: number }[] }>;

/** The products' packs on sale now, with the unit they count in. */
async function livePacks(db: DbOrTx, productIds: number[]): Promise<LivePacks> {
  const byProduct: LivePacks = new Map();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productPacks.productId,
      unit: products.unit,
      label: productPacks.label,
      size: productPacks.size,
    })
    .from(productPacks)
    .innerJoin(products, eq(products.id, productPacks.productId))
    .where(and(inArray(productPacks.productId, productIds), isNull(productPacks.archivedAt)))
    .orderBy(asc(productPacks.size), asc(productPacks.id));
  for (const row of rows) {
    const entry = byProduct.get(row.productId) ?? { unit: row.unit, packs: [] };
    entry.packs.push({ label: row.label, size: row.size });
    byProduct.set(row.productId, entry);
  }
  return byProduct;
}

/**
 * The day's lines summed per product and unit as sold, in units of stock (a line of `quantity`
 * packs takes quantity × size), named by name. The harvest is said in the product's packs on
 * sale now, when it still counts in the unit the lines were sold in.
 */
export function pickListRows(list: PricedOrder[], packs: LivePacks): PickListRow[] {
  const totals = new Map<string, PickListRow & { orderIds: Set<number> }>();
  for (const order of list) {
    for (const line of order.orderItems) {
      const unit = line.product.unit;
      const key = `${line.productId}|${unit}`;
      const row = totals.get(key) ?? {
        productId: line.productId,
        name: line.product.name,
        unit,
        quantity: 0,
        orders: 0,
        harvest: '',
        orderIds: new Set<number>(),
      };
      const units = unitsOfPacks(line.quantity, line.pack?.size ?? 1);
      row.quantity = addQuantities(row.quantity, units);
      // A case and some loose bunches of one order are one order to pick for.
      row.orderIds.add(order.id);
      totals.set(key, row);
    }
  }
  return [...totals.values()]
    .map(({ orderIds, ...row }) => {
      const product = packs.get(row.productId);
      const sold = product && product.unit === row.unit ? product.packs : [];
      return {
        ...row,
        orders: orderIds.size,
        harvest: harvestLabel(row.quantity, row.unit, sold),
      };
    })
    .sort((a, b) => compareNames(a.name, b.name));
}
