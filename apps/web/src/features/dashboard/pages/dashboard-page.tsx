import { isInfopreneur } from '@closia/shared';
import { Card, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { ActivityTimeline } from '../components/activity-timeline';
import { ProfileCard } from '../components/profile-card';
import { ProfileCompletenessCard } from '../components/profile-completeness-card';
import { Shortcuts } from '../components/shortcuts';
import { TodayPanel } from '../components/today-panel';

/**
 * `/dashboard` ("Tableau de bord"): opens on the day's work, as a CRM does — what is late or due
 * today, each item linking to where it is handled (`TodayPanel`, by role) — then the shortcuts
 * worded for the role; beside it, the profile, its completeness and the recent activity.
 */
export function DashboardPage() {
  const { data: user } = useCurrentUser();
  const infopreneur = user ? isInfopreneur(user) || user.role === 'infopreneur' : false;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Tableau de bord</Title>
        <Text c="dimmed">
          {user ? `Bonjour ${user.firstName}, voici ce qui vous attend aujourd’hui.` : 'Votre espace Closia.'}
        </Text>
      </Stack>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {user ? <TodayPanel /> : <Skeleton height={260} radius="lg" />}
            {user ? <Shortcuts infopreneur={infopreneur} /> : <Skeleton height={88} radius="lg" />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            {user ? <ProfileCard user={user} /> : <Skeleton height={180} radius="lg" />}
            {user ? <ProfileCompletenessCard user={user} compact /> : <Skeleton height={140} radius="lg" />}
            <Card padding="lg">
              <Title order={2} fz="h4" mb="md">
                Activité récente
              </Title>
              <ActivityTimeline />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
