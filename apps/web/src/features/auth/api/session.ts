import type { CurrentUser } from '@closia/shared';
import { useSyncExternalStore } from 'react';

/*
 * Who is signed in, without TanStack Query: what the public frame (top bar) reads, so that the
 * landing page needs no data layer. Fed by the start-up request (current-user-request.ts), then,
 * once the data layer has loaded, by the current-user query (app/data-provider.tsx): sign-in,
 * sign-out and profile updates write the query, which writes here.
 */

/** `undefined`: not known yet; `null`: anonymous (or the start-up check failed). */
let current: CurrentUser | null | undefined;
const listeners = new Set<() => void>();

export function setSessionUser(user: CurrentUser | null): void {
  if (current === user) return;
  current = user;
  for (const listener of listeners) listener();
}

export function sessionUser(): CurrentUser | null | undefined {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user as `useCurrentUser()` gives it: `data` (`null` anonymous), `isPending` while unknown. */
export function useSessionUser(): { data: CurrentUser | null | undefined; isPending: boolean } {
  const data = useSyncExternalStore(subscribe, sessionUser, sessionUser);
  return { data, isPending: data === undefined };
}
