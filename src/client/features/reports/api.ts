import type { FarmReport, RestaurantReport } from '#core/schemas/report';
import { useQuery } from '@tanstack/react-query';

export const FARM_REPORT_PATH = '/api/reports/farm';
export const RESTAURANT_REPORT_PATH = '/api/reports/restaurant';
export const FARM_ORDERS_CSV_PATH = '/api/orders/farm.csv';
export const RESTAURANT_ORDERS_CSV_PATH = '/api/orders/restaurant.csv';

// Orders change under the report (placed, confirmed, delivered), so each visit asks again
// while showing the figures it already has.
export function useFarmReport() {
  return useQuery<FarmReport>({ queryKey: [FARM_REPORT_PATH], refetchOnMount: 'always' });
}

export function useRestaurantReport() {
  return useQuery<RestaurantReport>({
    queryKey: [RESTAURANT_REPORT_PATH],
    refetchOnMount: 'always',
  });
}
