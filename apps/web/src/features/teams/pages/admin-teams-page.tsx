import { type Team, teamListQuerySchema } from '@closia/shared';
import { Alert, Badge, Button, Card, Drawer, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { ParticipantAvatar } from '../../../components/participant-avatar';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { dayjs } from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { urlState, useUrlState } from '../../../lib/url-state';
import { useAdminDeleteTeam, useAdminTeam, useAdminTeams } from '../api/teams';
import { TeamAvatar } from '../components/team-avatar';
import { memberCountText, roleColor, roleLabel } from '../utils/labels';

function TeamDetail({ id, onDelete }: { id: number; onDelete: (team: Team) => void }) {
  const team = useAdminTeam(id);
  if (team.isPending) return <Skeleton h={200} />;
  if (team.isError)
    return <Alert color="red">{errorMessage(team.error, { notFound: 'Cette équipe n’existe plus.' })}</Alert>;
  const data = team.data;
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap">
        <TeamAvatar team={data} size={56} />
        <Stack gap={0}>
          <Text fw={700} fz="lg">
            {data.name}
          </Text>
          <Text size="sm" c="dimmed">
            Créée le {dayjs(data.createdAt).format('D MMMM YYYY')} · {memberCountText(data.memberCount)}
          </Text>
        </Stack>
      </Group>
      {data.description && <Text style={{ whiteSpace: 'pre-line' }}>{data.description}</Text>}
      <Stack gap="xs">
        <Text fw={600}>Membres</Text>
        {data.members.map((member) => (
          <Group key={member.user.id} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <ParticipantAvatar person={member.user} size={30} />
              <Text size="sm">{member.user.fullName}</Text>
            </Group>
            <Badge color={roleColor[member.role]} variant="light">
              {roleLabel(member.role)}
            </Badge>
          </Group>
        ))}
      </Stack>
      <Group>
        <Button color="red.9" leftSection={<IconTrash size={16} />} onClick={() => onDelete(data)}>
          Supprimer l’équipe
        </Button>
      </Group>
    </Stack>
  );
}

/** The search and the page in the address (`?q=closers&page=2`). */
const listState = urlState(
  z.object({ q: teamListQuerySchema.shape.query, page: teamListQuerySchema.shape.page }),
  { q: '', page: 1 },
);

/** `/admin/teams`: every team, searchable, opened in a drawer with its members, deletable. */
export function AdminTeamsPage() {
  const [{ q: query, page }, update] = useUrlState(listState);
  const teams = useAdminTeams({ query: query || undefined, page });
  const [opened, setOpened] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);
  const remove = useAdminDeleteTeam();

  const setPage = (next: number) => update({ page: next });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Équipes"
        description="Toutes les équipes de Closia : recherche, détail et suppression."
      />
      <SearchField
        label="Rechercher une équipe"
        placeholder="Nom ou description"
        value={query}
        loading={teams.isFetching && !teams.isPending}
        onCommit={(value) => update({ q: value })}
      />
      {teams.isPending ? (
        <Skeleton h={240} />
      ) : teams.isError ? (
        <LoadError error={teams.error} onRetry={() => void teams.refetch()} />
      ) : teams.data.data.length === 0 ? (
        <EmptyState
          icon={IconUsersGroup}
          title={query ? 'Aucune équipe ne correspond.' : 'Aucune équipe pour l’instant.'}
        />
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Équipe</Table.Th>
                  <Table.Th>Créateur</Table.Th>
                  <Table.Th ta="right">Membres</Table.Th>
                  <Table.Th>Créée</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {teams.data.data.map((team) => (
                  <Table.Tr key={team.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <TeamAvatar team={team} size={32} />
                        <Text size="sm" fw={600}>
                          {team.name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{team.creator?.fullName ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td ta="right">{team.memberCount}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{dayjs(team.createdAt).format('D MMM YYYY')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setOpened(team.id)}
                          aria-label={`Ouvrir ${team.name}`}
                        >
                          Ouvrir
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setDeleting(team)}
                          aria-label={`Supprimer ${team.name}`}
                        >
                          Supprimer
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {teams.data && <ListPagination page={page} lastPage={teams.data.meta.lastPage} onChange={setPage} />}
      <Drawer
        opened={opened !== null}
        onClose={() => setOpened(null)}
        title="Équipe"
        position="right"
        size="md"
      >
        {opened !== null && <TeamDetail id={opened} onDelete={setDeleting} />}
      </Drawer>
      <ConfirmModal
        opened={deleting !== null}
        title="Supprimer l’équipe"
        confirmLabel="Supprimer définitivement"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              setOpened(null);
            },
          })
        }
      >
        « {deleting?.name} », ses discussions et son agenda seront supprimés pour tous ses membres.
      </ConfirmModal>
    </Stack>
  );
}
