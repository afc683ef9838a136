import { type WebinarWhen, webinarLanguages, webinarWhens } from '@closia/shared';
import type { Query } from '../../../lib/api-client';
import { flag, oneOf, page, text } from '../../../lib/url-fields';
import { type StateOf, toQuery, urlFields } from '../../../lib/url-state';

/**
 * The webinars list kept in the address (`?when=past&query=vente&language=fr&free=1&page=2`), read
 * by the rules of `webinarListQuerySchema` (@closia/shared) without Zod.
 */
export const webinarSearch = urlFields(
  { when: oneOf(webinarWhens), query: text(), language: oneOf(webinarLanguages), free: flag(), page: page() },
  { when: 'upcoming', query: '', language: null, free: false, page: 1 },
);

export type WebinarSearchState = StateOf<typeof webinarSearch>;

export const WEBINARS_PER_PAGE = 12;

/** The API's query for a state: empty values left out. */
export function webinarSearchQuery(state: WebinarSearchState): Query {
  return toQuery({ ...state, perPage: WEBINARS_PER_PAGE });
}

/** The tabs' names. */
export const whenLabels: Record<WebinarWhen, string> = {
  upcoming: 'À venir',
  past: 'Passés',
  registered: 'Mes inscriptions',
  mine: 'Mes webinaires',
};
