import type { Query } from '../../../lib/api-client';

/**
 * Query keys of the prospects. A change to a prospect refreshes `prospects` (lists and details); a
 * change to an activity also refreshes `prospects`, whose next activity it may move.
 */
export const prospectKeys = {
  all: ['prospects'] as const,
  list: (query: Query) => ['prospects', 'list', query] as const,
  detail: (id: number) => ['prospects', 'detail', id] as const,
  activities: ['activities'] as const,
  activityList: (prospectId: number) => ['activities', 'prospect', prospectId] as const,
};
