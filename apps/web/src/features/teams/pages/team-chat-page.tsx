import { channels, type Message, type MessagePage, type Team, teamCan } from '@closia/shared';
import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  NavLink,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconHash, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type ChatSource, ChatThread } from '../../../components/chat/chat-thread';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { messageRequestBody } from '../../messages/api/messages';
import { teamKeys, useCreateChat, useTeamChats } from '../api/teams';
import { ChatActions } from '../components/chat-actions';
import { TeamGate } from '../components/team-gate';
import { TeamHeader } from '../components/team-header';
import { teamWording } from '../utils/labels';
import classes from './team-chat.module.css';

function NewChat({ teamId }: { teamId: number }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const create = useCreateChat(teamId);
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          size="xs"
          label="Nouvelle discussion"
          placeholder="Ex. : Objections"
          maxLength={50}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          size="xs"
          aria-label="Créer la discussion"
          disabled={name.trim().length < 2}
          loading={create.isPending}
          onClick={() =>
            create.mutate(name.trim(), {
              onSuccess: (chat) => {
                setName('');
                void navigate(paths.dashboard.teamChat(teamId, chat.id));
              },
            })
          }
        >
          <IconPlus size={14} />
        </Button>
      </Group>
      {create.isError && (
        <Text size="xs" c="red">
          {errorMessage(create.error, teamWording)}
        </Text>
      )}
    </Stack>
  );
}

function TeamChat({ team, chatId }: { team: Team; chatId: number }) {
  const { data: user } = useCurrentUser();
  const chats = useTeamChats(team.id);
  const chat = chats.data?.find((c) => c.id === chatId);
  const navigate = useNavigate();
  const gone = chats.isSuccess && !chat && team.defaultChatId !== null && team.defaultChatId !== chatId;
  // A chat deleted meanwhile (by an admin, live): back to "Général".
  useEffect(() => {
    if (gone && team.defaultChatId)
      void navigate(paths.dashboard.teamChat(team.id, team.defaultChatId), { replace: true });
  }, [gone, navigate, team.id, team.defaultChatId]);
  const source = useMemo<ChatSource>(
    () => ({
      queryKey: teamKeys.chatMessages(team.id, chatId),
      channel: channels.teamChat(team.id, chatId),
      fetchPage: (cursor) =>
        api.get<MessagePage>(`/teams/${team.id}/chats/${chatId}/messages`, { query: { cursor } }),
      send: (body, image) =>
        api.post<Message>(`/teams/${team.id}/chats/${chatId}/messages`, messageRequestBody(body, image)),
    }),
    [team.id, chatId],
  );

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Card withBorder padding="sm" component="nav" aria-label="Discussions de l’équipe">
          <Stack gap={4}>
            <Title order={2} fz="h5" px="xs" py={4}>
              Discussions
            </Title>
            {chats.isPending ? (
              <Skeleton h={80} />
            ) : chats.isError ? (
              <Text size="sm" c="red">
                {errorMessage(chats.error, teamWording)}
              </Text>
            ) : (
              chats.data.map((c) => (
                <NavLink
                  key={c.id}
                  component={Link}
                  to={paths.dashboard.teamChat(team.id, c.id)}
                  label={c.name}
                  active={c.id === chatId}
                  aria-current={c.id === chatId ? 'page' : undefined}
                  leftSection={<IconHash size={16} aria-hidden="true" />}
                />
              ))
            )}
            {teamCan(team.myRole, 'manageChats') && <NewChat teamId={team.id} />}
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} fz="h4">
              {chat ? `# ${chat.name}` : 'Discussion'}
            </Title>
            {chat && !chat.isDefault && teamCan(team.myRole, 'manageChats') && (
              <ChatActions team={team} chat={chat} />
            )}
          </Group>
          {chats.isSuccess && !chat ? (
            <Alert color="red" role="alert" title="Discussion introuvable">
              Cette discussion n’existe plus ou vous n’y avez plus accès.
            </Alert>
          ) : (
            <div className={classes.chat}>
              {user && (
                <ChatThread
                  key={chatId}
                  source={source}
                  meId={user.id}
                  showSenders
                  label={chat ? `Messages de ${chat.name}` : 'Messages'}
                  emptyText="Personne n’a encore écrit ici : lancez la conversation !"
                />
              )}
            </div>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** `/dashboard/team/{id}/chat/{chatId}`: the team's chats, one of them live. */
export function TeamChatPage() {
  const chatId = Number(useParams().chatId);
  return (
    <TeamGate>
      {(team) => (
        <Stack gap="lg">
          <TeamHeader team={team} current="chat" />
          {Number.isInteger(chatId) && chatId > 0 ? (
            <TeamChat team={team} chatId={chatId} />
          ) : (
            <Alert color="red" role="alert">
              Cette discussion n’existe pas.
            </Alert>
          )}
        </Stack>
      )}
    </TeamGate>
  );
}
