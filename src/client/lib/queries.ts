import type { FarmDeliveryOutlook, NextDeliveryAnswer } from '#core/schemas/delivery';
import type { Bills, Receivables } from '#core/schemas/payment';
import type { FarmSummary } from '#core/schemas/product';
import type { FarmReport, RestaurantReport } from '#core/schemas/report';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api';

/*
 * The API reads that more than one feature shows or refreshes: their keys and hooks live here
 * once. A feature's own reads and writes stay in its api.ts; the key of a query is the path it
 * reads (the query client's default fetcher GETs queryKey[0]).
 */

/** Prefix of the restaurants' catalogue: the whole list and every page of a search. */
export const CATALOG_KEY = ['/api/products'] as const;
/** The signed-in farm's own products (a different path, so not under CATALOG_KEY). */
export const FARM_PRODUCTS_KEY = ['/api/products/farm'] as const;
export const FARMS_KEY = ['/api/farms'] as const;
export const FARM_REPORT_KEY = ['/api/reports/farm'] as const;
export const RESTAURANT_REPORT_KEY = ['/api/reports/restaurant'] as const;

/**
 * Stock, listings or next-delivery dates changed: the farm's list and the catalogue (with
 * every page of it) are read again.
 */
export function refreshProducts(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: FARM_PRODUCTS_KEY });
  void queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
}

/**
 * How long figures just read count as current. Orders change under them, so a visit after
 * this asks again while showing the figures it already has (and a live event about an order
 * marks them stale at once); a screen whose first data read them a moment ago does not ask
 * twice as it opens.
 */
const FIGURES_CURRENT_MS = 5_000;

/**
 * The farm's figures (dashboard, reports, the combined screen), all from the server's one
 * rule (docs/decisions/004-order-figures.md). A screen's first data asks with these options too.
 */
export const farmReportQuery = queryOptions<FarmReport>({
  queryKey: FARM_REPORT_KEY,
  staleTime: FIGURES_CURRENT_MS,
});

/** The restaurant's figures (dashboard, reports, My Orders, the combined screen). */
export const restaurantReportQuery = queryOptions<RestaurantReport>({
  queryKey: RESTAURANT_REPORT_KEY,
  staleTime: FIGURES_CURRENT_MS,
});

export function useFarmReport(enabled = true) {
  return useQuery({ ...farmReportQuery, enabled });
}

export function useRestaurantReport() {
  return useQuery(restaurantReportQuery);
}

/** Every farm with its current delivery fee and minimum, sorted by name. */
export function useFarms(enabled = true) {
  return useQuery({
    queryKey: FARMS_KEY,
    queryFn: ({ signal }) => api.get<FarmSummary[]>(FARMS_KEY[0], { signal }),
    enabled,
  });
}

/** Prefix of the delivery outlook reads (docs/delivery.md). */
export const NEXT_DELIVERY_KEY = ['/api/delivery-schedules/next'] as const;

/**
 * Each farm's delivery days still open for orders, for the signed-in restaurant's zone: the
 * next day and when ordering for it closes, every open day, or why its items cannot be
 * checked out. Shared by browse, the cart and checkout; asked again every minute, since a
 * cutoff passing closes a day.
 */
export function useNextDeliveries(farmIds: readonly number[]) {
  const ids = [...new Set(farmIds)].sort((a, b) => a - b).slice(0, 100);
  const query = useQuery({
    queryKey: [NEXT_DELIVERY_KEY[0], ids.join(',')],
    queryFn: ({ signal }) =>
      api.get<NextDeliveryAnswer>(`${NEXT_DELIVERY_KEY[0]}?farmIds=${ids.join(',')}`, { signal }),
    enabled: ids.length > 0,
    refetchInterval: 60_000,
  });
  const byFarm = new Map<number, FarmDeliveryOutlook>(
    (query.data?.farms ?? []).map((outlook) => [outlook.farmId, outlook]),
  );
  return { ...query, zone: query.data?.zone ?? null, byFarm };
}

export const RECEIVABLES_KEY = ['/api/receivables'] as const;
export const BILLS_KEY = ['/api/bills'] as const;

/** The farm's receivables (unfiltered): its dashboard shows the outstanding total. */
export const receivablesQuery = queryOptions<Receivables>({ queryKey: RECEIVABLES_KEY });

/** The restaurant's bills: its dashboard shows what it owes. */
export const billsQuery = queryOptions<Bills>({ queryKey: BILLS_KEY });

export function useReceivables() {
  return useQuery(receivablesQuery);
}

export function useBills() {
  return useQuery(billsQuery);
}

/** The restaurant's order list: shared so that any screen that places an order can refresh it. */
export const RESTAURANT_ORDERS_KEY = ['/api/orders/restaurant'] as const;
