import type { Advertisement, AdvertisementCreateInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** `POST /advertisements` → 201 the campaign | 422. */
export function createAdvertisement(input: AdvertisementCreateInput): Promise<Advertisement> {
  return api.post<Advertisement>('/advertisements', input);
}

export function useCreateAdvertisement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdvertisement,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.advertisements });
    },
  });
}
