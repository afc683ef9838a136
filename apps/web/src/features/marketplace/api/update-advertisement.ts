import type { Advertisement, AdvertisementUpdateInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

export interface UpdateAdvertisementVariables {
  id: number;
  input: AdvertisementUpdateInput;
}

/** `PUT /advertisements/{id}` → the campaign (edit, pause, resume, end) | 422 | 404. */
export function updateAdvertisement({ id, input }: UpdateAdvertisementVariables): Promise<Advertisement> {
  return api.put<Advertisement>(`/advertisements/${id}`, input);
}

export function useUpdateAdvertisement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdvertisement,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.advertisements });
    },
  });
}
