import type { Mission } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** `POST /missions/{id}/publish` → the mission, `published` (was a draft) | 404 | 409 | 422. */
export function publishMission(id: number): Promise<Mission> {
  return api.post<Mission>(`/missions/${id}/publish`);
}

export function usePublishMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishMission,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.missions });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.services });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.jobs });
    },
  });
}
