// One payment a farm receives from a restaurant group (docs/groups.md): it is split over the
// locations' open invoices with that farm, oldest invoice first, each part a payment of one
// order, judged by the one owed rule. Voiding it voids every part.
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FarmActor } from '#core/actor';
import { centsOf, formatUsd, toMoneyString } from '#core/money';
import type { PaymentCreateBody } from '#core/schemas/payment';
import type { GroupPayment } from '#core/schemas/group';
import { today as clockToday } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { groupPayments, orders, payments, restaurantGroups, restaurants } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { publishLiveEvents } from '../events';
import { amountCreditedSql, amountPaidSql, isBill, openBalanceCents, stillOwed } from '../owed';

const NO_GROUP = 'Group not found';

/**
 * The group's locations that are the farm's customers (they ordered from it); 404 when there
 * are none, so a farm learns nothing of a group it does not deal with.
 */
export async function farmCustomerLocations(
  db: DbOrTx,
  farmId: number,
  groupId: number,
): Promise<number[]> {
  const found = await db
    .selectDistinct({ id: restaurants.id })
    .from(restaurants)
    .innerJoin(orders, and(eq(orders.restaurantId, restaurants.id), eq(orders.farmId, farmId)))
    .where(eq(restaurants.groupId, groupId))
    .orderBy(asc(restaurants.id));
  if (found.length === 0) throw notFound(NO_GROUP);
  return found.map((row) => row.id);
}

async function groupPaymentOf(db: DbOrTx, farmId: number, id: number): Promise<GroupPayment> {
  const [row] = await db
    .select()
    .from(groupPayments)
    .where(and(eq(groupPayments.id, id), eq(groupPayments.farmId, farmId)));
  if (!row) throw notFound('Payment not found');
  const parts = await db
    .select({
      paymentId: payments.id,
      orderId: payments.orderId,
      restaurantId: orders.restaurantId,
      amount: payments.amount,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.groupPaymentId, id))
    .orderBy(asc(payments.id));
  return {
    id: row.id,
    groupId: row.groupId,
    amount: toMoneyString(centsOf(row.amount)),
    paidOn: row.paidOn,
    method: row.method,
    reference: row.reference,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    parts: parts.map((part) => ({ ...part, amount: toMoneyString(centsOf(part.amount)) })),
  };
}

/** GET /api/customers/groups/{groupId}/payments: the farm's group payments, newest first. */
export async function listGroupPayments(
  db: DbOrTx,
  farm: FarmActor,
  groupId: number,
): Promise<GroupPayment[]> {
  await farmCustomerLocations(db, farm.business.id, groupId);
  const ids = await db
    .select({ id: groupPayments.id })
    .from(groupPayments)
    .where(and(eq(groupPayments.groupId, groupId), eq(groupPayments.farmId, farm.business.id)))
    .orderBy(desc(groupPayments.id))
    .limit(200);
  return Promise.all(ids.map(({ id }) => groupPaymentOf(db, farm.business.id, id)));
}

/**
 * POST /api/customers/groups/{groupId}/payments: records one payment and applies it to the
 * locations' open invoices with the farm, oldest invoice (delivery day) first. The invoices
 * are locked first and their balances summed after the lock, as a single payment does; an
 * amount above what they owe together is 409 `payment_above_balance` with that balance.
 */
