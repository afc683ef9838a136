import { avatarUrl, type FreelancerCard, initials, userTypeLabels } from '@closia/shared';
import { Anchor, Avatar, Badge, Box, Card, Group, Indicator, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconClockHour4, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatRateOutOf10, formatYears } from '../utils/format';
import { FavoriteButton } from './favorite-button';
import { MatchDetails } from './match-details';
import { SectorBadges } from './offer-facts';

/** A setter, closer or setter-closer in a list (search, favorites, applicants). */
export function FreelancerResultCard({
  freelancer,
  favorite = true,
  children,
}: {
  freelancer: FreelancerCard;
  /** Show the star (not on one's own card). */
  favorite?: boolean;
  /** More content under the card's facts (an application's message and actions). */
  children?: ReactNode;
}) {
  return (
    <Card padding="lg" component="article" aria-label={freelancer.fullName} data-testid="freelancer-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Indicator
              color="green"
              size={12}
              offset={5}
              position="bottom-end"
              withBorder
              disabled={!freelancer.online}
            >
              <Avatar
                src={avatarUrl(freelancer)}
                alt={freelancer.fullName}
                size={56}
                radius="xl"
                color="green"
              >
                {initials(freelancer)}
              </Avatar>
            </Indicator>
            <Box style={{ minWidth: 0 }}>
              <Title order={3} fz="h4" lh={1.3}>
                <Anchor
                  component={Link}
                  to={paths.app.user(freelancer.id)}
                  underline="hover"
                  c="inherit"
                  fw={700}
                >
                  {freelancer.fullName}
                </Anchor>
              </Title>
              <Group gap={6} mt={4}>
                <Badge variant="light" tt="none">
                  {userTypeLabels[freelancer.kind] ?? freelancer.kind}
                </Badge>
                {freelancer.online && (
                  <Badge variant="dot" color="green" tt="none">
                    En ligne
                  </Badge>
                )}
                <Badge variant="light" color={freelancer.available ? 'teal' : 'gray'} tt="none">
                  {freelancer.available ? 'Disponible' : 'Indisponible'}
                </Badge>
              </Group>
            </Box>
          </Group>
          {favorite && (
            <FavoriteButton
              kind="user"
              id={freelancer.id}
              favorite={freelancer.favorite}
              name={freelancer.fullName}
            />
          )}
        </Group>

        <Group gap="md">
          {freelancer.conversionRate !== null && (
            <Group gap={4} wrap="nowrap">
              <IconChartBar size={16} aria-hidden="true" />
              <Text size="sm">
                Conversion <strong>{formatRateOutOf10(freelancer.conversionRate)}</strong>
              </Text>
            </Group>
          )}
          {freelancer.experienceYears !== null && (
            <Group gap={4} wrap="nowrap">
              <IconClockHour4 size={16} aria-hidden="true" />
              <Text size="sm">
                Expérience <strong>{formatYears(freelancer.experienceYears)}</strong>
              </Text>
            </Group>
          )}
          {freelancer.location && (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={16} aria-hidden="true" />
              <Text size="sm">{freelancer.location}</Text>
            </Group>
          )}
        </Group>

        {freelancer.description && (
          <Text size="sm" lineClamp={2}>
            {freelancer.description}
          </Text>
        )}
        <SectorBadges sectors={freelancer.workSectors} max={4} />
        {freelancer.skills.length > 0 && (
          <Text size="xs" c="dimmed">
            {freelancer.skills.slice(0, 5).join(' · ')}
          </Text>
        )}
        {freelancer.match && <MatchDetails match={freelancer.match} />}
        {children}
      </Stack>
    </Card>
  );
}
