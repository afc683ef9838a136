import type { Deal } from '@closia/shared';
import { api } from '../../../lib/api-client';
import { useDealMutation } from './deal-mutation';

/**
 * `POST /deals/{id}/refund` (its owner, or the offer's infopreneur) → the deal, refunded: unpaid
 * commissions cancelled, paid ones reclaimed | 403 | 409 (not won, or refunded already).
 */
export function refundDeal(id: number): Promise<Deal> {
  return api.post<Deal>(`/deals/${id}/refund`);
}

export function useRefundDeal() {
  return useDealMutation(refundDeal);
}
