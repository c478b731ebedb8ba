import { and, asc, eq } from 'drizzle-orm';
import type { FarmActor, RestaurantActor } from '#core/actor';
import { centsOf, toMoneyString, type Cents } from '#core/money';
import { AGING_BUCKETS, agingBucketOf, type AgingBucket } from '#core/payments';
import type {
  AgingTotals,
  Bills,
  BillsQuery,
  OpenInvoice,
  Receivables,
  ReceivablesQuery,
} from '#core/schemas/payment';
import { today as clockToday } from '../../clock';
import type { DbOrTx } from '../../db/database';
import { farms, orders, restaurants } from '../../db/schema';
import { compareKeys, pageInMemory, type KeyPart, type KeyValue } from '../paging';
import { type CsvFile, toCsv } from '../reports';
import { orderScope } from '../orders';
import { dueDateSql, owedColumns, paymentStateOfRow, stillOwed } from '../owed';
import { holdsOfRestaurant, type RestaurantHold } from '../customers';

interface OpenRow extends OpenInvoice {
  farm: { id: number; name: string; checksPayableTo: string | null };
  restaurant: { id: number; name: string };
  balanceCents: Cents;
  /** coalesce(due date, delivery date): the order of invoices within a group. */
  sortDate: string;
}

/** A page of receivables or bills: the object of the contract, the total and the next cursor. */
export interface InvoicePage<T> {
  body: T;
  total: number;
  nextCursor: string | null;
}

/**
 * Delivered orders with money still owed, with their state on `today`. An order is owed once
 * delivered (its invoice is due then); undelivered and cancelled orders are not receivables.
 */
async function openInvoices(
  db: DbOrTx,
  viewer: FarmActor | RestaurantActor,
  filters: { restaurantId?: number },
  today: string,
): Promise<OpenRow[]> {
  const rows = await db
    .select({
      ...owedColumns,
      orderId: orders.id,
      invoiceNumber: orders.invoiceNumber,
      farmId: farms.id,
      farmName: farms.name,
      checksPayableTo: farms.checksPayableTo,
      restaurantId: restaurants.id,
      restaurantName: restaurants.name,
    })
    .from(orders)
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(
      and(
        stillOwed,
        orderScope(viewer),
        filters.restaurantId !== undefined
          ? eq(orders.restaurantId, filters.restaurantId)
          : undefined,
      ),
    )
    .orderBy(asc(dueDateSql), asc(orders.id));
  return rows.map((row) => {
    const state = paymentStateOfRow(row, today);
    return {
      orderId: row.orderId,
      invoiceNumber: row.invoiceNumber,
      deliveryDate: row.deliveryDate,
      dueDate: state.dueDate,
      totalAmount: toMoneyString(centsOf(row.totalAmount)),
      amountPaid: toMoneyString(state.amountPaidCents),
      amountCredited: toMoneyString(state.amountCreditedCents),
      balanceDue: toMoneyString(state.balanceDueCents),
      paymentStatus: state.paymentStatus ?? 'unpaid',
      daysPastDue: state.daysPastDue,
      agingBucket: agingBucketOf(state.daysPastDue),
      farm: { id: row.farmId, name: row.farmName, checksPayableTo: row.checksPayableTo },
      restaurant: { id: row.restaurantId, name: row.restaurantName },
      balanceCents: state.balanceDueCents,
      sortDate: state.dueDate ?? '',
    };
  });
}

function agingTotals(list: OpenRow[]): AgingTotals {
  const sums: Record<AgingBucket, Cents> = { current: 0, days_1_30: 0, days_31_60: 0, over_60: 0 };
  for (const row of list) sums[row.agingBucket] += row.balanceCents;
  const total = AGING_BUCKETS.reduce((sum, bucket) => sum + sums[bucket], 0);
  return {
    current: toMoneyString(sums.current),
    days_1_30: toMoneyString(sums.days_1_30),
    days_31_60: toMoneyString(sums.days_31_60),
    over_60: toMoneyString(sums.over_60),
    total: toMoneyString(total),
  };
}

