import { hawaiiToday } from '#core/hawaii-time';
import type { CheckoutInput, CheckoutResult, Order } from '#core/schemas/order';
import type { Schedule } from '#core/schemas/schedule';
import { useMutation, useQueries } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedList, type ListParams } from '../../lib/paged-list';
import { refreshProducts, RESTAURANT_REPORT_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

/** Farms' current fees and minimums (only asked for while there is something in the cart). */
export { FARMS_KEY, useFarms } from '../../lib/queries';

export const RESTAURANT_ORDERS_KEY = ['/api/orders/restaurant'] as const;

/** The restaurant's orders, newest first, a page at a time with the server's filters. */
export function useRestaurantOrders(params: ListParams) {
  return usePagedList<Order>(RESTAURANT_ORDERS_KEY[0], params);
}

/** Each farm's upcoming delivery days (Hawaii's today on), sorted; a failed read counts as none. */
export function useFarmDeliveryDays(farmIds: number[]): Map<number, string[]> {
  const today = hawaiiToday();
  const results = useQueries({
    queries: farmIds.map((farmId) => ({
      queryKey: [`/api/delivery-schedules/farm/${farmId}`],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        try {
          return await api.get<Schedule[]>(`/api/delivery-schedules/farm/${farmId}`, {
            signal,
            quietUnauthorized: true,
          });
        } catch {
          return [];
        }
      },
    })),
  });
  const days = new Map<number, string[]>();
  farmIds.forEach((farmId, index) => {
    const schedules = results[index]?.data ?? [];
    days.set(
      farmId,
      [...new Set(schedules.map((schedule) => schedule.deliveryDate))]
        .filter((date) => date >= today)
        .sort(),
    );
  });
  return days;
}

export function useCheckout() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CheckoutInput; idempotencyKey: string }) =>
      api.post<CheckoutResult>('/api/checkout', body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: RESTAURANT_ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: RESTAURANT_REPORT_KEY });
      // Stock has moved: the catalogue shows new quantities.
      refreshProducts(queryClient);
    },
  });
}
