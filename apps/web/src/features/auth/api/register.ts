import type { CurrentUser, RegisterInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from './get-current-user';

/** `POST /auth/register` → 201 with the new user, signed in. */
export function register(input: RegisterInput): Promise<CurrentUser> {
  return api.post<CurrentUser>('/auth/register', input);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    meta: { handlesError: true },
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
