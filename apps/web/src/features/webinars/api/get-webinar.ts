import type { Webinar } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webinarKeys } from './webinar-keys';

/** `GET /webinars/{id}` → the webinar, with the caller's registration and `canManage` | 404. */
export function getWebinar(id: number) {
  return api.get<Webinar>(`/webinars/${id}`);
}

export function getWebinarQueryOptions(id: number) {
  return queryOptions({ queryKey: webinarKeys.detail(id), queryFn: () => getWebinar(id) });
}

/** `id` ≤ 0 (an invalid address) fetches nothing. */
export function useWebinar(id: number) {
  return useQuery({ ...getWebinarQueryOptions(id), enabled: id > 0 });
}
