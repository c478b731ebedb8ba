import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor, FarmActor } from '#core/actor';
import { formatCalendarDate, hawaiiDate } from '#core/hawaii-time';
import { centsOf, formatUsd, toMoneyString } from '#core/money';
import type { PaymentMethod } from '#core/payments';
import type { OrderPayments, Payment, PaymentCreateBody } from '#core/schemas/payment';
import { today as clockToday } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { orders, payments, users } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { publishLiveEvent } from '../events';
import { orderScope } from '../orders';
import { reviewAutomaticHold } from '../customers';
import { openBalanceCents, orderPaymentFields, owedColumns, paymentStateOfRow } from '../owed';
import { manualPaymentProvider, type PaymentProvider } from './provider';

const recorder = alias(users, 'recorder');
const voider = alias(users, 'voider');

function personName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter(Boolean).join(' ');
  return name || null;
}

async function listPayments(db: DbOrTx, orderId: number): Promise<Payment[]> {
  const rows = await db
    .select({
      payment: payments,
      recorderFirst: recorder.firstName,
      recorderLast: recorder.lastName,
      voiderFirst: voider.firstName,
      voiderLast: voider.lastName,
    })
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recordedByUserId))
    .leftJoin(voider, eq(voider.id, payments.voidedByUserId))
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
  return rows.map(({ payment, ...names }) => ({
    id: payment.id,
    orderId: payment.orderId,
    amount: toMoneyString(centsOf(payment.amount)),
    paidOn: payment.paidOn,
    method: payment.method as PaymentMethod,
    reference: payment.reference,
    provider: payment.provider,
    recordedAt: payment.recordedAt.toISOString(),
    recordedBy: personName(names.recorderFirst, names.recorderLast),
    voidedAt: payment.voidedAt?.toISOString() ?? null,
    voidedBy: payment.voidedAt ? personName(names.voiderFirst, names.voiderLast) : null,
    voidReason: payment.voidReason,
  }));
}

/** An order's payment state and every payment (voided ones too), for whoever sees the order. */
export async function orderPayments(
  db: DbOrTx,
  orderId: number,
  viewer: Actor,
  today = clockToday(),
): Promise<OrderPayments> {
  const [row] = await db
    .select(owedColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), orderScope(viewer)));
  if (!row) throw notFound('Order not found');
  return {
    orderId,
    totalAmount: toMoneyString(centsOf(row.totalAmount)),
    ...orderPaymentFields(paymentStateOfRow(row, today)),
    payments: await listPayments(db, orderId),
  };
}

/**
 * Records money the farm received for one of its delivered orders. The order's row is locked
 * first, so two payments at once are summed one after the other and never overpay; an amount
 * above the balance is refused with the balance. The day received runs from the Hawaii day the
 * order was placed to today: an earlier one would count in statements before the order existed.
 */
export async function recordPayment(
  db: Db,
  who: FarmActor,
  orderId: number,
  body: PaymentCreateBody,
  options: { provider?: PaymentProvider; today?: string } = {},
): Promise<OrderPayments> {
  const provider = options.provider ?? manualPaymentProvider;
  const today = options.today ?? clockToday();
  if (body.paidOn > today) {
    throw badRequest('The payment date cannot be after today', {
      paidOn: 'The payment date cannot be after today',
    });
  }
  const amountCents = centsOf(body.amount);
  const result = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        totalAmount: orders.totalAmount,
        restaurantId: orders.restaurantId,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), orderScope(who)))
      .for('update');
    if (!order) throw notFound('Order not found');
    // The clock can be set behind the real time orders are stamped with (tests, a demo): an
    // order it sees as placed later than today is bounded by today.
    const placedOn = [hawaiiDate(order.createdAt), today].sort()[0]!;
    if (body.paidOn < placedOn) {
      const message = `The payment date cannot be before the order was placed (${formatCalendarDate(placedOn)})`;
      throw badRequest(message, { paidOn: message });
    }
    if (order.status !== 'delivered') {
      throw conflict('Payments are recorded once the order is delivered', 'order_not_delivered', {
        status: order.status,
      });
    }
    // Summed after the lock, not in the locking select: a subquery there would keep the
    // snapshot from before the wait and miss the payment that held the lock.
    const balanceCents = await openBalanceCents(tx, order);
    if (amountCents > balanceCents) {
      throw conflict(
        balanceCents <= 0
          ? 'This invoice is paid in full'
          : `The payment is more than the balance due of ${formatUsd(balanceCents)}`,
        'payment_above_balance',
        { balanceDue: toMoneyString(Math.max(balanceCents, 0)) },
      );
    }
    const collected = await provider.collect({
      orderId,
      amountCents,
      method: body.method,
      reference: body.reference,
    });
    await tx.insert(payments).values({
      orderId,
      amount: toMoneyString(amountCents),
      paidOn: body.paidOn,
      method: body.method,
      reference: collected.reference,
      provider: provider.name,
      recordedByUserId: who.userId,
    });
    await publishLiveEvent(tx, {
      type: 'orders.changed',
      orderId,
      farmId: who.business.id,
      restaurantId: order.restaurantId,
    });
    // A payment that clears the reason of an automatic hold releases it (docs/customers.md).
    await reviewAutomaticHold(tx, who.business.id, order.restaurantId);
    return orderPayments(tx, orderId, who, today);
  });
  return result;
}

/**
 * Voids a payment of the farm's order with a reason; the row stays. The update is conditional
 * on the payment not being voided yet, so a second void (or two at once) answers 409.
 */
export async function voidPayment(
  db: Db,
  who: FarmActor,
  paymentId: number,
  reason: string,
): Promise<OrderPayments> {
  return db.transaction(async (tx) => {
    const farmOrders = tx.select({ id: orders.id }).from(orders).where(orderScope(who));
    const voided = await tx
      .update(payments)
      .set({ voidedAt: sql`now()`, voidedByUserId: who.userId, voidReason: reason })
      .where(
        and(
          eq(payments.id, paymentId),
          isNull(payments.voidedAt),
          // A part of a group's payment is voided with the whole (docs/groups.md).
          isNull(payments.groupPaymentId),
          inArray(payments.orderId, farmOrders),
        ),
      )
      .returning({ orderId: payments.orderId });
    if (voided.length === 0) {
      const [existing] = await tx
        .select({ voidedAt: payments.voidedAt, groupPaymentId: payments.groupPaymentId })
        .from(payments)
        .where(and(eq(payments.id, paymentId), inArray(payments.orderId, farmOrders)));
      if (!existing) throw notFound('Payment not found');
      if (existing.groupPaymentId !== null && existing.voidedAt === null) {
        throw new AppError(
          409,
          "This payment is part of a group's payment: void the group's payment",
          'part_of_group_payment',
        );
      }
      throw new AppError(409, 'This payment is already voided', 'payment_already_voided');
    }
    const orderId = voided[0]!.orderId;
    const [order] = await tx
      .select({ restaurantId: orders.restaurantId })
      .from(orders)
      .where(eq(orders.id, orderId));
    await publishLiveEvent(tx, {
      type: 'orders.changed',
      orderId,
      farmId: who.business.id,
      restaurantId: order!.restaurantId,
    });
    return orderPayments(tx, orderId, who);
  });
}
