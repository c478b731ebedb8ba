import { IN_PROGRESS_STATUSES } from '#core/order-status';
import type { AdminHealth, AdminOrder, AdminStats } from '#core/schemas/admin';
import { useQuery } from '@tanstack/react-query';

/** The orders table's farm filter lists every farm (the same read as the checkout's). */
export { useFarms } from '../../lib/queries';

export const ADMIN_STATS_PATH = '/api/admin/stats';
export const ADMIN_HEALTH_PATH = '/api/admin/health';

export interface AdminOrderFilters {
  farmId?: number | undefined;
  status?: string | undefined;
  month?: string | undefined;
  limit?: number | undefined;
}

function query(filters: AdminOrderFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const adminOrdersPath = (filters: AdminOrderFilters) => `/api/admin/orders${query(filters)}`;

/** The CSV of the same filters, without a limit (every matching order). */
export const adminOrdersCsvPath = (filters: Omit<AdminOrderFilters, 'limit'>) =>
  `/api/admin/orders.csv${query(filters)}`;

export function useAdminStats() {
  return useQuery<AdminStats>({ queryKey: [ADMIN_STATS_PATH] });
}

export function useAdminHealth() {
  return useQuery<AdminHealth>({ queryKey: [ADMIN_HEALTH_PATH] });
}

export function useAdminOrders(filters: AdminOrderFilters, options: { enabled?: boolean } = {}) {
  return useQuery<AdminOrder[]>({
    queryKey: [adminOrdersPath(filters)],
    enabled: options.enabled ?? true,
  });
}

/** The platform's orders in progress (pending to in transit), from the server's counts. */
export function platformInProgress(stats: AdminStats): number {
  return IN_PROGRESS_STATUSES.reduce((sum, status) => sum + stats.stats.ordersByStatus[status], 0);
}
