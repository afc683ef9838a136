import type { Service } from '@closia/shared';
import { Anchor, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { countText, formatEuro, formatPercent } from '../utils/format';
import { FavoriteButton } from './favorite-button';
import { CertificationBadges, FinancingBadges, locationText, SectorBadges } from './offer-facts';

/** A training offer to sell (jobs catalogue, favorites): what a sale earns first. */
export function JobCard({ service }: { service: Service }) {
  return (
    <Card padding="lg" component="article" aria-label={service.name} data-testid="job-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Box style={{ minWidth: 0 }}>
            <Title order={3} fz="h4" lh={1.3}>
              <Anchor component={Link} to={paths.app.job(service.id)} underline="hover" c="inherit" fw={700}>
                {service.name}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed" mt={2}>
              par {service.infopreneur.fullName}
            </Text>
          </Box>
          <FavoriteButton kind="service" id={service.id} favorite={service.favorite} name={service.name} />
        </Group>

        <Group gap="lg">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Commission par vente
            </Text>
            <Text fw={700} fz="lg" data-testid="job-commission">
              {formatEuro(service.commissionAmount)}{' '}
              <Text span size="sm" c="dimmed" fw={500}>
                ({formatPercent(service.commissionRate)})
              </Text>
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Prix de la formation
            </Text>
            <Text fw={600}>{formatEuro(service.price)}</Text>
          </Stack>
        </Group>

        <Text size="sm" lineClamp={2}>
          {service.description}
        </Text>

        <Group gap={6}>
          <FinancingBadges methods={service.financingMethods} />
          <CertificationBadges certifications={service.certifications} />
        </Group>
        <SectorBadges sectors={service.workSectors} max={3} />

        <Group gap="md" mt="auto">
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={16} aria-hidden="true" />
            <Text size="sm">{locationText(service.locationType, service.location)}</Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconBriefcase size={16} aria-hidden="true" />
            <Text size="sm">
              {countText(
                service.openMissionCount,
                'mission ouverte',
                'missions ouvertes',
                'Aucune mission ouverte',
              )}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
