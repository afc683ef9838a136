import type { FastifyReply } from 'fastify';

const running = new Set<Promise<void>>();

/**
 * Runs `task` once the answer has been sent (or the client has gone): what the task does, and how
 * long it takes, shows neither in the answer nor in its timing. A failure is logged, never answered.
 */
export function afterReply(reply: FastifyReply, task: () => Promise<unknown>): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const run: Promise<void> = task()
      .then(
        () => undefined,
        (err: unknown) => reply.log.error({ err }, 'work after the reply failed'),
      )
      .finally(() => running.delete(run));
    running.add(run);
  };
  reply.raw.once('finish', start);
  reply.raw.once('close', start);
}

/** Resolves once every task started by `afterReply` has ended (tests, shutdown). */
export async function afterReplySettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
