import type { Job } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** `GET /jobs/{id}` → an offer with its open missions | 404. */
export function getJob(id: number) {
  return api.get<Job>(`/jobs/${id}`);
}

export function getJobQueryOptions(id: number) {
  return queryOptions({ queryKey: marketplaceKeys.job(id), queryFn: () => getJob(id) });
}

/** `id` ≤ 0 (an invalid address) fetches nothing. */
export function useJob(id: number) {
  return useQuery({ ...getJobQueryOptions(id), enabled: id > 0 });
}
