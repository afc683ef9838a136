import type { Service } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** `POST /services/{id}/submit` → the offer, now `pending_review` | 404 | 409. */
export function submitService(id: number): Promise<Service> {
  return api.post<Service>(`/services/${id}/submit`);
}

export function useSubmitService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitService,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.services });
    },
  });
}
