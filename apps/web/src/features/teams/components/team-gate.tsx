import type { Team } from '@closia/shared';
import { Alert, Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useTeam } from '../api/teams';
import { teamWording } from '../utils/labels';
import { useTeamLive } from '../utils/use-team-live';

/** The team of the URL's `:id`, live; its loading and "not found / not a member any more" states. */
export function TeamGate({ children }: { children: (team: Team) => ReactNode }) {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const team = useTeam(valid ? id : 0);
  useTeamLive(valid ? id : 0);
  if (!valid || team.isError) {
    return (
      <Alert color="red" title="Équipe introuvable" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{valid ? errorMessage(team.error, teamWording) : teamWording.notFound}</Text>
          <Anchor component={Link} to={paths.dashboard.teams} size="sm">
            Revenir à mes équipes
          </Anchor>
          {valid && (
            <Button size="xs" variant="light" color="red" onClick={() => void team.refetch()}>
              Réessayer
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (team.isPending) {
    return (
      <Stack gap="md">
        <Skeleton h={80} />
        <Skeleton h={240} />
      </Stack>
    );
  }
  return <>{children(team.data)}</>;
}
