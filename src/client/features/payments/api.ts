import type { OrderPayments, PaymentCreateInput, ReceivablesQuery } from '#core/schemas/payment';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { BILLS_KEY, RECEIVABLES_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

export type ReceivablesFilters = Partial<Omit<ReceivablesQuery, 'format'>>;

/** "/api/receivables?restaurantId=2&status=overdue": the key and the path are the same. */
export function receivablesPath(filters: ReceivablesFilters, format?: 'csv'): string {
  const params = new URLSearchParams();
  if (filters.restaurantId) params.set('restaurantId', String(filters.restaurantId));
  if (filters.status) params.set('status', filters.status);
  if (filters.bucket) params.set('bucket', filters.bucket);
  if (format) params.set('format', format);
  const query = params.toString();
  return query ? `${RECEIVABLES_KEY[0]}?${query}` : RECEIVABLES_KEY[0];
}

export function useFilteredReceivables(filters: ReceivablesFilters) {
  return useQuery({ queryKey: [receivablesPath(filters)] });
}

export const orderPaymentsPath = (orderId: number) => `/api/orders/${orderId}/payments`;

export function useOrderPayments(orderId: number | null) {
  return useQuery<OrderPayments>({
    queryKey: [orderPaymentsPath(orderId ?? 0)],
    enabled: orderId !== null,
  });
}

/** Every screen that shows what is owed reads again after a payment or a void. */
function refreshOwed(result: OrderPayments) {
  queryClient.setQueryData([orderPaymentsPath(result.orderId)], result);
  void queryClient.invalidateQueries({ queryKey: RECEIVABLES_KEY });
  void queryClient.invalidateQueries({
    predicate: (query) =>
      typeof query.queryKey[0] === 'string' &&
      (query.queryKey[0].startsWith('/api/receivables') ||
        query.queryKey[0].startsWith('/api/orders') ||
        query.queryKey[0] === BILLS_KEY[0]),
  });
}

export function useRecordPayment() {
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: PaymentCreateInput }) =>
      api.post<OrderPayments>(orderPaymentsPath(orderId), body),
    onSuccess: refreshOwed,
  });
}

export function useVoidPayment() {
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: number; reason: string }) =>
      api.post<OrderPayments>(`/api/payments/${paymentId}/void`, { reason }),
    onSuccess: refreshOwed,
  });
}
