import type { Forecast } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/**
 * `GET /stats/forecast` → my weighted commissions expected within 30, 60 and 90 days, and the open
 * deals waiting too long in their stage ("à relancer"), longest first.
 */
export function getForecast() {
  return api.get<Forecast>('/stats/forecast');
}

export function getForecastQueryOptions() {
  return queryOptions({ queryKey: salesKeys.forecast, queryFn: getForecast });
}

export function useForecast() {
  return useQuery(getForecastQueryOptions());
}
