import type { CurrentUser } from '@closia/shared';
import { Anchor, Card, Group, List, RingProgress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { profileCompleteness } from '../profile-completeness';

function ringColor(percent: number): string {
  if (percent >= 80) return 'green';
  if (percent >= 50) return 'yellow';
  return 'orange';
}

/** The profile's completeness: a ring with the percentage and what is missing, each linking to where to fill it. */
export function ProfileCompletenessCard({ user }: { user: CurrentUser }) {
  const { percent, missing } = profileCompleteness(user);
  return (
    <Card padding="lg" data-testid="profile-completeness">
      <Stack gap="md">
        <Group gap="lg" wrap="nowrap" align="center">
          <RingProgress
            size={112}
            thickness={10}
            roundCaps
            sections={[{ value: percent, color: ringColor(percent) }]}
            label={
              <Text ta="center" fw={800} fz="xl" data-testid="completeness-percent">
                {percent} %
              </Text>
            }
            aria-label={`Profil complété à ${percent} %`}
          />
          <Stack gap={4}>
            <Title order={2} fz="h4">
              Complétude du profil
            </Title>
            <Text size="sm" c="dimmed">
              {missing.length === 0
                ? 'Votre profil est complet : bravo !'
                : 'Un profil complet inspire confiance et ressort mieux dans les recherches.'}
            </Text>
          </Stack>
        </Group>
        {missing.length > 0 ? (
          <List
            spacing={6}
            size="sm"
            icon={
              <ThemeIcon size={20} radius="xl" variant="light" color="gray" aria-hidden="true">
                <IconCircleDashed size={14} />
              </ThemeIcon>
            }
            aria-label="À compléter"
          >
            {missing.map((item) => (
              <List.Item key={item.key}>
                <Anchor component={Link} to={item.to} size="sm" fw={600}>
                  <Group gap={4} component="span" wrap="nowrap">
                    Ajouter : {item.label}
                    <IconChevronRight size={14} aria-hidden="true" />
                  </Group>
                </Anchor>
              </List.Item>
            ))}
          </List>
        ) : (
          <Group gap={6} c="light-dark(var(--mantine-color-green-8), var(--mantine-color-green-4))">
            <IconCircleCheck size={18} aria-hidden="true" />
            <Text size="sm" fw={600}>
              Rien à compléter
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
