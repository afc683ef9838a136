import type { FavoriteKind } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

export interface SetFavoriteVariables {
  kind: FavoriteKind;
  id: number;
  favorite: boolean;
}

/** `PUT /favorites/{kind}/{id}` (star) or `DELETE` (unstar) → 204; both idempotent. */
export function setFavorite({ kind, id, favorite }: SetFavoriteVariables): Promise<void> {
  const path = `/favorites/${kind}/${id}`;
  return favorite ? api.put<void>(path) : api.delete<void>(path);
}

/**
 * The favorites list refetches at once; the lists showing stars (searches, pages) are only marked
 * stale: the star the user clicked already shows the new state, and they refetch when next shown.
 */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavorite,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.favorites });
      for (const queryKey of [marketplaceKeys.missions, marketplaceKeys.jobs, marketplaceKeys.freelancers]) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    },
  });
}
