import type { QueryClient } from '@tanstack/react-query';
import type { Query } from '../../../lib/api-client';
import type { Viewpoint } from '../utils/deal-table';

/**
 * Query keys of the CRM. A change to a deal refreshes everything derived from deals (`deals`,
 * `pipeline`, `stats`, `commissions`) and the prospects (whose current deal may change).
 */
export const salesKeys = {
  deals: ['deals'] as const,
  /** Every open deal of a viewpoint: the kanban and the active sales (optimistically updated). */
  board: (viewpoint: Viewpoint) => ['deals', 'board', viewpoint] as const,
  boards: ['deals', 'board'] as const,
  /** A team's shared pipeline (refetched, not optimistically updated). */
  teamBoard: (teamId: number) => ['deals', 'team-board', teamId] as const,
  teamPipeline: (teamId: number) => ['pipeline', 'team', teamId] as const,
  list: (query: Query) => ['deals', 'list', query] as const,
  deal: (id: number) => ['deals', 'detail', id] as const,
  pipeline: ['pipeline'] as const,
  commissions: ['commissions'] as const,
  commissionList: (period: Query) => ['commissions', period] as const,
  stats: ['stats'] as const,
  statsOf: (period: Query) => ['stats', 'period', period] as const,
  forecast: ['stats', 'forecast'] as const,
  /** The prospects feature's prefix: a deal's creation changes a prospect's current deal. */
  prospects: ['prospects'] as const,
  prospectOptions: (query: string) => ['prospects', 'options', query] as const,
  /** Same key as the marketplace's `GET /services/sellable`: one cache for both. */
  sellableServices: ['services', 'sellable'] as const,
  closers: (query: string) => ['freelancers', 'closers', query] as const,
};

/** After a change to a deal or a commission: refetch what depends on it. */
export function invalidateSales(queryClient: QueryClient) {
  for (const queryKey of [
    salesKeys.deals,
    salesKeys.pipeline,
    salesKeys.stats,
    salesKeys.commissions,
    salesKeys.prospects,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