function publicInvoice(row: OpenRow): OpenInvoice {
  const { farm: _f, restaurant: _r, balanceCents: _b, sortDate: _s, ...invoice } = row;
  return invoice;
}

/** The open invoices of the farm that the filters keep, restaurant by restaurant. */
async function filteredReceivables(
  db: DbOrTx,
  farm: FarmActor,
  filters: Pick<ReceivablesQuery, 'restaurantId' | 'status' | 'bucket'>,
  today: string,
): Promise<OpenRow[]> {
  return (await openInvoices(db, farm, { restaurantId: filters.restaurantId }, today))
    .filter((row) => !filters.status || row.paymentStatus === filters.status)
    .filter((row) => !filters.bucket || row.agingBucket === filters.bucket);
}

/** Receivables page by (restaurant name ignoring case, restaurant id, due day, order id). */
const RECEIVABLE_KEY: readonly KeyPart[] = ['text', 'int', 'text', 'int'];
const receivableKey = (row: OpenRow): KeyValue[] => [
  row.restaurant.name.toLowerCase(),
  row.restaurant.id,
  row.sortDate,
  row.orderId,
];

/** Groups rows by restaurant, each group with the totals of all its rows in `all`. */
function receivablesBody(today: string, all: OpenRow[], page: OpenRow[]): Receivables {
  const groupOf = (rows: OpenRow[]) => {
    const groups = new Map<number, OpenRow[]>();
    for (const row of rows) {
      groups.set(row.restaurant.id, [...(groups.get(row.restaurant.id) ?? []), row]);
    }
    return groups;
  };
  const allByRestaurant = groupOf(all);
  return {
    asOf: today,
    totals: agingTotals(all),
    restaurants: [...groupOf(page).values()].map((rows) => ({
      restaurant: rows[0]!.restaurant,
      totals: agingTotals(allByRestaurant.get(rows[0]!.restaurant.id) ?? rows),
      invoices: rows.map(publicInvoice),
    })),
  };
}

/**
 * The farm's receivables: what each restaurant owes, aged by days past due, filtered. One page
 * of the open invoices (restaurant by restaurant, by name, then by due day); the totals, the
 * whole list's and each restaurant's, are over every invoice the filters keep, so a restaurant
 * whose invoices run on to the next page carries the same totals there.
 */
export async function farmReceivables(
  db: DbOrTx,
  farm: FarmActor,
  query: Omit<ReceivablesQuery, 'format'>,
  today = clockToday(),
): Promise<InvoicePage<Receivables>> {
  const all = sortByKey(await filteredReceivables(db, farm, query, today), receivableKey);
  const page = pageInMemory(all, query, RECEIVABLE_KEY, receivableKey);
  return {
    body: receivablesBody(today, all, page.rows),
    total: all.length,
    nextCursor: page.nextCursor,
  };
}

/** Every open invoice the filters keep, for the CSV download (a file, not a page). */
export async function allFarmReceivables(
  db: DbOrTx,
  farm: FarmActor,
  filters: Pick<ReceivablesQuery, 'restaurantId' | 'status' | 'bucket'>,
  today = clockToday(),
): Promise<Receivables> {
  const all = sortByKey(await filteredReceivables(db, farm, filters, today), receivableKey);
  return receivablesBody(today, all, all);
}

function sortByKey<T>(rows: T[], keyOf: (row: T) => KeyValue[]): T[] {
  return rows
    .map((row) => ({ row, key: keyOf(row) }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ row }) => row);
}

