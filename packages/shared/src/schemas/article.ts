/**
 * Articles (issue 22 §1): the blog and the tutorials, written by admins in Markdown. The kinds,
 * statuses, categories, the slug rule and every limit, once for the server and the web.
 */
import { z } from 'zod';
import { distinctItems, textField, utcDateTime } from './fields';
import { pageParam, perPageParam, queryFlag, searchText } from './query';

export const articleKinds = ['blog', 'tutorial'] as const;
export type ArticleKind = (typeof articleKinds)[number];
export const articleKindLabels: Record<ArticleKind, string> = {
  blog: 'Blog',
  tutorial: 'Tutoriel',
};
/** The plural, for lists and breadcrumbs. */
export const articleKindPluralLabels: Record<ArticleKind, string> = {
  blog: 'Blog',
  tutorial: 'Tutoriels',
};
/** The first segment of a kind's public pages: `/blog/{slug}`, `/tutorials/{slug}`. */
export const articleKindSegments: Record<ArticleKind, string> = {
  blog: 'blog',
  tutorial: 'tutorials',
};

/** The public page of an article: `/blog/{slug}` or `/tutorials/{slug}`. */
export function articlePath(kind: ArticleKind, slug: string): string {
  return `/${articleKindSegments[kind]}/${slug}`;
}

/**
 * A draft is seen by admins (and through a preview token) only; a scheduled article goes live by
 * itself at its `publishedAt` (answers then say `published`); a published one is public.
 */
export const articleStatuses = ['draft', 'scheduled', 'published'] as const;
export type ArticleStatus = (typeof articleStatuses)[number];
export const articleStatusLabels: Record<ArticleStatus, string> = {
  draft: 'Brouillon',
  scheduled: 'Programmé',
  published: 'Publié',
};

/** The categories of each kind, in the order the pages show them. */
export const articleCategoriesByKind = {
  blog: ['prospection', 'closing', 'objections', 'financement', 'offre_prix', 'outils'],
  tutorial: ['premiers_pas', 'crm_pipeline', 'marketplace', 'equipes'],
} as const satisfies Record<ArticleKind, readonly string[]>;

export const articleCategories = [
  ...articleCategoriesByKind.blog,
  ...articleCategoriesByKind.tutorial,
] as const;
export type ArticleCategory = (typeof articleCategories)[number];
export const articleCategoryLabels: Record<ArticleCategory, string> = {
  prospection: 'Prospection',
  closing: 'Closing',
  objections: 'Objections',
  financement: 'Financement (CPF)',
  offre_prix: 'Offre & prix',
  outils: 'Outils',
  premiers_pas: 'Premiers pas',
  crm_pipeline: 'CRM & pipeline',
  marketplace: 'Marketplace',
  equipes: 'Équipes',
};

/** Whether `category` is one of `kind`'s categories. */
export function isArticleCategoryOf(kind: ArticleKind, category: string): boolean {
  return (articleCategoriesByKind[kind] as readonly string[]).includes(category);
}

export const articleLimits = {
  titleMin: 5,
  titleMax: 150,
  descriptionMin: 50,
  descriptionMax: 300,
  /** The Markdown source. */
  bodyMax: 100_000,
  slugMax: 200,
  /** Segments joined by `/` (`premiers-pas/creer-son-profil` has two). */
  slugSegmentsMax: 5,
  tagsMax: 8,
  tagMin: 2,
  tagMax: 30,
  /** How long a preview token stays valid. */
  previewTokenHours: 1,
  previewTokenMax: 500,
} as const;

/** Lower-case words of letters and digits joined by `-`, segments joined by `/`. */
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** Whether `value` is a valid slug: the pattern, at most `slugMax` characters and `slugSegmentsMax` segments. */
export function isArticleSlug(value: string): boolean {
  return (
    value.length <= articleLimits.slugMax &&
    ARTICLE_SLUG_PATTERN.test(value) &&
    value.split('/').length <= articleLimits.slugSegmentsMax
  );
}

/**
 * The slug of a title, for the editor: accents removed (`é` → `e`, `œ` → `oe`), lower case, every
 * other run of characters a `-`, at most `slugMax` characters cut at a word. '' when nothing is left.
 */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > articleLimits.slugMax) break;
    slug = next;
  }
  return slug || (words[0]?.slice(0, articleLimits.slugMax) ?? '');
}

