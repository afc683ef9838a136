import type { Query } from '../../../lib/api-client';

/**
 * Query keys of the webinars. A change to a webinar or to a registration invalidates `all`
 * (the lists, the page, its registrants): the counts and "Inscrit ✓" move together.
 */
export const webinarKeys = {
  all: ['webinars'] as const,
  list: (query: Query) => ['webinars', 'list', query] as const,
  detail: (id: number) => ['webinars', 'detail', id] as const,
  registrants: (id: number, page: number) => ['webinars', 'detail', id, 'registrants', page] as const,
  replay: (id: number) => ['webinars', 'detail', id, 'replay'] as const,
  myOffers: ['webinars', 'my-offers'] as const,
};