/** The receivables as a spreadsheet: one row per open invoice. */
export function receivablesCsv(receivables: Receivables): CsvFile {
  const header = [
    'Restaurant',
    'Order',
    'Invoice',
    'Delivered',
    'Due',
    'Days past due',
    'Age',
    'Status',
    'Total',
    'Paid',
    'Balance due',
  ];
  const rows = receivables.restaurants.flatMap((entry) =>
    entry.invoices.map((invoice) => [
      entry.restaurant.name,
      invoice.orderId,
      invoice.invoiceNumber,
      invoice.deliveryDate,
      invoice.dueDate,
      invoice.daysPastDue,
      invoice.agingBucket,
      invoice.paymentStatus,
      invoice.totalAmount,
      invoice.amountPaid,
      invoice.balanceDue,
    ]),
  );
  return { filename: `receivables-${receivables.asOf}.csv`, body: toCsv(header, rows) };
}

/** The farm's hold on the restaurant's account, as Bills shows it. */
function holdOf(holds: Map<number, RestaurantHold>, farmId: number): { reason: string } | null {
  const hold = holds.get(farmId);
  return hold ? { reason: hold.reason } : null;
}

/** Farms holding the account that it owes nothing, as Bills entries without invoices. */
function heldWithoutInvoices(holds: Map<number, RestaurantHold>, owing: Map<number, OpenRow[]>) {
  return [...holds.values()]
    .filter((hold) => !owing.has(hold.farm.id))
    .map((hold) => ({
      farm: hold.farm,
      balanceDue: '0.00',
      nextDueDate: null,
      invoices: [],
      hold: { reason: hold.reason },
    }));
}

/** Bills page by (the farm's next due day, farm id, due day, order id). */
const BILL_KEY: readonly KeyPart[] = ['text', 'int', 'text', 'int'];

/**
 * The restaurant's bills: what it owes to each farm and when it is due. One page of the open
 * invoices, farm by farm (the farm with the earliest due day first); the amounts, the whole
 * list's and each farm's, are over every open invoice.
 */
export async function restaurantBills(
  db: DbOrTx,
  restaurant: RestaurantActor,
  query: BillsQuery,
  today = clockToday(),
): Promise<InvoicePage<Bills>> {
  const [list, holds] = await Promise.all([
    openInvoices(db, restaurant, {}, today),
    holdsOfRestaurant(db, restaurant.business.id),
  ]);
  const byFarm = new Map<number, OpenRow[]>();
  for (const row of list) byFarm.set(row.farm.id, [...(byFarm.get(row.farm.id) ?? []), row]);
  const nextDueOf = (farmId: number) =>
    (byFarm.get(farmId) ?? [])
      .map((row) => row.dueDate)
      .filter((day): day is string => Boolean(day))
      .sort()[0] ?? null;
  const billKey = (row: OpenRow): KeyValue[] => [
    nextDueOf(row.farm.id) ?? '',
    row.farm.id,
    row.sortDate,
    row.orderId,
  ];
  const all = sortByKey(list, billKey);
  const page = pageInMemory(all, query, BILL_KEY, billKey);
  const pageByFarm = new Map<number, OpenRow[]>();
  for (const row of page.rows) {
    pageByFarm.set(row.farm.id, [...(pageByFarm.get(row.farm.id) ?? []), row]);
  }
  const sum = (rows: OpenRow[]) => rows.reduce((total, row) => total + row.balanceCents, 0);
  return {
    body: {
      asOf: today,
      totalDue: toMoneyString(sum(list)),
      overdue: toMoneyString(sum(list.filter((row) => row.paymentStatus === 'overdue'))),
      farms: [
        ...[...pageByFarm.values()].map((rows) => ({
          farm: rows[0]!.farm,
          balanceDue: toMoneyString(sum(byFarm.get(rows[0]!.farm.id) ?? rows)),
          nextDueDate: nextDueOf(rows[0]!.farm.id),
          invoices: rows.map(publicInvoice),
          hold: holdOf(holds, rows[0]!.farm.id),
        })),
        // A farm holding the account with nothing owed to it comes after the last invoice.
        ...(page.nextCursor === null ? heldWithoutInvoices(holds, byFarm) : []),
      ],
    },
    total: list.length,
    nextCursor: page.nextCursor,
  };
}
