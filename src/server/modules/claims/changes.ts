import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Actor } from '#core/actor';
import type { WeighedLine } from '#core/catch-weight';
import { claimMeasure, claimWindowEnd } from '#core/claims';
import { formatCalendarDate } from '#core/hawaii-time';
import { centsOf, formatUsd, multiplyCents, rateOf, taxCents, toMoneyString } from '#core/money';
import {
  addQuantities,
  formatQuantity,
  quantityHundredths,
  quantityProblem,
  subtractQuantities,
} from '#core/quantity';
import { CLAIM_CODES, type ClaimKind, type ClaimState } from '#core/schemas/claim';
import type { Tx } from '../../db/database';
import {
  claimLines,
  claims,
  creditBalances,
  creditEntries,
  creditNotes,
  farms,
  orderItems,
  restaurants,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { recordNotificationEvents } from '../notifications';
import type { ChangeContext, ChangeOutcome, LockedOrder, OrderChangeOf } from '../orders';
import { openBalanceCents } from '../owed';

type ClaimChange = OrderChangeOf<'claim'>;
type DecisionChange = OrderChangeOf<'claim_decision'>;
type CreditChange = OrderChangeOf<'credit_applied'>;

/**
 * The handler of the changes after delivery (docs/claims.md), through the order's one path:
 * a claim, its decision, or a credit balance put on the invoice. None moves the status; each
 * answers the id of what it made.
 */
export async function afterDeliveryChange({
  tx,
  actor,
  order,
  change,
}: ChangeContext<
  OrderChangeOf<'claim' | 'claim_decision' | 'credit_applied'>
>): Promise<ChangeOutcome> {
  if (change.kind === 'claim') return { madeId: await recordClaim(tx, actor, order, change) };
  if (change.kind === 'claim_decision') {
    return { madeId: await decideClaim(tx, actor, order, change) };
  }
  return { madeId: await applyCreditBalance(tx, actor, order, change) };
}

function userIdOf(actor: Actor): number | null {
  return actor.kind === 'person' ? actor.userId : null;
}

/** "CN-00001": a credit note's number in its farm's sequence. */
export function creditNoteNumber(number: number): string {
  return `CN-${String(number).padStart(5, '0')}`;
}

interface DeliveredLine extends WeighedLine {
  id: number;
  productName: string;
  productUnit: string;
  unitPrice: string;
  totalPrice: string;
}

/** The weight columns a claim reads of its line (docs/catch-weight.md). */
const lineWeight = {
  weightUnit: orderItems.weightUnit,
  packWeight: orderItems.packWeight,
  weight: orderItems.weight,
  weightDecision: orderItems.weightDecision,
};

async function deliveredLines(tx: Tx, orderId: number): Promise<DeliveredLine[]> {
  return tx
    .select({
      id: orderItems.id,
      productName: orderItems.productName,
      productUnit: orderItems.productUnit,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      totalPrice: orderItems.totalPrice,
      ...lineWeight,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/**
 * What of each line is already spoken for: claimed in open claims, accepted in decided ones,
 * with the credit already given. Read in the order's lock, so two reports never both take it.
 */
async function claimedSoFar(tx: Tx, orderId: number, exceptClaimId?: number) {
  const rows = await tx
    .select({
      itemId: claimLines.orderItemId,
      state: claims.state,
      quantity: claimLines.quantity,
      acceptedQuantity: claimLines.acceptedQuantity,
      creditSubtotal: claimLines.creditSubtotal,
      creditTax: claimLines.creditTax,
    })
    .from(claimLines)
    .innerJoin(claims, eq(claims.id, claimLines.claimId))
    .where(
      and(
        eq(claims.orderId, orderId),
        exceptClaimId === undefined ? undefined : ne(claims.id, exceptClaimId),
      ),
    );
  const byItem = new Map<number, { taken: number; subtotal: number; tax: number }>();
  for (const row of rows) {
    const entry = byItem.get(row.itemId) ?? { taken: 0, subtotal: 0, tax: 0 };
    const taken = row.state === 'open' ? row.quantity : (row.acceptedQuantity ?? 0);
    entry.taken = addQuantities(entry.taken, taken);
    entry.subtotal += row.creditSubtotal ? centsOf(row.creditSubtotal) : 0;
    entry.tax += row.creditTax ? centsOf(row.creditTax) : 0;
    byItem.set(row.itemId, entry);
  }
  return byItem;
}

/**
 * The restaurant reports a problem with lines of its delivered order (docs/claims.md), within
 * the farm's claim window after the Hawaii delivery date; the farm is told.
 */
export async function recordClaim(
  tx: Tx,
  actor: Actor,
  order: LockedOrder,
  change: ClaimChange,
): Promise<number> {
  const [farm] = await tx
    .select({ window: farms.claimWindowDays })
    .from(farms)
    .where(eq(farms.id, order.farmId));
  const lastDay = claimWindowEnd(order.deliveryDate ?? change.today, farm!.window);
  if (change.today > lastDay) {
    const message = `Problems with this order could be reported until ${formatCalendarDate(lastDay)}`;
    throw new AppError(
      409,
      message,
      CLAIM_CODES.windowClosed,
      { lines: message },
      {
        claimWindowDays: farm!.window,
      },
    );
  }
  const lines = await deliveredLines(tx, order.id);
  const taken = await claimedSoFar(tx, order.id);
  const seen = new Set<number>();
  const rows = change.lines.map((wanted, index) => {
    const line = lines.find((candidate) => candidate.id === wanted.itemId);
    if (!line) {
      throw badRequest('Only the order’s own lines can be reported', {
        [`lines.${index}.itemId`]: 'Not a line of this order',
      });
    }
    if (seen.has(line.id)) {
      throw badRequest('List each line once', { [`lines.${index}.itemId`]: 'Listed twice' });
    }
    seen.add(line.id);
    const measure = claimMeasure(line);
    const problem = quantityProblem(measure.unit, wanted.quantity);
    if (problem) throw badRequest(problem, { [`lines.${index}.quantity`]: problem });
    const left = subtractQuantities(measure.most, taken.get(line.id)?.taken ?? 0);
    if ((quantityHundredths(wanted.quantity) ?? 0) > (quantityHundredths(left) ?? 0)) {
      const message =
        left <= 0
          ? `All of ${line.productName} is already claimed`
          : `At most ${formatQuantity(left)} ${measure.unit}: what was delivered, less what is already claimed`;
      throw badRequest(message, { [`lines.${index}.quantity`]: message });
    }
    return { line, ...wanted };
  });

  const [claim] = await tx
    .insert(claims)
    .values({
      orderId: order.id,
      farmId: order.farmId,
      restaurantId: order.restaurantId,
      createdByUserId: userIdOf(actor),
    })
    .returning({ id: claims.id });
  await tx.insert(claimLines).values(
    rows.map((row) => ({
      claimId: claim!.id,
      orderItemId: row.line.id,
      kind: row.kind,
      quantity: row.quantity,
      note: row.note,
    })),
  );
  const [restaurant] = await tx
    .select({ name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.id, order.restaurantId));
  await recordNotificationEvents(tx, [
    {
      type: 'claim.reported',
      orderId: order.id,
      claimId: claim!.id,
      restaurantName: restaurant!.name,
      lines: rows.map((row) => ({
        productName: row.line.productName,
        unit: claimMeasure(row.line).unit,
        kind: row.kind,
        quantity: row.quantity,
        acceptedQuantity: null,
      })),
    },
  ]);
  return claim!.id;
}

/** Adds credit to the pair's balance (the row is made on first use, locked by the update). */
async function addToCreditBalance(tx: Tx, order: LockedOrder, cents: number) {
  await tx
    .insert(creditBalances)
    .values({
      farmId: order.farmId,
      restaurantId: order.restaurantId,
      amount: toMoneyString(cents),
    })
    .onConflictDoUpdate({
      target: [creditBalances.farmId, creditBalances.restaurantId],
      set: {
        amount: sql`${creditBalances.amount} + ${toMoneyString(cents)}`,
        updatedAt: new Date(),
      },
    });
}

/**
 * The farm decides an open claim (docs/claims.md): all of it, part of it (a quantity per line,
 * at most what was claimed) or none, with a reason. What it accepts is credited line by line at
 * the line's unit price plus the tax on it at the order's rate (`multiplyCents`, `taxCents`),
 * never more, over all claims of a line, than the line's total and its tax. The credit note
 * lowers the invoice's open balance; what is beyond it goes to the restaurant's credit balance.
 */
export async function decideClaim(
  tx: Tx,
  actor: Actor,
  order: LockedOrder,
  change: DecisionChange,
): Promise<number> {
  const { body } = change;
  const [claim] = await tx
    .select({ id: claims.id, state: claims.state })
    .from(claims)
    .where(and(eq(claims.id, change.claimId), eq(claims.orderId, order.id)))
    .for('update');
  if (!claim) throw notFound('Claim not found');
  if (claim.state !== 'open') {
    throw conflict('This claim is already decided', CLAIM_CODES.decided, { state: claim.state });
  }
  const lines = await tx
    .select({
      id: claimLines.id,
      itemId: claimLines.orderItemId,
      kind: claimLines.kind,
      quantity: claimLines.quantity,
      productName: orderItems.productName,
      productUnit: orderItems.productUnit,
      deliveredQuantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      totalPrice: orderItems.totalPrice,
      weightUnit: orderItems.weightUnit,
    })
    .from(claimLines)
    .innerJoin(orderItems, eq(orderItems.id, claimLines.orderItemId))
    .where(eq(claimLines.claimId, claim.id))
    .orderBy(asc(claimLines.id));

  const accepted = new Map<number, number>();
  if (body.decision === 'accept') {
    for (const line of lines) accepted.set(line.itemId, line.quantity);
  } else if (body.decision === 'partial') {
    const seen = new Set<number>();
    (body.lines ?? []).forEach((wanted, index) => {
      const line = lines.find((candidate) => candidate.itemId === wanted.itemId);
      if (!line) {
        throw badRequest('Only the claim’s own lines can be accepted', {
          [`lines.${index}.itemId`]: 'Not a line of this claim',
        });
      }
      if (seen.has(line.itemId)) {
        throw badRequest('List each line once', { [`lines.${index}.itemId`]: 'Listed twice' });
      }
      seen.add(line.itemId);
      // A claim of a line charged by weight counts its weight unit.
      const unit = line.weightUnit ?? line.productUnit;
      const problem = quantityProblem(unit, wanted.quantity);
      if (problem) throw badRequest(problem, { [`lines.${index}.quantity`]: problem });
      if ((quantityHundredths(wanted.quantity) ?? 0) > (quantityHundredths(line.quantity) ?? 0)) {
        const message = `At most ${formatQuantity(line.quantity)} ${unit}: what was claimed`;
        throw badRequest(message, { [`lines.${index}.quantity`]: message });
      }
      accepted.set(line.itemId, wanted.quantity);
    });
    if ([...accepted.values()].every((quantity) => quantity === 0)) {
      const message = 'Accept some of a line, or decline the claim';
      throw badRequest(message, { lines: message });
    }
  }

  const rate = rateOf(order.taxRate);
  const before = await claimedSoFar(tx, order.id, claim.id);
  const credits = lines.map((line) => {
    const quantity = accepted.get(line.itemId) ?? 0;
    const prior = before.get(line.itemId) ?? { taken: 0, subtotal: 0, tax: 0 };
    const lineTotal = centsOf(line.totalPrice);
    // The line's own share of tax, by the same rule, bounds what its credits may give back.
    const lineTax = taxCents(lineTotal, rate);
    const subtotal = Math.min(
      multiplyCents(centsOf(line.unitPrice), quantity),
      Math.max(lineTotal - prior.subtotal, 0),
    );
    const tax = Math.min(taxCents(subtotal, rate), Math.max(lineTax - prior.tax, 0));
    return { line, quantity, subtotal, tax };
  });
  const subtotal = credits.reduce((sum, credit) => sum + credit.subtotal, 0);
  const tax = credits.reduce((sum, credit) => sum + credit.tax, 0);
  const amount = subtotal + tax;

  const state: Exclude<ClaimState, 'open'> =
    body.decision === 'decline'
      ? 'declined'
      : body.decision === 'accept'
        ? 'accepted'
        : 'partly_accepted';
  const decided = await tx
    .update(claims)
    .set({
      state,
      decidedAt: new Date(),
      decidedByUserId: userIdOf(actor),
      reason: body.reason ?? null,
    })
    .where(and(eq(claims.id, claim.id), eq(claims.state, 'open')))
    .returning({ id: claims.id });
  if (decided.length === 0) throw conflict('This claim is already decided', CLAIM_CODES.decided);
  for (const credit of credits) {
    await tx
      .update(claimLines)
      .set({
        acceptedQuantity: credit.quantity,
        creditSubtotal: toMoneyString(credit.subtotal),
        creditTax: toMoneyString(credit.tax),
      })
      .where(eq(claimLines.id, credit.line.id));
  }

  let creditNote: { number: string; amount: string } | null = null;
  if (amount > 0) {
    const [sequence] = await tx
      .update(farms)
      .set({ lastCreditNoteNumber: sql`${farms.lastCreditNoteNumber} + 1` })
      .where(eq(farms.id, order.farmId))
      .returning({ number: farms.lastCreditNoteNumber });
    const [note] = await tx
      .insert(creditNotes)
      .values({
        farmId: order.farmId,
        restaurantId: order.restaurantId,
        orderId: order.id,
        claimId: claim.id,
        number: sequence!.number,
        subtotal: toMoneyString(subtotal),
        taxAmount: toMoneyString(tax),
        amount: toMoneyString(amount),
        issuedOn: change.today,
        createdByUserId: userIdOf(actor),
      })
      .returning({ id: creditNotes.id });
    const open = await openBalanceCents(tx, order);
    const onInvoice = Math.min(amount, open);
    const toBalance = amount - onInvoice;
    const entry = {
      farmId: order.farmId,
      restaurantId: order.restaurantId,
      creditNoteId: note!.id,
      enteredOn: change.today,
      createdByUserId: userIdOf(actor),
    };
    if (onInvoice > 0) {
      await tx
        .insert(creditEntries)
        .values({ ...entry, kind: 'invoice', orderId: order.id, amount: toMoneyString(onInvoice) });
    }
    if (toBalance > 0) {
      await tx
        .insert(creditEntries)
        .values({ ...entry, kind: 'balance', amount: toMoneyString(toBalance) });
      await addToCreditBalance(tx, order, toBalance);
    }
    creditNote = { number: creditNoteNumber(sequence!.number), amount: toMoneyString(amount) };
  }

  const [farm] = await tx
    .select({ name: farms.name })
    .from(farms)
    .where(eq(farms.id, order.farmId));
  await recordNotificationEvents(tx, [
    {
      type: 'claim.decided',
      orderId: order.id,
      claimId: claim.id,
      farmName: farm!.name,
      state,
      reason: body.reason ?? null,
      creditNote,
      lines: credits.map(({ line, quantity }) => ({
        productName: line.productName,
        unit: line.weightUnit ?? line.productUnit,
        kind: line.kind as ClaimKind,
        quantity: line.quantity,
        acceptedQuantity: quantity,
      })),
    },
  ]);
  return claim.id;
}

/**
 * The farm puts part of the restaurant's credit balance on this invoice: never more than the
 * balance holds nor than the invoice still owes, so neither goes below zero.
 */
export async function applyCreditBalance(
  tx: Tx,
  actor: Actor,
  order: LockedOrder,
  change: CreditChange,
): Promise<number> {
  if (order.restaurantId !== change.restaurantId) {
    throw badRequest('This invoice is not the restaurant’s', {
      orderId: 'Not an invoice of this restaurant',
    });
  }
  const open = await openBalanceCents(tx, order);
  if (change.amountCents > open) {
    throw conflict(
      open === 0
        ? 'This invoice is paid in full'
        : `The credit is more than the balance due of ${formatUsd(open)}`,
      'credit_above_invoice',
      { balanceDue: toMoneyString(open) },
    );
  }
  const [balance] = await tx
    .select({ amount: creditBalances.amount })
    .from(creditBalances)
    .where(
      and(
        eq(creditBalances.farmId, order.farmId),
        eq(creditBalances.restaurantId, order.restaurantId),
      ),
    )
    .for('update');
  const available = balance ? centsOf(balance.amount) : 0;
  if (change.amountCents > available) {
    throw conflict(`The restaurant's credit is ${formatUsd(available)}`, 'credit_above_balance', {
      creditBalance: toMoneyString(available),
    });
  }
  await tx
    .update(creditBalances)
    .set({
      amount: sql`${creditBalances.amount} - ${toMoneyString(change.amountCents)}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(creditBalances.farmId, order.farmId),
        eq(creditBalances.restaurantId, order.restaurantId),
      ),
    );
  const [entry] = await tx
    .insert(creditEntries)
    .values({
      farmId: order.farmId,
      restaurantId: order.restaurantId,
      kind: 'applied',
      orderId: order.id,
      amount: toMoneyString(change.amountCents),
      enteredOn: change.today,
      createdByUserId: userIdOf(actor),
    })
    .returning({ id: creditEntries.id });
  return entry!.id;
}
