import { Grid, Stack, Text } from '@mantine/core';
import { Section } from '../../../components/section';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { EventsSection } from '../components/events-section';
import { MembersCard } from '../components/members-card';
import { TeamGate } from '../components/team-gate';
import { TeamHeader } from '../components/team-header';
import { TeamStatsCard } from '../components/team-stats-card';

/** `/dashboard/team/{id}`: the team's overview — description, agenda, members, sales. */
export function TeamPage() {
  const { data: user } = useCurrentUser();
  return (
    <TeamGate>
      {(team) => (
        <Stack gap="lg">
          <TeamHeader team={team} current="overview" />
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Stack gap="lg">
                <Section title="À propos" gap="xs">
                  <Text c={team.description ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
                    {team.description || 'Pas encore de description.'}
                  </Text>
                </Section>
                {team.myRole && user && <EventsSection teamId={team.id} role={team.myRole} meId={user.id} />}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="lg">
                <MembersCard teamId={team.id} />
                <TeamStatsCard teamId={team.id} detailed={false} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </TeamGate>
  );
}
