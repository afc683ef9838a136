import type { Pipeline } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/** `GET /pipeline` → the six open stages over the deals I own or set: count, sum and weighted sum in cents. */
export function getPipeline() {
  return api.get<Pipeline>('/pipeline');
}

export function getPipelineQueryOptions() {
  return queryOptions({ queryKey: salesKeys.pipeline, queryFn: getPipeline });
}

export function usePipeline(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getPipelineQueryOptions(), enabled: options.enabled ?? true });
}

/** `GET /pipeline?teamId=…`: a team's shared pipeline. */
export function useTeamPipeline(teamId: number) {
  return useQuery({
    queryKey: salesKeys.teamPipeline(teamId),
    queryFn: () => api.get<Pipeline>('/pipeline', { query: { teamId } }),
  });
}
