import type { Deal, DealHandoffInput } from '@closia/shared';
import { api } from '../../../lib/api-client';
import { useDealMutation } from './deal-mutation';

/**
 * `POST /deals/{id}/handoff` {closerId, note?} (its owner, at R2) → the deal, owned by the closer,
 * the caller its setter | 409 (not at R2) | 422 `handoffCloser` on closerId (not a closer accepted
 * on a mission of the deal's offer).
 */
export function handOffDeal({ id, input }: { id: number; input: DealHandoffInput }): Promise<Deal> {
  return api.post<Deal>(`/deals/${id}/handoff`, input);
}

export function useHandOffDeal() {
  return useDealMutation(handOffDeal);
}
