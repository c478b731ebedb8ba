import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '#core/actor';
import { centsOf, formatUsd, toMoneyString, type Cents } from '#core/money';
import { IN_PROGRESS_STATUSES } from '#core/order-status';
import { CUSTOMER_CODES, type CreditMode } from '#core/schemas/customer';
import { now as clockNow, today as clockToday } from '../../clock';
import type { Db, DbOrTx, Tx } from '../../db/database';
import { preparedSelect } from '../../db/written-once';
import {
  creditBalances,
  customerCredit,
  customerCreditEvents,
  farms,
  orders,
  restaurants,
} from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { recordNotificationEvents } from '../notifications';
import { owedColumns, paymentStateOfRow, stillOwed } from '../owed';

/**
 * Credit limits and holds (docs/customers.md): what a restaurant owes a farm and has on order,
 * judged against the farm's terms for it. The figures come from the one owed rule.
 */

/** One customer's row of terms and hold, as read. */
export type CreditRow = typeof customerCredit.$inferSelect;

/** What a restaurant owes a farm and has on order with it, in cents. */
export interface AccountFigures {
  /** Each open invoice: what it still owes and how many days past due it is (0: not yet). */
  invoices: { balanceCents: Cents; daysPastDue: number }[];
  owedCents: Cents;
  overdueCents: Cents;
  oldestOverdueDays: number | null;
  /** Orders placed and not delivered yet: pending to in transit. */
  openOrdersCents: Cents;
  /** Credit notes not used yet (docs/claims.md#credit-balance). */
  creditCents: Cents;
}

const EMPTY_FIGURES: AccountFigures = {
  invoices: [],
  owedCents: 0,
  overdueCents: 0,
  oldestOverdueDays: null,
  openOrdersCents: 0,
  creditCents: 0,
};

/** The figures of each of these restaurants with the farm, read in three queries. */
export async function figuresOf(
  db: DbOrTx,
  farmId: number,
  restaurantIds: readonly number[],
  today: string,
): Promise<Map<number, AccountFigures>> {
  const figures = new Map<number, AccountFigures>(
    restaurantIds.map((id) => [id, { ...EMPTY_FIGURES, invoices: [] }]),
  );
  if (restaurantIds.length === 0) return figures;
  const ids = [...restaurantIds];
  const [owed, open, credit] = await Promise.all([
    db
      .select({ ...owedColumns, restaurantId: orders.restaurantId })
      .from(orders)
      .where(and(eq(orders.farmId, farmId), inArray(orders.restaurantId, ids), stillOwed)),
    db
      .select({
        restaurantId: orders.restaurantId,
        amount: sql<string>`coalesce(sum(${orders.totalAmount}), 0)`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.farmId, farmId),
          inArray(orders.restaurantId, ids),
          inArray(orders.status, [...IN_PROGRESS_STATUSES]),
        ),
      )
      .groupBy(orders.restaurantId),
    db
      .select({ restaurantId: creditBalances.restaurantId, amount: creditBalances.amount })
      .from(creditBalances)
      .where(and(eq(creditBalances.farmId, farmId), inArray(creditBalances.restaurantId, ids))),
  ]);
  for (const row of owed) {
    const entry = figures.get(row.restaurantId)!;
    const state = paymentStateOfRow(row, today);
    entry.invoices.push({ balanceCents: state.balanceDueCents, daysPastDue: state.daysPastDue });
    entry.owedCents += state.balanceDueCents;
    if (state.paymentStatus === 'overdue') {
      entry.overdueCents += state.balanceDueCents;
      entry.oldestOverdueDays = Math.max(entry.oldestOverdueDays ?? 0, state.daysPastDue);
    }
  }
  for (const row of open) figures.get(row.restaurantId)!.openOrdersCents = centsOf(row.amount);
  for (const row of credit) figures.get(row.restaurantId)!.creditCents = centsOf(row.amount);
  return figures;
}

/** Whether the row sets any terms (a limit or a number of days). */
export function hasTerms(row: Pick<CreditRow, 'creditLimit' | 'holdAfterDaysOverdue'>): boolean {
  return row.creditLimit !== null || row.holdAfterDaysOverdue !== null;
}

/**
 * Exposure: what the restaurant owes on delivered invoices, plus its open orders, plus the new
 * order, less its credit with the farm.
 */
export function exposureCents(figures: AccountFigures, newOrderCents: Cents = 0): Cents {
  return figures.owedCents + figures.openOrdersCents + newOrderCents - figures.creditCents;
}

