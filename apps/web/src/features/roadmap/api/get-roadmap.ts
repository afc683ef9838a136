import type { Paginated, RoadmapItem, RoadmapPublicStatus, RoadmapSort } from '@closia/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roadmapKeys } from './roadmap-keys';

/** Ideas a column shows at first (and per "Afficher plus"). */
export const COLUMN_PAGE_SIZE = 30;

export interface ColumnQuery {
  status: RoadmapPublicStatus;
  sort: RoadmapSort;
}

/** `GET /roadmap?status&sort&page&perPage` → one column's ideas, most voted or newest first. */
export function getRoadmap(query: ColumnQuery, page: number, signal?: AbortSignal) {
  return api.get<Paginated<RoadmapItem>>('/roadmap', {
    query: { ...query, page, perPage: COLUMN_PAGE_SIZE },
    signal,
  });
}

export function getRoadmapColumnQueryOptions(query: ColumnQuery) {
  return infiniteQueryOptions({
    queryKey: roadmapKeys.column({ ...query }),
    queryFn: ({ pageParam, signal }) => getRoadmap(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.currentPage < last.meta.lastPage ? last.meta.currentPage + 1 : undefined,
  });
}

/** One column of the road map, a page at a time. */
export function useRoadmapColumn(query: ColumnQuery) {
  return useInfiniteQuery(getRoadmapColumnQueryOptions(query));
}
