import type { Service, ServiceUpdateInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

export interface UpdateServiceVariables {
  id: number;
  input: ServiceUpdateInput;
}

/**
 * `PUT /services/{id}` → the offer | 422 | 404. Editing the price, commission or description of an
 * approved offer sends it back to `pending_review`.
 */
export function updateService({ id, input }: UpdateServiceVariables): Promise<Service> {
  return api.put<Service>(`/services/${id}`, input);
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.services });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.jobs });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.missions });
    },
  });
}
