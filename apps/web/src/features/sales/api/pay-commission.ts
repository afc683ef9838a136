import type { CommissionLine } from '@closia/shared';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { saleWording } from '../utils/error-wording';
import { formatCents } from '../utils/format';
import { salesKeys } from './sales-keys';

/**
 * `POST /commissions/{id}/pay` (the infopreneur who owes it) → the line, paid | 404 (not theirs)
 * | 409 (paid already, or clawed back after a refund).
 */
export function payCommission(line: CommissionLine): Promise<CommissionLine> {
  return api.post<CommissionLine>(`/commissions/${line.id}/pay`);
}

/** Marks a line paid; a toast tells the outcome. */
export function usePayCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payCommission,
    meta: { handlesError: true },
    onSuccess: (paid) => {
      notifications.show({
        color: 'green',
        title: 'Commission payée',
        message: `${formatCents(paid.amountCents)} à ${paid.beneficiary.fullName} pour « ${paid.dealTitle} ».`,
      });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Paiement non enregistré',
        message: errorMessage(error, saleWording),
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: salesKeys.commissions });
      void queryClient.invalidateQueries({ queryKey: salesKeys.stats });
    },
  });
}
