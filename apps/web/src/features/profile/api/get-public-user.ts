import type { PublicUser } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /users/{id}` → what any signed-in user may see of a member; 404 for an unknown or suspended one. */
export function getPublicUser(id: number): Promise<PublicUser> {
  return api.get<PublicUser>(`/users/${id}`);
}

export function getPublicUserQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['users', id] as const,
    queryFn: () => getPublicUser(id),
  });
}

/** `id` ≤ 0 (an invalid address) fetches nothing. */
export function usePublicUser(id: number) {
  return useQuery({ ...getPublicUserQueryOptions(id), enabled: id > 0 });
}
