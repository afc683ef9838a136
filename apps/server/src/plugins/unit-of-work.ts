/**
 * One path for what a write does besides its SQL (ADR 014): the unit of work.
 *
 * A service receives a `UnitOfWork` and, inside its transaction, records what must follow the
 * write — a notification (written now, with the transaction; pushed live later), a live event, a
 * cache to forget, a stored file to delete, a task. Nothing of it leaves the process before the
 * transaction has committed: the unit is flushed once, after the service has returned.
 *
 * In a request, the unit is `request.work`; it is flushed by this plugin just before the answer
 * leaves when the answer is a success (< 400), and dropped otherwise — a failed request announces
 * nothing. Elsewhere (seed, jobs, tests), `app.withWork(fn)` does the same around `fn`.
 *
 * Flush order: caches first (so that whoever reacts to an event reads fresh data), then live
 * events and notification pushes, then file deletions and tasks. A failing effect is logged and
 * never fails the request: the write it follows has committed.
 */
import type { RealtimeEvent } from '@closia/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client';
import { listingsChanged } from '../lib/listing-changes';
import type { Invalidation } from './invalidation';
import type { Mail } from './mailer';
import type { NotificationInput, WrittenNotification } from './notifier';

/**
 * What to forget once the write has committed: the marketplace searches (`listings`: missions,
 * offers, advertisements), the CRM's answers of one user (`{ crm: userId }`: the write may change
 * what they see) or of everyone (`crm`), one user's cached sessions and profile (`{ user }`), or
 * every cache (`all`, e.g. a renamed reference value shown everywhere).
 */
export type Forget = 'listings' | 'crm' | 'all' | { user: number } | { crm: number };

export interface UnitOfWork {
  /** The app's public address, for the links of notifications and e-mails. */
  readonly appUrl: string;
  /** Writes a notification with `tx` (its e-mail too, when wanted); pushed live after the commit. */
  notify(tx: DbOrTx, input: NotificationInput): Promise<void>;
  /** Queues an e-mail with `tx` (the mail outbox): sent only if the transaction commits. */
  mail(tx: DbOrTx, mail: Mail): Promise<void>;
  /** A live event on a channel (`channels.*` in @closia/shared), sent after the commit. */
  broadcast(channel: string, event: RealtimeEvent): void;
  /**
   * Ends live subscriptions to a channel (and the channels under it) after the commit: one user's (`userId`) or everyone's
   * (null). Runs in its place among the live events, so that "told, then cut off" and "cut off,
   * then the others told" both hold.
   */
  revoke(userId: number | null, channel: string): void;
  /** A cache to forget after the commit, on every instance. */
  forget(what: Forget): void;
  /** A stored file (storage key) to delete after the commit. */
  deleteFile(key: string): void;
  /** Anything else to run after the commit (errors are logged). */
  afterCommit(task: () => Promise<void> | void): void;
}

export interface PendingWork extends UnitOfWork {
  /** Runs every recorded effect, once. */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A fresh unit of work; flush it once its writes have committed. */
    unitOfWork(): PendingWork;
    /** Runs `fn` with a fresh unit of work and flushes it when `fn` succeeds. */
    withWork<T>(fn: (work: UnitOfWork) => Promise<T>): Promise<T>;
  }
  interface FastifyRequest {
    /** This request's unit of work: flushed when the answer is a success. */
    readonly work: UnitOfWork;
  }
}

const invalidationOf = (what: Forget): Invalidation | null => {
  if (what === 'listings') return null;
  if (what === 'crm') return { scope: 'crm' };
  if (what === 'all') return { scope: 'all' };
  if ('crm' in what) return null; // gathered into one message per flush
  return { scope: 'user', id: what.user };
};

const keyOf = (what: Forget) =>
  typeof what === 'string' ? what : 'crm' in what ? `crm:${what.crm}` : `user:${what.user}`;

export function createUnitOfWork(app: FastifyInstance): PendingWork {
  const forgets = new Map<string, Forget>();
  const live: (
    | { op: 'broadcast'; channel: string; event: RealtimeEvent }
    | { op: 'revoke'; userId: number | null; channel: string }
  )[] = [];
  const written: WrittenNotification[] = [];
  const files: string[] = [];
  const tasks: (() => Promise<void> | void)[] = [];
  let flushed = false;

  const logged = (what: string) => (err: unknown) => app.log.warn({ err }, `after-commit ${what} failed`);

  return {
    appUrl: app.config.appUrl,
    async notify(tx, input) {
      written.push(await app.notifier.write(tx, input));
    },
    async mail(tx, mail) {
      await app.mailer.send(mail, tx);
    },
    broadcast(channel, event) {
      live.push({ op: 'broadcast', channel, event });
    },
    revoke(userId, channel) {
      live.push({ op: 'revoke', userId, channel });
    },
    forget(what) {
      forgets.set(keyOf(what), what);
    },
    deleteFile(key) {
      files.push(key);
    },
    afterCommit(task) {
      tasks.push(task);
    },
    async flush() {
      if (flushed) return;
      flushed = true;
      const invalidations: Promise<void>[] = [];
      const crmUsers: number[] = [];
      for (const what of forgets.values()) {
        if (what === 'listings' || what === 'all') listingsChanged(app.db);
        if (typeof what === 'object' && 'crm' in what) crmUsers.push(what.crm);
        const message = invalidationOf(what);
        if (message) invalidations.push(app.invalidation.publish(message).catch(logged('invalidation')));
      }
      // The CRM answers of the users a write concerns, in one message (everyone's when `crm` is there too).
      if (crmUsers.length > 0 && !forgets.has('crm') && !forgets.has('all')) {
        const message: Invalidation = { scope: 'crm', users: crmUsers };
        invalidations.push(app.invalidation.publish(message).catch(logged('invalidation')));
      }
      await Promise.all(invalidations);
      for (const item of live) {
        if (item.op === 'broadcast') app.realtime.broadcast(item.channel, item.event);
        else app.realtime.revoke(item.userId, item.channel);
      }
      if (written.length > 0) app.notifier.push(written).catch(logged('notification push'));
      await Promise.all(files.map((key) => app.storage.delete(key).catch(logged('file deletion'))));
      for (const task of tasks) {
        try {
          await task();
        } catch (err) {
          logged('task')(err);
        }
      }
    },
  };
}

/** `request.work` for every request, flushed on success; `app.unitOfWork()` and `app.withWork()`. */
export const unitOfWorkPlugin = fp(
  async (app: FastifyInstance) => {
    const pending = new WeakMap<FastifyRequest, PendingWork>();
    app.decorate('unitOfWork', () => createUnitOfWork(app));
    app.decorate('withWork', async <T>(fn: (work: UnitOfWork) => Promise<T>): Promise<T> => {
      const work = createUnitOfWork(app);
      const result = await fn(work);
      await work.flush();
      return result;
    });
    app.decorateRequest('work', {
      getter(this: FastifyRequest): UnitOfWork {
        let work = pending.get(this);
        if (!work) {
          work = createUnitOfWork(app);
          pending.set(this, work);
        }
        return work;
      },
    });
    // Synchronous when there is nothing to flush (every read): no promise per request.
    app.addHook('onSend', (request, reply, payload, done) => {
      const work = pending.get(request);
      if (!work || reply.statusCode >= 400) return done(null, payload);
      work.flush().then(
        () => done(null, payload),
        (error: Error) => done(error),
      );
    });
  },
  { name: 'unit-of-work', dependencies: ['notifier', 'invalidation', 'storage', 'mailer', 'realtime'] },
);
