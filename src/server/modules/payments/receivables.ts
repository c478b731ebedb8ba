import { and, asc, eq, sql } from 'drizzle-orm';
import { centsOf, toMoneyString, type Cents } from '#core/money';
import { AGING_BUCKETS, agingBucketOf, type AgingBucket } from '#core/payments';
import type {
  AgingTotals,
  Bills,
  OpenInvoice,
  Receivables,
  ReceivablesQuery,
} from '#core/schemas/payment';
import { today as clockToday } from '../../clock';
import type { DbOrTx } from '../../db/database';
import { farms, orders, restaurants } from '../../db/schema';
import { toCsv, type CsvFile } from '../reports/csv';
import { amountPaidSql, paymentStateOfRow } from './service';

interface OpenRow extends OpenInvoice {
  farm: { id: number; name: string; checksPayableTo: string | null };
  restaurant: { id: number; name: string };
  balanceCents: Cents;
}

/**
 * Delivered orders with money still owed, with their state on `today`. An order is owed once
 * delivered (its invoice is due then); undelivered and cancelled orders are not receivables.
 */
async function openInvoices(
  db: DbOrTx,
  where: { farmId?: number; restaurantId?: number },
  today: string,
): Promise<OpenRow[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      status: orders.status,
      invoiceNumber: orders.invoiceNumber,
      deliveryDate: orders.deliveryDate,
      dueDate: orders.dueDate,
      totalAmount: orders.totalAmount,
      amountPaid: amountPaidSql,
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
        eq(orders.status, 'delivered'),
        where.farmId !== undefined ? eq(orders.farmId, where.farmId) : undefined,
        where.restaurantId !== undefined ? eq(orders.restaurantId, where.restaurantId) : undefined,
        sql`${orders.totalAmount} > ${amountPaidSql}`,
      ),
    )
    .orderBy(asc(sql`coalesce(${orders.dueDate}, ${orders.deliveryDate})`), asc(orders.id));
  return rows.map((row) => {
    const state = paymentStateOfRow(row, today);
    return {
      orderId: row.orderId,
      invoiceNumber: row.invoiceNumber,
      deliveryDate: row.deliveryDate,
      dueDate: state.dueDate,
      totalAmount: toMoneyString(centsOf(row.totalAmount)),
      amountPaid: toMoneyString(state.amountPaidCents),
      balanceDue: toMoneyString(state.balanceDueCents),
      paymentStatus: state.paymentStatus ?? 'unpaid',
      daysPastDue: state.daysPastDue,
      agingBucket: agingBucketOf(state.daysPastDue),
      farm: { id: row.farmId, name: row.farmName, checksPayableTo: row.checksPayableTo },
      restaurant: { id: row.restaurantId, name: row.restaurantName },
      balanceCents: state.balanceDueCents,
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
  const { farm: _f, restaurant: _r, balanceCents: _b, ...invoice } = row;
  return invoice;
}

/** The farm's receivables: what each restaurant owes, aged by days past due, filtered. */
export async function farmReceivables(
  db: DbOrTx,
  farmId: number,
  filters: Omit<ReceivablesQuery, 'format'>,
  today = clockToday(),
): Promise<Receivables> {
  const list = (await openInvoices(db, { farmId, restaurantId: filters.restaurantId }, today))
    .filter((row) => !filters.status || row.paymentStatus === filters.status)
    .filter((row) => !filters.bucket || row.agingBucket === filters.bucket);
  const byRestaurant = new Map<number, OpenRow[]>();
  for (const row of list) {
    byRestaurant.set(row.restaurant.id, [...(byRestaurant.get(row.restaurant.id) ?? []), row]);
  }
  return {
    asOf: today,
    totals: agingTotals(list),
    restaurants: [...byRestaurant.values()]
      .map((rows) => ({
        restaurant: rows[0]!.restaurant,
        totals: agingTotals(rows),
        invoices: rows.map(publicInvoice),
      }))
      .sort((a, b) => a.restaurant.name.localeCompare(b.restaurant.name)),
  };
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

/** The restaurant's bills: what it owes to each farm and when it is due. */
export async function restaurantBills(
  db: DbOrTx,
  restaurantId: number,
  today = clockToday(),
): Promise<Bills> {
  const list = await openInvoices(db, { restaurantId }, today);
  const byFarm = new Map<number, OpenRow[]>();
  for (const row of list) byFarm.set(row.farm.id, [...(byFarm.get(row.farm.id) ?? []), row]);
  const sum = (rows: OpenRow[]) => rows.reduce((total, row) => total + row.balanceCents, 0);
  return {
    asOf: today,
    totalDue: toMoneyString(sum(list)),
    overdue: toMoneyString(sum(list.filter((row) => row.paymentStatus === 'overdue'))),
    farms: [...byFarm.values()]
      .map((rows) => ({
        farm: rows[0]!.farm,
        balanceDue: toMoneyString(sum(rows)),
        nextDueDate:
          rows
            .map((row) => row.dueDate)
            .filter(Boolean)
            .sort()[0] ?? null,
        invoices: rows.map(publicInvoice),
      }))
      .sort((a, b) => (a.nextDueDate ?? '').localeCompare(b.nextDueDate ?? '')),
  };
}
