import type { Deal, DealCreateInput } from '@closia/shared';
import { api } from '../../../lib/api-client';
import { useDealMutation } from './deal-mutation';

/**
 * `POST /deals` {title, prospectId, infopreneurFormationId, status, expectedCloseDate, probability?, observations}
 * → 201 the deal | 422 (`exists` on prospectId: not my prospect; `sellable` on infopreneurFormationId;
 * `enum` on status for Closed and Lost).
 */
export function createDeal(input: DealCreateInput): Promise<Deal> {
  return api.post<Deal>('/deals', input);
}

export function useCreateDeal() {
  return useDealMutation(createDeal);
}
