import type { Order, OrderStatusInput } from '#core/schemas/order';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { FARM_REPORT_KEY, refreshProducts } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

export const FARM_ORDERS_KEY = ['/api/orders/farm'] as const;

export function useFarmOrders() {
  return useQuery({
    queryKey: FARM_ORDERS_KEY,
    queryFn: ({ signal }) => api.get<Order[]>(FARM_ORDERS_KEY[0], { signal }),
  });
}

/**
 * The one way the farm moves an order. The list shows the answer at once; the figures (pending,
 * ready to ship, revenue) are read again; a cancelled order puts its stock back, so the
 * product lists are read again too.
 */
export function useUpdateOrderStatus() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OrderStatusInput }) =>
      api.patch<Order>(`/api/orders/${id}/status`, body),
    onSuccess: (updated) => {
      queryClient.setQueryData<Order[]>(FARM_ORDERS_KEY, (list) =>
        list?.map((order) => (order.id === updated.id ? updated : order)),
      );
      void queryClient.invalidateQueries({ queryKey: FARM_REPORT_KEY });
      if (updated.status === 'cancelled') refreshProducts(queryClient);
    },
  });
}
