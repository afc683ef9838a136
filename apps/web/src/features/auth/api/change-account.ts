import type { ChangeAccountInput, CurrentUser } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from './get-current-user';

/**
 * `POST /user/change-account { role? }` → the user: the professional profile is erased and, with a
 * role, an empty profile of the new type is started (the onboarding fills it).
 */
export function changeAccount(input: ChangeAccountInput): Promise<CurrentUser> {
  return api.post<CurrentUser>('/user/change-account', input);
}

export function useChangeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAccount,
    meta: { handlesError: true },
    onSuccess: (user) => {
      // Lists and pages built for the former type are stale.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
