import type { Application, ApplicationCreateInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

export interface CreateApplicationVariables {
  missionId: number;
  input: ApplicationCreateInput;
}

/**
 * `POST /missions/{id}/applications { message }` → 201 the application | 422 (a field of the form,
 * or a requirement the profile does not meet: `minConversionRate`, `minExperience`, `missionType`,
 * `profile`, whose message says why) | 409 `E_CONFLICT` (already applied).
 */
export function createApplication({ missionId, input }: CreateApplicationVariables): Promise<Application> {
  return api.post<Application>(`/missions/${missionId}/applications`, input);
}

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    meta: { handlesError: true },
    onSuccess: (_application, { missionId }) => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.mission(missionId) });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.applications });
    },
  });
}
