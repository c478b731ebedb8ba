import type {
  FreshSheetPreview,
  FreshSheetSchedule,
  FreshSheetScheduleValues,
  FreshSheetSend,
} from '#core/schemas/fresh-sheet';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedList } from '../../lib/paged-list';
import { queryClient } from '../../lib/query-client';

export const PREVIEW_PATH = '/api/fresh-sheet/preview';
export const SENDS_PATH = '/api/fresh-sheet/sends';

/** The farm's sheet as it would go out now, with its schedule (docs/fresh-sheet.md). */
export function useFreshSheetPreview() {
  return useQuery({
    queryKey: [PREVIEW_PATH],
    queryFn: ({ signal }) => api.get<FreshSheetPreview>(PREVIEW_PATH, { signal }),
  });
}

/** The sheets that went out, newest first. */
export function useFreshSheetSends() {
  return usePagedList<FreshSheetSend>(SENDS_PATH, { limit: 10 });
}

function refresh() {
  void queryClient.invalidateQueries({ queryKey: [PREVIEW_PATH] });
  void queryClient.invalidateQueries({ queryKey: [SENDS_PATH] });
}

export function useSendFreshSheet() {
  return useMutation({
    mutationFn: (body: { note: string; featuredProductIds: number[] }) =>
      api.post<FreshSheetSend>('/api/fresh-sheet/send', body),
    onSuccess: refresh,
  });
}

export function useSaveSchedule() {
  return useMutation({
    mutationFn: (body: FreshSheetScheduleValues) =>
      api.put<FreshSheetSchedule>('/api/fresh-sheet/schedule', body),
    onSuccess: refresh,
  });
}

export function useStopSchedule() {
  return useMutation({
    mutationFn: () => api.delete<void>('/api/fresh-sheet/schedule'),
    onSuccess: refresh,
  });
}
