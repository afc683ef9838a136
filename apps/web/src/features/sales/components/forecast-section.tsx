import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useForecast } from '../api/get-forecast';
import { countText, daysInStageText, formatCents, formatDay } from '../utils/format';
import { LoadError } from './query-states';
import { StageBadge } from './stage-badge';

/**
 * The forecast: my weighted commissions expected within 30, 60 and 90 days; and the "À relancer"
 * list, the open deals waiting in their stage for longer than its threshold.
 */
export function ForecastSection() {
  const forecast = useForecast();
  if (forecast.isPending) {
    return (
      <SimpleGrid
        cols={{ base: 1, md: 2 }}
        spacing="lg"
        aria-busy="true"
        aria-label="Chargement des prévisions"
      >
        <Skeleton height={200} radius="lg" />
        <Skeleton height={200} radius="lg" />
      </SimpleGrid>
    );
  }
  if (forecast.isError) return <LoadError error={forecast.error} onRetry={() => forecast.refetch()} />;
  const { horizons, stale, staleTotal } = forecast.data;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card padding="lg">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4">
              Prévisions
            </Title>
            <Text size="sm" c="dimmed">
              Vos commissions attendues, pondérées par la probabilité des ventes à conclure d’ici là.
            </Text>
          </Stack>
          <SimpleGrid cols={3} spacing="sm">
            {horizons.map((horizon) => (
              <Stack key={horizon.days} gap={2} data-testid={`forecast-${horizon.days}`}>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  {horizon.days} jours
                </Text>
                <Text fw={700} fz="lg">
                  {formatCents(horizon.weightedCommissionCents)}
                </Text>
                <Text size="xs" c="dimmed">
                  {countText(horizon.dealCount, 'vente')}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Card>
      <Card padding="lg">
        <Stack gap="md">
          <Group gap="xs">
            <IconBellRinging size={20} aria-hidden="true" />
            <Title order={2} size="h4">
              À relancer
            </Title>
          </Group>
          {stale.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aucune vente ne stagne : toutes ont bougé récemment.
            </Text>
          ) : (
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {stale.slice(0, 8).map((deal) => (
                <li key={deal.id}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={paths.dashboard.sale(deal.id)} size="sm" fw={600}>
                        {deal.title}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {deal.prospect.fullName}
                        {deal.expectedCloseDate &&
                          ` · clôture prévue le ${formatDay(deal.expectedCloseDate)}`}
                      </Text>
                    </Stack>
                    <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
                      <StageBadge stage={deal.status} size="sm" />
                      <Badge color="orange" variant="light" size="sm">
                        {daysInStageText(deal.daysInStage)}
                      </Badge>
                    </Stack>
                  </Group>
                </li>
              ))}
            </Stack>
          )}
          {staleTotal > 8 && (
            <Text size="xs" c="dimmed">
              Et {countText(staleTotal - 8, 'autre vente', 'autres ventes')} à relancer.
            </Text>
          )}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
