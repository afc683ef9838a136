import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsKeys } from './posts-keys';

/** `POST /posts/{id}/cover`, multipart field `photo` | 422 `photo` (type, size). */
export function uploadPostCover({ id, file }: { id: number; file: File }) {
  const body = new FormData();
  body.append('photo', file);
  return api.post<unknown>(`/posts/${id}/cover`, body);
}

/** `DELETE /posts/{id}/cover`. */
export function deletePostCover(id: number) {
  return api.delete<unknown>(`/posts/${id}/cover`);
}

function useRefreshPost() {
  const queryClient = useQueryClient();
  return (id: number) => {
    void queryClient.invalidateQueries({ queryKey: postsKeys.post(id) });
    void queryClient.invalidateQueries({ queryKey: postsKeys.feeds });
  };
}

export function useUploadPostCover() {
  const refresh = useRefreshPost();
  return useMutation({
    mutationFn: uploadPostCover,
    meta: { handlesError: true },
    onSuccess: (_, { id }) => refresh(id),
  });
}

export function useDeletePostCover() {
  const refresh = useRefreshPost();
  return useMutation({
    mutationFn: deletePostCover,
    meta: { handlesError: true },
    onSuccess: (_, id) => refresh(id),
  });
}
