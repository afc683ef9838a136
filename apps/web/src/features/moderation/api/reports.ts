import type { Paginated, Report, ReportResolveInput } from '@closia/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';

export const moderationKeys = {
  reports: ['moderation', 'reports'] as const,
  list: (query: Query) => ['moderation', 'reports', query] as const,
};

/** `GET /admin/reports?status&kind&page&perPage` → the reports, with a preview of what was reported. */
export function getReports(query: Query) {
  return api.get<Paginated<Report>>('/admin/reports', { query });
}

export function getReportsQueryOptions(query: Query) {
  return queryOptions({
    queryKey: moderationKeys.list(query),
    queryFn: () => getReports(query),
    placeholderData: keepPreviousData,
  });
}

export function useReports(query: Query) {
  return useQuery(getReportsQueryOptions(query));
}

/** `POST /admin/reports/{id}/resolve` {action: dismiss|hide} | 409 `REPORT_ALREADY_RESOLVED`. */
export function resolveReport({ id, input }: { id: number; input: ReportResolveInput }) {
  return api.post<unknown>(`/admin/reports/${id}/resolve`, input);
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    meta: { handlesError: true },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: moderationKeys.reports });
      // A hidden post or comment leaves the feed.
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}
