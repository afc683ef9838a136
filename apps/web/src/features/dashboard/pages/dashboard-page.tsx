import { isInfopreneur } from '@closia/shared';
import { Card, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { ActivityTimeline } from '../components/activity-timeline';
import { ProfileCard } from '../components/profile-card';
import { ProfileCompletenessCard } from '../components/profile-completeness-card';
import { Shortcuts } from '../components/shortcuts';

export function DashboardPage() {
  const { data: user } = useCurrentUser();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Tableau de bord</Title>
        <Text c="dimmed">
          {user ? `Bonjour ${user.firstName}, voici votre espace.` : 'Votre espace Closia.'}
        </Text>
      </Stack>
      {user ? (
        <Shortcuts infopreneur={isInfopreneur(user) || user.role === 'infopreneur'} />
      ) : (
        <Skeleton height={88} radius="lg" />
      )}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {user ? <ProfileCard user={user} /> : <Skeleton height={180} radius="lg" />}
            {user ? <ProfileCompletenessCard user={user} /> : <Skeleton height={220} radius="lg" />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card padding="lg">
            <Title order={2} fz="h4" mb="md">
              Activité récente
            </Title>
            <ActivityTimeline />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
