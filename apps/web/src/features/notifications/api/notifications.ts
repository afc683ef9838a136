import type { NotificationPage, NotificationPreferences, NotificationReadInput } from '@closia/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  latest: ['notifications', 'latest'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** The bell's list: the latest notifications with the unread count in `meta`. */
export function latestNotificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.latest,
    queryFn: () => api.get<NotificationPage>('/notifications', { query: { perPage: 15 } }),
    staleTime: 60_000,
  });
}

export function useLatestNotifications(enabled: boolean) {
  return useQuery({ ...latestNotificationsQueryOptions(), enabled });
}

/** `POST /notifications/read` {ids?}: these, or all of them. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationReadInput) =>
      api.post<{ unreadCount: number }>('/notifications/read', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: () => api.get<NotificationPreferences>('/notifications/preferences'),
  });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: Partial<NotificationPreferences['email']>) =>
      api.put<NotificationPreferences>('/notifications/preferences', { email }),
    onSuccess: (preferences) => queryClient.setQueryData(notificationKeys.preferences, preferences),
  });
}
