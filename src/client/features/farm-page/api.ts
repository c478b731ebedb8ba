import type { CutoffReminderSetting } from '#core/schemas/cutoff-reminder';
import type { FarmPage, FollowState } from '#core/schemas/fresh-sheet';
import type { Product } from '#core/schemas/product';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedList } from '../../lib/paged-list';
import { queryClient } from '../../lib/query-client';

export const farmPath = (farmId: number) => `/api/farms/${farmId}`;

/** The farm's page for the reader (docs/fresh-sheet.md#the-farm-page). */
export function useFarmPage(farmId: number) {
  return useQuery({
    queryKey: [farmPath(farmId)],
    queryFn: ({ signal }) => api.get<FarmPage>(farmPath(farmId), { signal }),
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });
}

/** Its products on offer at the reader's prices, page after page. */
export function useFarmProducts(farmId: number, enabled: boolean) {
  return usePagedList<Product>(`${farmPath(farmId)}/products`, { limit: 24 }, enabled);
}

export function useFollow(farmId: number) {
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api.post<FollowState>(`${farmPath(farmId)}/follow`)
        : api.delete<FollowState>(`${farmPath(farmId)}/follow`),
    onSuccess: (state) => {
      queryClient.setQueryData<FarmPage>([farmPath(farmId)], (page) =>
        // Following asks for the fresh sheet and unfollowing stops it (docs/fresh-sheet.md).
        page
          ? { ...page, following: state.following, freshSheet: state.following ? 'on' : 'off' }
          : page,
      );
    },
  });
}

const remindersPath = (farmId: number) => `${farmPath(farmId)}/reminders`;

/** Whether the reader gets the farm's reminders before its cutoff (docs/cutoff-reminders.md). */
export function useCutoffReminder(farmId: number, enabled: boolean) {
  return useQuery({
    queryKey: [remindersPath(farmId)],
    queryFn: ({ signal }) => api.get<CutoffReminderSetting>(remindersPath(farmId), { signal }),
    enabled,
  });
}

/**
 * Turns the farm's reminders on or off for the reader. The switch moves at once; a refusal
 * puts back what it showed before, and the caller says so.
 */
export function useSetCutoffReminder(farmId: number) {
  const queryKey = [remindersPath(farmId)];
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.put<CutoffReminderSetting>(remindersPath(farmId), { enabled }),
    onMutate: async (enabled) => {
      // A read still under way would overwrite the new state with the old one.
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<CutoffReminderSetting>(queryKey);
      queryClient.setQueryData<CutoffReminderSetting>(queryKey, { farmId, enabled });
      return { before };
    },
    onSuccess: (setting) => queryClient.setQueryData(queryKey, setting),
    onError: (_error, _enabled, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
  });
}
