import type { UserRow } from '../db/schema';

/** A user counts as online when seen in the last five minutes (the live stream keeps it fresh). */
export const ONLINE_WINDOW_MS = 5 * 60_000;

export const isOnline = (user: Pick<UserRow, 'lastSeenAt'>) =>
  user.lastSeenAt !== null && Date.now() - user.lastSeenAt.getTime() < ONLINE_WINDOW_MS;