/**
 * Why the terms stop an order of `newOrderCents` (0: the account as it stands), in words the
 * chef can act on; null when they do not. Overdue invoices are named first: paying them is the
 * way back.
 */
export function termsReason(
  row: Pick<CreditRow, 'creditLimit' | 'holdAfterDaysOverdue'>,
  figures: AccountFigures,
  farmName: string,
  newOrderCents: Cents = 0,
): string | null {
  if (row.holdAfterDaysOverdue !== null) {
    const days = row.holdAfterDaysOverdue;
    const late = figures.invoices.filter((invoice) => invoice.daysPastDue > days);
    if (late.length > 0) {
      const amount = late.reduce((sum, invoice) => sum + invoice.balanceCents, 0);
      const beyond = days === 0 ? '' : ` more than ${days} day${days === 1 ? '' : 's'}`;
      return `${formatUsd(amount)} of invoices to ${farmName} are overdue${beyond}; pay them to order again`;
    }
  }
  if (row.creditLimit !== null) {
    const limit = centsOf(row.creditLimit);
    const exposure = exposureCents(figures, newOrderCents);
    if (exposure > limit) {
      return newOrderCents > 0
        ? `This order would bring what you owe ${farmName} to ${formatUsd(exposure)}, over your credit limit of ${formatUsd(limit)}; pay some of it, or order less, to order again`
        : `What you owe ${farmName} (${formatUsd(exposure)}) is over your credit limit of ${formatUsd(limit)}; pay some of it to order again`;
    }
  }
  return null;
}

/** The message of a hold the farm set by hand, as the restaurant reads it. */
export function handHoldMessage(farmName: string, reason: string): string {
  return `${farmName} has put your account on hold: ${reason}`;
}

/**
 * The terms and holds of a restaurant with the farms of a placement: one read by key, sent with
 * the placement's other reads. No row, no terms and no hold: the check then costs nothing more.
 */
const creditRowsOfPlacement = preparedSelect((select) =>
  select
    .select()
    .from(customerCredit)
    .where(
      sql`${customerCredit.restaurantId} = ${sql.placeholder('restaurantId')} and ${customerCredit.farmId} = any(${sql.placeholder('farmIds')})`,
    ),
);

export function creditRowsOf(
  tx: DbOrTx,
  restaurantId: number,
  farmIds: readonly number[],
): Promise<CreditRow[]> {
  return creditRowsOfPlacement(tx, { restaurantId, farmIds: [...farmIds] });
}

/** Locks a customer's credit row until the transaction ends: orders against its terms queue. */
async function lockCreditRow(
  tx: Tx,
  farmId: number,
  restaurantId: number,
): Promise<CreditRow | undefined> {
  const [row] = await tx
    .select()
    .from(customerCredit)
    .where(and(eq(customerCredit.farmId, farmId), eq(customerCredit.restaurantId, restaurantId)))
    .for('update');
  return row;
}

/** An automatic hold a refusal found, recorded after the refused placement rolled back. */
interface FoundHold {
  farmId: number;
  restaurantId: number;
  reason: string;
}
const holdsFound = new WeakMap<AppError, FoundHold>();

export function creditHoldRefusal(
  message: string,
  farm: { id: number; name: string },
  found?: FoundHold,
): AppError {
  const error = conflict(message, CUSTOMER_CODES.creditHold, {
    farmId: farm.id,
    farmName: farm.name,
  });
  if (found) holdsFound.set(error, found);
  return error;
}

/** One farm's order of a placement, priced. */
export interface CreditEntry {
  farm: { id: number; name: string };
  totalCents: Cents;
}

/**
 * The credit check of a placement, in its transaction: a farm's hand hold refuses its order; a
 * farm's terms are judged under the lock of the customer's credit row, so two orders at once
 * cannot both pass a limit they pass only alone. `hold` refuses (409 `credit_hold`), `warn`
 * places the order and tells both sides. Without rows it does nothing.
 */
