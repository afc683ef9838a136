import type { Conversation } from '@closia/shared';
import {
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconMessagePlus, IconMessages } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ParticipantAvatar, presenceLabel } from '../../../components/participant-avatar';
import { EmptyState, LoadError } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { paths } from '../../../config/paths';
import { fromNow } from '../../../lib/dayjs';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { useConversations } from '../api/messages';
import classes from './messages.module.css';

function preview(conversation: Conversation, meId: number): string {
  const last = conversation.lastMessage;
  if (!last) return 'Aucun message pour l’instant';
  const text = last.body || (last.attachment ? '📷 Image' : '');
  return last.sender?.id === meId ? `Vous : ${text}` : text;
}

function ConversationRow({ conversation, meId }: { conversation: Conversation; meId: number }) {
  const unread = conversation.unreadCount;
  return (
    <UnstyledButton
      component={Link}
      to={paths.dashboard.conversation(conversation.id)}
      className={classes.row}
      data-unread={unread > 0 || undefined}
    >
      <Group wrap="nowrap" gap="md">
        <ParticipantAvatar person={conversation.other} size={44} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={unread ? 700 : 600} truncate>
              {conversation.other.fullName}
              <Text span size="xs" c="dimmed" ml={6}>
                {presenceLabel(conversation.other.online)}
              </Text>
            </Text>
            {conversation.lastMessageAt && (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {fromNow(conversation.lastMessageAt)}
              </Text>
            )}
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c={unread ? undefined : 'dimmed'} fw={unread ? 600 : 400} truncate>
              {preview(conversation, meId)}
            </Text>
            {unread > 0 && (
              <Badge size="sm" circle style={{ flexShrink: 0 }}>
                {unread}
                <VisuallyHidden>{unread > 1 ? ' non lus' : ' non lu'}</VisuallyHidden>
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** `/dashboard/messages`: my conversations, the latest first, unread badges and online dots (live). */
export function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const { data: user } = useCurrentUser();
  const conversations = useConversations(query);

  const newButton = (
    <Button component={Link} to={paths.dashboard.messagesNew} leftSection={<IconMessagePlus size={18} />}>
      Nouveau message
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Messages"
        description="Vos conversations avec les infopreneurs, setters et closers, en direct."
        actions={newButton}
      />
      <SearchField
        label="Rechercher une conversation"
        placeholder="Nom de la personne"
        value={query}
        loading={conversations.isFetching && !conversations.isPending}
        onCommit={(value) => setParams(value ? { q: value } : {}, { replace: true })}
      />
      {conversations.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={72} radius="md" />
          ))}
        </Stack>
      ) : conversations.isError ? (
        <LoadError error={conversations.error} onRetry={() => void conversations.refetch()} />
      ) : conversations.data.data.length === 0 ? (
        <EmptyState
          icon={IconMessages}
          title={query ? 'Aucune conversation ne correspond.' : 'Aucune conversation pour l’instant.'}
          action={newButton}
        >
          Écrivez à un infopreneur, un setter ou un closer depuis son profil, ou cherchez-le ici.
        </EmptyState>
      ) : (
        <Card withBorder padding={0}>
          {conversations.data.data.map((conversation) => (
            <ConversationRow key={conversation.id} conversation={conversation} meId={user?.id ?? 0} />
          ))}
        </Card>
      )}
    </Stack>
  );
}
