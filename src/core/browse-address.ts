import {
  BROWSE_CATEGORIES,
  DEFAULT_PAGE_SIZE,
  PRODUCT_AVAILABILITY,
  PRODUCT_SORTS,
  type ProductAvailability,
  type ProductSort,
} from './constants';

/**
 * Browse's filters, which live in the page's address so a reload or a shared link shows the
 * same list. The client reads them from the address and asks the catalogue with them; the
 * server reads the same address to fetch the first page before the browse code has arrived.
 */
export interface BrowseFilters {
  q: string;
  category: string;
  farmId: string;
  availability: ProductAvailability;
  sort: ProductSort;
  /** Only what delivers to the restaurant's zone (the server ignores it without a zone). */
  deliversToMyZone: boolean;
}

/** The value when it is one of the options, else the fallback. */
export function oneOf<T extends string>(
  value: string | null,
  options: readonly T[],
  fallback: T,
): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

/** The sort a search has unless one is chosen: best match while searching, else by name. */
export function defaultSortOf(q: string): ProductSort {
  return q.trim() ? 'relevance' : 'name';
}

/**
 * The filters after a change: a sort left at its default follows the search (best match once
 * there is one, by name once it is cleared); a chosen sort stays.
 */
export function changeBrowseFilters(
  filters: BrowseFilters,
  changes: Partial<BrowseFilters>,
): BrowseFilters {
  const next = { ...filters, ...changes };
  if (changes.sort === undefined && filters.sort === defaultSortOf(filters.q)) {
    next.sort = defaultSortOf(next.q);
  }
  return next;
}

/** The filters a browse address names; anything unknown is the default. */
export function browseFiltersOf(params: URLSearchParams): BrowseFilters {
  const q = params.get('q') ?? '';
  return {
    q,
    category: oneOf(params.get('category'), [...BROWSE_CATEGORIES, 'all'], 'all'),
    farmId: /^\d+$/.test(params.get('farm') ?? '') ? params.get('farm')! : 'all',
    availability: oneOf(params.get('availability'), PRODUCT_AVAILABILITY, 'all'),
    sort: oneOf(params.get('sort'), PRODUCT_SORTS, defaultSortOf(q)),
    // On unless turned off: a restaurant with a zone sees first what can reach it.
    deliversToMyZone: params.get('zones') !== 'all',
  };
}

/** The address's search part for these filters: only what differs from the defaults. */
export function browseSearchOf(filters: BrowseFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.category !== 'all') search.set('category', filters.category);
  if (filters.farmId !== 'all') search.set('farm', filters.farmId);
  if (filters.availability !== 'all') search.set('availability', filters.availability);
  if (filters.sort !== defaultSortOf(filters.q)) search.set('sort', filters.sort);
  if (!filters.deliversToMyZone) search.set('zones', 'all');
  return search;
}

/** The API call for one page of the catalogue with these filters. */
export function catalogPagePath(filters: BrowseFilters, page: number): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category !== 'all') params.set('category', filters.category);
  if (filters.farmId !== 'all') params.set('farmId', filters.farmId);
  if (filters.availability !== 'all') params.set('availability', filters.availability);
  params.set('sort', filters.sort);
  if (filters.deliversToMyZone) params.set('deliversToMyZone', 'true');
  return `/api/products?${params.toString()}`;
}
