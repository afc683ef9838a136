import type { Service } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/**
 * `GET /services/sellable` → the offers the caller may attach to a deal: their own approved ones
 * (infopreneur), those of the missions they were accepted on (freelancer).
 */
export function getSellableServices() {
  return api.get<{ data: Service[] }>('/services/sellable');
}

export function getSellableServicesQueryOptions() {
  return queryOptions({
    queryKey: [...marketplaceKeys.services, 'sellable'] as const,
    queryFn: getSellableServices,
  });
}

export function useSellableServices(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSellableServicesQueryOptions(), enabled: options.enabled ?? true });
}
