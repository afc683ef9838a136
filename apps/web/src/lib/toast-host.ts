import { useSyncExternalStore } from 'react';

/*
 * When the toast container (Mantine's Notifications and its transitions, ~8 KB) is mounted. A visitor
 * of `/` who does nothing never sees a toast: the container and its chunk wait until a toast may come —
 * an interaction, another page, a signed-in user's live events or an error toast. A toast shown
 * before the container has mounted waits in the store and appears when it does.
 */

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toast container (once; later calls do nothing). */
export function requestToastHost(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const isWanted = () => wanted;

/** Whether the toast container is to be mounted. */
export function useToastHostWanted(): boolean {
  return useSyncExternalStore(subscribe, isWanted);
}

/** The same, outside React. */
export const isToastHostWanted = isWanted;

/**
 * Requests the container on the first interaction with the page (a toast answers an action) and as
 * soon as the path is not `/` (`pathname` now and, through `onPath`, after each navigation).
 */
export function requestToastHostWhenNeeded(
  onPath: (listener: (pathname: string) => void) => void,
  pathname = window.location.pathname,
  page: EventTarget = window,
): void {
  const whenNotLanding = (path: string) => {
    if (path !== '/') requestToastHost();
  };
  whenNotLanding(pathname);
  onPath(whenNotLanding);
  for (const type of ['pointerdown', 'keydown'] as const)
    page.addEventListener(type, requestToastHost, { once: true, capture: true, passive: true });
}
