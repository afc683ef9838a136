import {
  type AssignableTeamRole,
  mayRemoveMember,
  type Team,
  type TeamMember,
  teamCan,
} from '@closia/shared';
import { Alert, Button, FileButton, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDoorExit, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ParticipantAvatar } from '../../../components/participant-avatar';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useCurrentUser } from '../../auth/api/use-current-user';
import {
  useChangeRole,
  useDeleteTeam,
  useRemoveMember,
  useRemoveTeamAvatar,
  useTeamMembers,
  useTransferTeam,
  useUploadTeamAvatar,
} from '../api/teams';
import { InviteCard } from '../components/invite-card';
import { TeamAvatar } from '../components/team-avatar';
import { TeamFormModal } from '../components/team-form-modal';
import { TeamGate } from '../components/team-gate';
import { TeamHeader } from '../components/team-header';
import { roleLabel, teamWording } from '../utils/labels';

const roleOptions: { value: AssignableTeamRole; label: string }[] = [
  { value: 'admin', label: roleLabel('admin') },
  { value: 'member', label: roleLabel('member') },
];

function SettingsCard({ team }: { team: Team }) {
  const [editing, { open, close }] = useDisclosure(false);
  const upload = useUploadTeamAvatar(team.id);
  const removeAvatar = useRemoveTeamAvatar(team.id);
  return (
    <Section title="Paramètres">
      <Group gap="md">
        <TeamAvatar team={team} size={72} />
        <Stack gap="xs">
          <Group gap="xs">
            <FileButton
              onChange={(file) => file && upload.mutate(file)}
              accept="image/jpeg,image/png,image/webp"
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<IconPhoto size={14} />}
                  loading={upload.isPending}
                >
                  Changer l’image
                </Button>
              )}
            </FileButton>
            {team.avatar && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={removeAvatar.isPending}
                onClick={() => removeAvatar.mutate()}
              >
                Retirer
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            JPEG, PNG ou WebP, 5 Mo au plus.
          </Text>
        </Stack>
      </Group>
      {(upload.isError || removeAvatar.isError) && (
        <Alert color="red" role="alert" p="xs">
          {errorMessage(upload.error ?? removeAvatar.error)}
        </Alert>
      )}
      <Stack gap={2}>
        <Text fw={600}>{team.name}</Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {team.description || 'Pas de description.'}
        </Text>
      </Stack>
      <Group>
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={open}>
          Modifier le nom et la description
        </Button>
      </Group>
      <TeamFormModal opened={editing} onClose={close} team={team} />
    </Section>
  );
}

type Pending =
  | { kind: 'remove'; member: TeamMember }
  | { kind: 'transfer'; member: TeamMember }
  | { kind: 'leave' }
  | { kind: 'delete' }
  | null;

