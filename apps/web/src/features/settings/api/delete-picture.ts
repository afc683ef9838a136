import type { CurrentUser } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth/api/get-current-user';
import type { PictureKind } from './upload-picture';

/** `DELETE /user/{profile|banner}` → 204, the picture removed. */
export function deletePicture(kind: PictureKind): Promise<void> {
  return api.delete<void>(`/user/${kind}`);
}

export function useDeletePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePicture,
    meta: { handlesError: true },
    onSuccess: (_answer, kind) => {
      const field = kind === 'profile' ? 'profilePicture' : 'banner';
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) =>
        user ? { ...user, [field]: null } : user,
      );
    },
  });
}
