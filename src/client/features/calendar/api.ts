import type { Schedule, ScheduleCreateBody } from '#core/schemas/schedule';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { refreshProducts } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

export const SCHEDULES_KEY = ['/api/delivery-schedules'] as const;

export function useSchedules() {
  return useQuery({
    queryKey: SCHEDULES_KEY,
    queryFn: () => api.get<Schedule[]>(SCHEDULES_KEY[0]),
  });
}

/** Next-delivery dates in the catalogue come from the schedules. */
function refreshSchedules() {
  void queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY });
  refreshProducts(queryClient);
}

export function useCreateSchedules() {
  return useMutation({
    mutationFn: (body: ScheduleCreateBody) => api.post<Schedule[]>('/api/delivery-schedules', body),
    onSuccess: refreshSchedules,
  });
}

export function useDeleteSchedule() {
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/delivery-schedules/${id}`),
    onSuccess: refreshSchedules,
  });
}
