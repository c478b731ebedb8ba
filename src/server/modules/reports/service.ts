import { sql, type SQL } from 'drizzle-orm';
import { IN_PROGRESS_STATUSES, ORDER_STATUSES } from '#core/order-status';
import {
  REPORT_MONTHS,
  REPORT_RECENT_ORDERS,
  TOP_FARMS,
  TOP_PRODUCTS_PIE,
  type FarmReport,
  type RestaurantReport,
  type StatusSlice,
} from '#core/schemas/report';
import type { Db, DbOrTx } from '../../db/database';
import { COUNTED, moneySum, moneyText, toIso, ZONE, type Row } from './sql';
import { rows } from '../../db/raw-sql';
import { now as clockNow } from '../../clock';

/*
 * Every figure is computed by the database. Months and "this month" are Hawaii months:
 * `created_at at time zone 'Pacific/Honolulu'` gives the Hawaii wall-clock time of an order,
 * so an order placed at 23:30 on October 31 in Honolulu counts in October although it is
 * already November in UTC. Both PostgreSQL and PGlite know the zone by name.
 *
 * Money figures count every order that is not cancelled (docs/decisions/001-revenue-counts.md).
 */

const IN_PROGRESS = sql.raw(
  `o.status in (${IN_PROGRESS_STATUSES.map((s) => `'${s}'`).join(', ')})`,
);
const STATUS_ORDER = sql.raw(`array[${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')}]`);

/**
 * The clock of one report, read once from the server so that every figure uses the same
 * instant: the Hawaii wall-clock time, the first moment of its month, and the boundaries the
 * filters need, turned back into instants so that comparisons with created_at stay cheap.
 */
const boundsCte = (now: Date) => sql`bounds as (
  select c.now_at, c.local_now, m.month_start,
    m.month_start at time zone ${ZONE} as month_start_at,
    (m.month_start + interval '1 month') at time zone ${ZONE} as next_month_at,
    (m.month_start - interval '1 month') at time zone ${ZONE} as last_month_at,
    -- Last month up to the same point of the month as now, never past its own end.
    least(m.month_start, m.month_start - interval '1 month' + (c.local_now - m.month_start))
      at time zone ${ZONE} as last_month_cutoff_at
  from (
    select ${now.toISOString()}::timestamptz as now_at,
      ${now.toISOString()}::timestamptz at time zone ${ZONE} as local_now
  ) as c
  cross join lateral (select date_trunc('month', c.local_now) as month_start) as m
)`;

/** A Hawaii local timestamp back to an instant, so that created_at's indexes can be used. */
const instant = (localTimestamp: SQL) => sql`((${localTimestamp}) at time zone ${ZONE})`;

async function one<T extends Row>(db: DbOrTx, query: SQL): Promise<T> {
  const [row] = await rows<T>(db, query);
  if (!row) throw new Error('The report query returned no row');
  return row;
}

/** One consistent snapshot for all the queries of a report. */
function inSnapshot<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

type Owner = { column: 'farm_id'; id: number } | { column: 'restaurant_id'; id: number };
const ownedBy = (owner: Owner) => sql`o.${sql.raw(owner.column)} = ${owner.id}`;

interface TotalsRow extends Row {
  total: string;
  this_month: string;
  month_to_date: string;
  last_month_same_period: string;
  growth_percent: string | null;
  counted_orders: number;
  completed_orders: number;
  pending_orders: number;
  packed_orders: number;
  active_orders: number;
  cancelled_orders: number;
  avg_order_value: string;
}

