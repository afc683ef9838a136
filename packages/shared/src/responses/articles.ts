/** What the article endpoints answer (issue 22 §1). Instants ISO 8601 UTC. */
import { z } from 'zod';
import { articleCategories, articleKinds, articleStatuses } from '../schemas/article';
import { textField } from '../schemas/fields';
import { paginated } from './common';

export const articleAuthorResponse = z.object({
  id: z.number(),
  fullName: textField(),
  avatarUrl: textField().nullable(),
});
export type ArticleAuthor = z.infer<typeof articleAuthorResponse>;

/** One heading of the table of contents: `id` is the rendered heading's `id` (the anchor). */
export const articleTocEntryResponse = z.object({
  id: textField(),
  text: textField(),
  /** 2 for a `##` heading, 3 for `###`, 4 for `####`. */
  depth: z.number(),
});
export type ArticleTocEntry = z.infer<typeof articleTocEntryResponse>;

/** An article in a list: no body, no html. */
export const articleSummaryResponse = z.object({
  id: z.number(),
  kind: z.enum(articleKinds),
  title: textField(),
  slug: textField(),
  /** The public page: `/blog/{slug}` or `/tutorials/{slug}`. */
  path: textField(),
  description: textField(),
  category: z.enum(articleCategories),
  tags: z.array(textField()),
  /** A scheduled article whose `publishedAt` has passed reads `published`. */
  status: z.enum(articleStatuses),
  publishedAt: textField().nullable(),
  readingMinutes: z.number(),
  coverUrl: textField().nullable(),
  author: articleAuthorResponse,
  updatedAt: textField(),
});
export type ArticleSummary = z.infer<typeof articleSummaryResponse>;

/** A whole article: its Markdown, its rendered (sanitised, highlighted) HTML and its table of contents. */
export const articleResponse = articleSummaryResponse.extend({
  body: textField(),
  html: textField(),
  toc: z.array(articleTocEntryResponse),
});
export type Article = z.infer<typeof articleResponse>;

/** A neighbour of a tutorial in its category. */
export const articleLinkResponse = z.object({
  id: z.number(),
  title: textField(),
  slug: textField(),
  path: textField(),
});
export type ArticleLink = z.infer<typeof articleLinkResponse>;

/** `GET /articles/{kind}/{slug…}`: the article, up to 3 related ones, a tutorial's neighbours. */
export const articlePublicResponse = articleResponse.extend({
  /** Up to 3 published articles of the same kind sharing tags with this one, most shared first. */
  related: z.array(articleSummaryResponse),
  /** Tutorials: the one before and after in the same category (by publication date); null otherwise. */
  previous: articleLinkResponse.nullable(),
  next: articleLinkResponse.nullable(),
  /** True when the article is not public and is shown through a preview token. */
  preview: z.boolean(),
});
export type ArticlePublic = z.infer<typeof articlePublicResponse>;

export const articleListResponse = paginated(articleSummaryResponse);
export type ArticleList = z.infer<typeof articleListResponse>;

/** `POST /admin/articles/preview-token`. */
export const articlePreviewTokenResponse = z.object({
  token: textField(),
  expiresAt: textField(),
});
export type ArticlePreviewToken = z.infer<typeof articlePreviewTokenResponse>;

/** `GET /articles/preview`: whether the preview mode is on (a valid token in the query or the cookie). */
export const articlePreviewStatusResponse = z.object({
  active: z.boolean(),
  expiresAt: textField().nullable(),
  /** `PREVIEW_STAGING_URL` when `?staging=1` came with a valid token and it is configured. */
  stagingUrl: textField().nullable(),
});
export type ArticlePreviewStatus = z.infer<typeof articlePreviewStatusResponse>;

/** `POST /admin/articles/render`. */
export const articleRenderResponse = z.object({
  html: textField(),
  toc: z.array(articleTocEntryResponse),
  readingMinutes: z.number(),
});
export type ArticleRender = z.infer<typeof articleRenderResponse>;
