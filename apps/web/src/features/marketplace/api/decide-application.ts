import type { Application } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** What happens to an application: the mission's owner accepts or declines it, the applicant withdraws it. */
export type ApplicationDecision = 'accept' | 'decline' | 'withdraw';

export interface DecideApplicationVariables {
  id: number;
  decision: ApplicationDecision;
  /** The application's mission, to refresh its page and its list. */
  missionId: number;
}

/**
 * `POST /applications/{id}/accept`, `/decline` (the mission's owner) or `/withdraw` (the applicant)
 * → the application | 404 | 409 (already decided).
 */
export function decideApplication({ id, decision }: DecideApplicationVariables): Promise<Application> {
  return api.post<Application>(`/applications/${id}/${decision}`);
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    meta: { handlesError: true },
    onSuccess: (_application, { missionId }) => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.mission(missionId) });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.applications });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.missions });
    },
  });
}
