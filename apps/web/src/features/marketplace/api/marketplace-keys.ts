import type { FavoriteKind } from '@closia/shared';
import type { Query } from '../../../lib/api-client';

/**
 * Query keys of the marketplace. Mutations invalidate by these prefixes: a change to an offer
 * refreshes `services` and `jobs`, a change to a mission `missions` (search, mine and the page), etc.
 */
export const marketplaceKeys = {
  services: ['services'] as const,
  myServices: (query: Query) => ['services', 'mine', query] as const,
  jobs: ['jobs'] as const,
  jobList: (query: Query) => ['jobs', 'list', query] as const,
  job: (id: number) => ['jobs', 'detail', id] as const,
  missions: ['missions'] as const,
  missionSearch: (query: Query) => ['missions', 'search', query] as const,
  myMissions: (query: Query) => ['missions', 'mine', query] as const,
  mission: (id: number) => ['missions', 'detail', id] as const,
  missionApplications: (id: number) => ['missions', 'detail', id, 'applications'] as const,
  applications: ['applications'] as const,
  myApplications: (query: Query) => ['applications', 'mine', query] as const,
  freelancers: ['freelancers'] as const,
  freelancerSearch: (query: Query) => ['freelancers', 'search', query] as const,
  favorites: ['favorites'] as const,
  favoriteList: (kind: FavoriteKind, page: number) => ['favorites', kind, page] as const,
  advertisements: ['advertisements'] as const,
  advertisementList: (query: Query) => ['advertisements', 'list', query] as const,
};

/** One page of a list (the API's `page` and `perPage`). */
export interface PageParams {
  page?: number;
  perPage?: number;
}

export function pageQuery(params: PageParams = {}, perPage = 20): Query {
  return { page: params.page ?? 1, perPage: params.perPage ?? perPage };
}
