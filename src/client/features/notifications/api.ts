import type {
  Notification,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesBody,
} from '#core/schemas/notification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const NOTIFICATIONS_PATH = '/api/notifications';
export const NOTIFICATIONS_KEY = [NOTIFICATIONS_PATH] as const;
export const PREFERENCES_KEY = ['/api/notification-preferences'] as const;

/** The bell's list and unread count; live events refetch it. */
export function useNotifications() {
  return useQuery<NotificationList>({ queryKey: NOTIFICATIONS_KEY });
}

function markedRead(list: NotificationList, ids: Set<number> | 'all'): NotificationList {
  const now = new Date().toISOString();
  let changed = 0;
  const items = list.items.map((item) => {
    if (item.readAt || (ids !== 'all' && !ids.has(item.id))) return item;
    changed += 1;
    return { ...item, readAt: now };
  });
  return {
    items,
    unreadCount: ids === 'all' ? 0 : Math.max(0, list.unreadCount - changed),
  };
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Notification>(`${NOTIFICATIONS_PATH}/${id}/read`),
    onMutate: (id) => {
      queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, (list) =>
        list ? markedRead(list, new Set([id])) : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ unreadCount: number }>(`${NOTIFICATIONS_PATH}/read-all`),
    onMutate: () => {
      queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, (list) =>
        list ? markedRead(list, 'all') : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useNotificationPreferences() {
  return useQuery<NotificationPreferences>({ queryKey: PREFERENCES_KEY });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesBody) =>
      api.put<NotificationPreferences>(PREFERENCES_KEY[0], body),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
