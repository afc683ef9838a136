import { type Participant, userTypeLabels } from '@closia/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Combobox,
  Group,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ParticipantAvatar } from '../../../components/participant-avatar';
import { Section } from '../../../components/section';
import { fromNow } from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { usePeopleSearch } from '../../messages/api/messages';
import { useCancelInvitation, useInvite, useTeamInvitations } from '../api/teams';

const inviteWording = { conflict: 'Cette personne est déjà membre ou a déjà une invitation en attente.' };

/** Name and account type: what tells two people of the same name apart. */
function PersonLine({ person }: { person: Participant }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ParticipantAvatar person={person} size={28} />
      <div>
        <Text size="sm">{person.fullName}</Text>
        <Text size="xs" c="dimmed">
          {userTypeLabels[person.type]}
        </Text>
      </div>
    </Group>
  );
}

/**
 * Invite someone of Closia by name or anyone by e-mail; the pending invitations, cancellable.
 * Picking a name only selects the person (the field shows their name, their account type under it);
 * "Inviter" sends the invitation. A failure is said once, in French, under the fields.
 */
export function InviteCard({ teamId }: { teamId: number }) {
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<Participant | null>(null);
  const [debounced] = useDebouncedValue(name.trim(), 250);
  const people = usePeopleSearch(picked ? '' : debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [email, setEmail] = useState('');
  const invite = useInvite(teamId);
  const cancel = useCancelInvitation(teamId);
  const pending = useTeamInvitations(teamId, true);
  const [done, setDone] = useState<string | null>(null);

  const found: Participant[] = people.data?.data ?? [];
  const searching = !picked && name.trim().length >= 2;

  const pick = (id: string) => {
    const person = found.find((p) => String(p.id) === id);
    if (!person) return;
    setPicked(person);
    setName(person.fullName);
    setDone(null);
    invite.reset();
    combobox.closeDropdown();
  };
  const inviteUser = () => {
    if (!picked) return;
    const person = picked;
    setDone(null);
    invite.mutate(
      { userId: person.id },
      {
        onSuccess: () => {
          setName('');
          setPicked(null);
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
    <Section title="Inviter">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Combobox store={combobox} onOptionSubmit={pick}>
          <Combobox.Target>
            <TextInput
              label="Un membre de Closia"
              placeholder="Tapez un nom (au moins 2 lettres)"
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setPicked(null);
                combobox.openDropdown();
                combobox.updateSelectedOptionIndex();
              }}
              onClick={() => combobox.openDropdown()}
              onFocus={() => combobox.openDropdown()}
              onBlur={() => combobox.closeDropdown()}
              leftSection={
                picked ? <ParticipantAvatar person={picked} size={20} showPresence={false} /> : undefined
              }
              description={picked ? `Profil : ${userTypeLabels[picked.type]}` : undefined}
              style={{ flex: 1 }}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={!searching}>
            <Combobox.Options>
              {found.map((person) => (
                <Combobox.Option value={String(person.id)} key={person.id}>
                  <PersonLine person={person} />
                </Combobox.Option>
              ))}
              {found.length === 0 && (
                <Combobox.Empty>
                  {people.isFetching || debounced !== name.trim() ? 'Recherche…' : 'Personne ne porte ce nom'}
                </Combobox.Empty>
              )}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        <Button
          onClick={inviteUser}
          disabled={!picked}
          loading={invite.isPending && invite.variables?.userId !== undefined}
          aria-label={picked ? `Inviter ${picked.fullName}` : 'Inviter'}
        >
          Inviter
        </Button>
      </Group>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Ou par e-mail"
          placeholder="prenom.nom@exemple.fr"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          onClick={inviteEmail}
          disabled={!email.trim()}
          loading={invite.isPending && invite.variables?.email !== undefined}
          aria-label="Inviter par e-mail"
        >
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
    </Section>
  );
}
