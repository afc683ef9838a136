import type { Mission, MissionUpdateInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

export interface UpdateMissionVariables {
  id: number;
  input: MissionUpdateInput;
}

/** `PUT /missions/{id}` → the mission | 422 | 404. */
export function updateMission({ id, input }: UpdateMissionVariables): Promise<Mission> {
  return api.put<Mission>(`/missions/${id}`, input);
}

export function useUpdateMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMission,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.missions });
    },
  });
}
