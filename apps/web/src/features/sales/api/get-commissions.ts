import type { Commissions } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export interface Period {
  from?: string;
  to?: string;
}

const periodQuery = (period: Period): Query => ({ from: period.from, to: period.to });

/**
 * `GET /commissions?from&to` → my commission lines due in the period (default: the last twelve
 * months and the next twelve), by month, with totals; an infopreneur's: what they owe, per
 * freelancer | 422 (`afterOrEqual`, `dateSpan` on `to`).
 */
export function getCommissions(period: Period) {
  return api.get<Commissions>('/commissions', { query: periodQuery(period) });
}

export function getCommissionsQueryOptions(period: Period) {
  return queryOptions({
    queryKey: salesKeys.commissionList(periodQuery(period)),
    queryFn: () => getCommissions(period),
    placeholderData: keepPreviousData,
  });
}

export function useCommissions(period: Period | null) {
  return useQuery({ ...getCommissionsQueryOptions(period ?? {}), enabled: period !== null });
}
