import type { Paginated, ReviewStatus, Service } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys of the offers review; approving or rejecting invalidates `adminServiceKeys.all`. */
export const adminServiceKeys = {
  all: ['admin', 'services'] as const,
  list: (query: AdminServicesQuery) => ['admin', 'services', 'list', query] as const,
  count: (status: ReviewStatus) => ['admin', 'services', 'count', status] as const,
};

export interface AdminServicesParams {
  validationStatus?: ReviewStatus;
  query?: string;
  page?: number;
  perPage?: number;
}

type AdminServicesQuery = ReturnType<typeof normalize>;

function normalize(params: AdminServicesParams) {
  return {
    validationStatus: params.validationStatus ?? 'pending_review',
    query: params.query?.trim() || undefined,
    page: params.page ?? 1,
    perPage: params.perPage ?? 20,
  };
}

/** `GET /admin/services?validationStatus&query&page&perPage` → the offers in that review state, oldest submission first. */
export function getAdminServices(params: AdminServicesParams = {}) {
  return api.get<Paginated<Service>>('/admin/services', { query: normalize(params) });
}

export function getAdminServicesQueryOptions(params: AdminServicesParams = {}) {
  const query = normalize(params);
  return queryOptions({
    queryKey: adminServiceKeys.list(query),
    queryFn: () => getAdminServices(query),
    placeholderData: keepPreviousData,
  });
}

export function useAdminServices(params: AdminServicesParams = {}) {
  return useQuery(getAdminServicesQueryOptions(params));
}

/** How many offers wait for review (the admin overview and the tab's badge). */
export function getPendingServicesCountQueryOptions() {
  return queryOptions({
    queryKey: adminServiceKeys.count('pending_review'),
    queryFn: async () =>
      (await getAdminServices({ validationStatus: 'pending_review', perPage: 1 })).meta.total,
  });
}

export function usePendingServicesCount() {
  return useQuery(getPendingServicesCountQueryOptions());
}