export async function recordGroupPayment(
  db: Db,
  farm: FarmActor,
  groupId: number,
  body: PaymentCreateBody,
  today = clockToday(),
): Promise<GroupPayment> {
  if (body.paidOn > today) {
    throw badRequest('The payment date cannot be after today', {
      paidOn: 'The payment date cannot be after today',
    });
  }
  const farmId = farm.business.id;
  const amountCents = centsOf(body.amount);
  return db.transaction(async (tx) => {
    const locations = await farmCustomerLocations(tx, farmId, groupId);
    const bills = await tx
      .select({
        id: orders.id,
        totalAmount: orders.totalAmount,
        restaurantId: orders.restaurantId,
      })
      .from(orders)
      .where(and(eq(orders.farmId, farmId), inArray(orders.restaurantId, locations), isBill))
      .orderBy(asc(orders.deliveryDate), asc(orders.id))
      .for('update');
    const open: { id: number; restaurantId: number; balanceCents: number }[] = [];
    for (const bill of bills) {
      const balanceCents = await openBalanceCents(tx, bill);
      if (balanceCents > 0) open.push({ ...bill, balanceCents });
    }
    const totalCents = open.reduce((sum, bill) => sum + bill.balanceCents, 0);
    if (amountCents > totalCents) {
      throw conflict(
        totalCents <= 0
          ? "The group's invoices are paid in full"
          : `The payment is more than the group's balance due of ${formatUsd(totalCents)}`,
        'payment_above_balance',
        { balanceDue: toMoneyString(totalCents) },
      );
    }
    const [group] = await tx
      .insert(groupPayments)
      .values({
        groupId,
        farmId,
        amount: toMoneyString(amountCents),
        paidOn: body.paidOn,
        method: body.method,
        reference: body.reference ?? null,
        recordedByUserId: farm.userId,
      })
      .returning({ id: groupPayments.id });
    let left = amountCents;
    const touched: typeof open = [];
    for (const bill of open) {
      if (left <= 0) break;
      const part = Math.min(left, bill.balanceCents);
      left -= part;
      touched.push(bill);
      await tx.insert(payments).values({
        orderId: bill.id,
        amount: toMoneyString(part),
        paidOn: body.paidOn,
        method: body.method,
        reference: body.reference ?? null,
        provider: 'manual',
        recordedByUserId: farm.userId,
        groupPaymentId: group!.id,
      });
    }
    await publishLiveEvents(
      tx,
      touched.map((bill) => ({
        type: 'orders.changed' as const,
        orderId: bill.id,
        farmId,
        restaurantId: bill.restaurantId,
      })),
    );
    return groupPaymentOf(tx, farmId, group!.id);
  });
}

/**
 * POST /api/customers/groups/{groupId}/payments/{paymentId}/void: voids the group payment and
 * every part of it that still counts, with the reason, in one transaction; 409
 * `payment_already_voided` the second time.
 */
export async function voidGroupPayment(
  db: Db,
  farm: FarmActor,
  groupId: number,
  paymentId: number,
  reason: string,
): Promise<GroupPayment> {
  const farmId = farm.business.id;
  return db.transaction(async (tx) => {
    const [voided] = await tx
      .update(groupPayments)
      .set({ voidedAt: sql`now()`, voidedByUserId: farm.userId, voidReason: reason })
      .where(
        and(
          eq(groupPayments.id, paymentId),
          eq(groupPayments.groupId, groupId),
          eq(groupPayments.farmId, farmId),
          isNull(groupPayments.voidedAt),
        ),
      )
      .returning({ id: groupPayments.id });
    if (!voided) {
      const [existing] = await tx
        .select({ id: groupPayments.id })
        .from(groupPayments)
        .where(
          and(
            eq(groupPayments.id, paymentId),
            eq(groupPayments.groupId, groupId),
            eq(groupPayments.farmId, farmId),
          ),
        );
      if (!existing) throw notFound('Payment not found');
      throw new AppError(409, 'This payment is already voided', 'payment_already_voided');
    }
    const parts = await tx
      .update(payments)
      .set({ voidedAt: sql`now()`, voidedByUserId: farm.userId, voidReason: reason })
      .where(and(eq(payments.groupPaymentId, paymentId), isNull(payments.voidedAt)))
      .returning({ orderId: payments.orderId });
    const touched = parts.length
      ? await tx
          .select({ id: orders.id, restaurantId: orders.restaurantId })
          .from(orders)
          .where(
            inArray(
              orders.id,
              parts.map((part) => part.orderId),
            ),
          )
      : [];
    await publishLiveEvents(
      tx,
      touched.map((order) => ({
        type: 'orders.changed' as const,
        orderId: order.id,
        farmId,
        restaurantId: order.restaurantId,
      })),
    );
    return groupPaymentOf(tx, farmId, paymentId);
  });
}

/**
 * GET /api/customers/groups: the restaurant groups whose locations are the farm's customers,
 * with what they owe the farm together, by the one owed rule.
 */
export async function farmCustomerGroups(
  db: DbOrTx,
  farm: FarmActor,
): Promise<{ id: number; name: string; balanceDue: string }[]> {
  const owed = sql<string>`coalesce(sum(case when ${stillOwed} then ${orders.totalAmount} - ${amountPaidSql} - ${amountCreditedSql} else 0 end), 0)::text`;
  const rows = await db
    .select({ id: restaurantGroups.id, name: restaurantGroups.name, owed })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(restaurantGroups, eq(restaurantGroups.id, restaurants.groupId))
    .where(eq(orders.farmId, farm.business.id))
    .groupBy(restaurantGroups.id, restaurantGroups.name)
    .orderBy(asc(restaurantGroups.name), asc(restaurantGroups.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    balanceDue: toMoneyString(centsOf(row.owed)),
  }));
}
