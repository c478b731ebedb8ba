import type { Schedule, ScheduleCreateInput } from '#core/schemas/schedule';
import { WHOLE_LIST_LIMIT } from '#core/paging';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useWholeList } from '../../lib/paged-list';
import { refreshProducts } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

export const SCHEDULES_KEY = ['/api/delivery-schedules'] as const;

/**
 * The farm's delivery days, past and future: the month grid marks every one, so every page is
 * read (500 a page, following the Link header); `data` grows as the pages arrive.
 */
export function useSchedules() {
  const list = useWholeList<Schedule>(SCHEDULES_KEY[0], { limit: WHOLE_LIST_LIMIT });
  return { ...list, data: list.items };
}

/** Next-delivery dates in the catalogue come from the schedules. */
function refreshSchedules() {
  void queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY });
  refreshProducts(queryClient);
}

export function useCreateSchedules() {
  return useMutation({
    /** The dates picked, or a weekly rule `{weekdays, from, until}` (the server expands it). */
    mutationFn: (body: ScheduleCreateInput) =>
      api.post<Schedule[]>('/api/delivery-schedules', body),
    onSuccess: refreshSchedules,
  });
}

export function useDeleteSchedule() {
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/delivery-schedules/${id}`),
    onSuccess: refreshSchedules,
  });
}
