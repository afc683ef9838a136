/** A full reload of the same path is allowed at most once within this window (spec §9). */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = 'closia:last-reload';

export interface LastReload {
  path: string;
  at: number;
}

/** Parses the stored `{ path, at }` record; anything malformed counts as "no reload yet". */
export function parseLastReload(raw: string | null): LastReload | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      value &&
      typeof value === 'object' &&
      'path' in value &&
      'at' in value &&
      typeof value.path === 'string' &&
      typeof value.at === 'number'
    ) {
      return { path: value.path, at: value.at };
    }
  } catch {
    // fall through
  }
  return null;
}

/**
 * Whether the page may reload now: not when the same path was reloaded less than `windowMs` ago
 * (which would loop on a broken deployment). A clock that went backwards counts as recent.
 */
export function canReload(
  last: LastReload | null,
  path: string,
  now: number,
  windowMs = RELOAD_GUARD_MS,
): boolean {
  if (!last || last.path !== path) return true;
  const elapsed = now - last.at;
  return elapsed >= windowMs;
}

/**
 * Reloads the page unless the guard forbids it; records the reload in sessionStorage.
 * Returns whether a reload was started.
 */
export function guardedReload(reason: string): boolean {
  const path = window.location.pathname;
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage disabled: reloading without a guard could loop, so don't.
    return false;
  }
  const now = Date.now();
  if (!canReload(parseLastReload(storage.getItem(RELOAD_GUARD_KEY)), path, now)) {
    console.warn(`Reload skipped (${reason}): already reloaded ${path} less than 10 s ago`);
    return false;
  }
  storage.setItem(RELOAD_GUARD_KEY, JSON.stringify({ path, at: now } satisfies LastReload));
  window.location.reload();
  return true;
}
