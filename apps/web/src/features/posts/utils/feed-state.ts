import { postListQuerySchema, postTotalCaps } from '@closia/shared';
import { z } from 'zod';
import { type StateOf, urlState } from '../../../lib/url-state';

/** The feed's search, tag and order in the address (`?query=closing&tag=vente&sort=popular`). */
export const feedState = urlState(
  z.object({
    query: postListQuerySchema.shape.query,
    tag: postListQuerySchema.shape.tag,
    sort: postListQuerySchema.shape.sort,
  }),
  { query: '', tag: null, sort: 'recent' },
);

export type FeedState = StateOf<typeof feedState>;

export const sortLabels = { recent: 'Récents', popular: 'Populaires' } as const;

/** "12 publications"; a total at the API's cap is a lower bound: "Au moins 1 000 publications". */
export function feedCountLabel(total: number, filtered: boolean): string {
  if (total === 0) return 'Aucune publication';
  const shown = total.toLocaleString('fr-FR');
  if (total >= (filtered ? postTotalCaps.filtered : postTotalCaps.feed))
    return `Au moins ${shown} publications`;
  return `${shown} publication${total > 1 ? 's' : ''}`;
}
