import { type Conversation, type CurrentUser, channels, type RealtimeEvent } from '@closia/shared';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { type ChatSource, ChatThread } from '../../../components/chat/chat-thread';
import { ParticipantAvatar, presenceLabel } from '../../../components/participant-avatar';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { currentUserQueryKey } from '../../auth/api/get-current-user';
import { useCurrentUser } from '../../auth/api/use-current-user';
import {
  fetchConversationMessages,
  markConversationRead,
  messageKeys,
  sendConversationMessage,
  useConversation,
} from '../api/messages';
import classes from './messages.module.css';

const notFound = 'Cette conversation n’existe pas ou vous n’y avez pas accès.';

/** `/dashboard/messages/{id}`: the thread, live, older messages on scrolling up, "Vu" receipts. */
export function ConversationPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const conversation = useConversation(valid ? id : null);
  const reading = useRef(false);

  const source = useMemo<ChatSource>(
    () => ({
      queryKey: messageKeys.messages(id),
      channel: channels.conversation(id),
      fetchPage: (cursor) => fetchConversationMessages(id, cursor),
      send: async (body, image) => {
        const message = await sendConversationMessage(id, body, image);
        void queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] });
        return message;
      },
    }),
    [id, queryClient],
  );

  /** I am reading: the other's messages are read (once at a time), my unread count follows. */
  const markRead = () => {
    if (reading.current || !valid) return;
    reading.current = true;
    markConversationRead(id)
      .then(({ unreadMessageCount }) => {
        queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (current) =>
          current ? { ...current, unreadMessageCount } : current,
        );
        void queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] });
      })
      .catch(() => undefined)
      .finally(() => {
        reading.current = false;
      });
  };

  const onActivity = (event: RealtimeEvent | null) => {
    if (event === null || (event.type === 'message.created' && event.message.sender?.id !== user?.id)) {
      if (document.visibilityState !== 'hidden') markRead();
    }
    if (event?.type === 'conversation.read' && event.userId !== user?.id) {
      queryClient.setQueryData<Conversation>(messageKeys.conversation(id), (current) =>
        current ? { ...current, otherLastReadAt: event.lastReadAt } : current,
      );
    }
  };

  const back = <BackLink to={paths.dashboard.messages}>Toutes les conversations</BackLink>;

  if (!valid || conversation.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" title="Conversation introuvable" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{valid ? errorMessage(conversation.error, { notFound }) : notFound}</Text>
            {valid && (
              <Button size="xs" variant="light" color="red" onClick={() => void conversation.refetch()}>
                Réessayer
              </Button>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const other = conversation.data?.other;
  return (
    <Stack gap="sm">
      {back}
      {other ? (
        <Group gap="sm">
          <ParticipantAvatar person={other} size={44} />
          <Stack gap={0}>
            <Anchor component={Link} to={paths.app.user(other.id)} fw={700} size="lg" c="inherit">
              <h1 className={classes.title}>{other.fullName}</h1>
            </Anchor>
            <Text
              size="xs"
              c={other.online ? undefined : 'dimmed'}
              className={other.online ? classes.online : undefined}
            >
              {presenceLabel(other.online)}
            </Text>
          </Stack>
        </Group>
      ) : (
        <Skeleton h={44} w={260} />
      )}
      <div className={classes.chat}>
        {user && (
          <ChatThread
            source={source}
            meId={user.id}
            showSenders={false}
            seenUpTo={conversation.data?.otherLastReadAt}
            onActivity={onActivity}
            label={other ? `Messages avec ${other.fullName}` : 'Messages'}
            emptyText={other ? `Écrivez votre premier message à ${other.fullName}.` : 'Aucun message.'}
          />
        )}
      </div>
    </Stack>
  );
}
