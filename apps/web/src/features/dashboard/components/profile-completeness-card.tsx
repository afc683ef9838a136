import type { CurrentUser } from '@closia/shared';
import {
  Anchor,
  Button,
  Card,
  Group,
  List,
  RingProgress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconChevronRight, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { profileCompleteness } from '../profile-completeness';

function ringColor(percent: number): string {
  if (percent >= 80) return 'green';
  if (percent >= 50) return 'yellow';
  return 'orange';
}

/** How many missing items the compact card lists before "Afficher les N autres". */
const COMPACT_ITEMS = 3;

/**
 * The profile's completeness: a ring with the percentage and what is missing, each linking to where
 * to fill it. `compact` (the dashboard, beside the day's work): a smaller ring and the first items.
 */
export function ProfileCompletenessCard({ user, compact = false }: { user: CurrentUser; compact?: boolean }) {
  const { percent, missing } = profileCompleteness(user);
  const [expanded, setExpanded] = useState(false);
  const shown = compact && !expanded ? missing.slice(0, COMPACT_ITEMS) : missing;
  const hidden = missing.length - shown.length;
  return (
    <Card padding={compact ? 'md' : 'lg'} data-testid="profile-completeness">
      <Stack gap={compact ? 'sm' : 'md'}>
        <Group gap={compact ? 'md' : 'lg'} wrap="nowrap" align="center">
          <RingProgress
            size={compact ? 76 : 112}
            thickness={compact ? 7 : 10}
            roundCaps
            sections={[{ value: percent, color: ringColor(percent) }]}
            label={
              <Text ta="center" fw={800} fz={compact ? 'md' : 'xl'} data-testid="completeness-percent">
                {percent} %
              </Text>
            }
            aria-label={`Profil complété à ${percent} %`}
          />
          <Stack gap={4}>
            <Title order={2} fz={compact ? 'h5' : 'h4'}>
              Complétude du profil
            </Title>
            <Text size={compact ? 'xs' : 'sm'} c="dimmed">
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
            {shown.map((item) => (
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
        ) : null}
        {hidden > 0 && (
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => setExpanded(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            Afficher {hidden > 1 ? `les ${hidden} autres` : 'l’autre'}
          </Button>
        )}
        {missing.length === 0 && (
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
