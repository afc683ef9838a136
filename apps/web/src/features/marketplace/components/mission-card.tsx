import type { Mission } from '@closia/shared';
import { Anchor, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconClockHour4, IconReceipt2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { fromNow } from '../../../lib/dayjs';
import { clickAdvertisement } from '../api/click-advertisement';
import { formatEuro, formatPercent, formatYears } from '../utils/format';
import { FavoriteButton } from './favorite-button';
import { MatchDetails } from './match-details';
import { CertificationBadges, FinancingBadges } from './offer-facts';
import { ApplicationStatusBadge, MissionTypeBadge, SponsoredBadge } from './status-badges';

/** What a mission asks of the freelancer, as short phrases. */
export function missionRequirements(
  mission: Pick<Mission, 'minConversionRate' | 'minExperience' | 'ticket'>,
) {
  const items: { key: string; icon: typeof IconChartBar; text: string }[] = [];
  if (mission.minConversionRate !== null && mission.minConversionRate > 0) {
    items.push({
      key: 'rate',
      icon: IconChartBar,
      text: `Conversion min. ${formatPercent(mission.minConversionRate)}`,
    });
  }
  if (mission.minExperience !== null && mission.minExperience > 0) {
    items.push({
      key: 'experience',
      icon: IconClockHour4,
      text: `Expérience min. ${formatYears(mission.minExperience)}`,
    });
  }
  if (mission.ticket !== null) {
    items.push({ key: 'ticket', icon: IconReceipt2, text: `Panier moyen ${formatEuro(mission.ticket)}` });
  }
  return items;
}

/** A mission in a list (search, favorites): the offer sold, the money, the requirements, the match. */
export function MissionCard({ mission, showMatch = true }: { mission: Mission; showMatch?: boolean }) {
  const { service } = mission;
  const requirements = missionRequirements(mission);
  const open = () => {
    if (mission.sponsored && mission.advertisementId) clickAdvertisement(mission.advertisementId);
  };
  return (
    <Card
      padding="lg"
      component="article"
      aria-label={mission.title}
      data-testid="mission-card"
      style={mission.sponsored ? { borderColor: 'var(--mantine-color-yellow-5)' } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap={6}>
            {mission.sponsored && <SponsoredBadge />}
            <MissionTypeBadge type={mission.missionType} />
            {mission.myApplication && (
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  Candidature :
                </Text>
                <ApplicationStatusBadge status={mission.myApplication.status} size="sm" />
              </Group>
            )}
          </Group>
          <FavoriteButton kind="mission" id={mission.id} favorite={mission.favorite} name={mission.title} />
        </Group>

        <Box>
          <Title order={3} fz="h4" lh={1.3}>
            <Anchor
              component={Link}
              to={paths.app.mission(mission.id)}
              onClick={open}
              underline="hover"
              c="inherit"
              fw={700}
            >
              {mission.title}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed" mt={2}>
            Pour « {service.name} » · par {mission.infopreneur.fullName}
          </Text>
        </Box>

        <Group gap="lg">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Commission par vente
            </Text>
            <Text fw={700} fz="lg">
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

        <Group gap={6}>
          <FinancingBadges methods={service.financingMethods} />
          <CertificationBadges certifications={service.certifications} />
        </Group>

        {requirements.length > 0 && (
          <Group gap="md">
            {requirements.map(({ key, icon: RequirementIcon, text }) => (
              <Group key={key} gap={4} wrap="nowrap">
                <RequirementIcon size={16} aria-hidden="true" />
                <Text size="sm">{text}</Text>
              </Group>
            ))}
          </Group>
        )}

        {showMatch && mission.match && <MatchDetails match={mission.match} max={3} />}

        <Text size="xs" c="dimmed" mt="auto">
          Publiée {fromNow(mission.createdAt)}
        </Text>
      </Stack>
    </Card>
  );
}
