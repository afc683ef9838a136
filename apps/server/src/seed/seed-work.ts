/**
 * The seed's unit of work: the seed runs before the app exists (and at build time, into the demo
 * template), so the services it calls get a unit that writes their notifications in the seed's
 * transaction — counted into their unread group as the notifier does — and drops the rest: no
 * cache holds anything yet, nobody listens live, and the demo sends no e-mail.
 */
import { sql } from 'drizzle-orm';
import { notifications } from '../db/schema';
import type { UnitOfWork } from '../plugins/unit-of-work';

export function seedWork(appUrl = 'http://localhost:3000'): UnitOfWork {
  const nothing = () => {};
  return {
    appUrl,
    async notify(tx, input) {
      const query = tx.insert(notifications).values({
        userId: input.userId,
        type: input.type,
        actorId: input.actorId ?? null,
        title: input.title,
        body: input.body ?? null,
        link: input.link ?? null,
        groupKey: input.groupKey ?? null,
      });
      await (input.groupKey
        ? query.onConflictDoUpdate({
            target: [notifications.userId, notifications.groupKey],
            targetWhere: sql`read_at is null and group_key is not null`,
            set: {
              count: sql`${notifications.count} + 1`,
              title: input.title,
              body: input.body ?? null,
              actorId: input.actorId ?? null,
            },
          })
        : query);
    },
    async mail() {},
    broadcast: nothing,
    revoke: nothing,
    forget: nothing,
    deleteFile: nothing,
    afterCommit: nothing,
  };
}
