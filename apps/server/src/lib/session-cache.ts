/**
 * What a signed-in request needs to know about its session, kept in this process for a few
 * seconds so that most requests run no query at all: the session's own dates, the user row, the
 * sub-profile and the unread message count (everything `GET /api/v1/user` answers).
 *
 * Correctness comes from invalidation, not from the TTL: every write that changes what an entry
 * holds calls `deleteSession`, `deleteUser` or `clear` (through the invalidation bus, which
 * reaches the other instances too). The TTL only bounds what a missed invalidation can cost
 * (a write made by another program, a lost Redis message).
 *
 * A lookup that started before an invalidation must not store what it read: `epoch()` is taken
 * before the query and `set()` refuses the entry when any invalidation happened in between.
 */
import type { ProfileRow, UserRow } from '../db/schema';

export interface SessionEntry<User, Profile> {
  /** SHA-256 of the session cookie (the `sessions.id`). */
  sessionId: string;
  user: User;
  profile: Profile | null;
  unreadMessageCount: number;
  /** Since when the user's subscription is past due (null: it is not). */
  pastDueSince: Date | null;
  /** When the session was last written back (sliding expiry, presence). */
  lastSeenAt: Date;
  expiresAt: Date;
}

/** A signed-in session as the app reads it: the user row and their sub-profile. */
export type Session = SessionEntry<UserRow, ProfileRow>;

interface Stored<User, Profile> {
  entry: SessionEntry<User, Profile>;
  userId: number;
  storedAt: number;
}

export interface SessionCacheOptions {
  /** How long an entry may be served without a new lookup; 0 turns the cache off. */
  ttlMs: number;
  /** Oldest entries are dropped beyond this many sessions. */
  maxEntries?: number;
  now?: () => number;
}

export class SessionCache<User, Profile> {
  private readonly sessions = new Map<string, Stored<User, Profile>>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private invalidations = 0;

  constructor(options: SessionCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** A counter that moves on every invalidation; pass it back to `set`. */
  epoch(): number {
    return this.invalidations;
  }

  /** The entry of a live session, or undefined when absent, too old or past the session's expiry. */
  get(sessionId: string): SessionEntry<User, Profile> | undefined {
    const stored = this.sessions.get(sessionId);
    if (!stored) return undefined;
    const now = this.now();
    if (now - stored.storedAt >= this.ttlMs || stored.entry.expiresAt.getTime() <= now) {
      this.remove(sessionId, stored);
      return undefined;
    }
    return stored.entry;
  }

  /** Stores an entry read from the database, unless an invalidation happened since `epoch`. */
  set(userId: number, entry: SessionEntry<User, Profile>, epoch: number): boolean {
    if (!this.enabled || epoch !== this.invalidations) return false;
    const previous = this.sessions.get(entry.sessionId);
    if (previous) this.remove(entry.sessionId, previous);
    while (this.sessions.size >= this.maxEntries) {
      const oldest = this.sessions.entries().next().value;
      if (!oldest) break;
      this.remove(oldest[0], oldest[1]);
    }
    this.sessions.set(entry.sessionId, { entry, userId, storedAt: this.now() });
    let ids = this.byUser.get(userId);
    if (!ids) {
      ids = new Set();
      this.byUser.set(userId, ids);
    }
    ids.add(entry.sessionId);
    return true;
  }

  /** Updates the dates of a cached session after they were written back, keeping its age. */
  touch(
    sessionId: string,
    update: Pick<SessionEntry<User, Profile>, 'lastSeenAt' | 'expiresAt'>,
    user: User,
  ) {
    const stored = this.sessions.get(sessionId);
    if (stored) stored.entry = { ...stored.entry, ...update, user };
  }

  deleteSession(sessionId: string): void {
    this.invalidations += 1;
    const stored = this.sessions.get(sessionId);
    if (stored) this.remove(sessionId, stored);
  }

  deleteUser(userId: number): void {
    this.invalidations += 1;
    const ids = this.byUser.get(userId);
    if (!ids) return;
    for (const id of [...ids]) {
      const stored = this.sessions.get(id);
      if (stored) this.remove(id, stored);
    }
    this.byUser.delete(userId);
  }

  clear(): void {
    this.invalidations += 1;
    this.sessions.clear();
    this.byUser.clear();
  }

  private remove(sessionId: string, stored: Stored<User, Profile>) {
    this.sessions.delete(sessionId);
    const ids = this.byUser.get(stored.userId);
    if (!ids) return;
    ids.delete(sessionId);
    if (ids.size === 0) this.byUser.delete(stored.userId);
  }
}
