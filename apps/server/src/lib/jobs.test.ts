import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { type SharedTestDatabase, sharedTestDatabase } from '../test/shared-db';
import { setClock } from './clock';
import {
  backoffMs,
  dropJobs,
  enqueue,
  type JobsContext,
  MAX_ATTEMPTS,
  pendingJobs,
  registerJobHandlers,
  runDueJobs,
} from './jobs';

const T0 = new Date('2026-12-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const clockAt = (ms: number) => setClock(() => at(ms));

let shared: SharedTestDatabase;
let database: Database;
let other: Database;
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const ctx = (db = database): JobsContext => ({ db: db.db, appUrl: 'http://localhost:3000', log });

const calls: string[] = [];
let failuresLeft = 0;
registerJobHandlers({
  test_ok: async (job) => {
    calls.push(`ok:${job.key}`);
  },
  test_fail: async (job, run) => {
    // Its writes go with the failure.
    await enqueue(run.tx, { kind: 'test_ok', key: `written-by-${job.key}`, runAt: T0 });
    run.afterCommit(() => void calls.push(`after:${job.key}`));
    if (failuresLeft-- > 0) throw new Error('boom');
    calls.push(`fail-ok:${job.key}`);
  },
  test_after: async (job, run) => {
    run.afterCommit(() => void calls.push(`after:${job.key}`));
  },
  test_again: async (job, run) => {
    calls.push(`again:${job.key}`);
    await enqueue(run.tx, { kind: 'test_ok', key: job.key ?? undefined, runAt: at(3600_000) });
  },
  test_slow: async (job) => {
    await new Promise((r) => setTimeout(r, 5));
    calls.push(`slow:${job.id}`);
  },
});

beforeAll(async () => {
  shared = await sharedTestDatabase();
  database = await shared.open();
  // PostgreSQL: a second pool, as a second instance would have; PGlite: one process, one handle.
  other = shared.kind === 'postgres' ? await shared.open() : database;
}, 60_000);
afterAll(async () => {
  if (other !== database) await other.close();
  await database.close();
  await shared.drop();
});
beforeEach(async () => {
  await database.db.delete(jobs);
  calls.length = 0;
  failuresLeft = 0;
  vi.clearAllMocks();
  clockAt(0);
});
afterEach(() => setClock(null));

describe('enqueue', () => {
  it('upserts by key: the same key moves the job and makes it pending again', async () => {
    await enqueue(database.db, { kind: 'test_ok', key: 'k1', runAt: at(60_000), payload: { a: 1 } });
    clockAt(61_000);
    expect(await runDueJobs(ctx())).toBe(1);
    await enqueue(database.db, { kind: 'test_ok', key: 'k1', runAt: at(120_000), payload: { a: 2 } });
    const rows = await database.db.select().from(jobs).where(eq(jobs.key, 'k1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ doneAt: null, attempts: 0, payload: { a: 2 } });
    expect(rows[0]!.runAt.toISOString()).toBe(at(120_000).toISOString());
    clockAt(119_000);
    expect(await runDueJobs(ctx())).toBe(0);
    clockAt(120_000);
    expect(await runDueJobs(ctx())).toBe(1);
    expect(calls).toEqual(['ok:k1', 'ok:k1']);
  });

  it('without a key adds a job each time', async () => {
    await enqueue(database.db, { kind: 'test_ok', runAt: T0 });
    await enqueue(database.db, { kind: 'test_ok', runAt: T0 });
    expect(await pendingJobs(database.db)).toHaveLength(2);
  });
});

describe('runDueJobs', () => {
  it('runs only the due jobs, soonest first, each once', async () => {
    await enqueue(database.db, { kind: 'test_ok', key: 'later', runAt: at(600_000) });
    await enqueue(database.db, { kind: 'test_ok', key: 'first', runAt: at(-1000) });
    await enqueue(database.db, { kind: 'test_ok', key: 'now', runAt: at(0) });
    expect(await runDueJobs(ctx())).toBe(2);
    expect(calls).toEqual(['ok:first', 'ok:now']);
    expect(await runDueJobs(ctx())).toBe(0);
    clockAt(600_000);
    expect(await runDueJobs(ctx())).toBe(1);
    expect(calls).toEqual(['ok:first', 'ok:now', 'ok:later']);
    const [done] = await database.db.select().from(jobs).where(eq(jobs.key, 'later'));
    expect(done!.doneAt?.toISOString()).toBe(at(600_000).toISOString());
  });

  it('stops at the limit', async () => {
    for (const key of ['a', 'b', 'c']) await enqueue(database.db, { kind: 'test_ok', key, runAt: T0 });
    expect(await runDueJobs(ctx(), { limit: 2 })).toBe(2);
    expect(await runDueJobs(ctx(), { limit: 2 })).toBe(1);
  });

  it('a failure rolls back the handler’s writes, records the error and retries after a backoff', async () => {
    failuresLeft = 1;
    await enqueue(database.db, { kind: 'test_fail', key: 'f', runAt: T0 });
    expect(await runDueJobs(ctx())).toBe(1);
    const [failed] = await database.db.select().from(jobs).where(eq(jobs.key, 'f'));
    expect(failed).toMatchObject({ attempts: 1, lastError: 'boom', doneAt: null });
    expect(failed!.runAt.toISOString()).toBe(at(backoffMs(1)).toISOString());
    expect(await database.db.select().from(jobs).where(eq(jobs.key, 'written-by-f'))).toHaveLength(0);
    expect(calls).toEqual([]); // nor its after-commit task
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'f', attempts: 1 }),
      expect.any(String),
    );

    clockAt(backoffMs(1) - 1);
    expect(await runDueJobs(ctx())).toBe(0);
    clockAt(backoffMs(1));
    // The retry succeeds (and the job it writes is due too).
    expect(await runDueJobs(ctx())).toBe(2);
    expect(calls).toEqual(['fail-ok:f', 'after:f', 'ok:written-by-f']);
    const [done] = await database.db.select().from(jobs).where(eq(jobs.key, 'f'));
    expect(done).toMatchObject({ attempts: 1, lastError: null });
    expect(done!.doneAt).not.toBeNull();
  });

  it('backs off longer each time and gives up after MAX_ATTEMPTS, logged', async () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([30_000, 60_000, 120_000]);
    expect(backoffMs(20)).toBe(3600_000);
    failuresLeft = 1000;
    await enqueue(database.db, { kind: 'test_fail', key: 'g', runAt: T0 });
    let clock = 0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await runDueJobs(ctx())).toBe(1);
      clock += backoffMs(attempt);
      clockAt(clock);
    }
    const [given] = await database.db.select().from(jobs).where(eq(jobs.key, 'g'));
    expect(given).toMatchObject({ attempts: MAX_ATTEMPTS, lastError: 'boom' });
    expect(given!.doneAt).not.toBeNull();
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ key: 'g' }), 'job given up');
    clockAt(clock + 10 * 3600_000);
    expect(await runDueJobs(ctx())).toBe(0);
  });

  it('a job of an unknown kind fails (and is retried: a newer instance may know it)', async () => {
    await enqueue(database.db, { kind: 'test_unknown', key: 'u', runAt: T0 });
    expect(await runDueJobs(ctx())).toBe(1);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.key, 'u'));
    expect(row).toMatchObject({ attempts: 1, doneAt: null });
    expect(row!.lastError).toContain('no handler');
  });

  it('runs after-commit tasks once the job has committed', async () => {
    await enqueue(database.db, { kind: 'test_after', key: 'x', runAt: T0 });
    await runDueJobs(ctx());
    expect(calls).toEqual(['after:x']);
  });

  it('a handler that enqueues its own key again leaves the job pending at the new time', async () => {
    await enqueue(database.db, { kind: 'test_again', key: 'again', runAt: T0 });
    expect(await runDueJobs(ctx())).toBe(1);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.key, 'again'));
    expect(row).toMatchObject({ doneAt: null, kind: 'test_ok' });
    expect(row!.runAt.toISOString()).toBe(at(3600_000).toISOString());
    clockAt(3600_000);
    expect(await runDueJobs(ctx())).toBe(1);
    expect(calls).toEqual(['again:again', 'ok:again']);
  });

  it('two pollers at once on the same database run each job exactly once', async () => {
    for (let i = 0; i < 30; i++) await enqueue(database.db, { kind: 'test_slow', key: `s${i}`, runAt: T0 });
    const [a, b] = await Promise.all([
      runDueJobs(ctx(database), { limit: 100 }),
      runDueJobs(ctx(other), { limit: 100 }),
    ]);
    expect(a + b).toBe(30);
    expect(calls).toHaveLength(30);
    expect(new Set(calls).size).toBe(30);
    if (shared.kind === 'postgres') {
      // Both really worked (SKIP LOCKED let them share the queue instead of waiting on each other).
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    }
    expect(await pendingJobs(database.db)).toHaveLength(0);
  });
});

describe('dropJobs', () => {
  it('drops by key prefix or by keys, and nothing else', async () => {
    for (const key of ['webinar:1:a', 'webinar:1:b', 'webinar:12:a', 'webinar:2:a', 'other_%'])
      await enqueue(database.db, { kind: 'test_ok', key, runAt: T0 });
    await dropJobs(database.db, 'webinar:1:');
    await dropJobs(database.db, ['webinar:2:a']);
    // `%` and `_` in a prefix are literal.
    await dropJobs(database.db, 'other\\');
    await dropJobs(database.db, '%');
    const keys = (await pendingJobs(database.db)).map((j) => j.key).sort();
    expect(keys).toEqual(['other_%', 'webinar:12:a']);
    await dropJobs(database.db, []);
  });
});
