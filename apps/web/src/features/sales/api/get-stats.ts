import type { Stats } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Period } from './get-commissions';
import { salesKeys } from './sales-keys';

/**
 * `GET /stats?from&to` → my sales figures for the period (default: the last twelve months): deals
 * per stage, conversion, revenue and commissions per month, activities; per offer and per
 * freelancer for an infopreneur | 422 (`afterOrEqual`, `dateSpan` on `to`).
 */
export function getStats(period: Period) {
  return api.get<Stats>('/stats', { query: { from: period.from, to: period.to } });
}

export function getStatsQueryOptions(period: Period) {
  return queryOptions({
    queryKey: salesKeys.statsOf({ from: period.from, to: period.to }),
    queryFn: () => getStats(period),
    placeholderData: keepPreviousData,
  });
}

export function useStats(period: Period) {
  return useQuery(getStatsQueryOptions(period));
}
