import type { Deal } from '@closia/shared';
import { api } from '../../../lib/api-client';
import { useDealMutation } from './deal-mutation';

/**
 * `POST /deals/{id}/reopen` → the deal, back at its stage before closing (a won deal loses its
 * unpaid commissions) | 403 | 409 (open already, refunded, or with a paid commission).
 */
export function reopenDeal(id: number): Promise<Deal> {
  return api.post<Deal>(`/deals/${id}/reopen`);
}

export function useReopenDeal() {
  return useDealMutation(reopenDeal);
}
