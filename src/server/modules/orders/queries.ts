import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '#core/actor';
import { claimWindowEnd } from '#core/claims';
import { orderCutoff } from '#core/delivery-days';
import { findZone } from '#core/delivery-zones';
import { centsOf, multiplyCents, rateOf, toMoneyString, toRateString } from '#core/money';
import { unitsOfPacks } from '#core/packs';
import type { Substitution } from '#core/schemas/order-guide';
import type { PendingSubstitution } from '#core/schemas/substitution';
import { isOrderStatus } from '#core/order-status';
import type { DeliveryProof, PricedOrder } from '#core/schemas/order';
import { shortPersonName } from '#core/actor';
import type { DbOrTx } from '../../db/database';
import {
  farms,
  orderDeliveries,
  orderItems,
  orders,
  productPacks,
  products,
  restaurants,
  substitutions,
  users,
} from '../../db/schema';
import { lineLotsColumn, lineLotsOf } from './line-lots';
import {
  namedPerson,
  personNamesColumn,
  weightHistoryColumn,
  type PersonNames,
  type WeightHistoryRow,
} from './weights-read';
import { estimatedWeight, type WeightDecision } from '#core/catch-weight';
import { fixedSelect } from '../../db/written-once';
import { jsonValue } from '../../db/raw-sql';
import { notFound } from '../../errors';
import { firstPhotoKey, photoUrl } from '../photos';
import { today as clockToday } from '../../clock';
import { amountCreditedSql, amountPaidSql, orderPaymentFields, paymentStateOfRow } from '../owed';
import { orderScope } from './scope';

/** numeric(12,2) as the wire's 2-decimal string, whatever text the driver hands back. */
export function money(value: string): string {
  return toMoneyString(centsOf(value));
}

/** One line of an order as the orders query carries it, in its items column. */
interface ItemRow {
  id: number;
  productId: number;
  name: string;
  unit: string;
  imageKey: string | null;
  packId: number | null;
  packLabel: string;
  packSize: number | string;
  quantity: number | string;
  orderedQuantity: number | string | null;
  unitPrice: string;
  totalPrice: string;
  traced: boolean;
  lots: unknown;
  weightUnit: string | null;
  packWeight: number | string | null;
  weight: number | string | null;
  weights: number[] | null;
  weighedBy: PersonNames | null;
  weighedAt: string | null;
  weightDecision: WeightDecision | null;
  weightHistory: WeightHistoryRow[] | null;
  substitution: Substitution;
  substituteFor: number | null;
  substituteForName: string | null;
  pendingSubstitution: PendingSubstitutionRow | null;
}

/** A line's substitute waiting for the restaurant's answer, as the items column carries it. */
interface PendingSubstitutionRow {
  id: number;
  productId: number;
  packId: number | null;
  productName: string;
  packLabel: string;
  quantity: number | string;
  unitPrice: string;
  /** The substitute's weight unit and pack estimate when it is charged by weight. */
  weightUnit: string | null;
  packWeight: number | string | null;
  deadline: string;
}

/** A line's pending substitute, priced as its line would be (docs/substitutions.md). */
const pendingSubstitutionColumn = sql`(
    select json_build_object(
      'id', ${substitutions.id},
      'productId', ${substitutions.substituteProductId},
      'packId', ${substitutions.substitutePackId},
      'productName', ${substitutions.substituteProductName},
      'packLabel', ${substitutions.substitutePackLabel},
      'quantity', ${substitutions.substituteQuantity},
      'unitPrice', ${substitutions.substituteUnitPrice}::text,
      'weightUnit', (select ${products.weightUnit} from ${products}
        where ${products.id} = ${substitutions.substituteProductId}),
      'packWeight', (select ${productPacks.estimatedWeight} from ${productPacks}
        where ${productPacks.id} = ${substitutions.substitutePackId}),
      'deadline', ${substitutions.deadline}
    )
    from ${substitutions}
    where ${substitutions.orderId} = ${orders.id} and ${substitutions.itemId} = ${orderItems.id}
      and ${substitutions.state} = 'pending'
    order by ${substitutions.id} desc limit 1
  )`;

