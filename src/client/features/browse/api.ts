import { catalogPagePath, type BrowseFilters } from '#core/browse-address';
import type { Product, ProductPage } from '#core/schemas/product';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import { CATALOG_KEY } from '../../lib/queries';

/** The catalogue, searched, filtered and sorted by the server, a page at a time. */
export const catalogQuery = (filters: BrowseFilters) =>
  infiniteQueryOptions({
    queryKey: [...CATALOG_KEY, filters],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<ProductPage>(catalogPagePath(filters, pageParam), { signal }),
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
  });

export function useCatalog(filters: BrowseFilters) {
  // Keep the current cards on screen while a new search loads.
  return useInfiniteQuery({ ...catalogQuery(filters), placeholderData: keepPreviousData });
}

/** Every product on offer in one list, sorted by name: the combined screen's Live Inventory. */
export function useCatalogList(enabled = true) {
  return useQuery({
    queryKey: CATALOG_KEY,
    queryFn: ({ signal }) => api.get<Product[]>(CATALOG_KEY[0], { signal }),
    enabled,
  });
}
