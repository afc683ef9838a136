import type { CurrentUser, UserUpdateInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth/api/get-current-user';

/** `PUT /user` → the updated user | 422 (fields of `userUpdateSchema`). */
export function updateUser(input: UserUpdateInput): Promise<CurrentUser> {
  return api.put<CurrentUser>('/user', input);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    meta: { handlesError: true },
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
