import type { WebinarReplay } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webinarKeys } from './webinar-keys';

/**
 * `GET /webinars/{id}/replay` → the replay (registrants, owner, admins, after the end) | 403
 * WEBINAR_REPLAY_REGISTRANTS_ONLY | 404 WEBINAR_REPLAY_UNAVAILABLE.
 */
export function getReplay(id: number) {
  return api.get<WebinarReplay>(`/webinars/${id}/replay`);
}

export function getReplayQueryOptions(id: number) {
  return queryOptions({ queryKey: webinarKeys.replay(id), queryFn: () => getReplay(id), retry: false });
}

export function useReplay(id: number) {
  return useQuery({ ...getReplayQueryOptions(id), enabled: id > 0 });
}
