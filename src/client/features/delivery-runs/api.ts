import { placesOf, withStopsInOrder } from '#core/delivery-places';
import {
  RUN_CHANGED_CODE,
  type DeliveryDayStartResult,
  type DeliveryRun,
  type DeliveryRunCreateBody,
  type DeliveryRunStartResult,
  RUN_STOPS_PAGE_MAX,
} from '#core/schemas/delivery-run';
import type { Schedule } from '#core/schemas/schedule';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError, apiPage } from '../../lib/api';
import { FARM_REPORT_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

const RUNS_PATH = '/api/delivery-runs';
const runsKey = (date: string) => [RUNS_PATH, date] as const;
/** The farm's order lists and figures: a started run moves orders. */
const FARM_ORDERS_PATH = '/api/orders/farm';

/** How often a day is read again from its first page when a run changed between its pages. */
const DAY_READ_ATTEMPTS = 3;

/**
 * The day's runs whole, read a page of stops at a time: a hub's day holds some 1,500 orders. A
 * run whose version moved between two pages changed meanwhile, and the day is read again.
 */
async function readDayRuns(date: string, signal: AbortSignal): Promise<DeliveryRun[]> {
  const first = `${RUNS_PATH}?date=${encodeURIComponent(date)}&limit=${RUN_STOPS_PAGE_MAX}`;
  for (let attempt = 1; ; attempt += 1) {
    let page = await apiPage<DeliveryRun>(first, { signal });
    const runs = page.items;
    let consistent = true;
    while (page.next && consistent) {
      page = await apiPage<DeliveryRun>(page.next, { signal });
      for (const part of page.items) {
        const run = runs.find((each) => each.id === part.id);
        if (!run || run.version !== part.version) consistent = false;
        else run.stops.push(...part.stops);
      }
    }
    if (consistent) return runs.map((run) => ({ ...run, places: placesOf(run.stops) }));
    if (attempt === DAY_READ_ATTEMPTS) {
      throw new Error('The runs kept changing while they loaded. Try again in a moment.');
    }
  }
}

/** The farm's runs of one delivery day, each with its stops in order. */
export function useDayRuns(date: string) {
  return useQuery({
    queryKey: runsKey(date),
    queryFn: ({ signal }) => readDayRuns(date, signal),
    enabled: date !== '',
  });
}

/**
 * The farm's next delivery day: its first scheduled day from today on (today when it delivers
 * today), or null when it has none. The runs page opens on it.
 */
export function useNextDeliveryDay(farmId: number | undefined) {
  return useQuery({
    queryKey: ['/api/delivery-schedules/farm', farmId, 'next'],
    queryFn: async ({ signal }) => {
      const days = await api.get<Schedule[]>(`/api/delivery-schedules/farm/${farmId}?limit=1`, {
        signal,
      });
      return days[0]?.deliveryDate ?? null;
    },
    enabled: farmId !== undefined,
    staleTime: 60_000,
  });
}

/** The current run a 409 `run_changed` carries, or null for any other failure. */
export function changedRun(error: unknown): DeliveryRun | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.body?.code !== RUN_CHANGED_CODE) return null;
  return (error.body.run as DeliveryRun | undefined) ?? null;
}

function putRun(date: string, run: DeliveryRun) {
  queryClient.setQueryData<DeliveryRun[]>(runsKey(date), (runs) =>
    runs?.map((each) => (each.id === run.id ? run : each)),
  );
}

export interface StopsChange {
  run: DeliveryRun;
  orderIds: number[];
}

/**
 * Sets a run's whole order of stops from the version on screen. The new order shows at once;
 * the answer replaces it, and a 409 `run_changed` puts the run's current order in its place.
 * The day is read again after either, since a moved order left another run.
 */
