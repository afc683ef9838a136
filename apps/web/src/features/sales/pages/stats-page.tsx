import type { SalesBreakdown, Stats } from '@closia/shared';
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useUrlState } from '../../../lib/url-state';
import { useStats } from '../api/get-stats';
import { CommissionsSummary } from '../components/commissions-summary';
import { DateField } from '../components/date-field';
import { ForecastSection } from '../components/forecast-section';
import { LoadError } from '../components/query-states';
import { ScrollTable } from '../components/scroll-table';
import { ConversionChart, MonthlyRevenueChart, StageFunnelChart } from '../components/stats-charts';
import { countText, formatCents, formatDay, formatDays, formatRate, todayDay } from '../utils/format';
import { commissionsPeriod, periodProblem, periodState, type StatsPeriod } from '../utils/period';

function Kpi({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <Card padding="md" data-testid={testId}>
      <Stack gap={2}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        <Text fw={700} fz={26} lh={1.2}>
          {value}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Kpis({ stats }: { stats: Stats }) {
  const { overall } = stats.conversion;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
      <Kpi
        label="Taux de conversion"
        value={formatRate(overall.rate)}
        hint={`${countText(overall.won, 'gagnée', 'gagnées')}, ${countText(overall.lost, 'perdue', 'perdues')}`}
      />
      <Kpi label="Ventes gagnées" value={stats.totals.wonCount.toLocaleString('fr-FR')} />
      <Kpi label="Chiffre d’affaires" value={formatCents(stats.totals.revenueCents)} />
      <Kpi
        label={stats.role === 'infopreneur' ? 'Commissions dues' : 'Commissions'}
        value={formatCents(stats.totals.commissionCents)}
        hint={`Échéances du ${formatDay(stats.from)} au ${formatDay(stats.to)}`}
        testId="kpi-commissions"
      />
      <Kpi
        label="Cycle de vente moyen"
        value={stats.averageCycleDays === null ? '—' : formatDays(stats.averageCycleDays)}
        hint="De la création d’une vente à sa conclusion"
      />
      <Kpi
        label="Activités réalisées"
        value={stats.totals.activitiesDone.toLocaleString('fr-FR')}
        hint="Tâches de suivi des prospects terminées sur la période"
      />
    </SimpleGrid>
  );
}

function BreakdownTable<T extends SalesBreakdown>({
  caption,
  firstColumn,
  rows,
  name,
  rowKey,
}: {
  caption: string;
  firstColumn: string;
  rows: T[];
  name: (row: T) => string;
  rowKey: (row: T) => number;
}) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Aucune vente gagnée sur la période.
      </Text>
    );
  }
  return (
    <ScrollTable minWidth={400} label={caption}>
      <Table striped verticalSpacing="xs">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{firstColumn}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Ventes</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Chiffre d’affaires</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Commissions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              <Table.Td>{name(row)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{row.wonCount.toLocaleString('fr-FR')}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(row.revenueCents)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(row.commissionCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function StatsSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Chargement des statistiques">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <Skeleton key={index} height={96} radius="lg" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Skeleton height={320} radius="lg" />
        <Skeleton height={320} radius="lg" />
      </SimpleGrid>
    </Stack>
  );
}

function PeriodFigures({ period }: { period: StatsPeriod }) {
  const stats = useStats(period);
  if (stats.isPending) return <StatsSkeleton />;
  if (stats.isError) return <LoadError error={stats.error} onRetry={() => stats.refetch()} />;
  const data = stats.data;
  return (
    <Stack gap="lg" aria-busy={stats.isFetching}>
      <Kpis stats={data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <ChartCard title="Ventes par étape">
          <StageFunnelChart stats={data} />
        </ChartCard>
        <ChartCard title="Chiffre d’affaires et commissions par mois">
          <MonthlyRevenueChart stats={data} />
        </ChartCard>
      </SimpleGrid>
      <ChartCard title="Conversion d’étape en étape">
        <ConversionChart stats={data} />
      </ChartCard>
      {data.role === 'infopreneur' && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <ChartCard title="Ventes par offre">
            <BreakdownTable
              caption="Ventes gagnées sur la période, par offre"
              firstColumn="Offre"
              rows={data.byService ?? []}
              name={(row) => row.service.name}
              rowKey={(row) => row.service.id}
            />
          </ChartCard>
          <ChartCard title="Ventes par vendeur">
            <BreakdownTable
              caption="Ventes gagnées sur la période, par setter ou closer"
              firstColumn="Vendeur"
              rows={data.byFreelancer ?? []}
              name={(row) => row.freelancer.fullName}
              rowKey={(row) => row.freelancer.id}
            />
          </ChartCard>
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * `/dashboard/stats` ("Statistiques"): for a period (by default the last twelve months) the
 * key figures, the funnel, revenue and commissions per month and the conversion between stages; the
 * forecast and the deals to follow up; the commissions (earned, due, paid, or owed by an
 * infopreneur, with "Marquer payée"); for an infopreneur, sales per offer and per freelancer.
 */
export function StatsPage() {
  const today = todayDay();
  const [period, setPeriod] = useUrlState(useMemo(() => periodState(today), [today]));
  const problem = periodProblem(period);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Statistiques"
        description="Vos ventes, votre conversion, votre chiffre d’affaires et vos commissions sur la période choisie."
      />
      <Group gap="md" align="flex-start">
        <DateField
          label="Du"
          value={period.from}
          onChange={(value) => value && setPeriod({ from: value })}
          maxDate={period.to}
          w={200}
        />
        <DateField
          label="Au"
          value={period.to}
          onChange={(value) => value && setPeriod({ to: value })}
          minDate={period.from}
          error={problem ?? undefined}
          w={200}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Période du {formatDay(period.from)} au {formatDay(period.to)}
      </Text>
      {problem ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {problem}
        </Alert>
      ) : (
        <>
          <PeriodFigures period={period} />
          <ForecastSection />
          <CommissionsSummary period={commissionsPeriod(period, today)} chosen={period} />
        </>
      )}
    </Stack>
  );
}
