import {
  DEFAULT_PAGE_SIZE,
  type Product,
  type ProductAvailability,
  type ProductPage,
  type ProductSort,
} from '#core/schemas/product';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { CATALOG_KEY } from '../../lib/queries';

export interface BrowseFilters {
  q: string;
  category: string;
  farmId: string;
  availability: ProductAvailability;
  sort: ProductSort;
  /** Only what delivers to the restaurant's zone (the server ignores it without a zone). */
  deliversToMyZone: boolean;
}

function pagePath(filters: BrowseFilters, page: number): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category !== 'all') params.set('category', filters.category);
  if (filters.farmId !== 'all') params.set('farmId', filters.farmId);
  if (filters.availability !== 'all') params.set('availability', filters.availability);
  params.set('sort', filters.sort);
  if (filters.deliversToMyZone) params.set('deliversToMyZone', 'true');
  return `/api/products?${params.toString()}`;
}

/** The catalogue, searched, filtered and sorted by the server, a page at a time. */
export function useCatalog(filters: BrowseFilters) {
  return useInfiniteQuery({
    queryKey: [...CATALOG_KEY, filters],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<ProductPage>(pagePath(filters, pageParam), { signal }),
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    // Keep the current cards on screen while a new search loads.
    placeholderData: keepPreviousData,
  });
}

/** Every product on offer in one list, sorted by name: the combined screen's Live Inventory. */
export function useCatalogList(enabled = true) {
  return useQuery({
    queryKey: CATALOG_KEY,
    queryFn: ({ signal }) => api.get<Product[]>(CATALOG_KEY[0], { signal }),
    enabled,
  });
}
