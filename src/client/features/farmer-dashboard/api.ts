import type { FarmReport } from '#core/schemas/report';
import { useQuery } from '@tanstack/react-query';

/** The dashboard's figures come from the farm's report (same cache entry). */
export function useFarmFigures() {
  return useQuery<FarmReport>({
    queryKey: ['/api/reports/farm'],
    // Orders change under the dashboard; each visit asks again while showing what it has.
    refetchOnMount: 'always',
  });
}
