import type { SandboxPayBody, SandboxSessionResponse } from '@closia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys } from './billing';

/** `GET /billing/sandbox/sessions/{id}`: the sandbox checkout page's session. */
export function useSandboxSession(id: string) {
  return useQuery({
    queryKey: billingKeys.sandboxSession(id),
    queryFn: () => api.get<SandboxSessionResponse>(`/billing/sandbox/sessions/${encodeURIComponent(id)}`),
    enabled: id.length > 0,
    staleTime: 0,
  });
}

/** `POST /billing/sandbox/sessions/{id}/pay`: where to go once paid (the success page). */
export function usePaySandboxSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SandboxPayBody) =>
      api.post<{ redirectUrl: string }>(`/billing/sandbox/sessions/${encodeURIComponent(id)}/pay`, body),
    meta: { handlesError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
