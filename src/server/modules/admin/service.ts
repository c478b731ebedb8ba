import { eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '#core/actor';
import { hawaiiMonth, hawaiiToday } from '#core/hawaii-time';
import { ORDER_STATUSES, statusLabel, type OrderStatus } from '#core/order-status';
import {
  ACTIVE_RESTAURANT_DAYS,
  ADMIN_ORDERS_DEFAULT_LIMIT,
  ADMIN_TOP_LIMIT,
  type AdminCsvQuery,
  type AdminHealth,
  type AdminOrder,
  type AdminOrdersQuery,
  type AdminStats,
} from '#core/schemas/admin';
import type { AppConfig } from '../../config';
import type { Database, Db } from '../../db/database';
import { orders, products } from '../../db/schema';
import { admissionCounts, productOnOffer } from '../businesses';
import { conflict, notFound } from '../../errors';
import { type Invoice, issueInvoice } from '../documents';
import { afterCursor, cursorTimestamp, splitPage } from '../paging';
import {
  COUNTED,
  type CsvFile,
  moneySum,
  moneyText,
  type Row,
  toCsv,
  toIso,
  ZONE,
} from '../reports';
import { rows } from '../../db/raw-sql';
import { now as clockNow } from '../../clock';

/*
 * Platform figures for administrators, computed by the database. Money counts every order that
 * is not cancelled, like the reports (docs/decisions/001-revenue-counts.md). "This month" is
 * the Hawaii month: an order placed at 23:30 on October 31 in Honolulu counts in October.
 */

/** The first instant of the Hawaii month "YYYY-MM" and of the month after it. */
function monthRange(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next =
    monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { from: `${month}-01 00:00:00`, to: `${next}-01 00:00:00` };
}

/** created_at falls in the Hawaii month, written so that the created_at index can be used. */
function inHawaiiMonth(month: string): SQL {
  const { from, to } = monthRange(month);
  return sql`o.created_at >= (${from}::timestamp at time zone ${ZONE})
    and o.created_at < (${to}::timestamp at time zone ${ZONE})`;
}

interface TotalsRow extends Row {
  farms: number;
  restaurants: number;
  active_farms: number;
  active_restaurants: number;
  users: number;
  total_orders: number;
  monthly_orders: number;
  total_revenue: string;
  monthly_revenue: string;
}

export async function adminStats(db: Db, now = clockNow()): Promise<AdminStats> {
  const currentMonth = hawaiiMonth(now);
  const activeSince = new Date(now.getTime() - ACTIVE_RESTAURANT_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction(
    async (tx) => {
      const [totals] = await rows<TotalsRow>(
        tx,
        sql`select
          (select count(*)::int from users) as users,
          (select count(*)::int from farms) as farms,
          (select count(*)::int from restaurants) as restaurants,
          (select count(distinct ${products.farmId})::int from ${products}
            where ${productOnOffer}) as active_farms,
          (select count(distinct o.restaurant_id)::int from orders o
            where ${COUNTED} and o.created_at >= ${activeSince.toISOString()}::timestamptz)
            as active_restaurants,
          count(*) filter (where ${COUNTED})::int as total_orders,
          count(*) filter (where ${COUNTED} and ${inHawaiiMonth(currentMonth)})::int
            as monthly_orders,
          ${moneyText(sql`coalesce(sum(o.total_amount) filter (where ${COUNTED}), 0)`)}
            as total_revenue,
          ${moneyText(sql`coalesce(sum(o.total_amount)
            filter (where ${COUNTED} and ${inHawaiiMonth(currentMonth)}), 0)`)}
            as monthly_revenue
        from orders o`,
      );
      const statusRows = await rows<{ status: OrderStatus; orders: number }>(
        tx,
        sql`select o.status, count(*)::int as orders from orders o group by o.status`,
      );
      const topFarms = await rows<{ id: number; name: string; orders: number; revenue: string }>(
        tx,
        sql`select f.id, f.name, count(*)::int as orders,
            ${moneySum(sql`o.total_amount`)} as revenue
          from orders o join farms f on f.id = o.farm_id
          where ${COUNTED}
          group by f.id, f.name
          order by sum(o.total_amount) desc, f.name, f.id
          limit ${ADMIN_TOP_LIMIT}`,
      );
      const topRestaurants = await rows<{
        id: number;
        name: string;
        orders: number;
        total_spent: string;
      }>(
        tx,
        sql`select r.id, r.name, count(*)::int as orders,
            ${moneySum(sql`o.total_amount`)} as total_spent
          from orders o join restaurants r on r.id = o.restaurant_id
          where ${COUNTED}
          group by r.id, r.name
          order by sum(o.total_amount) desc, r.name, r.id
          limit ${ADMIN_TOP_LIMIT}`,
      );
      const admission = await admissionCounts(tx);
      if (!totals) throw new Error('The admin totals query returned no row');
      const ordersByStatus = Object.fromEntries(
        ORDER_STATUSES.map((status) => [status, 0]),
      ) as Record<OrderStatus, number>;
      for (const row of statusRows) ordersByStatus[row.status] = Number(row.orders);
      return {
        currentMonth,
        stats: {
          users: Number(totals.users),
          farms: Number(totals.farms),
          restaurants: Number(totals.restaurants),
          activeFarms: Number(totals.active_farms),
          activeRestaurants: Number(totals.active_restaurants),
          totalOrders: Number(totals.total_orders),
          monthlyOrders: Number(totals.monthly_orders),
          totalRevenue: totals.total_revenue,
          monthlyRevenue: totals.monthly_revenue,
          ordersByStatus,
          ...admission,
        },
        topFarms: topFarms.map((row) => ({
          id: Number(row.id),
          name: row.name,
          orders: Number(row.orders),
          revenue: row.revenue,
        })),
        topRestaurants: topRestaurants.map((row) => ({
          id: Number(row.id),
          name: row.name,
          orders: Number(row.orders),
          totalSpent: row.total_spent,
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function orderFilters(query: AdminCsvQuery): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.farmId !== undefined) conditions.push(sql`o.farm_id = ${query.farmId}`);
  if (query.status !== undefined) conditions.push(sql`o.status = ${query.status}`);
  if (query.month !== undefined) conditions.push(inHawaiiMonth(query.month));
  return sql.join(conditions, sql` and `);
}

interface OrderRow extends Row {
  id: number;
  status: OrderStatus;
  created_at: unknown;
  delivery_date: string | null;
  total_amount: string;
  farm_id: number;
  farm_name: string;
  restaurant_id: number;
  restaurant_name: string;
}

/**
 * One page of every farm's orders, newest first, with the farm and restaurant names, the number
 * the filters match, and the next page's cursor (docs/api.md#paging).
 */
export async function listAdminOrders(
  db: Db,
  query: AdminOrdersQuery,
): Promise<{ items: AdminOrder[]; total: number; nextCursor: string | null }> {
  const limit = query.limit ?? ADMIN_ORDERS_DEFAULT_LIMIT;
  const keyset = afterCursor(sql`o.created_at`, sql`o.id`, query.cursor) ?? sql`true`;
  const result = await rows<OrderRow & { cursor_created_at: string }>(
    db,
    sql`select o.id, o.status, o.created_at, to_char(o.delivery_date, 'YYYY-MM-DD') as delivery_date,
        o.total_amount::text as total_amount,
        f.id as farm_id, f.name as farm_name, r.id as restaurant_id, r.name as restaurant_name,
        ${cursorTimestamp(sql`o.created_at`)} as cursor_created_at
      from orders o
      join farms f on f.id = o.farm_id
      join restaurants r on r.id = o.restaurant_id
      where ${orderFilters(query)} and ${keyset}
      order by o.created_at desc, o.id desc
      limit ${limit + 1}`,
  );
  const [count] = await rows<{ total: number | string }>(
    db,
    sql`select count(*)::int as total from orders o where ${orderFilters(query)}`,
  );
  const page = splitPage(
    result.map((row) => ({ ...row, id: Number(row.id), cursorCreatedAt: row.cursor_created_at })),
    limit,
  );
  const items = page.rows.map((row) => ({
    id: Number(row.id),
    status: row.status,
    createdAt: toIso(row.created_at),
    deliveryDate: row.delivery_date,
    totalAmount: row.total_amount,
    farm: { id: Number(row.farm_id), name: row.farm_name },
    restaurant: { id: Number(row.restaurant_id), name: row.restaurant_name },
  }));
  return { items, total: Number(count?.total ?? 0), nextCursor: page.nextCursor };
}

/** The filtered orders as CSV, newest first: every status, so the status column tells. */
export async function adminOrdersCsv(
  db: Db,
  query: AdminCsvQuery,
  now = clockNow(),
): Promise<CsvFile> {
  const result = await rows<Row>(
    db,
    sql`select o.id,
        to_char(o.created_at at time zone ${ZONE}, 'YYYY-MM-DD HH24:MI') as created_at,
        o.status, r.name as restaurant_name, f.name as farm_name,
        to_char(o.delivery_date, 'YYYY-MM-DD') as delivery_date,
        o.subtotal::text as subtotal, o.delivery_fee::text as delivery_fee,
        o.total_amount::text as total_amount
      from orders o
      join farms f on f.id = o.farm_id
      join restaurants r on r.id = o.restaurant_id
      where ${orderFilters(query)}
      order by o.created_at desc, o.id desc`,
  );
  const body = toCsv(
    [
      'Order',
      'Created (Hawaii time)',
      'Status',
      'Restaurant',
      'Farm',
      'Delivery date',
      'Subtotal',
      'Delivery fee',
      'Total',
    ],
    result.map((row) => [
      row.id as number,
      row.created_at as string,
      row.status as string,
      row.restaurant_name as string,
      row.farm_name as string,
      row.delivery_date as string | null,
      row.subtotal as string,
      row.delivery_fee as string,
      row.total_amount as string,
    ]),
  );
  const scope = [
    query.month ?? hawaiiToday(now),
    query.farmId !== undefined ? `farm-${query.farmId}` : null,
    query.status ?? null,
  ]
    .filter(Boolean)
    .join('-');
  return { filename: `harvest-hui-orders-${scope}.csv`, body };
}

interface ChannelDeliveries {
  pending: number;
  failed: number;
  lastError: string | null;
  /** The latest message tried in the last day failed. */
  failing: boolean;
}

/** What the queue did with each channel's messages lately (notification_deliveries). */
async function deliveryHealthByChannel(
  db: Db,
): Promise<Record<'email' | 'sms', ChannelDeliveries>> {
  const result = await rows<{
    channel: 'email' | 'sms';
    pending: number;
    failed: number;
    last_error: string | null;
    failing: boolean;
  }>(
    db,
    sql`
    select c.channel,
      (select count(*)::int from notification_deliveries d
        where d.channel = c.channel and d.status = 'pending') as pending,
      (select count(*)::int from notification_deliveries d
        where d.channel = c.channel and d.status = 'failed'
          and d.created_at > now() - interval '7 days') as failed,
      (select d.last_error from notification_deliveries d
        where d.channel = c.channel and d.last_error is not null
          and d.created_at > now() - interval '7 days'
        order by d.created_at desc, d.notification_id desc limit 1) as last_error,
      coalesce((select d.last_error is not null from notification_deliveries d
        where d.channel = c.channel and d.attempts > 0
          and d.created_at > now() - interval '1 day'
        order by d.created_at desc, d.notification_id desc limit 1), false) as failing
    from (values ('email'), ('sms')) as c(channel)
  `,
  );
  const byChannel = {} as Record<'email' | 'sms', ChannelDeliveries>;
  for (const row of result) {
    byChannel[row.channel] = {
      pending: Number(row.pending),
      failed: Number(row.failed),
      lastError: row.last_error,
      failing: row.failing,
    };
  }
  return byChannel;
}

/** Real checks: the database answers, and what mail and SMS would do right now. */
export async function adminHealth(database: Database, config: AppConfig): Promise<AdminHealth> {
  const pingStart = performance.now();
  const databaseUp = await database.ping();
  const latencyMs = Math.round(performance.now() - pingStart);
  const now = new Date();
  // Without a database the counts are unknown; the page still answers and says so above.
  const unknown: ChannelDeliveries = { pending: 0, failed: 0, lastError: null, failing: false };
  const { email, sms } = databaseUp
    ? await deliveryHealthByChannel(database.db).catch(() => ({ email: unknown, sms: unknown }))
    : { email: unknown, sms: unknown };
  return {
    checkedAt: now.toISOString(),
    server: {
      status: 'online',
      startedAt: new Date(now.getTime() - process.uptime() * 1000).toISOString(),
      uptimeSeconds: Math.floor(process.uptime()),
    },
    database: {
      status: databaseUp ? 'connected' : 'unavailable',
      kind: database.kind,
      latencyMs,
    },
    email: {
      status: email.failing ? 'failing' : config.smtpUrl ? 'configured' : 'outbox',
      pending: email.pending,
      failed: email.failed,
      lastError: email.lastError,
    },
    sms: {
      status: sms.failing ? 'failing' : config.sms ? 'configured' : 'not_configured',
      pending: sms.pending,
      failed: sms.failed,
      lastError: sms.lastError,
    },
  };
}

/**
 * The invoice of a delivered order, for the Invoice Archive. It is the farm's own invoice
 * (same number, issued on first request exactly as when the farm or restaurant downloads it).
 */
export async function adminInvoice(db: Db, admin: Actor, orderId: number): Promise<Invoice> {
  const [order] = await db
    .select({ farmId: orders.farmId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw notFound('Order not found');
  if (order.status !== 'delivered') {
    throw conflict(
      `The archive holds invoices of delivered orders; this order is ${statusLabel(order.status)}`,
      'document_unavailable',
      { status: order.status },
    );
  }
  return issueInvoice(db, orderId, admin);
}