function MembersTable({ team, meId }: { team: Team; meId: number }) {
  const navigate = useNavigate();
  const members = useTeamMembers(team.id);
  const changeRole = useChangeRole(team.id);
  const remove = useRemoveMember(team.id);
  const transfer = useTransferTeam(team.id);
  const deleteTeam = useDeleteTeam(team.id);
  const [pending, setPending] = useState<Pending>(null);
  const role = team.myRole;

  const confirm = () => {
    if (!pending) return;
    const done = { onSuccess: () => setPending(null) };
    if (pending.kind === 'remove') remove.mutate(pending.member.user.id, done);
    if (pending.kind === 'transfer') transfer.mutate(pending.member.user.id, done);
    if (pending.kind === 'leave')
      remove.mutate(meId, { onSuccess: () => void navigate(paths.dashboard.teams) });
    if (pending.kind === 'delete')
      deleteTeam.mutate(undefined, { onSuccess: () => void navigate(paths.dashboard.teams) });
  };
  const running = pending?.kind === 'transfer' ? transfer : pending?.kind === 'delete' ? deleteTeam : remove;

  const confirmText = {
    remove:
      pending?.kind === 'remove' &&
      `${pending.member.user.fullName} perdra l’accès aux discussions, à l’agenda et au pipeline de l’équipe.`,
    transfer:
      pending?.kind === 'transfer' &&
      `${pending.member.user.fullName} deviendra créateur de l’équipe ; vous en resterez administrateur.`,
    leave:
      'Vous perdrez l’accès aux discussions, à l’agenda et au pipeline de l’équipe. Vos ventes restent les vôtres.',
    delete:
      'L’équipe, ses discussions et son agenda seront supprimés pour tous ses membres. Les ventes restent à leurs propriétaires.',
  };

  return (
    <Section title="Membres et rôles">
      {members.isError && (
        <Text size="sm" c="red">
          {errorMessage(members.error, teamWording)}
        </Text>
      )}
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Membre</Table.Th>
              <Table.Th>Rôle</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data?.map((member) => {
              const me = member.user.id === meId;
              return (
                <Table.Tr key={member.user.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <ParticipantAvatar person={member.user} size={32} />
                      <Text size="sm" fw={600}>
                        {member.user.fullName}
                        {me ? ' (vous)' : ''}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {teamCan(role, 'changeRoles') && member.role !== 'creator' ? (
                      <Select
                        aria-label={`Rôle de ${member.user.fullName}`}
                        data={roleOptions}
                        value={member.role}
                        allowDeselect={false}
                        w={170}
                        disabled={changeRole.isPending}
                        onChange={(value) =>
                          value &&
                          changeRole.mutate({ userId: member.user.id, role: value as AssignableTeamRole })
                        }
                      />
                    ) : (
                      <Text size="sm">{roleLabel(member.role)}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {!me && teamCan(role, 'transfer') && (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setPending({ kind: 'transfer', member })}
                        >
                          Transférer la création
                        </Button>
                      )}
                      {!me && mayRemoveMember(role, member.role) && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setPending({ kind: 'remove', member })}
                          aria-label={`Retirer ${member.user.fullName}`}
                        >
                          Retirer
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {changeRole.isError && (
        <Alert color="red" role="alert" p="xs">
          {errorMessage(changeRole.error, teamWording)}
        </Alert>
      )}
      <Group gap="sm">
        {role !== 'creator' ? (
          <Button
            variant="default"
            color="red"
            leftSection={<IconDoorExit size={16} />}
            onClick={() => setPending({ kind: 'leave' })}
          >
            Quitter l’équipe
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            Pour quitter l’équipe, transférez d’abord son rôle de créateur à un autre membre.
          </Text>
        )}
        {teamCan(role, 'deleteTeam') && (
          <Button
            color="red.9"
            leftSection={<IconTrash size={16} />}
            onClick={() => setPending({ kind: 'delete' })}
          >
            Supprimer l’équipe
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={pending !== null}
        title={
          pending?.kind === 'remove'
            ? 'Retirer ce membre'
            : pending?.kind === 'transfer'
              ? 'Transférer le rôle de créateur'
              : pending?.kind === 'leave'
                ? 'Quitter l’équipe'
                : 'Supprimer l’équipe'
        }
        confirmLabel={
          pending?.kind === 'remove'
            ? 'Retirer'
            : pending?.kind === 'transfer'
              ? 'Transférer'
              : pending?.kind === 'leave'
                ? 'Quitter'
                : 'Supprimer définitivement'
        }
        color={pending?.kind === 'transfer' ? 'green' : 'red'}
        pending={running.isPending}
        error={running.error}
        describe={(error) => errorMessage(error, teamWording)}
        onClose={() => {
          setPending(null);
          running.reset();
        }}
        onConfirm={confirm}
      >
        {pending ? confirmText[pending.kind] : null}
      </ConfirmModal>
    </Section>
  );
}

/** `/dashboard/team/{id}/manage`: settings, invitations, members and roles, leave or delete — per role. */
export function TeamManagePage() {
  const { data: user } = useCurrentUser();
  return (
    <TeamGate>
      {(team) => (
        <Stack gap="lg">
          <TeamHeader team={team} current="manage" />
          {teamCan(team.myRole, 'editSettings') && <SettingsCard team={team} />}
          {teamCan(team.myRole, 'invite') && <InviteCard teamId={team.id} />}
          {user && <MembersTable team={team} meId={user.id} />}
        </Stack>
      )}
    </TeamGate>
  );
}
