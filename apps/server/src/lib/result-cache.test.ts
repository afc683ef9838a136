import { describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../db/client';
import { cacheCounts, generationCounter, resultCache, setSearchCacheTtl } from './result-cache';

const fakeDb = () => ({}) as DbOrTx;

describe('search result cache', () => {
  it('answers a repeated key from memory until a write moves the generation', async () => {
    const db = fakeDb();
    const writes = generationCounter();
    const cache = resultCache<number>({ name: 'test', generation: writes.current, maxEntries: 10 });
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get(db, 'a', compute)).toBe(1);
    expect(await cache.get(db, 'a', compute)).toBe(1);
    expect(await cache.get(db, 'b', compute)).toBe(2);
    writes.changed(db);
    expect(await cache.get(db, 'a', compute)).toBe(3);
  });

  it('counts its hits, stale answers, misses and bypasses under its name', async () => {
    vi.useFakeTimers();
    try {
      const db = fakeDb();
      setSearchCacheTtl(db, 1_000);
      const cache = resultCache<number>({ name: 'counted', generation: () => 0, maxEntries: 10 });
      const compute = async () => 1;
      await cache.get(db, 'k', compute); // miss
      await cache.get(db, 'k', compute); // hit
      vi.advanceTimersByTime(1_500);
      await cache.get(db, 'k', compute); // stale, recomputed in the background
      setSearchCacheTtl(db, 0);
      await cache.get(db, 'k', compute); // bypassed
      expect(cacheCounts().get('counted')).toEqual({ hits: 1, stale: 1, misses: 1, bypassed: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep what was computed across a write', async () => {
    const db = fakeDb();
    const writes = generationCounter();
    const cache = resultCache<string>({ name: 'test', generation: writes.current, maxEntries: 10 });
    const first = await cache.get(db, 'k', async () => {
      writes.changed(db);
      return 'counted during the write';
    });
    expect(first).toBe('counted during the write');
    expect(await cache.get(db, 'k', async () => 'after')).toBe('after');
  });

  it('past its TTL, answers the kept value once while it recomputes; long past it, waits; TTL 0 keeps nothing', async () => {
    vi.useFakeTimers();
    try {
      const db = fakeDb();
      setSearchCacheTtl(db, 1_000);
      const cache = resultCache<number>({ name: 'test', generation: () => 0, maxEntries: 10 });
      let n = 0;
      const count = async () => ++n;
      expect(await cache.get(db, 'k', count)).toBe(1);
      vi.advanceTimersByTime(999);
      expect(await cache.get(db, 'k', count)).toBe(1);
      vi.advanceTimersByTime(2);
      // Expired: the kept answer, and a computation in the background.
      expect(await cache.get(db, 'k', count)).toBe(1);
      await vi.waitFor(() => expect(n).toBe(2));
      expect(await cache.get(db, 'k', count)).toBe(2);
      // Three TTLs later: too old to answer, computed while the caller waits.
      vi.advanceTimersByTime(3_000);
      expect(await cache.get(db, 'k', count)).toBe(3);
      setSearchCacheTtl(db, 0);
      expect(await cache.get(db, 'k', count)).toBe(4);
      expect(await cache.get(db, 'k', count)).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('recomputes few stale entries in the background at once; past that, answers them as they are', async () => {
    vi.useFakeTimers();
    try {
      const db = fakeDb();
      setSearchCacheTtl(db, 1_000);
      const cache = resultCache<string>({
        name: 'test',
        generation: () => 0,
        maxEntries: 10,
        maxBackground: 2,
      });
      const keys = ['a', 'b', 'c', 'd'];
      for (const key of keys) await cache.get(db, key, async () => `${key}1`);
      vi.advanceTimersByTime(1_500);
      // Four stale entries asked for at once: all answered from memory, two recomputed meanwhile.
      const held: (() => void)[] = [];
      const started: string[] = [];
      const slow = (key: string) => () =>
        new Promise<string>((resolve) => {
          started.push(key);
          held.push(() => resolve(`${key}2`));
        });
      for (const key of keys) expect(await cache.get(db, key, slow(key))).toBe(`${key}1`);
      expect(started).toEqual(['a', 'b']);
      // Asked again while the first two are under way: no third computation, still the kept answers.
      expect(await cache.get(db, 'c', slow('c'))).toBe('c1');
      expect(started).toEqual(['a', 'b']);
      for (const release of held) release();
      await vi.waitFor(async () => expect(await cache.get(db, 'a', slow('a'))).toBe('a2'));
      // Room again: the next stale read of c starts its refresh.
      expect(await cache.get(db, 'c', slow('c'))).toBe('c1');
      expect(started).toEqual(['a', 'b', 'c']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops the oldest entry beyond its size', async () => {
    const db = fakeDb();
    const cache = resultCache<string>({ name: 'test', generation: () => 0, maxEntries: 2 });
    await cache.get(db, 'a', async () => 'a1');
    await cache.get(db, 'b', async () => 'b1');
    await cache.get(db, 'c', async () => 'c1');
    expect(await cache.get(db, 'b', async () => 'b2')).toBe('b1');
    expect(await cache.get(db, 'a', async () => 'a2')).toBe('a2');
  });

  it('keeps one cache per database', async () => {
    const [one, two] = [fakeDb(), fakeDb()];
    const cache = resultCache<string>({ name: 'test', generation: () => 0, maxEntries: 10 });
    await cache.get(one, 'k', async () => 'one');
    expect(await cache.get(two, 'k', async () => 'two')).toBe('two');
  });
});

describe('search result cache under load', () => {
  it('runs one computation for concurrent misses of a key', async () => {
    const db = fakeDb();
    const cache = resultCache<number>({ name: 'test', generation: () => 0, maxEntries: 10 });
    let computed = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++computed), 20));
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.get(db, 'k', slow)));
    expect(answers).toEqual(Array(10).fill(1));
    expect(computed).toBe(1);
  });

  it('does not share a failed computation once it has failed', async () => {
    const db = fakeDb();
    const cache = resultCache<number>({ name: 'test', generation: () => 0, maxEntries: 10 });
    await expect(cache.get(db, 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get(db, 'k', async () => 2)).toBe(2);
  });
});
