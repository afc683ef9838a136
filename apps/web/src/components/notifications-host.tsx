import { Notifications } from '@mantine/notifications';

/** Toasts: top-right, 5 s; Mantine pauses the timer while the pointer is over a toast (spec §9). */
export function NotificationsHost() {
  return <Notifications position="top-right" autoClose={5000} limit={5} />;
}
