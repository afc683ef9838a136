import type { Participant } from '@closia/shared';
import { userTypeLabels } from '@closia/shared';
import { Alert, Card, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { ParticipantAvatar, presenceLabel } from '../../../components/participant-avatar';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { usePeopleSearch, useStartConversation } from '../api/messages';
import classes from './messages.module.css';

const wording = { notFound: 'Cette personne n’existe pas ou n’accepte pas de messages.' };

/** `/dashboard/messages/new`: pick someone by name (or come from a profile's "Contacter": `?userId=`). */
export function NewMessagePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const people = usePeopleSearch(debounced);
  const start = useStartConversation();
  const fromProfile = Number(params.get('userId'));
  const started = useRef(false);

  const open = (userId: number) =>
    start.mutate(userId, {
      onSuccess: (conversation) =>
        void navigate(paths.dashboard.conversation(conversation.id), { replace: true }),
    });

  // From a profile's "Contacter": open (or create) the conversation at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per userId
  useEffect(() => {
    if (Number.isInteger(fromProfile) && fromProfile > 0 && !started.current) {
      started.current = true;
      open(fromProfile);
    }
  }, [fromProfile]);

  const results: Participant[] = people.data?.data ?? [];
  return (
    <Stack gap="lg" maw={720}>
      <BackLink to={paths.dashboard.messages}>Toutes les conversations</BackLink>
      <PageHeader title="Nouveau message" description="Cherchez la personne à qui écrire par son nom." />
      {start.isPending && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Ouverture de la conversation…</Text>
        </Group>
      )}
      {start.isError && (
        <Alert color="red" title="Conversation impossible" role="alert">
          {errorMessage(start.error, wording)}
        </Alert>
      )}
      <TextInput
        label="Destinataire"
        placeholder="Ex. : Marie Dupont"
        leftSection={<IconSearch size={16} />}
        rightSection={people.isFetching ? <Loader size="xs" /> : null}
        value={search}
        maxLength={100}
        onChange={(event) => setSearch(event.currentTarget.value)}
        description="Au moins 2 lettres"
        data-autofocus
      />
      {people.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(people.error)}
        </Alert>
      ) : debounced.length >= 2 && people.isSuccess && results.length === 0 ? (
        <Text c="dimmed">Personne ne correspond à « {debounced} ».</Text>
      ) : results.length > 0 ? (
        <Card withBorder padding={0}>
          {results.map((person) => (
            <UnstyledButton
              key={person.id}
              className={classes.row}
              onClick={() => open(person.id)}
              disabled={start.isPending}
              aria-label={`Écrire à ${person.fullName}`}
            >
              <Group gap="md" wrap="nowrap">
                <ParticipantAvatar person={person} size={40} />
                <Stack gap={0}>
                  <Text fw={600}>{person.fullName}</Text>
                  <Text size="xs" c="dimmed">
                    {userTypeLabels[person.type]} · {presenceLabel(person.online)}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          ))}
        </Card>
      ) : null}
    </Stack>
  );
}