export async function checkCredit(
  tx: Tx,
  restaurantId: number,
  rows: readonly CreditRow[],
  entries: readonly CreditEntry[],
  now: Date = clockNow(),
): Promise<void> {
  if (rows.length === 0) return;
  const byFarm = new Map(rows.map((row) => [row.farmId, row]));
  // Rows are locked in farm order, so two checkouts of the restaurant never wait on each other.
  for (const entry of [...entries].sort((a, b) => a.farm.id - b.farm.id)) {
    const read = byFarm.get(entry.farm.id);
    if (!read) continue;
    if (read.holdKind === 'manual' && read.holdReason) {
      throw creditHoldRefusal(handHoldMessage(entry.farm.name, read.holdReason), entry.farm);
    }
    if (!hasTerms(read)) continue;
    const row = (await lockCreditRow(tx, entry.farm.id, restaurantId)) ?? read;
    if (row.holdKind === 'manual' && row.holdReason) {
      throw creditHoldRefusal(handHoldMessage(entry.farm.name, row.holdReason), entry.farm);
    }
    const today = clockToday();
    const figures = (await figuresOf(tx, entry.farm.id, [restaurantId], today)).get(restaurantId)!;
    const reason = termsReason(row, figures, entry.farm.name, entry.totalCents);
    if (!reason) continue;
    if (row.mode === 'hold') {
      // A reason that stands without the new order holds the account, not only this order.
      const standing = termsReason(row, figures, entry.farm.name);
      throw creditHoldRefusal(
        reason,
        entry.farm,
        standing && row.holdKind === null
          ? { farmId: entry.farm.id, restaurantId, reason: standing }
          : undefined,
      );
    }
    await recordNotificationEvents(tx, [
      {
        type: 'customer.credit',
        farmId: entry.farm.id,
        restaurantId,
        what: 'warned',
        reason,
        eventKey: `credit:${entry.farm.id}:${restaurantId}:warned:${now.getTime()}`,
      },
    ]);
  }
}

/** Who changes a hold: a person by id, or the terms and payments (null). */
type ChangedBy = number | null;

