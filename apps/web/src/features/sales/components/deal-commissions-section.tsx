import type { Deal } from '@closia/shared';
import { Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCommissions } from '../api/get-commissions';
import { commissionPeriodOf } from '../utils/commissions';
import { formatCents, formatPercent } from '../utils/format';
import { CommissionLinesTable } from './commission-lines-table';
import { LoadError } from './query-states';
import { Section } from './sale-section';

/** The commission lines of the deal that concern the viewer (theirs, or what they owe as its infopreneur). */
export function DealCommissionsSection({ deal }: { deal: Deal }) {
  const period = commissionPeriodOf(deal);
  // A deal's lines for one viewer fit in one page (twelve instalments at most, for two sellers).
  const commissions = useCommissions(period && { ...period, dealId: deal.id }, 100);
  const rate = deal.service?.commissionRate;

  let content: ReactNode;
  if (!period) {
    content = (
      <Text size="sm" c="dimmed">
        Les commissions sont calculées quand la vente est gagnée
        {rate !== undefined
          ? ` : ${formatCents(deal.commissionCents)} au total (${formatPercent(rate)} de ${formatCents(deal.valueCents)}), partagés entre setter et closer.`
          : '.'}
      </Text>
    );
  } else if (commissions.isPending) {
    content = <Skeleton height={90} aria-label="Chargement des commissions" />;
  } else if (commissions.isError) {
    content = <LoadError error={commissions.error} onRetry={() => commissions.refetch()} />;
  } else {
    const lines = commissions.data.lines;
    content =
      lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune commission pour vous sur cette vente.
        </Text>
      ) : (
        <CommissionLinesTable
          lines={lines}
          canPay={commissions.data.role === 'infopreneur'}
          caption={
            commissions.data.role === 'infopreneur'
              ? 'Ce que vous devez aux vendeurs pour cette vente'
              : 'Vos commissions sur cette vente'
          }
        />
      );
  }
  return <Section title="Commissions">{content}</Section>;
}
