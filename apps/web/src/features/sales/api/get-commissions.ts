import type { CommissionExportQuery, Commissions } from '@closia/shared';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { API_BASE, api, type Query } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export interface Period {
  from?: string;
  to?: string;
}

/** The filters of the lines (the sums cover the whole period, or the deal). */
export interface CommissionFilters extends Period {
  dealId?: number;
  status?: NonNullable<CommissionExportQuery['status']>;
  sortOrder?: CommissionExportQuery['sortOrder'];
}

const filtersQuery = (filters: CommissionFilters): Query => ({
  from: filters.from,
  to: filters.to,
  dealId: filters.dealId,
  status: filters.status?.join(','),
  sortOrder: filters.sortOrder,
});

/**
 * `GET /commissions?from&to&dealId&status&sortOrder&cursor&perPage` → the sums of my commission
 * lines due in the period (default: the last twelve months and the next twelve) by month and in
 * all, an infopreneur's debts per freelancer, and a page of the lines with the `nextCursor` of the
 * next | 422 (`afterOrEqual`, `dateSpan` on `to`; `cursor`, `perPage`).
 */
export function getCommissions(filters: CommissionFilters, cursor?: string, perPage?: number) {
  return api.get<Commissions>('/commissions', { query: { ...filtersQuery(filters), cursor, perPage } });
}

export function getCommissionsQueryOptions(filters: CommissionFilters, perPage?: number) {
  return queryOptions({
    queryKey: salesKeys.commissionList({ ...filtersQuery(filters), perPage }),
    queryFn: () => getCommissions(filters, undefined, perPage),
    placeholderData: keepPreviousData,
  });
}

/** The first page: the sums, and the lines when they fit in one page (a deal's). */
export function useCommissions(filters: CommissionFilters | null, perPage?: number) {
  return useQuery({ ...getCommissionsQueryOptions(filters ?? {}, perPage), enabled: filters !== null });
}

/** The sums and the lines page after page (`fetchNextPage` follows `nextCursor`). */
export function useCommissionPages(filters: CommissionFilters, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...salesKeys.commissionList(filtersQuery(filters)), 'pages'] as const,
    queryFn: ({ pageParam }) => getCommissions(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** `GET /commissions/export`: every line of the filters as a CSV file (the browser downloads it). */
export function commissionExportUrl(filters: CommissionFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtersQuery(filters))) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}/commissions/export${search ? `?${search}` : ''}`;
}
