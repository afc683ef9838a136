/** What the community feed endpoints answer (issue 21). Instants ISO 8601 UTC. */
import { z } from 'zod';
import { userTypes } from '../enums';
import { textField } from '../schemas/fields';
import { postStatuses, reportKinds, reportStatuses } from '../schemas/post';
import { personRefResponse } from './common';

export const postAuthorResponse = z.object({
  id: z.number(),
  fullName: textField(),
  profilePicture: textField().nullable(),
  type: z.enum(userTypes),
});
export type PostAuthor = z.infer<typeof postAuthorResponse>;

/** A post in the feed: no body, an excerpt of its text. */
export const postSummaryResponse = z.object({
  id: z.number(),
  title: textField(),
  excerpt: textField(),
  tags: z.array(textField()),
  coverUrl: textField().nullable(),
  status: z.enum(postStatuses),
  author: postAuthorResponse,
  publishedAt: textField().nullable(),
  createdAt: textField(),
  updatedAt: textField(),
  likeCount: z.number(),
  commentCount: z.number(),
  likedByMe: z.boolean(),
  /** Hidden by moderation: only its author and admins still see it. */
  hidden: z.boolean(),
});
export type PostSummary = z.infer<typeof postSummaryResponse>;

/** A whole post: its sanitised HTML body and what the caller may do. */
export const postResponse = postSummaryResponse.extend({
  body: textField(),
  canEdit: z.boolean(),
});
export type Post = z.infer<typeof postResponse>;

export const commentResponse = z.object({
  id: z.number(),
  postId: z.number(),
  body: textField(),
  author: postAuthorResponse,
  createdAt: textField(),
  hidden: z.boolean(),
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentResponse>;

/** `PUT`/`DELETE /posts/{id}/like`. */
export const postLikeResponse = z.object({ liked: z.boolean(), likeCount: z.number() });
export type PostLike = z.infer<typeof postLikeResponse>;

/** A report as the moderation list shows it. */
export const reportResponse = z.object({
  id: z.number(),
  kind: z.enum(reportKinds),
  targetId: z.number(),
  reason: textField(),
  status: z.enum(reportStatuses),
  reporter: personRefResponse.nullable(),
  createdAt: textField(),
  resolvedAt: textField().nullable(),
  resolvedBy: personRefResponse.nullable(),
  /** What was reported, to judge without opening it: a title or the comment's text, its author, where it is. */
  target: z
    .object({
      title: textField(),
      excerpt: textField(),
      author: personRefResponse.nullable(),
      link: textField(),
      hidden: z.boolean(),
    })
    .nullable(),
});
export type Report = z.infer<typeof reportResponse>;
