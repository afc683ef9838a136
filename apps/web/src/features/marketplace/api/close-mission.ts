import type { Mission } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** `POST /missions/{id}/close` → the mission, `missionStatus` closed (no more applications) | 404. */
export function closeMission(id: number): Promise<Mission> {
  return api.post<Mission>(`/missions/${id}/close`);
}

export function useCloseMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeMission,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.missions });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.services });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.jobs });
    },
  });
}
