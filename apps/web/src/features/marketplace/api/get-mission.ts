import type { Mission } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/**
 * `GET /missions/{id}` → the mission (its owner sees every state; a signed-in freelancer gets
 * `match` and `myApplication`) | 404.
 */
export function getMission(id: number) {
  return api.get<Mission>(`/missions/${id}`);
}

export function getMissionQueryOptions(id: number) {
  return queryOptions({ queryKey: marketplaceKeys.mission(id), queryFn: () => getMission(id) });
}

/** `id` ≤ 0 (an invalid address) fetches nothing. */
export function useMission(id: number) {
  return useQuery({ ...getMissionQueryOptions(id), enabled: id > 0 });
}
