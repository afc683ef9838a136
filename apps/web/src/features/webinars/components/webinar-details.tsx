import { initials, type Webinar, webinarLanguageLabels, webinarPlatformLabels } from '@closia/shared';
import { Anchor, Avatar, Badge, Group, List, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { formatDuration } from '../utils/time';

/** The description, who it is for, the practical facts and the offer it presents. */
export function AboutSection({ webinar }: { webinar: Webinar }) {
  return (
    <Section title="À propos">
      <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{webinar.description}</Text>
      {webinar.targetAudience && (
        <div>
          <Title order={3} fz="h5">
            Pour qui ?
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{webinar.targetAudience}</Text>
        </div>
      )}
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" color="gray">
          {webinarLanguageLabels[webinar.language] ?? webinar.language}
        </Badge>
        {webinar.platform && (
          <Badge variant="light" color="gray">
            {webinarPlatformLabels[webinar.platform]}
          </Badge>
        )}
        {webinar.hasReplay && (
          <Badge variant="light" color="gray">
            Replay prévu
          </Badge>
        )}
      </Group>
      {webinar.service && (
        <Text>
          Offre présentée :{' '}
          <Anchor component={Link} to={paths.app.job(webinar.service.id)}>
            {webinar.service.name}
          </Anchor>
        </Text>
      )}
    </Section>
  );
}

export function AgendaSection({ webinar }: { webinar: Webinar }) {
  if (webinar.agenda.length === 0) return null;
  return (
    <Section title="Programme">
      <Timeline active={-1} bulletSize={18} lineWidth={2}>
        {webinar.agenda.map((item, index) => (
          <Timeline.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: the agenda's order is its identity
            key={index}
            title={
              <Text fw={600} component="span">
                {item.title}{' '}
                <Text span c="dimmed" size="sm">
                  ({formatDuration(item.duration)})
                </Text>
              </Text>
            }
          >
            {item.description && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {item.description}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Section>
  );
}

export function SpeakersSection({ webinar }: { webinar: Webinar }) {
  if (webinar.speakers.length === 0) return null;
  return (
    <Section title="Intervenants">
      {webinar.speakers.map((speaker, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: speakers have no id
        <Group key={index} align="flex-start" wrap="nowrap" gap="md">
          <Avatar src={speaker.photoUrl ?? null} alt="" size={48} radius="xl" color="green">
            {initials({ fullName: speaker.name })}
          </Avatar>
          <Stack gap={2}>
            <Text fw={600}>{speaker.name}</Text>
            {speaker.bio && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {speaker.bio}
              </Text>
            )}
          </Stack>
        </Group>
      ))}
    </Section>
  );
}

export function ExtrasSection({ webinar }: { webinar: Webinar }) {
  if (webinar.resources.length === 0 && webinar.interactiveElements.length === 0) return null;
  return (
    <Section title="Ressources et interactions">
      {webinar.resources.length > 0 && (
        <div>
          <Title order={3} fz="h5" mb={4}>
            Ressources
          </Title>
          <List spacing={4}>
            {webinar.resources.map((resource, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: resources have no id
              <List.Item key={index}>
                <Anchor href={resource.url} target="_blank" rel="noopener noreferrer">
                  {resource.title}
                  <IconExternalLink size={14} aria-label=" (nouvel onglet)" style={{ marginLeft: 4 }} />
                </Anchor>{' '}
                <Text span size="xs" c="dimmed">
                  {resource.type}
                </Text>
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {webinar.interactiveElements.length > 0 && (
        <div>
          <Title order={3} fz="h5" mb={4}>
            Au programme de l’échange
          </Title>
          <Group gap="xs">
            {webinar.interactiveElements.map((element) => (
              <Badge key={element} variant="outline" color="gray" tt="none">
                {element}
              </Badge>
            ))}
          </Group>
        </div>
      )}
    </Section>
  );
}
