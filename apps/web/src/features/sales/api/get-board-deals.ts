import type { Deal, Paginated } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import type { Viewpoint } from '../utils/deal-table';
import { openStages } from '../utils/stages';
import { salesKeys } from './sales-keys';

const PER_PAGE = 100;
/** At most 2 000 open deals on a board (20 pages of 100). */
const MAX_PAGES = 20;

/**
 * `GET /deals?status=<the six open stages>&perPage=100` (each page, fetched together) → every open
 * deal I work (seller), or of my offers (`as=infopreneur`), soonest expected close first.
 */
export function getBoardDeals(viewpoint: Viewpoint): Promise<Deal[]> {
  return openDeals(viewpoint === 'infopreneur' ? { as: 'infopreneur' } : {});
}

/** Every open deal of a team's shared pipeline (`GET /deals?teamId=…`, its members only). */
export function getTeamBoardDeals(teamId: number): Promise<Deal[]> {
  return openDeals({ teamId });
}

async function openDeals(scope: Query): Promise<Deal[]> {
  const query: Query = {
    status: openStages.join(','),
    sortBy: 'expectedCloseDate',
    sortOrder: 'asc',
    perPage: PER_PAGE,
    ...scope,
  };
  const first = await api.get<Paginated<Deal>>('/deals', { query: { ...query, page: 1 } });
  const lastPage = Math.min(first.meta.lastPage, MAX_PAGES);
  if (lastPage <= 1) return first.data;
  const rest = await Promise.all(
    Array.from({ length: lastPage - 1 }, (_, index) =>
      api.get<Paginated<Deal>>('/deals', { query: { ...query, page: index + 2 } }),
    ),
  );
  // A deal updated between two pages may appear twice: keep its first copy.
  const byId = new Map<number, Deal>();
  for (const deal of [first, ...rest].flatMap((page) => page.data)) {
    if (!byId.has(deal.id)) byId.set(deal.id, deal);
  }
  return [...byId.values()];
}

export function getBoardDealsQueryOptions(viewpoint: Viewpoint) {
  return queryOptions({
    queryKey: salesKeys.board(viewpoint),
    queryFn: () => getBoardDeals(viewpoint),
  });
}

export function useBoardDeals(viewpoint: Viewpoint) {
  return useQuery(getBoardDealsQueryOptions(viewpoint));
}

export function useTeamBoardDeals(teamId: number) {
  return useQuery({ queryKey: salesKeys.teamBoard(teamId), queryFn: () => getTeamBoardDeals(teamId) });
}