function pendingSubstitutionOf(row: PendingSubstitutionRow | null): PendingSubstitution | null {
  if (!row) return null;
  const quantity = Number(row.quantity);
  const unitCents = centsOf(row.unitPrice);
  const billed =
    row.weightUnit === null ? quantity : unitsOfPacks(quantity, Number(row.packWeight ?? 0));
  return {
    id: row.id,
    productId: row.productId,
    packId: row.packId,
    productName: row.productName,
    packLabel: row.packLabel,
    quantity,
    unitPrice: toMoneyString(unitCents),
    totalPrice: toMoneyString(multiplyCents(unitCents, billed)),
    deadline: new Date(row.deadline).toISOString(),
  };
}

/**
 * An order's lines as one JSON column, by id: the order and its lines come in one query.
 * Money goes as text (never through a float); quantities as numbers.
 */
const orderItemsColumn = sql<ItemRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${orderItems.id},
    'productId', ${orderItems.productId},
    'name', ${orderItems.productName},
    'unit', ${orderItems.productUnit},
    'imageKey', ${firstPhotoKey(orderItems.productId)},
    'packId', ${orderItems.packId},
    'packLabel', coalesce(${orderItems.packLabel}, ${orderItems.productUnit}),
    'packSize', ${orderItems.packSize},
    'quantity', ${orderItems.quantity},
    'orderedQuantity', ${orderItems.orderedQuantity},
    'unitPrice', ${orderItems.unitPrice}::text,
    'totalPrice', ${orderItems.totalPrice}::text,
    'traced', ${farms.traceabilityEnabled} and ${products.traceabilityCategory} is not null,
    'lots', ${lineLotsColumn(orderItems.id)},
    'weightUnit', ${orderItems.weightUnit},
    'packWeight', ${orderItems.packWeight},
    'weight', ${orderItems.weight},
    'weights', ${orderItems.weights},
    -- Only a line charged by weight has a weigher and a history to look up: every other line,
    -- on every order list, skips both subqueries.
    'weighedBy', case when ${orderItems.weighedByUserId} is not null
      then ${personNamesColumn(orderItems.weighedByUserId)} end,
    'weighedAt', ${orderItems.weighedAt},
    'weightDecision', ${orderItems.weightDecision},
    'weightHistory', case when ${orderItems.weightUnit} is not null
      then ${weightHistoryColumn(orderItems.id)} end,
    'substitution', ${orderItems.substitution},
    'substituteFor', ${orderItems.substituteForItemId},
    'substituteForName', case when ${orderItems.substituteForItemId} is not null then (
      select ${substitutions.productName} from ${substitutions}
      where ${substitutions.substituteItemId} = ${orderItems.id} limit 1) end,
    'pendingSubstitution', ${pendingSubstitutionColumn}
  ) order by ${orderItems.id})
  from ${orderItems} join ${products} on ${products.id} = ${orderItems.productId}
  where ${orderItems.orderId} = ${orders.id}
), '[]'::json)`.mapWith(jsonValue<ItemRow[]>);

function toOrderItem(item: ItemRow): PricedOrder['orderItems'][number] {
  const quantity = Number(item.quantity);
  return {
    id: item.id,
    productId: item.productId,
    product: { name: item.name, unit: item.unit, imageUrl: photoUrl(item.imageKey) },
    packId: item.packId,
    pack: { label: item.packLabel, size: Number(item.packSize) },
    quantity,
    orderedQuantity: item.orderedQuantity === null ? quantity : Number(item.orderedQuantity),
    unitPrice: money(item.unitPrice),
    totalPrice: money(item.totalPrice),
    traced: item.traced,
    lots: lineLotsOf(item.lots),
    ...weightFieldsOf(item, quantity),
    substitution: item.substitution,
    substituteFor: item.substituteFor,
    substituteForName: item.substituteForName,
    pendingSubstitution: pendingSubstitutionOf(item.pendingSubstitution),
  };
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/** A line's catch-weight fields (docs/catch-weight.md), all null on a line priced per pack. */
function weightFieldsOf(item: ItemRow, quantity: number) {
  const packWeight = numberOrNull(item.packWeight);
  return {
    weightUnit: item.weightUnit,
    estimatedWeight: item.weightUnit === null ? null : estimatedWeight({ quantity, packWeight }),
    weight: numberOrNull(item.weight),
    weights: item.weights,
    weighedBy: namedPerson(item.weighedBy),
    weighedAt: item.weighedAt === null ? null : new Date(item.weighedAt).toISOString(),
    weightDecision: item.weightDecision,
    weightHistory: (item.weightHistory ?? []).map((entry) => ({
      kind: entry.kind,
      weight: Number(entry.weight),
      by: namedPerson(entry.by),
      at: new Date(entry.at).toISOString(),
    })),
  };
}

/** An order row with its farm, restaurant, proof of delivery and lines, written once. */
const orderRows = fixedSelect((select) =>
  select
    .select({
      id: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      subtotal: orders.subtotal,
      deliveryFee: orders.deliveryFee,
      taxRate: orders.taxRate,
      taxAmount: orders.taxAmount,
      taxReason: orders.taxReason,
      smallOrderFee: orders.smallOrderFee,
      totalAmount: orders.totalAmount,
      deliveryDate: orders.deliveryDate,
      deliveryArea: orders.deliveryArea,
      recipientName: orders.recipientName,
      notes: orders.notes,
      dueDate: orders.dueDate,
      standingOrderId: orders.standingOrderId,
      adjustedAt: orders.adjustedAt,
      amountPaid: amountPaidSql,
      amountCredited: amountCreditedSql,
      farmId: farms.id,
      farmName: farms.name,
      cutoffDaysBefore: farms.orderCutoffDaysBefore,
      cutoffMinutes: farms.orderCutoffMinutes,
      claimWindowDays: farms.claimWindowDays,
      restaurantId: restaurants.id,
      restaurantName: restaurants.name,
      restaurantLocation: restaurants.location,
      restaurantPhone: restaurants.contactPhone,
      proofRecipient: orderDeliveries.recipientName,
      proofDeliveredAt: orderDeliveries.deliveredAt,
      proofReceivedAt: orderDeliveries.receivedAt,
      proofPhotoKey: orderDeliveries.photoKey,
      proofSignatureKey: orderDeliveries.signatureKey,
      delivererFirstName: users.firstName,
      delivererLastName: users.lastName,
      delivererPrintedName: orderDeliveries.deliveredByName,
      items: orderItemsColumn,
    })
    .from(orders)
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .leftJoin(orderDeliveries, eq(orderDeliveries.orderId, orders.id))
    .leftJoin(users, eq(users.id, orderDeliveries.deliveredByUserId)),
);

/**
 * Orders matching `where` (a condition on the orders table) as docs/api.md#order has it, newest
 * first, in one query whatever their number: each order with its farm, restaurant, proof of
 * delivery and its lines.
 */
export async function loadOrders(db: DbOrTx, where: SQL | undefined): Promise<PricedOrder[]> {
  const rows = await orderRows(
    db,
    sql`${where ? sql`where ${where}` : sql``} order by ${orders.createdAt} desc, ${orders.id} desc`,
  );
  if (rows.length === 0) return [];

  const today = clockToday();
  return rows.map((row) => ({
    id: row.id,
    status: isOrderStatus(row.status) ? row.status : 'pending',
    createdAt: row.createdAt.toISOString(),
    subtotal: money(row.subtotal),
    deliveryFee: money(row.deliveryFee),
    taxRate: toRateString(rateOf(row.taxRate)),
    taxAmount: money(row.taxAmount),
    taxReason: row.taxReason,
    smallOrderFee: money(row.smallOrderFee),
    totalAmount: money(row.totalAmount),
    deliveryDate: row.deliveryDate,
    recipientName: row.recipientName,
    notes: row.notes,
    farm: { id: row.farmId, name: row.farmName },
    restaurant: {
      id: row.restaurantId,
      name: row.restaurantName,
      location: row.restaurantLocation,
      contactPhone: row.restaurantPhone,
    },
    orderItems: row.items.map(toOrderItem),
    weightsPending: row.items.some((item) => item.weightUnit !== null && item.weight === null),
    adjustedAt: row.adjustedAt?.toISOString() ?? null,
    orderCutoff: row.deliveryDate
      ? orderCutoff(row.deliveryDate, {
          daysBefore: row.cutoffDaysBefore,
          minutes: row.cutoffMinutes,
        }).toISOString()
      : null,
    ...orderPaymentFields(paymentStateOfRow(row, today)),
    ...orderZoneFields(row.deliveryArea),
    standingOrderId: row.standingOrderId,
    delivery: deliveryProof(row),
    claimsOpenUntil:
      row.status === 'delivered' && row.deliveryDate
        ? claimWindowEnd(row.deliveryDate, row.claimWindowDays)
        : null,
  }));
}

/** The proof of delivery of a row, with the addresses of its private files; null before. */
function deliveryProof(row: {
  id: number;
  proofRecipient: string | null;
  proofDeliveredAt: Date | null;
  proofReceivedAt: Date | null;
  proofPhotoKey: string | null;
  proofSignatureKey: string | null;
  delivererFirstName: string | null;
  delivererLastName: string | null;
  /** The name as printed, kept when the deliverer's account closed (docs/leaving.md). */
  delivererPrintedName: string | null;
}): DeliveryProof | null {
  if (row.proofRecipient === null || !row.proofDeliveredAt || !row.proofReceivedAt) return null;
  return {
    recipientName: row.proofRecipient,
    deliveredAt: row.proofDeliveredAt.toISOString(),
    receivedAt: row.proofReceivedAt.toISOString(),
    deliveredByName:
      row.delivererPrintedName ?? shortPersonName(row.delivererFirstName, row.delivererLastName),
    photoUrl: row.proofPhotoKey ? deliveryProofUrl(row.id, 'photo') : null,
    signatureUrl: row.proofSignatureKey ? deliveryProofUrl(row.id, 'signature') : null,
  };
}

/** Where an order's proof files are served: to its two businesses only. */
export function deliveryProofUrl(orderId: number, part: 'photo' | 'signature'): string {
  return `/api/orders/${orderId}/delivery/${part}`;
}

/** The order's own zone in both wire forms (the slug and the name), from the stored name. */
function orderZoneFields(
  stored: string | null,
): Pick<PricedOrder, 'deliveryZone' | 'deliveryArea'> {
  const zone = findZone(stored);
  return { deliveryZone: zone?.slug ?? null, deliveryArea: zone?.name ?? stored };
}

export async function loadOrdersByIds(db: DbOrTx, ids: number[]): Promise<PricedOrder[]> {
  if (ids.length === 0) return [];
  return loadOrders(db, inArray(orders.id, ids));
}

/**
 * One order: with `viewer`, only if it is in the viewer's scope (else 404, as for an id that
 * does not exist); without, whatever it is (a service reading back the order it just changed).
 */
export async function loadOrder(db: DbOrTx, id: number, viewer?: Actor): Promise<PricedOrder> {
  const [order] = await loadOrders(
    db,
    and(eq(orders.id, id), viewer ? orderScope(viewer) : undefined),
  );
  if (!order) throw notFound('Order not found');
  return order;
}