async function recordEvent(
  tx: Tx,
  farmId: number,
  restaurantId: number,
  event: {
    kind: 'hold' | 'release' | 'terms';
    automatic: boolean;
    reason: string;
    by: ChangedBy;
    at: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(customerCreditEvents)
    .values({
      farmId,
      restaurantId,
      kind: event.kind,
      automatic: event.automatic,
      reason: event.reason,
      byUserId: event.by,
      createdAt: event.at,
    })
    .returning({ id: customerCreditEvents.id });
  return row!.id;
}

/** Tells both sides of a hold or a release. */
async function announce(
  tx: Tx,
  farmId: number,
  restaurantId: number,
  what: 'held' | 'released',
  reason: string,
  eventId: number,
): Promise<void> {
  await recordNotificationEvents(tx, [
    {
      type: 'customer.credit',
      farmId,
      restaurantId,
      what,
      reason,
      eventKey: `credit:${farmId}:${restaurantId}:${what}:${eventId}`,
    },
  ]);
}

/** Sets a hold on the (locked or new) row and records it. */
export async function setHold(
  tx: Tx,
  farmId: number,
  restaurantId: number,
  hold: { kind: 'automatic' | 'manual'; reason: string; by: ChangedBy; at: Date },
): Promise<void> {
  await tx
    .insert(customerCredit)
    .values({
      farmId,
      restaurantId,
      holdKind: hold.kind,
      holdReason: hold.reason,
      heldByUserId: hold.by,
      heldAt: hold.at,
      updatedAt: hold.at,
    })
    .onConflictDoUpdate({
      target: [customerCredit.farmId, customerCredit.restaurantId],
      set: {
        holdKind: hold.kind,
        holdReason: hold.reason,
        heldByUserId: hold.by,
        heldAt: hold.at,
        updatedAt: hold.at,
      },
    });
  const eventId = await recordEvent(tx, farmId, restaurantId, {
    kind: 'hold',
    automatic: hold.kind === 'automatic',
    reason: hold.reason,
    by: hold.by,
    at: hold.at,
  });
  await announce(tx, farmId, restaurantId, 'held', hold.reason, eventId);
}

/** Lifts the hold of the row and records why. */
export async function releaseHold(
  tx: Tx,
  farmId: number,
  restaurantId: number,
  release: { automatic: boolean; reason: string; by: ChangedBy; at: Date },
): Promise<void> {
  await tx
    .update(customerCredit)
    .set({
      holdKind: null,
      holdReason: null,
      heldByUserId: null,
      heldAt: null,
      updatedAt: release.at,
    })
    .where(and(eq(customerCredit.farmId, farmId), eq(customerCredit.restaurantId, restaurantId)));
  const eventId = await recordEvent(tx, farmId, restaurantId, { kind: 'release', ...release });
  await announce(tx, farmId, restaurantId, 'released', release.reason, eventId);
}

export { recordEvent as recordCreditEvent };

/**
 * After money came in (a payment, credit put on an invoice): an automatic hold whose reason is
 * gone is released at once. A hold set by hand stays: only the farm lifts it. Costs one read by
 * key when the customer has no row.
 */
export async function reviewAutomaticHold(
  tx: Tx,
  farmId: number,
  restaurantId: number,
  now: Date = clockNow(),
): Promise<void> {
  const [read] = await creditRowsOf(tx, restaurantId, [farmId]);
  if (!read || read.holdKind !== 'automatic') return;
  const row = await lockCreditRow(tx, farmId, restaurantId);
  if (!row || row.holdKind !== 'automatic') return;
  const farmName = await nameOfFarm(tx, farmId);
  const figures = (await figuresOf(tx, farmId, [restaurantId], clockToday())).get(restaurantId)!;
  if (hasTerms(row) && termsReason(row, figures, farmName)) return;
  await releaseHold(tx, farmId, restaurantId, {
    automatic: true,
    reason: `Paid or credited: nothing is overdue beyond the terms and the account is within its limit (was: ${row.holdReason})`,
    by: null,
    at: now,
  });
}

/**
 * A placement refused by a farm's terms for a reason that stands without the order: the
 * account is then held automatically, recorded in its own transaction (the refused one rolled
 * back). Anything else passes through untouched.
 */
export async function holdOnRefusal(db: Db, error: unknown): Promise<void> {
  if (!(error instanceof AppError)) return;
  const found = holdsFound.get(error);
  if (!found) return;
  holdsFound.delete(error);
  await db.transaction(async (tx) => {
    const row = await lockCreditRow(tx, found.farmId, found.restaurantId);
    // Another placement recorded it first, or the farm held it by hand meanwhile.
    if (!row || row.holdKind !== null) return;
    await setHold(tx, found.farmId, found.restaurantId, {
      kind: 'automatic',
      reason: found.reason,
      by: null,
      at: clockNow(),
    });
  });
}

async function nameOfFarm(db: DbOrTx, farmId: number): Promise<string> {
  const [row] = await db.select({ name: farms.name }).from(farms).where(eq(farms.id, farmId));
  return row?.name ?? 'this farm';
}

/** A restaurant's name, for the farm's notices. */
export async function nameOfRestaurant(db: DbOrTx, restaurantId: number): Promise<string> {
  const [row] = await db
    .select({ name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row?.name ?? 'A restaurant';
}

export { nameOfFarm };

/** A farm's hold on a restaurant's account, as the restaurant reads it. */
export interface RestaurantHold {
  farm: { id: number; name: string; checksPayableTo: string | null };
  reason: string;
}

/**
 * What holds the restaurant's account with each of these farms now, in the restaurant's words:
 * a hand hold's reason, or the reason of terms in `hold` mode. Farms without terms or hold are
 * left out. For Bills and the checkout.
 */
export async function holdsOfRestaurant(
  db: DbOrTx,
  restaurantId: number,
  farmIds?: readonly number[],
): Promise<Map<number, RestaurantHold>> {
  const rows = await db
    .select({
      row: customerCredit,
      farmName: farms.name,
      checksPayableTo: farms.checksPayableTo,
    })
    .from(customerCredit)
    .innerJoin(farms, eq(farms.id, customerCredit.farmId))
    .where(
      and(
        eq(customerCredit.restaurantId, restaurantId),
        farmIds ? inArray(customerCredit.farmId, [...farmIds]) : undefined,
      ),
    );
  const holds = new Map<number, RestaurantHold>();
  const today = clockToday();
  for (const { row, farmName, checksPayableTo } of rows) {
    const farm = { id: row.farmId, name: farmName, checksPayableTo };
    if (row.holdKind === 'manual' && row.holdReason) {
      holds.set(row.farmId, { farm, reason: handHoldMessage(farmName, row.holdReason) });
      continue;
    }
    if (row.mode !== 'hold' || !hasTerms(row)) continue;
    const figures = (await figuresOf(db, row.farmId, [restaurantId], today)).get(restaurantId)!;
    const reason = termsReason(row, figures, farmName);
    if (reason) holds.set(row.farmId, { farm, reason });
  }
  return holds;
}

/** The terms as the wire has them, or null without any. */
export function termsOf(row: CreditRow | undefined) {
  if (!row || !hasTerms(row)) return null;
  return {
    creditLimit: row.creditLimit === null ? null : toMoneyString(centsOf(row.creditLimit)),
    holdAfterDaysOverdue: row.holdAfterDaysOverdue,
    mode: row.mode as CreditMode,
  };
}

/** Who the actor is, for the history: a person's id, or null for the system. */
export function changedByOf(actor: Actor): ChangedBy {
  return actor.kind === 'system' ? null : actor.userId;
}
