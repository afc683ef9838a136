import {
  type CommissionMonth,
  type CommissionOwed,
  type CommissionSums,
  isInfopreneur,
} from '@closia/shared';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { type CommissionFilters, commissionExportUrl, useCommissionPages } from '../api/get-commissions';
import { formatCents, formatDay, formatMonth } from '../utils/format';
import type { StatsPeriod } from '../utils/period';
import { CommissionLinesTable } from './commission-lines-table';
import { LoadError } from './query-states';
import { ScrollTable } from './scroll-table';

const hasMovement = (sums: CommissionSums) =>
  sums.earnedCents !== 0 ||
  sums.pendingCents !== 0 ||
  sums.dueCents !== 0 ||
  sums.paidCents !== 0 ||
  sums.clawedBackCents !== 0;

function Totals({ totals, infopreneur }: { totals: CommissionSums; infopreneur: boolean }) {
  const items = infopreneur
    ? [
        { label: 'Dû maintenant', value: totals.dueCents },
        { label: 'À venir', value: totals.pendingCents },
        { label: 'Déjà payé', value: totals.paidCents },
        { label: 'Reste à payer', value: totals.balanceCents },
      ]
    : [
        { label: 'Gagné', value: totals.earnedCents },
        { label: 'Dû', value: totals.dueCents },
        { label: 'À venir', value: totals.pendingCents },
        { label: 'Payé', value: totals.paidCents },
      ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {items.map((item) => (
        <Stack key={item.label} gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {item.label}
          </Text>
          <Text fw={700} fz="lg">
            {formatCents(item.value)}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function MonthsTable({ months }: { months: CommissionMonth[] }) {
  const shown = months.filter(hasMovement);
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Aucune commission sur la période. Vos commissions apparaissent ici dès qu’une vente est gagnée.
      </Text>
    );
  }
  return (
    <ScrollTable minWidth={560} label="Vos commissions par mois d’échéance">
      <Table striped verticalSpacing="xs">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          Vos commissions par mois d’échéance
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mois</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Gagnées</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Dues</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>À venir</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Payées</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Reprises</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((month) => (
            <Table.Tr key={month.month}>
              <Table.Td style={{ textTransform: 'capitalize' }}>{formatMonth(month.month)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(month.earnedCents)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(month.dueCents)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(month.pendingCents)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(month.paidCents)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(month.clawedBackCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function OwedTable({ owed }: { owed: CommissionOwed[] }) {
  if (owed.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Vous ne devez rien sur la période : aucune vente de vos offres n’a été gagnée par vos setters et
        closers.
      </Text>
    );
  }
  return (
    <ScrollTable minWidth={560} label="Ce que vous devez, par vendeur">
      <Table striped verticalSpacing="xs">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          Ce que vous devez, par vendeur
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bénéficiaire</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Dû maintenant</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>À venir</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Payé</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Reste à payer</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {owed.map((row) => (
            <Table.Tr key={row.beneficiary.id} data-testid="owed-row">
              <Table.Td>{row.beneficiary.fullName}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(row.dueCents)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(row.pendingCents)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(row.paidCents)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(row.balanceCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** An infopreneur's lines to pay, the oldest due date first; a freelancer's lines, the newest first. */
const lineFilters = (period: StatsPeriod, infopreneur: boolean): CommissionFilters =>
  infopreneur ? { ...period, status: ['pending', 'due'], sortOrder: 'asc' } : period;

/**
 * The commissions of the period: a freelancer's earned, due and paid per month and their lines; an
 * infopreneur's debts per freelancer and the lines still to pay, each with "Marquer payée". The
 * sums cover the whole period; the lines load a page at a time as the table is scrolled. "Exporter
 * en CSV" downloads every line of the period for the accountant. Its figures cover the instalments
 * due in `period`, which may run past the `chosen` period of the page (to show the coming ones):
 * its heading says which days it covers, so that "Gagné" is not read as the page's "Commissions"
 * figure.
 */
export function CommissionsSummary({ period, chosen }: { period: StatsPeriod; chosen?: StatsPeriod }) {
  // The one who pays the commissions lists what is left to pay.
  const { data: user } = useCurrentUser();
  const commissions = useCommissionPages(lineFilters(period, isInfopreneur(user)), user !== undefined);
  const first = commissions.data?.pages[0];
  let content: ReactNode;
  if (commissions.isPending) content = <Skeleton height={160} aria-label="Chargement des commissions" />;
  else if (commissions.isError && !first)
    content = <LoadError error={commissions.error} onRetry={() => commissions.refetch()} />;
  else if (first) {
    const lines = commissions.data?.pages.flatMap((page) => page.lines) ?? [];
    const more = {
      hasMore: commissions.hasNextPage,
      loading: commissions.isFetchingNextPage,
      failed: commissions.isFetchNextPageError,
      load: () => void commissions.fetchNextPage(),
      shown: lines.length,
    };
    const pays = first.role === 'infopreneur';
    content = (
      <Stack gap="lg">
        <Totals totals={first.totals} infopreneur={pays} />
        {pays ? <OwedTable owed={first.owed ?? []} /> : <MonthsTable months={first.months} />}
        {lines.length > 0 && (
          <CommissionLinesTable
            lines={lines}
            canPay={pays}
            withDeal
            caption={
              pays ? 'Commissions à payer, par échéance' : 'Vos commissions, de la plus récente échéance'
            }
            more={more}
          />
        )}
      </Stack>
    );
  }
  return (
    <Card padding="lg" data-testid="commissions-summary">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4">
              Commissions
            </Title>
            {first && (
              <Text size="sm" c="dimmed" data-testid="commissions-period">
                Échéances du {formatDay(first.from)} au {formatDay(first.to)}
                {chosen && first.to > chosen.to ? ' : la période choisie et les échéances à venir' : ''}
              </Text>
            )}
          </Stack>
          <Button
            component="a"
            href={commissionExportUrl(period)}
            download
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
          >
            Exporter en CSV
          </Button>
        </Group>
        {content}
      </Stack>
    </Card>
  );
}
