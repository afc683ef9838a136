import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import { comingSoonDescriptions } from '../config/coming-soon-descriptions';
import type { RouteHandle } from '../config/route-handle';

interface ComingSoonProps {
  /** The page title (h1). */
  title: string;
  /** One sentence saying what the page will hold. */
  description: string;
  /** 1 for a page of its own; 2 when the panel is one section of a page. */
  headingOrder?: 1 | 2;
}

/** A page whose feature comes later: its title and a clear "Bientôt disponible" panel, never a blank screen. */
export function ComingSoon({ title, description, headingOrder = 1 }: ComingSoonProps) {
  return (
    <Stack gap="lg">
      <Title order={headingOrder}>{title}</Title>
      <Paper withBorder radius="lg" p="xl" role="status" aria-live="polite">
        <Stack align="center" gap="sm" ta="center" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconHourglassHigh size={30} stroke={1.5} />
          </ThemeIcon>
          <Text component="p" fw={700} fz="h3">
            Bientôt disponible
          </Text>
          <Text c="dimmed" maw={520}>
            {description}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Route component: the title from the matched route's handle, the description from its pattern. */
export function ComingSoonPage() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  return (
    <ComingSoon
      title={handle?.title ?? 'Bientôt disponible'}
      description={
        (handle?.comingSoon && comingSoonDescriptions[handle.comingSoon]) ?? 'Cette page arrive très bientôt.'
      }
    />
  );
}
