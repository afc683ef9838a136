import type { DashboardToday } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `GET /dashboard/today` → what I have to handle today, by role: a freelancer's overdue and
 * today's activities, deals closing this week and commissions due to them; an infopreneur's
 * applications to decide, offers under review and commissions they owe.
 */
export function getToday() {
  return api.get<DashboardToday>('/dashboard/today');
}

export function getTodayQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'today'] as const,
    queryFn: getToday,
    // What was done elsewhere (an activity ticked, a deal won) shows on the next visit.
    staleTime: 0,
  });
}

export function useToday() {
  return useQuery(getTodayQueryOptions());
}
