import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth/api/get-current-user';

/** `DELETE /user` → 204: the account and its personal data are deleted, every session ended (RGPD). */
export function deleteAccount(): Promise<void> {
  return api.delete<void>('/user');
}

/** Deletes the account and forgets everything cached; the caller navigates to `/`. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    meta: { handlesError: true },
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, null);
    },
  });
}
