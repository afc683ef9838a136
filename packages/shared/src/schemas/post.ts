import { z } from 'zod';
import { distinctItems, textField } from './fields';
import { pageParam, perPageParam, searchText } from './query';

/** The community feed (issue 21): limits of a post, its tags and its comments. */
export const postLimits = {
  titleMin: 5,
  titleMax: 150,
  /** The rich text as HTML, before the server's sanitising. */
  bodyMax: 50_000,
  tagsMax: 5,
  tagMin: 2,
  tagMax: 30,
  commentMin: 1,
  commentMax: 2000,
  reportReasonMin: 3,
  reportReasonMax: 500,
  /** Reports a member may send per hour, every attempt counted (a flood of them buries the real ones). */
  reportsPerHour: 20,
} as const;

/** A post is a draft (only its author sees it), published, or archived (kept, out of the feed). */
export const postStatuses = ['draft', 'published', 'archived'] as const;
export type PostStatus = (typeof postStatuses)[number];
export const postStatusLabels: Record<PostStatus, string> = {
  draft: 'Brouillon',
  published: 'Publié',
  archived: 'Archivé',
};

/**
 * A tag: 2–30 characters, kept lower-case and without its leading `#`. The input is bounded
 * too (the OpenAPI document shows the input side: every string has a maximum), loosely enough
 * for `#`s that are then dropped.
 */
export const postTagField = () =>
  textField()
    .trim()
    .max(postLimits.tagMax * 2)
    .transform((tag) => tag.replace(/^#+/, '').toLowerCase())
    .pipe(textField().min(postLimits.tagMin).max(postLimits.tagMax));

const postFields = {
  title: textField().trim().min(postLimits.titleMin).max(postLimits.titleMax),
  /** Rich text (HTML from the editor); the server keeps only what its allow-list permits. */
  body: textField().min(1).max(postLimits.bodyMax),
  tags: distinctItems(z.array(postTagField()).max(postLimits.tagsMax)),
  status: z.enum(postStatuses),
};

/** `POST /posts`. */
export const postSchema = z.object({
  ...postFields,
  tags: postFields.tags.default([]),
  status: postFields.status.default('published'),
});
export type PostInput = z.infer<typeof postSchema>;

/** `PUT /posts/{id}`: any field. */
export const postUpdateSchema = z.object(postFields).partial();
export type PostUpdateInput = z.infer<typeof postUpdateSchema>;

export const postSorts = ['recent', 'popular'] as const;
export type PostSort = (typeof postSorts)[number];

/**
 * The most `GET /posts` counts in its `meta.total`: the whole feed up to `feed`, a feed searched or
 * filtered by tag up to `filtered` (counting every match of a frequent word would read thousands
 * of posts per request). A total at its cap means "at least", and the pages stop there.
 */
export const postTotalCaps = { feed: 10_000, filtered: 1_000 } as const;

/** `GET /posts?query=&tag=&authorId=&sort=&page=&perPage=`. */
export const postListQuerySchema = z.object({
  query: searchText().optional(),
  tag: postTagField().optional(),
  authorId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  sort: z.enum(postSorts).default('recent'),
  page: pageParam().default(1),
  perPage: perPageParam(50).default(10),
});
export type PostListQuery = z.infer<typeof postListQuerySchema>;

/** `POST /posts/{id}/comments`: plain text. */
export const commentSchema = z.object({
  body: textField().trim().min(postLimits.commentMin).max(postLimits.commentMax),
});
export type CommentInput = z.infer<typeof commentSchema>;

/** `GET /posts/{id}/comments?page=&perPage=` (oldest first). */
export const commentListQuerySchema = z.object({
  page: pageParam().default(1),
  perPage: perPageParam(100).default(50),
});

/** `POST /posts/{id}/report`, `POST /comments/{id}/report`. */
export const reportSchema = z.object({
  reason: textField().trim().min(postLimits.reportReasonMin).max(postLimits.reportReasonMax),
});
export type ReportInput = z.infer<typeof reportSchema>;

/** What can be reported; issue 23 adds profiles, missions and messages. */
export const reportKinds = ['post', 'comment'] as const;
export type ReportKind = (typeof reportKinds)[number];
export const reportStatuses = ['open', 'dismissed', 'hidden'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** `GET /admin/reports?status=&kind=&page=&perPage=`. */
export const reportListQuerySchema = z.object({
  status: z.enum(reportStatuses).default('open'),
  kind: z.enum(reportKinds).optional(),
  page: pageParam().default(1),
  perPage: perPageParam(100).default(20),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

/** `POST /admin/reports/{id}/resolve`. */
export const reportResolveSchema = z.object({ action: z.enum(['dismiss', 'hide']) });
export type ReportResolveInput = z.infer<typeof reportResolveSchema>;
