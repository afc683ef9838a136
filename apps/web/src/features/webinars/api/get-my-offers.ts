import type { Paginated, Service } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webinarKeys } from './webinar-keys';

/** `GET /services/mine` → the caller's offers; a webinar may sell only an approved one. */
export async function getMyApprovedOffers(): Promise<Pick<Service, 'id' | 'name'>[]> {
  const page = await api.get<Paginated<Service>>('/services/mine', { query: { page: 1, perPage: 100 } });
  return page.data
    .filter((service) => service.validationStatus === 'approved')
    .map(({ id, name }) => ({ id, name }));
}

export function getMyApprovedOffersQueryOptions() {
  return queryOptions({ queryKey: webinarKeys.myOffers, queryFn: getMyApprovedOffers });
}

export function useMyApprovedOffers(enabled: boolean) {
  return useQuery({ ...getMyApprovedOffersQueryOptions(), enabled });
}
