import type {
  PriceList,
  PriceListBody,
  PriceListCustomer,
  PriceListFormValues,
} from '#core/schemas/price-list';
import type { Product } from '#core/schemas/product';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedList } from '../../lib/paged-list';
import { CATALOG_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

export const PRICE_LISTS_PATH = '/api/price-lists';
export const PRICE_LIST_CUSTOMERS_PATH = '/api/price-lists/restaurants';
/** Lists a page at a time, by name, with Load more. */
export const PRICE_LIST_PAGE_SIZE = 50;

/** The farm's price lists, a page at a time. */
export function usePriceLists() {
  return usePagedList<PriceList>(PRICE_LISTS_PATH, { limit: PRICE_LIST_PAGE_SIZE });
}

/** The restaurants the farm can put on a list, each with the list it is on. */
export function usePriceListCustomers(enabled: boolean) {
  return usePagedList<PriceListCustomer>(PRICE_LIST_CUSTOMERS_PATH, { limit: 200 }, enabled);
}

/** The farm's products the editor prices: one page of up to 500, by name. */
export function usePricedProducts(enabled: boolean) {
  return usePagedList<Product>('/api/products/farm', { limit: 500 }, enabled);
}

/** Every list, the customers' lists and what restaurants see follow any change. */
function refresh() {
  void queryClient.invalidateQueries({ queryKey: [PRICE_LISTS_PATH] });
  void queryClient.invalidateQueries({ queryKey: [PRICE_LIST_CUSTOMERS_PATH] });
  void queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
}

export function useSavePriceList() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PriceListBody | PriceListFormValues }) =>
      id === null
        ? api.post<PriceList>(PRICE_LISTS_PATH, body)
        : api.put<PriceList>(`${PRICE_LISTS_PATH}/${id}`, body),
    onSettled: refresh,
  });
}

export function useDeletePriceList() {
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>(`${PRICE_LISTS_PATH}/${id}`),
    onSettled: refresh,
  });
}

export function useAssignRestaurants() {
  return useMutation({
    mutationFn: ({ id, restaurantIds }: { id: number; restaurantIds: number[] }) =>
      api.put<PriceList>(`${PRICE_LISTS_PATH}/${id}/restaurants`, { restaurantIds }),
    onSettled: refresh,
  });
}
