import type { RestaurantReport } from '#core/schemas/report';
import { useQuery } from '@tanstack/react-query';

/** The dashboard's figures come from the restaurant's report (same cache entry). */
export function useRestaurantFigures() {
  return useQuery<RestaurantReport>({
    queryKey: ['/api/reports/restaurant'],
    // Orders change under the dashboard; each visit asks again while showing what it has.
    refetchOnMount: 'always',
  });
}
