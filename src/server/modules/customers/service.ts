import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { shortPersonName, type FarmActor } from '#core/actor';
import { toMoneyString } from '#core/money';
import type { ResaleCertificate } from '#core/schemas/resale-certificate';
import { actorCan } from '#core/permissions';
import {
  CUSTOMER_CODES,
  type CreditTermsBody,
  type Customer,
  type CustomerEvent,
  type CustomerHistoryQuery,
  type CustomerHoldBody,
  type CustomerListQuery,
} from '#core/schemas/customer';
import { foldText } from '#core/text-fold';
import { now as clockNow, today as clockToday } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { foldedSql } from '../../db/fold';
import {
  customerCredit,
  customerCreditEvents,
  priceListRestaurants,
  restaurants,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  afterCursor,
  afterKey,
  cursorTimestamp,
  splitKeyedPage,
  splitPage,
  type KeyPart,
  type ListPage,
} from '../paging';
import { isCustomerOf } from '../price-lists';
import { resaleCertificatesValidOn } from '../resale-certificates';
import { customerMinimumsOf, removeCustomerMinimum, setCustomerMinimum } from '../minimums';
import type { CustomerMinimumBody, Minimum } from '#core/schemas/minimum';
import {
  changedByOf,
  figuresOf,
  hasTerms,
  nameOfFarm,
  recordCreditEvent,
  releaseHold,
  setHold,
  termsOf,
  termsReason,
  type AccountFigures,
  type CreditRow,
} from './credit';

/** Customers page by (folded name, id), as the price lists' customers do. */
const NAME_KEY: readonly KeyPart[] = ['text', 'int'];
const restaurantSortName = foldedSql(restaurants.name);

/** The facts of one customer that the view is assembled from. */
interface CustomerFacts {
  restaurant: { id: number; name: string };
  priceListId: number | null;
  figures: AccountFigures;
  credit: (CreditRow & { heldByName: string | null }) | undefined;
  resaleCertificate: ResaleCertificate | null;
  minimum: Minimum | null;
}

/**
 * The one place a customer's view is put together, for the list and the single customer alike:
 * a new part (a group, a resale certificate, a minimum) is read in `factsOf` and placed here.
 * Money parts need `money.view`.
 */
function customerView(facts: CustomerFacts, farmName: string, seesMoney: boolean): Customer {
  const { figures, credit } = facts;
  const money = <T>(value: T): T | null => (seesMoney ? value : null);
  const reason = credit && hasTerms(credit) ? termsReason(credit, figures, farmName) : null;
  const handHold = credit?.holdKind === 'manual' && credit.holdReason !== null;
  const termsHold = !handHold && reason !== null && credit?.mode === 'hold';
  const state = handHold || termsHold ? 'held' : reason !== null ? 'warned' : 'ok';
  const hold = handHold
    ? {
        reason: credit.holdReason!,
        by:
          credit.heldByUserId === null
            ? null
            : { userId: credit.heldByUserId, name: credit.heldByName ?? 'A member' },
        at: credit.heldAt?.toISOString() ?? null,
        automatic: false,
      }
    : termsHold
      ? {
          reason: reason!,
          by: null,
          at: credit?.holdKind === 'automatic' ? (credit.heldAt?.toISOString() ?? null) : null,
          automatic: true,
        }
      : null;
  return {
    restaurant: facts.restaurant,
    group: null,
    openBalance: money(toMoneyString(figures.owedCents)),
    overdueAmount: money(toMoneyString(figures.overdueCents)),
    oldestOverdueDays: money(figures.oldestOverdueDays),
    creditBalance: money(toMoneyString(figures.creditCents)),
    openOrdersAmount: money(toMoneyString(figures.openOrdersCents)),
    priceListId: money(facts.priceListId),
    creditTerms: money(termsOf(credit)),
    state,
    hold,
    warning: state === 'warned' ? reason : null,
    resaleCertificate: facts.resaleCertificate,
    minimum: money(facts.minimum),
  };
}

/** Everything the view shows of these restaurants, read by key in four queries. */
async function factsOf(
  db: DbOrTx,
  farmId: number,
  list: { id: number; name: string; priceListId: number | null }[],
): Promise<CustomerFacts[]> {
  const ids = list.map((row) => row.id);
  if (ids.length === 0) return [];
  const today = clockToday();
  const [figures, credit, certificates, minimums] = await Promise.all([
    figuresOf(db, farmId, ids, today),
    db
      .select({ row: customerCredit, firstName: users.firstName, lastName: users.lastName })
      .from(customerCredit)
      .leftJoin(users, eq(users.id, customerCredit.heldByUserId))
      .where(and(eq(customerCredit.farmId, farmId), inArray(customerCredit.restaurantId, ids))),
    resaleCertificatesValidOn(db, { farmId, restaurantIds: ids, day: today }),
    customerMinimumsOf(db, farmId, ids),
  ]);
  const creditOf = new Map(
    credit.map(({ row, firstName, lastName }) => [
      row.restaurantId,
      { ...row, heldByName: shortPersonName(firstName, lastName) },
    ]),
  );
  return list.map((row) => ({
    restaurant: { id: row.id, name: row.name },
    priceListId: row.priceListId,
    figures: figures.get(row.id)!,
    credit: creditOf.get(row.id),
    resaleCertificate: certificates.get(row.id) ?? null,
    minimum: minimums.get(row.id) ?? null,
  }));
}

