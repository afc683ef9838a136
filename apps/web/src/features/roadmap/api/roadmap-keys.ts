import type { Query } from '../../../lib/api-client';

/** The query keys of the road map: mutations invalidate (and the votes update) by these. */
export const roadmapKeys = {
  all: ['roadmap'] as const,
  columns: ['roadmap', 'column'] as const,
  column: (query: Query) => ['roadmap', 'column', query] as const,
  admin: ['roadmap', 'admin'] as const,
  adminList: (query: Query) => ['roadmap', 'admin', query] as const,
};
