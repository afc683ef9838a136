import type { Paginated, ValidatedItem, WorkSector } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ReferenceKind } from '../config/reference-kinds';
import { type AdminReferenceItem, adminReferenceKeys, type ReferenceStatus } from './admin-reference-keys';

export interface AdminReferenceListParams {
  search?: string;
  status?: ReferenceStatus;
  page?: number;
  perPage?: number;
}

export function toAdminItem(item: WorkSector | ValidatedItem): AdminReferenceItem {
  return {
    id: item.id,
    name: item.name,
    approved: 'approved' in item ? item.approved : item.isValidated,
    usage: item.usage ?? 0,
    proposedById: item.proposedById,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

function normalize(params: AdminReferenceListParams) {
  return {
    search: params.search?.trim() || undefined,
    status: params.status ?? 'all',
    page: params.page ?? 1,
    perPage: params.perPage ?? 20,
  };
}

/**
 * `GET /admin/{work-sectors|skills|formations}?search&status&page&perPage` → the items with their
 * `usage` (profiles, services and advertisements referencing them), sorted by name.
 */
export async function getAdminReferenceItems(
  kind: ReferenceKind,
  params: AdminReferenceListParams = {},
): Promise<Paginated<AdminReferenceItem>> {
  const answer = await api.get<Paginated<WorkSector | ValidatedItem>>(`/admin/${kind}`, {
    query: { ...normalize(params) },
  });
  return { data: answer.data.map(toAdminItem), meta: answer.meta };
}

export function getAdminReferenceItemsQueryOptions(
  kind: ReferenceKind,
  params: AdminReferenceListParams = {},
) {
  const query = normalize(params);
  return queryOptions({
    queryKey: [...adminReferenceKeys.kind(kind), 'list', query] as const,
    queryFn: () => getAdminReferenceItems(kind, query),
    placeholderData: keepPreviousData,
  });
}

export function useAdminReferenceItems(kind: ReferenceKind, params: AdminReferenceListParams = {}) {
  return useQuery(getAdminReferenceItemsQueryOptions(kind, params));
}

/** How many items of a kind wait for validation (the admin overview). */
export function getPendingCountQueryOptions(kind: ReferenceKind) {
  return queryOptions({
    queryKey: [...adminReferenceKeys.kind(kind), 'pending-count'] as const,
    queryFn: async () => (await getAdminReferenceItems(kind, { status: 'pending', perPage: 1 })).meta.total,
  });
}

export function usePendingCount(kind: ReferenceKind) {
  return useQuery(getPendingCountQueryOptions(kind));
}