function totalsQuery(owner: Owner, now: Date): SQL {
  const since = (start: SQL, end: SQL) => sql`o.created_at >= ${start} and o.created_at < ${end}`;
  return sql`
    with ${boundsCte(now)},
    sums as (
      select
        coalesce(sum(o.total_amount) filter (where ${COUNTED}), 0) as total,
        coalesce(sum(o.total_amount) filter (
          where ${COUNTED} and ${since(sql`b.month_start_at`, sql`b.next_month_at`)}
        ), 0) as this_month,
        coalesce(sum(o.total_amount) filter (
          where ${COUNTED} and ${since(sql`b.month_start_at`, sql`b.now_at`)}
        ), 0) as month_to_date,
        coalesce(sum(o.total_amount) filter (
          where ${COUNTED} and ${since(sql`b.last_month_at`, sql`b.last_month_cutoff_at`)}
        ), 0) as last_month_same_period,
        count(*) filter (where ${COUNTED})::int as counted_orders,
        count(*) filter (where o.status = 'delivered')::int as completed_orders,
        count(*) filter (where o.status = 'pending')::int as pending_orders,
        count(*) filter (where o.status = 'packed')::int as packed_orders,
        count(*) filter (where ${IN_PROGRESS})::int as active_orders,
        count(*) filter (where o.status = 'cancelled')::int as cancelled_orders
    from bounds b
      left join orders o on ${ownedBy(owner)}
    )
    select
      counted_orders, completed_orders, pending_orders, packed_orders, active_orders,
      cancelled_orders,
      ${moneyText(sql`total`)} as total,
      ${moneyText(sql`this_month`)} as this_month,
      ${moneyText(sql`month_to_date`)} as month_to_date,
      ${moneyText(sql`last_month_same_period`)} as last_month_same_period,
      case when last_month_same_period = 0 then null
        else round((month_to_date - last_month_same_period) * 100 / last_month_same_period, 1)::text
      end as growth_percent,
      case when counted_orders = 0 then '0.00'
        else ${moneyText(sql`total / counted_orders`)}
      end as avg_order_value
    from sums`;
}

interface MonthRow extends Row {
  month: string;
  amount: string;
  orders: number;
}

/** The current Hawaii month and the five before, oldest first, months without orders as zero. */
function monthsQuery(owner: Owner, now: Date): SQL {
  const first = sql`(b.month_start - ${sql.raw(`interval '${REPORT_MONTHS - 1} months'`)})`;
  return sql`
    with ${boundsCte(now)},
    series as (
      select generate_series(${first}, b.month_start, interval '1 month') as month_start
      from bounds b
    ),
    buckets as (
      select date_trunc('month', o.created_at at time zone ${ZONE}) as month_start,
        sum(o.total_amount) as amount, count(*)::int as orders
      from orders o, bounds b
      where ${ownedBy(owner)} and ${COUNTED}
        and o.created_at >= ${instant(first)}
        and o.created_at < ${instant(sql`b.month_start + interval '1 month'`)}
      group by 1
    )
    select to_char(s.month_start, 'YYYY-MM') as month,
      ${moneyText(sql`coalesce(k.amount, 0)`)} as amount,
      coalesce(k.orders, 0) as orders
    from series s left join buckets k on k.month_start = s.month_start
    order by s.month_start`;
}

interface StatusRow extends Row {
  status: StatusSlice['status'];
  orders: number;
  total: string;
}

function statusQuery(owner: Owner): SQL {
  return sql`
    select o.status, count(*)::int as orders, ${moneySum(sql`o.total_amount`)} as total
    from orders o
    where ${ownedBy(owner)}
    group by o.status
    order by array_position(${STATUS_ORDER}, o.status::text)`;
}

interface RecentRow extends Row {
  id: number;
  status: StatusSlice['status'];
  created_at: unknown;
  total_amount: string;
  counterpart: string;
}

function recentQuery(owner: Owner): SQL {
  const counterpart =
    owner.column === 'farm_id'
      ? sql`join restaurants c on c.id = o.restaurant_id`
      : sql`join farms c on c.id = o.farm_id`;
  return sql`
    select o.id, o.status, o.created_at, o.total_amount::text as total_amount, c.name as counterpart
    from orders o ${counterpart}
    where ${ownedBy(owner)}
    order by o.created_at desc, o.id desc
    limit ${REPORT_RECENT_ORDERS}`;
}

const toRecent = (row: RecentRow) => ({
  id: row.id,
  status: row.status,
  createdAt: toIso(row.created_at),
  totalAmount: row.total_amount,
});

const toStatusSlice = (row: StatusRow): StatusSlice => ({
  status: row.status,
  orders: row.orders,
  total: row.total,
});