function customersOfFarm(db: DbOrTx, farmId: number) {
  return db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      priceListId: priceListRestaurants.priceListId,
      sortName: restaurantSortName,
    })
    .from(restaurants)
    .leftJoin(
      priceListRestaurants,
      and(
        eq(priceListRestaurants.restaurantId, restaurants.id),
        eq(priceListRestaurants.farmId, farmId),
      ),
    );
}

/** GET /api/customers: one page of the farm's customers by name, `q` keeping names with it. */
export async function listCustomers(
  db: Db,
  farm: FarmActor,
  query: CustomerListQuery,
): Promise<ListPage<Customer>> {
  const farmId = farm.business.id;
  const search = query.q ? foldText(query.q) : '';
  const keep = and(
    isCustomerOf(farmId, sql`${restaurants.id}`),
    search ? sql`strpos(${restaurantSortName}, ${search}) > 0` : undefined,
  );
  const [rows, [totalRow], farmName] = await Promise.all([
    customersOfFarm(db, farmId)
      .where(and(keep, afterKey([restaurantSortName, restaurants.id], NAME_KEY, query.cursor)))
      .orderBy(restaurantSortName, asc(restaurants.id))
      .limit(query.limit + 1),
    db.select({ total: count() }).from(restaurants).where(keep),
    nameOfFarm(db, farmId),
  ]);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.sortName, row.id]);
  const seesMoney = actorCan(farm, 'money.view');
  const facts = await factsOf(db, farmId, page.rows);
  return {
    items: facts.map((entry) => customerView(entry, farmName, seesMoney)),
    total: totalRow?.total ?? 0,
    nextCursor: page.nextCursor,
  };
}

/** One customer of the farm; 404 for a restaurant that is not one, whether it exists or not. */
export async function getCustomer(
  db: DbOrTx,
  farm: FarmActor,
  restaurantId: number,
): Promise<Customer> {
  const farmId = farm.business.id;
  const [[row], farmName] = await Promise.all([
    customersOfFarm(db, farmId).where(
      and(eq(restaurants.id, restaurantId), isCustomerOf(farmId, restaurantId)),
    ),
    nameOfFarm(db, farmId),
  ]);
  if (!row) throw notFound('No such customer');
  const [facts] = await factsOf(db, farmId, [row]);
  return customerView(facts!, farmName, actorCan(farm, 'money.view'));
}

function describeTerms(body: CreditTermsBody): string {
  if (body.creditLimit === null && body.holdAfterDaysOverdue === null)
    return 'Credit terms cleared';
  const parts = [
    body.creditLimit === null ? 'no credit limit' : `credit limit $${body.creditLimit}`,
    body.holdAfterDaysOverdue === null
      ? 'no overdue rule'
      : `hold after ${body.holdAfterDaysOverdue} day${body.holdAfterDaysOverdue === 1 ? '' : 's'} overdue`,
    body.mode === 'hold' ? 'refuse orders past them' : 'warn only',
  ];
  return `Credit terms set: ${parts.join(', ')}`;
}

/**
 * PUT /api/customers/{restaurantId}/credit-terms: sets or clears the farm's terms for the
 * customer, under the lock of its credit row. An automatic hold follows the new terms at once:
 * recorded when they hold the account now, released when they no longer do.
 */
export async function setCreditTerms(
  db: Db,
  farm: FarmActor,
  restaurantId: number,
  body: CreditTermsBody,
): Promise<Customer> {
  const farmId = farm.business.id;
  await getCustomer(db, farm, restaurantId);
  const now = clockNow();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customerCredit)
      .values({
        farmId,
        restaurantId,
        creditLimit: body.creditLimit,
        holdAfterDaysOverdue: body.holdAfterDaysOverdue,
        mode: body.mode,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [customerCredit.farmId, customerCredit.restaurantId],
        set: {
          creditLimit: body.creditLimit,
          holdAfterDaysOverdue: body.holdAfterDaysOverdue,
          mode: body.mode,
          updatedAt: now,
        },
      })
      .returning();
    const by = changedByOf(farm);
    await recordCreditEvent(tx, farmId, restaurantId, {
      kind: 'terms',
      automatic: false,
      reason: describeTerms(body),
      by,
      at: now,
    });
    if (row!.holdKind === 'manual') return;
    const farmName = await nameOfFarm(tx, farmId);
    const figures = (await figuresOf(tx, farmId, [restaurantId], clockToday())).get(restaurantId)!;
    const reason =
      hasTerms(row!) && row!.mode === 'hold' ? termsReason(row!, figures, farmName) : null;
    if (reason && row!.holdKind === null) {
      await setHold(tx, farmId, restaurantId, { kind: 'automatic', reason, by: null, at: now });
    } else if (!reason && row!.holdKind === 'automatic') {
      await releaseHold(tx, farmId, restaurantId, {
        automatic: true,
        reason: 'The new credit terms no longer hold the account',
        by,
        at: now,
      });
    }
  });
  return getCustomer(db, farm, restaurantId);
}

