import type { Deal } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/** `GET /deals/{id}` → the deal with its history, oldest first | 404 (absent, or not mine to see). */
export function getDeal(id: number) {
  return api.get<Deal>(`/deals/${id}`);
}

export function getDealQueryOptions(id: number) {
  return queryOptions({ queryKey: salesKeys.deal(id), queryFn: () => getDeal(id) });
}

export function useDeal(id: number | null) {
  return useQuery({ ...getDealQueryOptions(id ?? 0), enabled: id !== null });
}
