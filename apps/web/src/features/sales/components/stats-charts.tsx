import { formatEuro, type Stats } from '@closia/shared';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { formatCents, formatMonth, formatRate } from '../utils/format';
import { stageLabel } from '../utils/stages';
import { ChartFigure } from './chart-figure';

const euros = (value: number) => formatEuro(value);

/**
 * The funnel: deals created in the period, by their current stage. Bars run sideways, one row per
 * stage, so that every stage's name is written in full (under columns, the axis dropped those that
 * did not fit: "Qualification", "Suivi").
 */
export function StageFunnelChart({ stats }: { stats: Stats }) {
  const data = stats.dealsByStage.map((row) => ({ stage: stageLabel(row.status), ventes: row.count }));
  return (
    <ChartFigure
      label="Ventes par étape"
      columns={['Étape', 'Ventes']}
      rows={data.map((row) => [row.stage, row.ventes])}
    >
      <BarChart
        h={Math.max(260, data.length * 34)}
        data={data}
        dataKey="stage"
        orientation="vertical"
        series={[{ name: 'ventes', label: 'Ventes', color: 'green.7' }]}
        gridAxis="x"
        xAxisProps={{ allowDecimals: false }}
        // Every label, never thinned out when space runs short.
        yAxisProps={{ width: 104, interval: 0 }}
        tooltipAnimationDuration={150}
      />
    </ChartFigure>
  );
}

/** Revenue and commissions per month (commissions by due date). */
export function MonthlyRevenueChart({ stats }: { stats: Stats }) {
  const data = stats.months.map((month) => ({
    month: formatMonth(month.month, true),
    revenue: month.revenueCents / 100,
    commission: month.commissionCents / 100,
  }));
  const commissionLabel = stats.role === 'infopreneur' ? 'Commissions dues' : 'Commissions';
  return (
    <ChartFigure
      label="Chiffre d’affaires et commissions par mois"
      columns={['Mois', 'Chiffre d’affaires', commissionLabel]}
      rows={stats.months.map((month) => [
        formatMonth(month.month),
        formatCents(month.revenueCents),
        formatCents(month.commissionCents),
      ])}
    >
      <BarChart
        h={280}
        data={data}
        dataKey="month"
        series={[
          { name: 'revenue', label: 'Chiffre d’affaires', color: 'green.7' },
          { name: 'commission', label: commissionLabel, color: 'blue.7' },
        ]}
        valueFormatter={euros}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        gridAxis="y"
        yAxisProps={{ width: 80 }}
        tooltipAnimationDuration={150}
      />
    </ChartFigure>
  );
}

/** How many deals that reached a stage went on to the next one. */
export function ConversionChart({ stats }: { stats: Stats }) {
  const rows = stats.conversion.stages;
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Pas encore assez de ventes pour mesurer la conversion.
      </Text>
    );
  }
  const data = rows.map((row) => ({
    transition: `${stageLabel(row.from)} → ${stageLabel(row.to)}`,
    taux: row.rate === null ? 0 : Math.round(row.rate * 1000) / 10,
  }));
  return (
    <ChartFigure
      label="Conversion d’étape en étape"
      columns={['Passage', 'Ventes arrivées', 'Ventes passées', 'Taux']}
      rows={rows.map((row) => [
        `${stageLabel(row.from)} → ${stageLabel(row.to)}`,
        row.reached,
        row.advanced,
        formatRate(row.rate),
      ])}
    >
      <BarChart
        h={Math.max(200, rows.length * 44)}
        data={data}
        dataKey="transition"
        orientation="vertical"
        series={[{ name: 'taux', label: 'Taux de passage', color: 'violet.7' }]}
        valueFormatter={(value) => `${value.toLocaleString('fr-FR')} %`}
        xAxisProps={{ domain: [0, 100] }}
        yAxisProps={{ width: 190 }}
        gridAxis="x"
        tooltipAnimationDuration={150}
      />
    </ChartFigure>
  );
}
