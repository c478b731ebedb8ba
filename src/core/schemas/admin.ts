import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { monthInput, monthKeyOutput, moneyOutput, positiveId } from './common';
import { pageCursor } from './paging';

/**
 * The administrator's figures. Money counts every order that is not cancelled, as the reports
 * do (docs/decisions/001-revenue-counts.md); months are Hawaii months.
 */

/** The admin table shows 10 rows (docs/product.md#admin-dashboard). */
export const ADMIN_TABLE_ROWS = 10;
export const ADMIN_TOP_LIMIT = 10;
/** A restaurant counts as active when it has ordered within this many days. */
export const ACTIVE_RESTAURANT_DAYS = 90;
export const ADMIN_ORDERS_DEFAULT_LIMIT = 50;
export const ADMIN_ORDERS_MAX_LIMIT = 500;

const orderStatus = z.enum(ORDER_STATUSES);

export const adminStatsOutput = z.object({
  /** The Hawaii month "this month" refers to: "2026-11". */
  currentMonth: monthKeyOutput,
  stats: z.object({
    /** Every farm and restaurant profile. */
    farms: z.number().int(),
    restaurants: z.number().int(),
    /** Farms with at least one product on offer. */
    activeFarms: z.number().int(),
    /** Restaurants with an order (not cancelled) in the last ACTIVE_RESTAURANT_DAYS days. */
    activeRestaurants: z.number().int(),
    /** Orders that are not cancelled, all time and this month. */
    totalOrders: z.number().int(),
    monthlyOrders: z.number().int(),
    totalRevenue: moneyOutput,
    monthlyRevenue: moneyOutput,
    /** Every order by status, cancelled ones included. */
    ordersByStatus: z.record(orderStatus, z.number().int()),
  }),
  topFarms: z.array(
    z.object({ id: z.number(), name: z.string(), orders: z.number().int(), revenue: moneyOutput }),
  ),
  topRestaurants: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      orders: z.number().int(),
      totalSpent: moneyOutput,
    }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsOutput>;

/** GET /api/admin/orders and /api/admin/orders.csv filters. */
export const adminOrdersQuery = z.object({
  farmId: positiveId.optional(),
  status: z.enum(ORDER_STATUSES, { error: 'Choose a valid order status' }).optional(),
  /** A Hawaii month, "2026-11": orders created in it. */
  month: monthInput.optional(),
  limit: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'At least 1')
    .max(ADMIN_ORDERS_MAX_LIMIT, `At most ${ADMIN_ORDERS_MAX_LIMIT}`)
    .optional(),
  /** The next page, from the Link header (docs/api.md#paging). */
  cursor: pageCursor,
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuery>;
export type AdminCsvQuery = Omit<AdminOrdersQuery, 'limit' | 'cursor'>;

export const adminOrderOutput = z.object({
  id: z.number(),
  status: orderStatus,
  createdAt: z.string(),
  deliveryDate: z.string().nullable(),
  totalAmount: moneyOutput,
  farm: z.object({ id: z.number(), name: z.string() }),
  restaurant: z.object({ id: z.number(), name: z.string() }),
});
export type AdminOrder = z.infer<typeof adminOrderOutput>;
export const adminOrderListOutput = z.array(adminOrderOutput);

export const HEALTH_STATUSES = {
  server: ['online'],
  database: ['connected', 'unavailable'],
  email: ['configured', 'outbox', 'failing'],
  sms: ['configured', 'not_configured', 'failing'],
} as const;

function deliveryHealth<const T extends readonly [string, ...string[]]>(statuses: T) {
  return z.object({
    status: z.enum(statuses),
    pending: z.number().int(),
    failed: z.number().int(),
    lastError: z.string().nullable(),
  });
}

export const adminHealthOutput = z.object({
  checkedAt: z.string(),
  server: z.object({
    status: z.enum(HEALTH_STATUSES.server),
    startedAt: z.string(),
    uptimeSeconds: z.number().int(),
  }),
  database: z.object({
    status: z.enum(HEALTH_STATUSES.database),
    kind: z.enum(['postgres', 'pglite']),
    latencyMs: z.number().int(),
  }),
  /**
   * 'outbox': no SMTP server is set, so mail is written to files instead of sent. 'failing':
   * the latest email tried in the last day failed. With the messages waiting to be sent
   * (pending), those given up on in the last 7 days (failed) and the newest error.
   */
  email: deliveryHealth(HEALTH_STATUSES.email),
  /** 'configured' when SMS_API_URL is set; 'failing' as for email. */
  sms: deliveryHealth(HEALTH_STATUSES.sms),
});
export type AdminHealth = z.infer<typeof adminHealthOutput>;

/** The development-only user switcher (GET /api/test/users, POST /api/test/switch-user). */
export const devUserOutput = z.object({
  id: z.number(),
  email: z.string(),
  role: z.string().nullable(),
  profileName: z.string().nullable(),
});
export type DevUser = z.infer<typeof devUserOutput>;
export const devUserListOutput = z.array(devUserOutput);
export const switchUserBody = z.object({
  userId: z
    .number({ error: 'Choose a user' })
    .int('Choose a user')
    .positive('Choose a user')
    .max(2_147_483_647, 'Choose a user'),
});
export const devSwitchOutput = z.object({ ok: z.literal(true) });
