import type { Query } from '../../../lib/api-client';

/** The query keys of the support feature: the FAQ, my tickets, the admins' inbox. */
export const supportKeys = {
  faq: ['support', 'faq'] as const,
  faqList: (query: Query) => ['support', 'faq', query] as const,
  tickets: ['support', 'tickets'] as const,
  mine: (query: Query) => ['support', 'tickets', 'mine', query] as const,
  ticket: (id: number) => ['support', 'tickets', 'one', id] as const,
  inbox: (query: Query) => ['support', 'tickets', 'inbox', query] as const,
  assignees: ['support', 'assignees'] as const,
};
