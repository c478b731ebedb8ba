import type { BulkStatusBody, BulkStatusResult } from '#core/schemas/order-bulk';
import type { OrderAsSeen, OrderStatusInput } from '#core/schemas/order';
import type { AdjustmentInput } from '#core/schemas/adjustment';
import type { Lot } from '#core/schemas/traceability';
import type { Page } from '#core/paging';
import type { Schedule } from '#core/schemas/schedule';
import { WHOLE_LIST_LIMIT } from '#core/paging';
import { useMemo } from 'react';
import { useMutation, useQuery, type InfiniteData } from '@tanstack/react-query';
import { api, apiPage } from '../../lib/api';
import { usePagedList, useWholeList, withParams, type ListParams } from '../../lib/paged-list';
import { FARM_REPORT_KEY, refreshProducts } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';
import { useBulkRun, type BulkRunState } from './bulk-run';

export const FARM_ORDERS_KEY = ['/api/orders/farm'] as const;
const FARM_DAYS_KEY = ['/api/delivery-schedules'] as const;

/** The farm's orders, newest first, a page at a time with the server's filters. */
export function useFarmOrders(params: ListParams, enabled = true) {
  return usePagedList<OrderAsSeen>(FARM_ORDERS_KEY[0], params, enabled);
}

/** The farm's latest `limit` orders (the combined screen's Recent Orders). */
export function useLatestFarmOrders(limit: number) {
  const path = withParams(FARM_ORDERS_KEY[0], { limit });
  return useQuery({
    queryKey: [FARM_ORDERS_KEY[0], { limit }],
    queryFn: ({ signal }) => api.get<OrderAsSeen[]>(path, { signal }),
  });
}

/** How many of the day's orders are in `status`: the total of a one-item page. */
export function useDayStatusCount(deliveryDate: string, status: string) {
  const params = { deliveryDate, status, limit: 1 };
  return useQuery({
    queryKey: [FARM_ORDERS_KEY[0], params],
    queryFn: async ({ signal }) =>
      (await apiPage<OrderAsSeen>(withParams(FARM_ORDERS_KEY[0], params), { signal })).total,
    enabled: deliveryDate !== '',
  });
}

/** The farm's delivery days, past ones included, by date (the day picker's choices). */
export function useFarmDeliveryDays() {
  const list = useWholeList<Schedule>(FARM_DAYS_KEY[0], { limit: WHOLE_LIST_LIMIT });
  const items = list.items;
  const data = useMemo(
    () => (items ? [...new Set(items.map((schedule) => schedule.deliveryDate))].sort() : undefined),
    [items],
  );
  return { ...list, data };
}

type OrderListData = OrderAsSeen[] | InfiniteData<Page<OrderAsSeen>> | number | undefined;

/** Puts the answer of a move into every cached list that holds the order. */
function replaceOrder(data: OrderListData, updated: OrderAsSeen): OrderListData {
  const swap = (order: OrderAsSeen) => (order.id === updated.id ? updated : order);
  if (Array.isArray(data)) return data.map(swap);
  if (data && typeof data === 'object' && 'pages' in data) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(swap) })) };
  }
  return data;
}

/** Every farm order list, its counts and figures are read again (after a bulk move). */
function refreshFarmOrders() {
  void queryClient.invalidateQueries({ queryKey: FARM_ORDERS_KEY });
  void queryClient.invalidateQueries({ queryKey: FARM_REPORT_KEY });
}

/**
 * The one way the farm moves an order. The lists show the answer at once, then are read again
 * (a status filter or a day's groups may no longer hold it); the figures (pending, ready to
 * ship, revenue) are read again; a cancelled order puts its stock back, so the product lists
 * are read again too.
 */
export function useUpdateOrderStatus() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OrderStatusInput }) =>
      api.patch<OrderAsSeen>(`/api/orders/${id}/status`, body),
    onSuccess: (updated) => {
      queryClient.setQueriesData<OrderListData>({ queryKey: FARM_ORDERS_KEY }, (data) =>
        replaceOrder(data, updated),
      );
      refreshFarmOrders();
      if (updated.status === 'cancelled') refreshProducts(queryClient);
    },
  });
}

/**
 * Confirm every pending order of a day, or pack every confirmed one, call after call until the
 * day is done (useBulkRun); the lists and figures are read again once it ends.
 */
export function useBulkStatus(onEnd: (run: BulkRunState<BulkStatusResult>) => void) {
  return useBulkRun({
    send: (body: BulkStatusBody) =>
      api.post<BulkStatusResult>('/api/orders/farm/bulk-status', body),
    onEnd: (run) => {
      refreshFarmOrders();
      onEnd(run);
    },
  });
}

/**
 * The farm adjusts an order to what was picked (docs/adjustments.md). The lists show the
 * answer at once and are read again with the figures; stock moved, so products are read again.
 */
export function useAdjustOrder() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdjustmentInput }) =>
      api.post<OrderAsSeen>(`/api/orders/${id}/adjustments`, body),
    onSuccess: (updated) => {
      queryClient.setQueriesData<OrderListData>({ queryKey: FARM_ORDERS_KEY }, (data) =>
        replaceOrder(data, updated),
      );
      refreshFarmOrders();
      refreshProducts(queryClient);
    },
  });
}

/** A product's lots with something left, oldest harvest first: what a packer takes from. */
export function useOpenLots(productId: number) {
  const path = withParams('/api/lots', { open: 'true', productId, limit: 100 });
  return useQuery({
    queryKey: ['/api/lots', { open: true, productId }],
    queryFn: ({ signal }) => api.get<Lot[]>(path, { signal }),
  });
}

/**
 * The farm sets the lots one line was packed from (docs/traceability.md). The lists show the
 * answer at once; the lots' remaining quantities moved, so they are read again. A refusal
 * (another packer took from a lot meanwhile: 409 lot_insufficient) reads them again too, and
 * the orders (lines saved before it keep their lots), so the dialog shows what is left now.
 */
export function useAssignLots() {
  return useMutation({
    mutationFn: ({
      orderId,
      itemId,
      lots,
    }: {
      orderId: number;
      itemId: number;
      lots: { lotId: number; quantity: number }[];
    }) => api.put<OrderAsSeen>(`/api/orders/${orderId}/items/${itemId}/lots`, { lots }),
    onSuccess: (updated) => {
      queryClient.setQueriesData<OrderListData>({ queryKey: FARM_ORDERS_KEY }, (data) =>
        replaceOrder(data, updated),
      );
      void queryClient.invalidateQueries({ queryKey: ['/api/lots'] });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/lots'] });
      refreshFarmOrders();
    },
  });
}
