import type { Webinar } from '@closia/shared';
import { webinarLanguageLabels } from '@closia/shared';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { registrationCountText } from '../utils/format';
import { SpeakerAvatars } from './speaker-avatars';
import { WebinarFacts } from './webinar-badges';
import { WebinarWhen } from './webinar-when';

/** A webinar in a list: when, who, the price, the places, and the way in. */
export function WebinarCard({ webinar, now }: { webinar: Webinar; now: number }) {
  const href = paths.app.webinar(webinar.id);
  const open = webinar.phase === 'upcoming' && webinar.isRegistrationOpen && webinar.placesLeft !== 0;
  return (
    <Card padding="lg" withBorder data-testid="webinar-card" component="article">
      <Stack gap="sm" h="100%">
        <WebinarFacts webinar={webinar} now={now} />
        <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={href} c="inherit">
            {webinar.title}
          </Anchor>
        </Title>
        <WebinarWhen webinar={webinar} short />
        <Text size="sm" c="dimmed" lineClamp={3}>
          {webinar.description}
        </Text>
        <Group justify="space-between" gap="xs" mt="auto">
          <Group gap="xs">
            <SpeakerAvatars speakers={webinar.speakers} />
            <Text size="xs" c="dimmed">
              {webinarLanguageLabels[webinar.language] ?? webinar.language}
            </Text>
          </Group>
          <Group gap={4}>
            <IconUsers size={16} aria-hidden="true" />
            <Text size="sm">{registrationCountText(webinar.registrationCount)}</Text>
          </Group>
        </Group>
        {webinar.canManage ? (
          <Button component={Link} to={href} variant="default">
            Voir et gérer
          </Button>
        ) : webinar.registered ? (
          <Button component={Link} to={href} variant="light" color="green">
            Inscrit ✓ — voir le webinaire
          </Button>
        ) : open ? (
          <Button component={Link} to={href} aria-label={`S’inscrire à « ${webinar.title} »`}>
            S’inscrire
          </Button>
        ) : (
          <Button component={Link} to={href} variant="default">
            Voir le webinaire
          </Button>
        )}
      </Stack>
    </Card>
  );
}
