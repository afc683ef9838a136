/**
 * The durable job queue (issue 21): work due at a given time that survives a restart and runs once
 * however many instances poll, on the `jobs` table (no in-memory timer holds the truth).
 *
 * - `enqueue(tx, { kind, key?, runAt, payload })` in the caller's transaction. With a `key` it is an
 *   upsert: the same key moves the job (new `runAt`, `payload`) and makes it pending again.
 * - `runDueJobs(ctx)` claims one due job at a time (`run_at <= now()` of `lib/clock.ts`, not done)
 *   with `FOR UPDATE SKIP LOCKED`, and runs its handler inside that transaction: the handler's writes
 *   and the job's `done_at` commit together, and another instance skips the row while it runs (a
 *   crashed instance's transaction aborts, its lock goes, and the job runs again).
 * - A failing handler is rolled back to a savepoint; the job records `last_error`, counts an
 *   attempt and runs again after a backoff (30 s, 1 min, 2 min… at most 1 h); after `MAX_ATTEMPTS`
 *   it is given up (done, with its last error) and logged.
 * - A handler may `enqueue` its own key again at another time (later, or `now()` + 1 ms to go on
 *   with the next batch): the job is then left pending at its new time instead of being marked done.
 *
 * Handlers register by kind (`registerJobHandlers`); the plugin (`plugins/jobs.ts`) polls.
 * Side effects that must wait for the commit (live pushes) go through `run.afterCommit`. An
 * e-mail sent through the mailer leaves during the handler: a job that fails after sending may
 * send it again on its retry (the per-registrant columns of the webinar jobs keep this to a
 * failure between the send and the commit).
 */
import { and, asc, eq, inArray, isNull, like, lte, or } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { jobs } from '../db/schema';
import { now } from './clock';

export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * What the runner needs; the poller (`plugins/jobs.ts`) gives the handlers more (notifier, mailer)
 * through a wider context of its own.
 */
export interface JobsContext {
  db: Db;
  /** The app's public address, for e-mail links. */
  appUrl: string;
  log: JobLog;
}

/** A handler's view of its run: the context, plus the claiming transaction. */
export type JobRun<C extends JobsContext = JobsContext> = C & {
  /** The claiming transaction: write with it. */
  tx: Tx;
  /** Runs once the job's transaction has committed (errors are logged). */
  afterCommit(task: () => Promise<void> | void): void;
};

export interface Job {
  id: number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  runAt: Date;
  /** Failed attempts before this one. */
  attempts: number;
}

export type JobHandler<C extends JobsContext = JobsContext> = (job: Job, run: JobRun<C>) => Promise<void>;

export const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3600_000;

/** Wait before the next attempt, after `attempts` failures (1: 30 s, 2: 1 min, … at most 1 h). */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

// biome-ignore lint/suspicious/noExplicitAny: each handler is typed by whoever registers it with its context
const handlers = new Map<string, JobHandler<any>>();

/**
 * Registers handlers by kind (a kind registered twice keeps the last one). `runDueJobs` must then
 * be given a context that has what these handlers read (the poller registers and polls with its own).
 */
export function registerJobHandlers<C extends JobsContext>(byKind: Record<string, JobHandler<C>>): void {
  for (const [kind, handler] of Object.entries(byKind)) handlers.set(kind, handler);
}

export interface EnqueueInput {
  kind: string;
  /** Unique: enqueuing the same key again moves the job and makes it pending again. */
  key?: string;
  runAt: Date;
  payload?: Record<string, unknown>;
}

/** Adds (or, by key, moves and re-arms) a job, in the caller's transaction. */
export async function enqueue(tx: DbOrTx, input: EnqueueInput): Promise<void> {
  const values = {
    kind: input.kind,
    key: input.key ?? null,
    runAt: input.runAt,
    payload: input.payload ?? {},
  };
  if (!input.key) {
    await tx.insert(jobs).values(values);
    return;
  }
  await tx
    .insert(jobs)
    .values(values)
    .onConflictDoUpdate({
      target: jobs.key,
      set: {
        kind: values.kind,
        runAt: values.runAt,
        payload: values.payload,
        doneAt: null,
        attempts: 0,
        lastError: null,
        lockedUntil: null,
      },
    });
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Deletes jobs by key prefix (`webinar:12:`) or by exact keys, in the caller's transaction. */
export async function dropJobs(tx: DbOrTx, keys: string | string[]): Promise<void> {
  if (Array.isArray(keys)) {
    if (keys.length > 0) await tx.delete(jobs).where(inArray(jobs.key, keys));
    return;
  }
  await tx.delete(jobs).where(like(jobs.key, `${escapeLike(keys)}%`));
}

type ClaimOutcome = { ran: false } | { ran: true; tasks: (() => Promise<void> | void)[] };

/** Claims the next due job (skipping those other instances hold) and runs it; false when none is due. */
async function runOne<C extends JobsContext>(ctx: C): Promise<ClaimOutcome> {
  return ctx.db.transaction(async (tx): Promise<ClaimOutcome> => {
    const at = now();
    const [row] = await tx
      .select({
        id: jobs.id,
        kind: jobs.kind,
        key: jobs.key,
        payload: jobs.payload,
        runAt: jobs.runAt,
        attempts: jobs.attempts,
      })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          lte(jobs.runAt, at),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, at)),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return { ran: false };
    const job: Job = { ...row, payload: row.payload ?? {} };
    const tasks: (() => Promise<void> | void)[] = [];
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await tx.transaction(async (sp) => {
        const run: JobRun<C> = { ...ctx, tx: sp, afterCommit: (task) => void tasks.push(task) };
        await handler(job, run);
      });
    } catch (error) {
      tasks.length = 0;
      const attempts = job.attempts + 1;
      const lastError = String(error instanceof Error ? error.message : error).slice(0, 2000);
      const givenUp = attempts >= MAX_ATTEMPTS;
      await tx
        .update(jobs)
        .set({
          attempts,
          lastError,
          ...(givenUp ? { doneAt: at } : { runAt: new Date(at.getTime() + backoffMs(attempts)) }),
        })
        .where(eq(jobs.id, job.id));
      const fields = { err: error, jobId: job.id, kind: job.kind, key: job.key, attempts };
      if (givenUp) ctx.log.error(fields, 'job given up');
      else ctx.log.warn(fields, 'job failed, will retry');
      return { ran: true, tasks };
    }
    // Done, unless the handler moved its own job (same key, another time): then it stays pending.
    await tx
      .update(jobs)
      .set({ doneAt: at, lastError: null })
      .where(and(eq(jobs.id, job.id), eq(jobs.runAt, job.runAt), isNull(jobs.doneAt)));
    return { ran: true, tasks };
  });
}

/**
 * Runs the jobs due now, one transaction each, at most `limit` of them; returns how many ran
 * (failed ones included). Safe to call from several instances at once: each job runs once.
 */
export async function runDueJobs<C extends JobsContext>(
  ctx: C,
  options: { limit?: number } = {},
): Promise<number> {
  const limit = options.limit ?? 50;
  let ran = 0;
  while (ran < limit) {
    const outcome = await runOne(ctx);
    if (!outcome.ran) break;
    ran++;
    for (const task of outcome.tasks) {
      try {
        await task();
      } catch (err) {
        ctx.log.warn({ err }, 'job after-commit task failed');
      }
    }
  }
  return ran;
}

/** Pending jobs (tests, diagnostics). */
export async function pendingJobs(db: DbOrTx) {
  return db
    .select()
    .from(jobs)
    .where(isNull(jobs.doneAt))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .then((rows) => rows);
}