export async function farmReport(db: Db, farmId: number, now = clockNow()): Promise<FarmReport> {
  const owner: Owner = { column: 'farm_id', id: farmId };
  return inSnapshot(db, async (tx) => {
    const totals = await one<TotalsRow>(tx, totalsQuery(owner, now));
    const months = await rows<MonthRow>(tx, monthsQuery(owner, now));
    const statuses = await rows<StatusRow>(tx, statusQuery(owner));
    const recent = await rows<RecentRow>(tx, recentQuery(owner));
    const productCounts = await one<{ total: number; active: number }>(
      tx,
      sql`select count(*)::int as total, count(*) filter (where is_active)::int as active
        from products where farm_id = ${farmId} and deleted_at is null`,
    );
    // Ties go to the name, then to the older product, so the ranking never flickers.
    const topProducts = await rows<{
      product_id: number;
      name: string;
      unit: string;
      quantity_sold: number;
      revenue: string;
      share_percent: string;
    }>(
      tx,
      sql`
        -- Sold in the product's unit: a line counts packs, each pack_size units.
        with ranked as (
          select p.id as product_id, p.name, p.unit,
            sum(oi.quantity * oi.pack_size)::float8 as quantity_sold,
            sum(oi.total_price) as revenue
          from orders o
          join order_items oi on oi.order_id = o.id
          join products p on p.id = oi.product_id
          where ${ownedBy(owner)} and ${COUNTED}
          group by p.id, p.name, p.unit
          order by revenue desc, p.name asc, p.id asc
          limit ${TOP_PRODUCTS_PIE}
        )
        select product_id, name, unit, quantity_sold,
          ${moneyText(sql`revenue`)} as revenue,
          coalesce(round(revenue * 100 / nullif(sum(revenue) over (), 0), 1), 0)::text
            as share_percent
        from ranked
        order by ranked.revenue desc, name asc, product_id asc`,
    );
    const currentMonth = months[months.length - 1]?.month ?? '';
    return {
      currentMonth,
      totals: {
        totalRevenue: totals.total,
        monthlyRevenue: totals.this_month,
        totalOrders: totals.counted_orders,
        completedOrders: totals.completed_orders,
        pendingOrders: totals.pending_orders,
        avgOrderValue: totals.avg_order_value,
        totalProducts: productCounts.total,
        activeProducts: productCounts.active,
        packedOrders: totals.packed_orders,
        activeOrders: totals.active_orders,
        cancelledOrders: totals.cancelled_orders,
      },
      growth: {
        monthToDate: totals.month_to_date,
        lastMonthSamePeriod: totals.last_month_same_period,
        percent: totals.growth_percent,
      },
      months: months.map((m) => ({ month: m.month, revenue: m.amount, orders: m.orders })),
      topProducts: topProducts.map((p) => ({
        productId: p.product_id,
        name: p.name,
        unit: p.unit,
        quantitySold: p.quantity_sold,
        revenue: p.revenue,
        sharePercent: p.share_percent,
      })),
      statusDistribution: statuses.map(toStatusSlice),
      recentOrders: recent.map((row) => ({ ...toRecent(row), restaurantName: row.counterpart })),
    };
  });
}

export async function restaurantReport(
  db: Db,
  restaurantId: number,
  now = clockNow(),
): Promise<RestaurantReport> {
  const owner: Owner = { column: 'restaurant_id', id: restaurantId };
  return inSnapshot(db, async (tx) => {
    const totals = await one<TotalsRow>(tx, totalsQuery(owner, now));
    const months = await rows<MonthRow>(tx, monthsQuery(owner, now));
    const statuses = await rows<StatusRow>(tx, statusQuery(owner));
    const recent = await rows<RecentRow>(tx, recentQuery(owner));
    // Ties go to the farm's name, then to the older farm.
    const topFarms = await rows<{
      farm_id: number;
      farm_name: string;
      orders: number;
      total_spent: string;
      avg_order: string;
    }>(
      tx,
      sql`
        select f.id as farm_id, f.name as farm_name, count(*)::int as orders,
          ${moneySum(sql`o.total_amount`)} as total_spent,
          ${moneyText(sql`sum(o.total_amount) / count(*)`)} as avg_order
        from orders o
        join farms f on f.id = o.farm_id
        where ${ownedBy(owner)} and ${COUNTED}
        group by f.id, f.name
        order by sum(o.total_amount) desc, f.name asc, f.id asc
        limit ${TOP_FARMS}`,
    );
    return {
      currentMonth: months[months.length - 1]?.month ?? '',
      totals: {
        totalSpent: totals.total,
        monthlySpent: totals.this_month,
        totalOrders: totals.counted_orders,
        completedOrders: totals.completed_orders,
        activeOrders: totals.active_orders,
        avgOrderValue: totals.avg_order_value,
        cancelledOrders: totals.cancelled_orders,
      },
      months: months.map((m) => ({ month: m.month, spent: m.amount, orders: m.orders })),
      statusDistribution: statuses.map(toStatusSlice),
      topFarms: topFarms.map((f) => ({
        farmId: f.farm_id,
        farmName: f.farm_name,
        orders: f.orders,
        totalSpent: f.total_spent,
        avgOrder: f.avg_order,
      })),
      recentOrders: recent.map((row) => ({ ...toRecent(row), farmName: row.counterpart })),
    };
  });
}
