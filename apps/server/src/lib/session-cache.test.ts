import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionEntry } from './session-cache';

const HOUR = 3600_000;

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let now = 1_000_000;
  const cache = new SessionCache<{ id: number }, null>({
    ttlMs: options.ttlMs ?? 10_000,
    ...(options.maxEntries ? { maxEntries: options.maxEntries } : {}),
    now: () => now,
  });
  const entry = (
    sessionId: string,
    userId: number,
    expiresIn = HOUR,
  ): SessionEntry<{ id: number }, null> => ({
    sessionId,
    user: { id: userId },
    profile: null,
    unreadMessageCount: 0,
    pastDueSince: null,
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + expiresIn),
  });
  return { cache, entry, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('serves an entry until its TTL, then forgets it', () => {
    const { cache, entry, advance } = setup();
    cache.set(1, entry('s1', 1), cache.epoch());
    advance(9_999);
    expect(cache.get('s1')?.user.id).toBe(1);
    advance(1);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never serves a session past its own expiry, whatever the TTL', () => {
    const { cache, entry, advance } = setup({ ttlMs: HOUR });
    cache.set(1, entry('s1', 1, 5_000), cache.epoch());
    advance(5_000);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('refuses to store what was read before an invalidation (a lookup racing a logout)', () => {
    const { cache, entry } = setup();
    const epoch = cache.epoch();
    cache.deleteSession('s1'); // the logout lands while the lookup is in flight
    expect(cache.set(1, entry('s1', 1), epoch)).toBe(false);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.set(1, entry('s1', 1), cache.epoch())).toBe(true);
  });

  it('forgets every session of a user at once, and only theirs', () => {
    const { cache, entry } = setup();
    cache.set(1, entry('a', 1), cache.epoch());
    cache.set(1, entry('b', 1), cache.epoch());
    cache.set(2, entry('c', 2), cache.epoch());
    cache.deleteUser(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe(2);
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('drops the oldest sessions beyond its size', () => {
    const { cache, entry } = setup({ maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) cache.set(1, entry(id, 1), cache.epoch());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    cache.deleteUser(1);
    expect(cache.size).toBe(0);
  });

  it('stores nothing when turned off (TTL 0)', () => {
    const { cache, entry } = setup({ ttlMs: 0 });
    expect(cache.set(1, entry('a', 1), cache.epoch())).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps the age of an entry whose dates were written back', () => {
    const { cache, entry, advance } = setup();
    cache.set(1, entry('a', 1), cache.epoch());
    advance(6_000);
    cache.touch('a', { lastSeenAt: new Date(), expiresAt: new Date(Date.now() + HOUR) }, { id: 1 });
    advance(4_000);
    expect(cache.get('a')).toBeUndefined();
  });
});
