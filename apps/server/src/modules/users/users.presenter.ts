import type { UserActivity } from '@closia/shared';
import type { userActivities } from '../../db/schema';

export function presentActivity(a: typeof userActivities.$inferSelect): UserActivity {
  return {
    id: a.id,
    userId: a.userId,
    action: a.action,
    description: a.description,
    createdAt: a.createdAt.toISOString(),
  };
}

// Response schemas: what may leave the server (anything else is stripped) and the OpenAPI document.
export { userActivityResponse as activityResponse } from '@closia/shared';
