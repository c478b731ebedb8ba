import type { customerMinimumBody } from '#core/schemas/minimum';
import type { z } from 'zod';
import type {
  CreditTermsBody,
  Customer,
  CustomerEvent,
  CustomerHoldBody,
} from '#core/schemas/customer';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedList } from '../../lib/paged-list';
import { queryClient } from '../../lib/query-client';

export const CUSTOMERS_PATH = '/api/customers';
export const CUSTOMER_PAGE_SIZE = 25;

export const customerPath = (restaurantId: number) => `${CUSTOMERS_PATH}/${restaurantId}`;

/** The farm's customers by name, a page at a time; `q` keeps the names that contain it. */
export function useCustomers(search: string) {
  return usePagedList<Customer>(CUSTOMERS_PATH, { limit: CUSTOMER_PAGE_SIZE, q: search });
}

export function useCustomer(restaurantId: number) {
  return useQuery({
    queryKey: [CUSTOMERS_PATH, restaurantId],
    queryFn: ({ signal }) => api.get<Customer>(customerPath(restaurantId), { signal }),
  });
}

export function useCustomerHistory(restaurantId: number) {
  return usePagedList<CustomerEvent>(`${customerPath(restaurantId)}/history`, { limit: 20 });
}

/** The list, the customer and its history follow any change of terms or hold. */
function refresh() {
  void queryClient.invalidateQueries({ queryKey: [CUSTOMERS_PATH] });
  void queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith(`${CUSTOMERS_PATH}/`),
  });
}

export function useSaveCreditTerms(restaurantId: number) {
  return useMutation({
    mutationFn: (body: CreditTermsBody) =>
      api.put<Customer>(`${customerPath(restaurantId)}/credit-terms`, body),
    onSettled: refresh,
  });
}

export function useHoldCustomer(restaurantId: number) {
  return useMutation({
    mutationFn: (body: CustomerHoldBody) =>
      api.post<Customer>(`${customerPath(restaurantId)}/hold`, body),
    onSettled: refresh,
  });
}

/** The farm's own minimum for this customer, over its zones' (docs/minimums.md). */
export function useSaveCustomerMinimum(restaurantId: number) {
  return useMutation({
    // As sent: the fee only in fee mode (the server's schema refuses it otherwise).
    mutationFn: (body: z.input<typeof customerMinimumBody>) =>
      api.put<Customer>(`${customerPath(restaurantId)}/minimum`, body),
    onSettled: refresh,
  });
}

/** Back to the farm's zone minimums for this customer. */
export function useRemoveCustomerMinimum(restaurantId: number) {
  return useMutation({
    mutationFn: () => api.delete<void>(`${customerPath(restaurantId)}/minimum`),
    onSettled: refresh,
  });
}