export function useSetStops(date: string) {
  return useMutation({
    mutationFn: ({ run, orderIds }: StopsChange) =>
      api.put<DeliveryRun>(`${RUNS_PATH}/${run.id}/stops`, { version: run.version, orderIds }),
    onMutate: async ({ run, orderIds }) => {
      await queryClient.cancelQueries({ queryKey: runsKey(date) });
      const before = queryClient.getQueryData<DeliveryRun[]>(runsKey(date));
      const stops = before?.flatMap((each) => each.stops) ?? [];
      const reordered = orderIds.flatMap((orderId) => {
        const stop = stops.find((candidate) => candidate.orderId === orderId);
        return stop ? [stop] : [];
      });
      // As the server will answer it: each place's orders together, stops numbered again.
      queryClient.setQueryData<DeliveryRun[]>(runsKey(date), (runs) =>
        runs?.map((each) =>
          each.id === run.id
            ? { ...each, ...withStopsInOrder(reordered) }
            : {
                ...each,
                ...withStopsInOrder(each.stops.filter((stop) => !orderIds.includes(stop.orderId))),
              },
        ),
      );
      return { before };
    },
    onSuccess: (run) => putRun(date, run),
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(runsKey(date), context.before);
      const current = changedRun(error);
      if (current) putRun(date, current);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: runsKey(date) }),
  });
}

/** Adds an empty run to the day. */
export function useAddRun(date: string) {
  return useMutation({
    mutationFn: (body: DeliveryRunCreateBody) => api.post<DeliveryRun>(RUNS_PATH, body),
    onSuccess: (run) => {
      queryClient.setQueryData<DeliveryRun[]>(runsKey(date), (runs) => [...(runs ?? []), run]);
      void queryClient.invalidateQueries({ queryKey: runsKey(date) });
    },
  });
}

/** Renames a run (the same rules as a new run's name). */
export function useRenameRun(date: string) {
  return useMutation({
    mutationFn: ({ runId, name }: { runId: number; name: string }) =>
      api.patch<DeliveryRun>(`${RUNS_PATH}/${runId}`, { name }),
    onSuccess: (run) => putRun(date, run),
    onSettled: () => queryClient.invalidateQueries({ queryKey: runsKey(date) }),
  });
}

/** Deletes a run without stops (the server refuses one with stops: 409 `run_not_empty`). */
export function useDeleteRun(date: string) {
  return useMutation({
    mutationFn: (runId: number) => api.delete<void>(`${RUNS_PATH}/${runId}`),
    onSuccess: (_answer, runId) =>
      queryClient.setQueryData<DeliveryRun[]>(runsKey(date), (runs) =>
        runs?.filter((run) => run.id !== runId),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: runsKey(date) }),
  });
}

/** After a start, the runs, the order lists and the figures are read again. */
function afterStart(date: string) {
  void queryClient.invalidateQueries({ queryKey: runsKey(date) });
  void queryClient.invalidateQueries({ queryKey: [FARM_ORDERS_PATH] });
  void queryClient.invalidateQueries({ queryKey: FARM_REPORT_KEY });
}

/** Starts a run: its packed orders go out for delivery. The run and the order lists are read again. */
export function useStartRun(date: string) {
  return useMutation({
    mutationFn: (runId: number) => api.post<DeliveryRunStartResult>(`${RUNS_PATH}/${runId}/start`),
    onSettled: () => afterStart(date),
  });
}

/** "Start all runs": every run of the day sets off, each as its own start. */
export function useStartDay(date: string) {
  return useMutation({
    mutationFn: () => api.post<DeliveryDayStartResult>(`${RUNS_PATH}/start`, { date }),
    onSettled: () => afterStart(date),
  });
}

/** The run sheet opens in a new tab, where the browser shows (and prints) the PDF. */
export function openRunSheet(runId: number): void {
  window.open(`${RUNS_PATH}/${runId}/sheet`, '_blank', 'noopener');
}

/** "Print the day's run sheets": one PDF of every run's sheet, in a new tab. */
export function openDaySheets(date: string): void {
  window.open(`${RUNS_PATH}/sheets?date=${encodeURIComponent(date)}`, '_blank', 'noopener');
}
