import { notificationsStore } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

/*
 * When the toast container (Mantine's Notifications and its transitions, ~8 KB) is mounted: at the
 * first toast. Until then only the toasts' store is loaded (with Mantine's base chunk): a page that
 * shows no toast never downloads the container. The toast waits in the store while the container's
 * chunk loads, then appears. Once mounted, the container stays (it animates the toasts out).
 */

let wanted = false;

function hasHadToast(): boolean {
  if (!wanted) {
    const { notifications, queue } = notificationsStore.getState();
    wanted = notifications.length > 0 || queue.length > 0;
  }
  return wanted;
}

function subscribe(listener: () => void) {
  const unsubscribe = notificationsStore.subscribe(listener);
  return () => {
    unsubscribe();
  };
}

/** Whether the toast container is to be mounted: a toast has been shown. */
export function useToastHostWanted(): boolean {
  return useSyncExternalStore(subscribe, hasHadToast);
}

/** The same, outside React. */
export const isToastHostWanted = hasHadToast;
