/** What the road map endpoints answer (issue 22 §2). Instants ISO 8601 UTC. */
import { z } from 'zod';
import { textField } from '../schemas/fields';
import { roadmapCategories, roadmapStatuses } from '../schemas/roadmap';
import { personRefResponse } from './common';

/** An idea as the public road map shows it. */
export const roadmapItemResponse = z.object({
  id: z.number(),
  title: textField(),
  /** Plain text; line breaks kept. */
  description: textField(),
  status: z.enum(roadmapStatuses),
  category: z.enum(roadmapCategories),
  voteCount: z.number(),
  /** False for a visitor who is not signed in. */
  votedByMe: z.boolean(),
  /** When it went to "Livré" (null before). */
  shippedAt: textField().nullable(),
  createdAt: textField(),
  updatedAt: textField(),
});
export type RoadmapItem = z.infer<typeof roadmapItemResponse>;

/** An idea as the administration sees it: who suggested it, and why it was declined. */
export const adminRoadmapItemResponse = roadmapItemResponse.extend({
  declinedReason: textField().nullable(),
  /** The member who suggested it (null: an idea of the team, or a deleted account). */
  suggestedBy: personRefResponse.nullable(),
});
export type AdminRoadmapItem = z.infer<typeof adminRoadmapItemResponse>;

/** `PUT`/`DELETE /roadmap/{id}/vote`. */
export const roadmapVoteResponse = z.object({ voted: z.boolean(), voteCount: z.number() });
export type RoadmapVote = z.infer<typeof roadmapVoteResponse>;
