import type { BusinessKind } from '#core/actor';
import type { AdminAction } from '#core/business-status';
import { IN_PROGRESS_STATUSES } from '#core/order-status';
import type {
  AdminActionEntry,
  AdminBusiness,
  AdminHealth,
  AdminOrder,
  AdminPersonEntry,
  AdminStats,
  BusinessStatusFilter,
  PendingFarm,
  PeopleBusinessFilter,
} from '#core/schemas/admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { invalidatePaths } from '../../lib/live-events';
import { usePagedList } from '../../lib/paged-list';
import { queryClient } from '../../lib/query-client';

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

/*
 * Admission, suspension and the audit log (docs/admission.md).
 */
export const ADMIN_APPROVALS_PATH = '/api/admin/approvals';
export const ADMIN_BUSINESSES_PATH = '/api/admin/businesses';
export const ADMIN_AUDIT_PATH = '/api/admin/audit';

/** The farms waiting for approval, the longest waiting first, a page at a time. */
export function usePendingFarms() {
  return usePagedList<PendingFarm>(ADMIN_APPROVALS_PATH, {});
}

export interface BusinessFilters {
  kind: BusinessKind;
  status: BusinessStatusFilter;
  q: string;
}

/** The farms or restaurants by name, filtered, a page at a time. */
export function useAdminBusinesses(filters: BusinessFilters) {
  return usePagedList<AdminBusiness>(ADMIN_BUSINESSES_PATH, {
    kind: filters.kind,
    status: filters.status === 'all' ? undefined : filters.status,
    q: filters.q.trim() || undefined,
  });
}

export const ADMIN_PEOPLE_PATH = '/api/admin/people';

export interface PeopleFilters {
  q: string;
  business: PeopleBusinessFilter | 'all';
  closed: boolean;
}

/** Every account by name, searched by name or email, a page at a time. */
export function useAdminPeople(filters: PeopleFilters) {
  return usePagedList<AdminPersonEntry>(ADMIN_PEOPLE_PATH, {
    q: filters.q.trim() || undefined,
    business: filters.business === 'all' ? undefined : filters.business,
    closed: filters.closed ? 'true' : undefined,
  });
}

/** The audit log, newest first, `limit` a page. */
export function useAdminAudit(limit: number) {
  return usePagedList<AdminActionEntry>(ADMIN_AUDIT_PATH, { limit });
}

export interface AdminDecisionInput {
  action: AdminAction;
  kind: BusinessKind;
  id: number;
  /** Decline and suspend need one. */
  reason?: string;
}

function decisionPath({ action, kind, id }: AdminDecisionInput): string {
  return action === 'approve' || action === 'decline'
    ? `/api/admin/farms/${id}/${action}`
    : `/api/admin/businesses/${kind}/${id}/${action}`;
}

/** Approve, decline, suspend or reinstate; every admin list and figure reads again after. */
export function useAdminDecision() {
  return useMutation({
    mutationFn: (input: AdminDecisionInput) =>
      api.post<AdminBusiness>(
        decisionPath(input),
        input.reason === undefined ? undefined : { reason: input.reason },
      ),
    onSuccess: () => invalidatePaths(queryClient, ['/api/admin', '/api/farms']),
  });
}
