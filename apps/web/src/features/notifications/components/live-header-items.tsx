import type { CurrentUser } from '@closia/shared';
import { NotificationBell } from './notification-bell';
import { RealtimeBridge } from './realtime-bridge';

/** What a signed-in user's header adds: the live connection (and its banner) and the bell. */
export function LiveHeaderItems({ user }: { user: CurrentUser }) {
  return (
    <>
      <RealtimeBridge user={user} />
      <NotificationBell />
    </>
  );
}
