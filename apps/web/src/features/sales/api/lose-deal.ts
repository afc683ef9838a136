import type { Deal, DealLoseInput } from '@closia/shared';
import { api } from '../../../lib/api-client';
import { useDealMutation } from './deal-mutation';

/** `POST /deals/{id}/lose` {reason} → the deal, Lost | 403 (not its owner) | 409 (not open) | 422. */
export function loseDeal({ id, input }: { id: number; input: DealLoseInput }): Promise<Deal> {
  return api.post<Deal>(`/deals/${id}/lose`, input);
}

export function useLoseDeal() {
  return useDealMutation(loseDeal);
}
