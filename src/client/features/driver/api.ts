import type { DriveRun } from '#core/schemas/delivery-proof';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Where the driver's run is read; the service worker keeps its last answer for no signal. */
export const driveRunPath = (runId: number) => `/api/delivery-runs/${runId}`;

/** Whether an address's run id can name a run at all. */
export const isRunId = (runId: number) => Number.isInteger(runId) && runId > 0;

/** One run for the driver: its stops in order with their lines and proof of delivery. */
export const driveRunQuery = (runId: number) =>
  queryOptions({
    queryKey: [driveRunPath(runId)],
    queryFn: ({ signal }) => api.get<DriveRun>(driveRunPath(runId), { signal }),
    enabled: isRunId(runId),
  });

export function useDriveRun(runId: number) {
  return useQuery(driveRunQuery(runId));
}
