import type { CurrentUser } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth/api/get-current-user';

/** `profile` = the avatar (`POST /user/profile`), `banner` = the cover image (`POST /user/banner`). */
export type PictureKind = 'profile' | 'banner';

export type UploadPictureAnswer = { profilePicture: string } | { banner: string };

/**
 * `POST /user/{profile|banner}`, multipart field `photo` → the new file name |
 * 422 `photo` (`file`, `fileType`, `fileSize`, `image`), the previous picture kept.
 */
export function uploadPicture({ kind, file }: { kind: PictureKind; file: File }) {
  const body = new FormData();
  body.append('photo', file);
  return api.post<UploadPictureAnswer>(`/user/${kind}`, body);
}

export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPicture,
    meta: { handlesError: true },
    onSuccess: (answer) => {
      // The new file name gives a new URL: the avatar in the navigation changes at once.
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) =>
        user ? { ...user, ...answer } : user,
      );
    },
  });
}
