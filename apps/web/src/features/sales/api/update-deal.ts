import type { Deal, DealUpdateInput } from '@closia/shared';
import { api } from '../../../lib/api-client';
import { useDealMutation } from './deal-mutation';

/**
 * `PUT /deals/{id}` {id, …changed fields} → the deal | 403 (not mine to edit) | 404 | 409 (a closed
 * deal: only its title and observations change) | 422.
 */
export function updateDeal(input: DealUpdateInput): Promise<Deal> {
  return api.put<Deal>(`/deals/${input.id}`, input);
}

export function useUpdateDeal() {
  return useDealMutation(updateDeal);
}
