import type { Service } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/**
 * `GET /services/sellable` → the offers I may sell: my own approved ones (infopreneur), those of the
 * missions I was accepted on (freelancer).
 */
export function getSellableServices() {
  return api.get<{ data: Service[] }>('/services/sellable');
}

export function getSellableServicesQueryOptions() {
  return queryOptions({ queryKey: salesKeys.sellableServices, queryFn: getSellableServices });
}

export function useSellableServices(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSellableServicesQueryOptions(), enabled: options.enabled ?? true });
}
