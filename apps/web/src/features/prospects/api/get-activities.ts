import type { Paginated, ProspectActivity } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prospectKeys } from './prospect-keys';

/** At most 100 a page (the API's limit): a prospect's whole history in practice. */
const PER_PAGE = 100;

/** `GET /activities?prospectId={id}` → the prospect's activities, by due date. */
export function getProspectActivities(prospectId: number) {
  return api.get<Paginated<ProspectActivity>>('/activities', {
    query: { prospectId, perPage: PER_PAGE },
  });
}

export function getProspectActivitiesQueryOptions(prospectId: number) {
  return queryOptions({
    queryKey: prospectKeys.activityList(prospectId),
    queryFn: () => getProspectActivities(prospectId),
  });
}

export function useProspectActivities(prospectId: number) {
  return useQuery(getProspectActivitiesQueryOptions(prospectId));
}
