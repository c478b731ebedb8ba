import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { monthKeyOutput, moneyOutput } from './common';

/**
 * GET /api/reports/farm and GET /api/reports/restaurant. Every figure is computed by the
 * database in Hawaii time. Money figures count every order except cancelled ones
 * (docs/decisions/001-revenue-counts.md); the status distribution and the recent orders show
 * every order. What each order count means, on every screen that shows one:
 * docs/decisions/004-order-figures.md (totalOrders = completedOrders + activeOrders).
 */

export {
  DASHBOARD_RECENT_ORDERS_SHOWN,
  REPORT_MONTHS,
  REPORT_RECENT_ORDERS,
  REVENUE_RULE_CAPTION,
  TOP_FARMS,
  TOP_PRODUCTS_LIST,
  TOP_PRODUCTS_PIE,
} from '../reports';

const orderStatus = z.enum(ORDER_STATUSES);

export const statusSliceOutput = z.object({
  status: orderStatus,
  orders: z.number().int(),
  /** Sum of the totals of the orders in this status (cancelled ones included here). */
  total: moneyOutput,
});
export type StatusSlice = z.infer<typeof statusSliceOutput>;

const recentOrderBase = {
  id: z.number().int(),
  status: orderStatus,
  createdAt: z.string(),
  totalAmount: moneyOutput,
};

export const growthOutput = z.object({
  /** This month from its first day up to now. */
  monthToDate: moneyOutput,
  /** Last month from its first day up to the same point (clamped to its end). */
  lastMonthSamePeriod: moneyOutput,
  /** Percent change with one decimal ("12.5", "-3.0"); null when last month had nothing. */
  percent: z.string().nullable(),
});
export type Growth = z.infer<typeof growthOutput>;

export const farmReportOutput = z.object({
  /** The Hawaii month "this month" refers to: "2026-11". */
  currentMonth: monthKeyOutput,
  totals: z.object({
    totalRevenue: moneyOutput,
    monthlyRevenue: moneyOutput,
    /** Orders counted (not cancelled). */
    totalOrders: z.number().int(),
    completedOrders: z.number().int(),
    pendingOrders: z.number().int(),
    avgOrderValue: moneyOutput,
    totalProducts: z.number().int(),
    activeProducts: z.number().int(),
    /** Packed, waiting for the truck ("Ready to Ship"). */
    packedOrders: z.number().int(),
    /** Pending, confirmed, packed or in transit. */
    activeOrders: z.number().int(),
    /** Cancelled orders: in no other count and in no money figure. */
    cancelledOrders: z.number().int(),
  }),
  growth: growthOutput,
  months: z.array(
    z.object({ month: monthKeyOutput, revenue: moneyOutput, orders: z.number().int() }),
  ),
  /** The top 6 products by revenue; the ranked list shows the first 5. */
  topProducts: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      unit: z.string(),
      /** Up to two decimals for weighed units. */
      quantitySold: z.number(),
      revenue: moneyOutput,
      /** Share of the revenue of these top products, one decimal ("42.5"). */
      sharePercent: z.string(),
    }),
  ),
  statusDistribution: z.array(statusSliceOutput),
  recentOrders: z.array(z.object({ ...recentOrderBase, restaurantName: z.string() })),
});
export type FarmReport = z.infer<typeof farmReportOutput>;

export const restaurantReportOutput = z.object({
  currentMonth: monthKeyOutput,
  totals: z.object({
    totalSpent: moneyOutput,
    monthlySpent: moneyOutput,
    /** Orders counted (not cancelled). */
    totalOrders: z.number().int(),
    completedOrders: z.number().int(),
    /** Pending, confirmed, packed or in transit. */
    activeOrders: z.number().int(),
    avgOrderValue: moneyOutput,
    /** Cancelled orders: in no other count and in no money figure. */
    cancelledOrders: z.number().int(),
  }),
  months: z.array(
    z.object({ month: monthKeyOutput, spent: moneyOutput, orders: z.number().int() }),
  ),
  statusDistribution: z.array(statusSliceOutput),
  /** Top 10 farms by spending. */
  topFarms: z.array(
    z.object({
      farmId: z.number().int(),
      farmName: z.string(),
      orders: z.number().int(),
      totalSpent: moneyOutput,
      avgOrder: moneyOutput,
    }),
  ),
  recentOrders: z.array(z.object({ ...recentOrderBase, farmName: z.string() })),
});
export type RestaurantReport = z.infer<typeof restaurantReportOutput>;
