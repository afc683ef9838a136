import { idParam, type Team, type TeamInvitation } from '@closia/shared';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMailOpened, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, LoadError } from '../../../components/query-states';
import { paths } from '../../../config/paths';
import { fromNow } from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { urlState, useUrlState } from '../../../lib/url-state';
import { useAnswerInvitation, useMyInvitations, useMyTeams } from '../api/teams';
import { TeamAvatar } from '../components/team-avatar';
import { TeamFormModal } from '../components/team-form-modal';
import { TeamMeta } from '../components/team-meta';

function InvitationCard({ invitation, highlighted }: { invitation: TeamInvitation; highlighted: boolean }) {
  const answer = useAnswerInvitation();
  return (
    <Card
      withBorder
      padding="md"
      style={highlighted ? { borderColor: 'var(--mantine-color-green-6)' } : undefined}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <TeamAvatar team={invitation.team} size={40} />
          <Stack gap={0}>
            <Text fw={600}>{invitation.team.name}</Text>
            <Text size="sm" c="dimmed">
              {invitation.invitedBy ? `${invitation.invitedBy.fullName} vous invite` : 'Vous êtes invité(e)'}{' '}
              · {fromNow(invitation.createdAt)}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            loading={answer.isPending && answer.variables?.accept === false}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ id: invitation.id, accept: false })}
          >
            Refuser
          </Button>
          <Button
            loading={answer.isPending && answer.variables?.accept === true}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ id: invitation.id, accept: true })}
            aria-label={`Accepter l’invitation de ${invitation.team.name}`}
          >
            Accepter
          </Button>
        </Group>
      </Group>
      {answer.isError && (
        <Alert color="red" mt="sm" p="xs" role="alert">
          {errorMessage(answer.error, {
            conflict: 'Cette invitation a déjà reçu une réponse ou a été annulée.',
          })}
        </Alert>
      )}
    </Card>
  );
}

function TeamCard({ team }: { team: Team }) {
  return (
    <Card withBorder padding="lg" component={Link} to={paths.dashboard.team(team.id)}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <TeamAvatar team={team} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {team.name}
          </Text>
          <TeamMeta team={team} />
          {team.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {team.description}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** `?invitation=12`: the invitation a notification links to, highlighted. */
const invitationState = urlState(z.object({ invitation: idParam() }), { invitation: null });

/** `/dashboard/team`: my teams, the invitations waiting for my answer, and "Créer une équipe". */
export function TeamsPage() {
  const [{ invitation: highlighted }] = useUrlState(invitationState);
  const [creating, { open, close }] = useDisclosure(false);
  const teams = useMyTeams();
  const invitations = useMyInvitations();

  const createButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={open}>
      Créer une équipe
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Équipes"
        description="Travaillez à plusieurs : discussions, agenda et pipeline de ventes partagés."
        actions={createButton}
      />
      {invitations.data && invitations.data.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="invitations-title">
          <Group gap="xs">
            <IconMailOpened size={20} aria-hidden="true" />
            <Title order={2} fz="h4" id="invitations-title">
              Invitations en attente
            </Title>
          </Group>
          {invitations.data.map((invitation) => (
            <InvitationCard
              key={invitation.id}
              invitation={invitation}
              highlighted={invitation.id === highlighted}
            />
          ))}
        </Stack>
      )}
      {invitations.isError && (
        <Alert color="red" role="alert">
          Les invitations n’ont pas pu être chargées : {errorMessage(invitations.error)}
        </Alert>
      )}
      <Stack gap="sm" component="section" aria-labelledby="teams-title">
        <Title order={2} fz="h4" id="teams-title">
          Mes équipes
        </Title>
        {teams.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={110} radius="md" />
            ))}
          </SimpleGrid>
        ) : teams.isError ? (
          <LoadError error={teams.error} onRetry={() => void teams.refetch()} />
        ) : teams.data.data.length === 0 ? (
          <EmptyState
            icon={IconUsersGroup}
            title="Vous ne faites partie d’aucune équipe."
            action={createButton}
          >
            Créez la vôtre et invitez vos setters et closers, ou acceptez une invitation.
          </EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {teams.data.data.map((team) => (
              <TeamCard key={team.id} team={team} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <TeamFormModal opened={creating} onClose={close} />
    </Stack>
  );
}
