import type { Deal, DealWinInput } from '@closia/shared';
import { api } from '../../../lib/api-client';
import { useDealMutation } from './deal-mutation';

/**
 * `POST /deals/{id}/win` {amount? (euros, default the offer's price), instalments? (1–12)} → the
 * deal, Closed, with its commission lines written | 403 (not its owner) | 409 (not open) | 422.
 */
export function winDeal({ id, input }: { id: number; input: DealWinInput }): Promise<Deal> {
  return api.post<Deal>(`/deals/${id}/win`, input);
}

export function useWinDeal() {
  return useDealMutation(winDeal);
}
