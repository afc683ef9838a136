import type { Service, ServiceCreateInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** `POST /services` → 201 the offer (`not_submitted`, or `pending_review` with `requestValidation`) | 422. */
export function createService(input: ServiceCreateInput): Promise<Service> {
  return api.post<Service>('/services', input);
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.services });
    },
  });
}
