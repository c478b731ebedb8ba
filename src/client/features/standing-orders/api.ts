import type { ProductPage } from '#core/schemas/product';
import type {
  StandingOrder,
  StandingOrderCreateInput,
  Weekday,
} from '#core/schemas/standing-order';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedList } from '../../lib/paged-list';
import { queryClient } from '../../lib/query-client';

export const STANDING_ORDERS_PATH = '/api/standing-orders';

/** The restaurant's standing orders, page after page (docs/standing-orders.md). */
export function useStandingOrders() {
  return usePagedList<StandingOrder>(STANDING_ORDERS_PATH, { limit: 25 });
}

/** The farm's products on offer, for the lines of the dialog. */
export function useFarmCatalog(farmId: number | null) {
  return useQuery({
    queryKey: ['/api/products', 'standing-order', farmId],
    queryFn: ({ signal }) =>
      api.get<ProductPage>(`/api/products?farmId=${farmId}&pageSize=100&sort=name`, { signal }),
    enabled: farmId !== null,
  });
}

function refresh() {
  void queryClient.invalidateQueries({ queryKey: [STANDING_ORDERS_PATH] });
}

export interface StandingOrderChange {
  lines?: { productId: number; packId?: number; quantity: number }[];
  weekdays?: Weekday[];
  daysBefore?: number;
  paused?: boolean;
  notes?: string | null;
}

export function useCreateStandingOrder() {
  return useMutation({
    mutationFn: (body: StandingOrderCreateInput) =>
      api.post<StandingOrder>(STANDING_ORDERS_PATH, body),
    onSuccess: refresh,
  });
}

export function useUpdateStandingOrder() {
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: StandingOrderChange }) =>
      api.patch<StandingOrder>(`${STANDING_ORDERS_PATH}/${id}`, change),
    onSuccess: refresh,
  });
}

export function useDeleteStandingOrder() {
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${STANDING_ORDERS_PATH}/${id}`),
    onSuccess: refresh,
  });
}

export function useSkipDay() {
  return useMutation({
    mutationFn: ({
      id,
      deliveryDate,
      undo,
    }: {
      id: number;
      deliveryDate: string;
      undo?: boolean;
    }) =>
      undo
        ? api.delete<StandingOrder>(`${STANDING_ORDERS_PATH}/${id}/skips/${deliveryDate}`)
        : api.post<StandingOrder>(`${STANDING_ORDERS_PATH}/${id}/skips`, { deliveryDate }),
    onSuccess: refresh,
  });
}
