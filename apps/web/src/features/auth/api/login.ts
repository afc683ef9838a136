import type { CurrentUser, LoginInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from './get-current-user';

/** `POST /auth/login` → the signed-in user. */
export function login(input: LoginInput): Promise<CurrentUser> {
  return api.post<CurrentUser>('/auth/login', input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { handlesError: true },
    onSuccess: (user) => {
      // Another account may have been signed in: drop everything cached for it.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
