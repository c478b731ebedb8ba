import type { DriveRun } from '#core/schemas/delivery-proof';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Where the driver's run is read; the service worker keeps its last answer for no signal. */
export const driveRunPath = (runId: number) => `/api/delivery-runs/${runId}`;

/** One run for the driver: its stops in order with their lines and proof of delivery. */
export function useDriveRun(runId: number) {
  return useQuery({
    queryKey: [driveRunPath(runId)],
    queryFn: ({ signal }) => api.get<DriveRun>(driveRunPath(runId), { signal }),
    enabled: Number.isInteger(runId) && runId > 0,
  });
}