/** A slug field: trimmed, lower-cased, then the slug rule (rule `regex`). */
export const articleSlugField = () =>
  textField()
    .trim()
    .toLowerCase()
    .max(articleLimits.slugMax)
    .refine(isArticleSlug, { message: 'Invalid slug', params: { rule: 'regex' } })
    .meta({ example: 'prospection/appel-a-froid' });

/** A tag: 2–30 characters, lower case, its leading `#` dropped. */
export const articleTagField = () =>
  textField()
    .trim()
    .max(articleLimits.tagMax * 2)
    .transform((tag) => tag.replace(/^#+/, '').trim().toLowerCase())
    .pipe(textField().min(articleLimits.tagMin).max(articleLimits.tagMax));

const articleFields = {
  title: textField().trim().min(articleLimits.titleMin).max(articleLimits.titleMax),
  slug: articleSlugField(),
  /** The meta description: what search engines and link previews show. */
  description: textField().trim().min(articleLimits.descriptionMin).max(articleLimits.descriptionMax),
  /** Markdown (GitHub flavoured: tables, task lists, code); raw HTML is not rendered. */
  body: textField().min(1).max(articleLimits.bodyMax),
  category: z.enum(articleCategories),
  tags: distinctItems(z.array(articleTagField()).max(articleLimits.tagsMax)),
  status: z.enum(articleStatuses),
  /**
   * When the article goes (or went) live. Required and in the future for `scheduled`; in the past
   * or absent (now) for `published`; kept as the planned date for a `draft`.
   */
  publishedAt: utcDateTime().nullable(),
};

/**
 * `POST /admin/articles`. The slug defaults to `slugify(title)`; the category must be one of the
 * kind's (reason ARTICLE_CATEGORY_MISMATCH).
 */
export const articleCreateSchema = z.object({
  kind: z.enum(articleKinds),
  ...articleFields,
  slug: articleFields.slug.optional(),
  tags: articleFields.tags.default([]),
  status: articleFields.status.default('draft'),
  publishedAt: articleFields.publishedAt.optional(),
});
export type ArticleCreateInput = z.infer<typeof articleCreateSchema>;

/** `PUT /admin/articles/{id}`: any field but the kind. A new slug keeps the old one answering 301. */
export const articleUpdateSchema = z.object(articleFields).partial();
export type ArticleUpdateInput = z.infer<typeof articleUpdateSchema>;

/** `GET /admin/articles?kind=&status=&query=&page=&perPage=` (newest change first). */
export const articleAdminListQuerySchema = z.object({
  kind: z.enum(articleKinds).optional(),
  /** The status the answer shows: a scheduled article whose time passed is `published`. */
  status: z.enum(articleStatuses).optional(),
  query: searchText().optional(),
  page: pageParam().default(1),
  perPage: perPageParam(100).default(20),
});
export type ArticleAdminListQuery = z.infer<typeof articleAdminListQuerySchema>;

/** `GET /articles?kind=&category=&tag=&query=&page=&perPage=`: published only, newest first. */
export const articleListQuerySchema = z.object({
  kind: z.enum(articleKinds).optional(),
  category: z.enum(articleCategories).optional(),
  tag: articleTagField().optional(),
  query: searchText().optional(),
  page: pageParam().default(1),
  perPage: perPageParam(50).default(12),
});
export type ArticleListQuery = z.infer<typeof articleListQuerySchema>;

/** The preview token's query parameter and cookie (spec §2: either activates the preview mode). */
export const ARTICLE_PREVIEW_PARAM = 'preview';
export const ARTICLE_PREVIEW_COOKIE = 'closia_preview';
/** The query parameter that asks for the staging address (`PREVIEW_STAGING_URL`). */
export const ARTICLE_STAGING_PARAM = 'staging';

const previewTokenField = () => textField().trim().max(articleLimits.previewTokenMax);

/** `GET /articles/{kind}/{slug…}?preview=`: the token, when not in the cookie. */
export const articleReadQuerySchema = z.object({
  preview: previewTokenField().optional(),
});
export type ArticleReadQuery = z.infer<typeof articleReadQuerySchema>;

/** `GET /articles/preview?preview=&staging=`: is the preview mode on, and where. */
export const articlePreviewQuerySchema = z.object({
  preview: previewTokenField().optional(),
  staging: queryFlag().optional(),
});
export type ArticlePreviewQuery = z.infer<typeof articlePreviewQuerySchema>;

/** `POST /admin/articles/render`: the editor's live preview. */
export const articleRenderSchema = z.object({
  body: textField().max(articleLimits.bodyMax),
});
export type ArticleRenderInput = z.infer<typeof articleRenderSchema>;
