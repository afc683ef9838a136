import type { Paginated } from '@closia/shared';

/** Query keys of the reference lists; mutations invalidate by these prefixes. */
export const referenceKeys = {
  all: ['reference'] as const,
  workSectors: ['reference', 'work-sectors'] as const,
  skills: ['reference', 'skills'] as const,
  formations: ['reference', 'formations'] as const,
};

export interface ReferenceListParams {
  /** Matches anywhere in the name, accent-insensitive. */
  search?: string;
  page?: number;
  perPage?: number;
}

/** Normalised list parameters (defaults: first page of 100, no search). */
export function listQuery(params: ReferenceListParams = {}) {
  return {
    search: params.search?.trim() || undefined,
    page: params.page ?? 1,
    perPage: params.perPage ?? 100,
  };
}

/** Adds a just-proposed item to every cached page of its list (sorted by name) so it is usable at once. */
export function withItem<T extends { id: number; name: string }>(
  list: Paginated<T> | undefined,
  item: T,
): Paginated<T> | undefined {
  if (!list || list.data.some((entry) => entry.id === item.id)) return list;
  const data = [...list.data, item].sort((a, b) =>
    a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }),
  );
  return { ...list, data, meta: { ...list.meta, total: list.meta.total + 1 } };
}
