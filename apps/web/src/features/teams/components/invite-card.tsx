import type { Participant } from '@closia/shared';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Card,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ParticipantAvatar } from '../../../components/participant-avatar';
import { fromNow } from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { usePeopleSearch } from '../../messages/api/messages';
import { useCancelInvitation, useInvite, useTeamInvitations } from '../api/teams';

const inviteWording = { conflict: 'Cette personne est déjà membre ou a déjà une invitation en attente.' };

/** Invite someone of Closia by name or anyone by e-mail; the pending invitations, cancellable. */
export function InviteCard({ teamId }: { teamId: number }) {
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(name.trim(), 250);
  const people = usePeopleSearch(debounced);
  const [email, setEmail] = useState('');
  const invite = useInvite(teamId);
  const cancel = useCancelInvitation(teamId);
  const pending = useTeamInvitations(teamId, true);
  const [done, setDone] = useState<string | null>(null);

  const found: Participant[] = people.data?.data ?? [];
  const byLabel = new Map(found.map((p) => [`${p.fullName} (#${p.id})`, p]));

  const inviteUser = (label: string) => {
    const person = byLabel.get(label);
    if (!person) return;
    setDone(null);
    invite.mutate(
      { userId: person.id },
      {
        onSuccess: () => {
          setName('');
          setDone(`${person.fullName} est invité(e).`);
        },
      },
    );
  };
  const inviteEmail = () => {
    setDone(null);
    invite.mutate(
      { email: email.trim() },
      {
        onSuccess: () => {
          setDone(`Invitation envoyée à ${email.trim()}.`);
          setEmail('');
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="invite-title">
      <Stack gap="md">
        <Title order={2} fz="h4" id="invite-title">
          Inviter
        </Title>
        <Autocomplete
          label="Un membre de Closia"
          placeholder="Tapez un nom (au moins 2 lettres)"
          value={name}
          onChange={setName}
          data={[...byLabel.keys()]}
          onOptionSubmit={inviteUser}
          filter={({ options }) => options}
          renderOption={({ option }) => {
            const person = byLabel.get(option.value);
            return person ? (
              <Group gap="sm" wrap="nowrap">
                <ParticipantAvatar person={person} size={28} />
                <Text size="sm">{person.fullName}</Text>
              </Group>
            ) : (
              option.value
            );
          }}
        />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Ou par e-mail"
            placeholder="prenom.nom@exemple.fr"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button onClick={inviteEmail} disabled={!email.trim()} loading={invite.isPending}>
            Inviter
          </Button>
        </Group>
        {invite.isError && (
          <Alert color="red" role="alert" p="xs">
            {errorMessage(invite.error, inviteWording)}
          </Alert>
        )}
        {done && (
          <Alert color="green" p="xs" role="status">
            {done}
          </Alert>
        )}
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Invitations en attente
          </Text>
          {pending.isError ? (
            <Text size="sm" c="red">
              {errorMessage(pending.error)}
            </Text>
          ) : pending.data?.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aucune invitation en attente.
            </Text>
          ) : (
            pending.data?.map((invitation) => (
              <Group key={invitation.id} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {invitation.invitee?.fullName ?? invitation.email} ·{' '}
                  <Text span c="dimmed" size="xs">
                    {fromNow(invitation.createdAt)}
                  </Text>
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Annuler l’invitation de ${invitation.invitee?.fullName ?? invitation.email}`}
                  loading={cancel.isPending && cancel.variables === invitation.id}
                  onClick={() => cancel.mutate(invitation.id)}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            ))
          )}
          {cancel.isError && (
            <Text size="sm" c="red">
              {errorMessage(cancel.error)}
            </Text>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
