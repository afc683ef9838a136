import {
  type ArticleKind,
  articleAdminListQuerySchema,
  articleListQuerySchema,
  isArticleCategoryOf,
} from '@closia/shared';
import { type StateOf, urlState } from '../../../lib/url-state';

/*
 * The lists' filters in the address (`/blog?category=closing&tag=relance&query=objection&page=2`),
 * read with the API's own query schemas (`articleListQuerySchema`, `articleAdminListQuerySchema`):
 * a value the API would refuse reads as its default, a stale or hand-written link never breaks the
 * page. (The schemas' module is downloaded anyway with the articles' labels.)
 */

const publicFields = articleListQuerySchema.pick({ query: true, category: true, tag: true, page: true });

function listState(kind: ArticleKind) {
  return urlState(
    publicFields,
    { query: '', category: null, tag: null, page: 1 },
    {
      // A category of the other kind (a link from the blog to the tutorials) reads as none.
      normalize: (state) =>
        state.category && !isArticleCategoryOf(kind, state.category) ? { ...state, category: null } : state,
    },
  );
}

/** The public lists' state, by kind. */
export const articleListStates = { blog: listState('blog'), tutorial: listState('tutorial') } as const;
export type ArticleListState = StateOf<(typeof articleListStates)['blog']>;

/** The admin list: kind, status, search and page (`/admin/articles?kind=tutorial&status=draft`). */
export const adminArticleListState = urlState(
  articleAdminListQuerySchema.pick({ kind: true, status: true, query: true, page: true }),
  { kind: null, status: null, query: '', page: 1 },
);
export type AdminArticleListState = StateOf<typeof adminArticleListState>;

/** Articles on a page of the public lists: a row of three on wide screens, four rows. */
export const ARTICLES_PER_PAGE = 12;