/**
 * PUT /api/customers/{restaurantId}/minimum: the farm's own minimum for one customer, over its
 * zones' (docs/minimums.md). A restaurant that is not a customer is 404.
 */
export async function setMinimumOfCustomer(
  db: Db,
  farm: FarmActor,
  restaurantId: number,
  body: CustomerMinimumBody,
): Promise<Customer> {
  await getCustomer(db, farm, restaurantId);
  await setCustomerMinimum(db, farm.business.id, restaurantId, body);
  return getCustomer(db, farm, restaurantId);
}

/** DELETE /api/customers/{restaurantId}/minimum: its zone's minimum applies again. */
export async function removeMinimumOfCustomer(
  db: Db,
  farm: FarmActor,
  restaurantId: number,
): Promise<void> {
  await getCustomer(db, farm, restaurantId);
  await removeCustomerMinimum(db, farm.business.id, restaurantId);
}

/**
 * POST /api/customers/{restaurantId}/hold: the farm holds the account by hand, or lifts its hand
 * hold, with a reason. A hold by hand replaces an automatic one and only the farm lifts it.
 */
export async function holdByHand(
  db: Db,
  farm: FarmActor,
  restaurantId: number,
  body: CustomerHoldBody,
): Promise<Customer> {
  const farmId = farm.business.id;
  await getCustomer(db, farm, restaurantId);
  const now = clockNow();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(customerCredit)
      .where(and(eq(customerCredit.farmId, farmId), eq(customerCredit.restaurantId, restaurantId)))
      .for('update');
    const by = changedByOf(farm);
    if (body.hold) {
      await setHold(tx, farmId, restaurantId, {
        kind: 'manual',
        reason: body.reason,
        by,
        at: now,
      });
      return;
    }
    if (row?.holdKind !== 'manual') {
      throw new AppError(
        409,
        row?.holdKind === 'automatic'
          ? 'This hold comes from the credit terms: it lifts when the customer pays, or when the terms change'
          : 'This account is not on hold',
        CUSTOMER_CODES.notHeld,
      );
    }
    await releaseHold(tx, farmId, restaurantId, {
      automatic: false,
      reason: body.reason,
      by,
      at: now,
    });
  });
  return getCustomer(db, farm, restaurantId);
}

/** GET /api/customers/{restaurantId}/history: holds, releases and terms, newest first. */
export async function customerHistory(
  db: Db,
  farm: FarmActor,
  restaurantId: number,
  query: CustomerHistoryQuery,
): Promise<ListPage<CustomerEvent>> {
  const farmId = farm.business.id;
  await getCustomer(db, farm, restaurantId);
  const pair = and(
    eq(customerCreditEvents.farmId, farmId),
    eq(customerCreditEvents.restaurantId, restaurantId),
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: customerCreditEvents.id,
        kind: customerCreditEvents.kind,
        automatic: customerCreditEvents.automatic,
        reason: customerCreditEvents.reason,
        byUserId: customerCreditEvents.byUserId,
        firstName: users.firstName,
        lastName: users.lastName,
        createdAt: customerCreditEvents.createdAt,
        cursorCreatedAt: cursorTimestamp(customerCreditEvents.createdAt),
      })
      .from(customerCreditEvents)
      .leftJoin(users, eq(users.id, customerCreditEvents.byUserId))
      .where(
        and(
          pair,
          afterCursor(customerCreditEvents.createdAt, customerCreditEvents.id, query.cursor),
        ),
      )
      .orderBy(desc(customerCreditEvents.createdAt), desc(customerCreditEvents.id))
      .limit(query.limit + 1),
    db.select({ total: count() }).from(customerCreditEvents).where(pair),
  ]);
  const page = splitPage(rows, query.limit);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      automatic: row.automatic,
      reason: row.reason,
      by:
        row.byUserId === null
          ? null
          : {
              userId: row.byUserId,
              name: shortPersonName(row.firstName, row.lastName) ?? 'A member',
            },
      at: row.createdAt.toISOString(),
    })),
    total: totalRow?.total ?? 0,
    nextCursor: page.nextCursor,
  };
}
