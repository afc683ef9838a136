import { type CurrentUser, channels, type RealtimeEvent } from '@closia/shared';
import { Alert, Button, Group, Loader, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import {
  realtime,
  useOnRealtimeReconnect,
  useRealtimeChannel,
  useRealtimeStatus,
} from '../../../lib/realtime';
import { currentUserQueryKey } from '../../auth/api/get-current-user';
import { prospectKeys } from '../../prospects/api/prospect-keys';
import { notificationKeys } from '../api/notifications';
import classes from './realtime-bridge.module.css';

/** Queries fed by realtime events: refetched when the connection comes back after a cut. */
const liveQueryPrefixes = [['notifications'], ['conversations'], ['messages'], ['teams'], ['auth']] as const;

/**
 * The signed-in user's live connection: opens it, listens to `users/{id}` (notifications, unread
 * counts), refetches what may have been missed after a cut, and shows the connection's state —
 * a discreet "Reconnexion…" while reconnecting, an error with "Réessayer" after 5 failed attempts.
 */
export function RealtimeBridge({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const status = useRealtimeStatus();

  // Opened once per user; it outlives layout changes and closes on sign-out (data-provider.tsx).
  useEffect(() => {
    realtime.start(user.id);
  }, [user.id]);

  useRealtimeChannel(channels.user(user.id), (event: RealtimeEvent) => {
    switch (event.type) {
      case 'notification': {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        // A webinar registrant who became my lead: the prospects on screen show it at once.
        if (event.notification.type === 'webinar_lead')
          void queryClient.invalidateQueries({ queryKey: prospectKeys.all });
        // No toast for what the page on screen already shows (the conversation being read).
        if (event.notification.link !== pathname) {
          notifications.show({
            title: event.notification.title,
            message: event.notification.body ?? '',
            color: 'green',
          });
        }
        break;
      }
      case 'notifications.read':
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        break;
      case 'unread-messages':
        queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (current) =>
          current ? { ...current, unreadMessageCount: event.unreadMessageCount } : current,
        );
        void queryClient.invalidateQueries({ queryKey: ['conversations'] });
        break;
      default:
        break;
    }
  });

  useOnRealtimeReconnect(() => {
    for (const queryKey of liveQueryPrefixes) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  });

  if (status === 'reconnecting') {
    return (
      <Paper className={classes.banner} shadow="sm" radius="xl" px="md" py={6} role="status" withBorder>
        <Group gap="xs" wrap="nowrap">
          <Loader size={14} />
          <Text size="sm">Reconnexion…</Text>
        </Group>
      </Paper>
    );
  }
  if (status === 'failed') {
    return (
      <Alert
        className={classes.banner}
        color="red"
        icon={<IconPlugConnectedX size={18} />}
        title="Connexion en temps réel perdue"
        role="alert"
      >
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">Les nouveaux messages n’arrivent plus en direct.</Text>
          <Button size="xs" color="red" variant="light" onClick={() => realtime.retry()}>
            Réessayer
          </Button>
        </Group>
      </Alert>
    );
  }
  return null;
}
