import type { Mission, MissionCreateInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** The creation payload plus the average deal size (`ticket`, euros), which the API takes too. */
export type MissionCreateBody = MissionCreateInput;

/** `POST /missions` → 201 the mission, a draft | 422 (e.g. an offer that is not approved). */
export function createMission(input: MissionCreateBody): Promise<Mission> {
  return api.post<Mission>('/missions', input);
}

export function useCreateMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMission,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.missions });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.services });
    },
  });
}
