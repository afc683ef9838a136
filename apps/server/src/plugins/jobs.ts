/**
 * Polls the durable job queue (`lib/jobs.ts`) every `JOBS_POLL_MS` (0: this instance does not
 * poll), and once shortly after start so that jobs that fell due while the server was down go at
 * once. Several instances may poll the same database: each job runs once (`FOR UPDATE SKIP
 * LOCKED`). A database outage never stops the poller: the tick is logged and the next one retries.
 *
 * The handlers get `AppJobsContext`: the database, the notifier (write with the job's
 * transaction, push with `run.afterCommit`), the mailer, the app's address and the log.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type JobHandler, type JobsContext, registerJobHandlers, runDueJobs } from '../lib/jobs';
import type { Mailer } from './mailer';
import type { Notifier } from './notifier';

export interface AppJobsContext extends JobsContext {
  notifier: Notifier;
  mailer: Mailer;
}

export type AppJobHandler = JobHandler<AppJobsContext>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the due jobs now (what each poll does); resolves with how many ran. */
    runDueJobs(): Promise<number>;
  }
}

/** Delay of the first poll after start (the app finishes starting first). */
const FIRST_POLL_MS = 1000;
/** Jobs per poll; a full batch polls again at once. */
const BATCH = 50;

export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { handlers: Record<string, AppJobHandler> }) => {
    registerJobHandlers(opts.handlers);
    const context: AppJobsContext = {
      db: app.db,
      notifier: app.notifier,
      mailer: app.mailer,
      appUrl: app.config.appUrl,
      log: app.log.child({ component: 'jobs' }),
    };
    let running: Promise<number> | null = null;
    const run = () => {
      running ??= runDueJobs(context, { limit: BATCH }).finally(() => {
        running = null;
      });
      return running;
    };
    app.decorate('runDueJobs', run);

    const every = app.config.jobsPollMs;
    if (every <= 0) return;
    let timer: NodeJS.Timeout | null = null;
    let closing = false;
    const tick = async () => {
      timer = null;
      let delay = every;
      try {
        // A full batch: more are waiting, go on without waiting for the next tick.
        if ((await run()) >= BATCH) delay = 0;
      } catch (err) {
        context.log.warn({ err }, 'jobs poll failed, retrying at the next tick');
      }
      if (!closing) {
        timer = setTimeout(tick, delay);
        timer.unref();
      }
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, Math.min(FIRST_POLL_MS, every));
      timer.unref();
    });
    app.addHook('preClose', async () => {
      closing = true;
      if (timer) clearTimeout(timer);
      timer = null;
      // A job under way finishes (its transaction commits or rolls back) before the database closes.
      await running?.catch(() => {});
    });
  },
  { name: 'jobs', dependencies: ['db', 'notifier', 'mailer'] },
);
