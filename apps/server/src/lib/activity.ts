import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { userActivities } from '../db/schema';

/** Records one entry of the user's activity timeline (spec §3 actions). */
export async function logActivity(
  db: DbOrTx,
  userId: number,
  action: string,
  request?: FastifyRequest,
  description?: string,
): Promise<void> {
  await db.insert(userActivities).values({
    userId,
    action,
    description: description ?? null,
    ip: request?.ip ?? null,
    userAgent: request?.headers['user-agent']?.slice(0, 512) ?? null,
  });
}
