import type { Application } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** `GET /missions/{id}/applications` → its applications, each with the applicant's card and match (owner only). */
export function getMissionApplications(missionId: number) {
  return api.get<{ data: Application[] }>(`/missions/${missionId}/applications`);
}

export function getMissionApplicationsQueryOptions(missionId: number) {
  return queryOptions({
    queryKey: marketplaceKeys.missionApplications(missionId),
    queryFn: () => getMissionApplications(missionId),
  });
}

export function useMissionApplications(missionId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMissionApplicationsQueryOptions(missionId), enabled: options.enabled ?? true });
}
