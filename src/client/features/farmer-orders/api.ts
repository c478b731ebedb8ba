import type { Order, OrderStatusInput } from '#core/schemas/order';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const FARM_ORDERS_KEY = ['/api/orders/farm'] as const;

export function useFarmOrders() {
  return useQuery({
    queryKey: FARM_ORDERS_KEY,
    queryFn: ({ signal }) => api.get<Order[]>(FARM_ORDERS_KEY[0], { signal }),
  });
}

export function useUpdateOrderStatus() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OrderStatusInput }) =>
      api.patch<Order>(`/api/orders/${id}/status`, body),
    onSuccess: (updated) => {
      queryClient.setQueryData<Order[]>(FARM_ORDERS_KEY, (list) =>
        list?.map((order) => (order.id === updated.id ? updated : order)),
      );
      // A cancelled order puts its stock back.
      if (updated.status === 'cancelled') {
        void queryClient.invalidateQueries({ queryKey: ['/api/products/farm'] });
      }
    },
  });
}
