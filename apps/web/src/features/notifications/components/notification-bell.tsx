import type { Notification } from '@closia/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ParticipantAvatar } from '../../../components/participant-avatar';
import { fromNow } from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { unreadText } from '../../../lib/format';
import { useLatestNotifications, useMarkNotificationsRead } from '../api/notifications';
import classes from './notification-bell.module.css';

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const unread = item.readAt === null;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={unread || undefined}
      onClick={() => onOpen(item)}
      data-testid="notification-item"
    >
      {/* The button's name is what it shows, "non lue" first when it is (no aria-label: WCAG 2.5.3). */}
      {unread && <VisuallyHidden>Non lue : </VisuallyHidden>}
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ParticipantAvatar person={item.actor} size={36} showPresence={false} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={unread ? 700 : 500} lineClamp={2}>
            {item.title}
            {item.count > 1 ? ` (${item.count})` : ''}
          </Text>
          {item.body && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {item.body}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {fromNow(item.createdAt)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** The bell of the top bar: unread count (kept live by the realtime bridge), latest notifications. */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  // Loaded at once for the count; the list refreshes on each realtime event.
  const { data, isPending, isError, error, refetch } = useLatestNotifications(true);
  const markRead = useMarkNotificationsRead();
  const unread = data?.meta.unreadCount ?? 0;

  const open = (item: Notification) => {
    setOpened(false);
    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
    if (item.link) void navigate(item.link);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => setOpened((o) => !o)}
          aria-label={`Notifications, ${unreadText(unread, { feminine: true })}`}
          data-testid="notification-bell"
        >
          <Indicator
            label={unread > 99 ? '99+' : unread}
            size={16}
            disabled={unread === 0}
            offset={2}
            color="red.9"
          >
            <IconBell size={20} stroke={1.7} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm">
          <Text fw={700}>Notifications</Text>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={unread === 0}
            loading={markRead.isPending}
            onClick={() => markRead.mutate({})}
          >
            Tout marquer comme lu
          </Button>
        </Group>
        {markRead.isError && (
          <Alert color="red" mx="md" mb="xs" p="xs">
            {errorMessage(markRead.error)}
          </Alert>
        )}
        <ScrollArea.Autosize mah={420} type="auto">
          {isPending ? (
            <Group justify="center" p="lg">
              <Loader size="sm" aria-label="Chargement des notifications" />
            </Group>
          ) : isError ? (
            <Stack p="md" gap="xs" align="flex-start">
              <Text size="sm" c="red">
                {errorMessage(error)}
              </Text>
              <Button size="xs" variant="light" onClick={() => void refetch()}>
                Réessayer
              </Button>
            </Stack>
          ) : data.data.length === 0 ? (
            <Stack align="center" gap={4} p="lg">
              <IconBellOff size={28} stroke={1.5} aria-hidden="true" />
              <Text size="sm" c="dimmed">
                Aucune notification pour l’instant.
              </Text>
            </Stack>
          ) : (
            <Stack gap={0} pb="xs">
              {data.data.map((item) => (
                <NotificationItem key={item.id} item={item} onOpen={open} />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
