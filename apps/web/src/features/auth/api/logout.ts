import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from './get-current-user';

/** `POST /auth/logout` → 204, session cookie cleared. */
export function logout(): Promise<void> {
  return api.post<void>('/auth/logout');
}

/** Signs out and forgets every cached answer; the caller navigates to `/login`. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    meta: { handlesError: true },
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, null);
    },
  });
}
