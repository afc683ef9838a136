import { Notifications } from '@mantine/notifications';

/**
 * Toasts: 5 s, Mantine pauses the timer while the pointer is over a toast (spec §9). Bottom right,
 * where they cover neither the top bar nor its user menu. Their close button's French name comes
 * from the theme (`Notification` default props).
 */
export function NotificationsHost() {
  return <Notifications position="bottom-right" autoClose={5000} limit={5} />;
}
