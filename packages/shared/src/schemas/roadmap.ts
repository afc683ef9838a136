import { z } from 'zod';
import { type SelectOption, toOptions } from '../enums';
import { textField } from './fields';
import { pageParam, perPageParam, searchText } from './query';

/**
 * The public road map (issue 22 §2): ideas the team plans, builds and ships, the members' votes,
 * and the ideas members suggest (moderated before anyone else sees them). A description is plain
 * text: line breaks are kept and web addresses become links when shown, nothing else is markup.
 */
export const roadmapLimits = {
  titleMin: 5,
  titleMax: 120,
  descriptionMax: 2000,
  /** A member's suggestion says what they need. */
  suggestionDescriptionMin: 10,
  declineReasonMin: 5,
  declineReasonMax: 500,
  /** Suggestions a member may send per hour. */
  suggestionsPerHour: 5,
} as const;

/**
 * `suggested`: a member's idea waiting for moderation (admins only); `planned`, `in_progress` and
 * `done`: the three public columns; `declined`: refused, with a reason (admins only).
 */
export const roadmapStatuses = ['suggested', 'planned', 'in_progress', 'done', 'declined'] as const;
export type RoadmapStatus = (typeof roadmapStatuses)[number];
export const roadmapStatusLabels: Record<RoadmapStatus, string> = {
  suggested: 'Proposée',
  planned: 'Prévu',
  in_progress: 'En cours',
  done: 'Livré',
  declined: 'Refusée',
};
export const roadmapStatusOptions = toOptions(roadmapStatuses, roadmapStatusLabels);

/** What everyone sees: the road map's columns, in order. */
export const roadmapPublicStatuses = ['planned', 'in_progress', 'done'] as const;
export type RoadmapPublicStatus = (typeof roadmapPublicStatuses)[number];
export const isPublicRoadmapStatus = (status: string): status is RoadmapPublicStatus =>
  (roadmapPublicStatuses as readonly string[]).includes(status);

/** The part of Closia an idea is about. */
export const roadmapCategories = [
  'crm',
  'marketplace',
  'messages',
  'teams',
  'webinars',
  'community',
  'billing',
  'integrations',
  'mobile',
  'other',
] as const;
export type RoadmapCategory = (typeof roadmapCategories)[number];
export const roadmapCategoryLabels: Record<RoadmapCategory, string> = {
  crm: 'Ventes et CRM',
  marketplace: 'Marketplace',
  messages: 'Messagerie',
  teams: 'Équipes',
  webinars: 'Webinaires',
  community: 'Communauté',
  billing: 'Abonnement et facturation',
  integrations: 'Intégrations',
  mobile: 'Application mobile',
  other: 'Autre',
};
export const roadmapCategoryOptions: SelectOption<RoadmapCategory>[] = toOptions(
  roadmapCategories,
  roadmapCategoryLabels,
);

const title = () => textField().trim().min(roadmapLimits.titleMin).max(roadmapLimits.titleMax);
const description = () => textField().trim().max(roadmapLimits.descriptionMax);

/** `POST /roadmap/suggestions`: a member's idea, waiting for moderation. */
export const roadmapSuggestionSchema = z.object({
  title: title(),
  description: description().min(roadmapLimits.suggestionDescriptionMin),
});
export type RoadmapSuggestionInput = z.infer<typeof roadmapSuggestionSchema>;

/** The statuses an admin sets directly; a suggestion is accepted or declined by its own routes. */
export const roadmapEditableStatuses = ['planned', 'in_progress', 'done'] as const;
export type RoadmapEditableStatus = (typeof roadmapEditableStatuses)[number];

const itemFields = {
  title: title(),
  description: description(),
  category: z.enum(roadmapCategories),
  status: z.enum(roadmapEditableStatuses),
};

/** `POST /admin/roadmap`: an idea of the team, public at once. */
export const roadmapItemSchema = z.object({
  ...itemFields,
  description: itemFields.description.default(''),
  status: itemFields.status.default('planned'),
});
export type RoadmapItemInput = z.infer<typeof roadmapItemSchema>;

/** `PUT /admin/roadmap/{id}`: any field; `done` ships the idea (its voters are told). */
export const roadmapItemUpdateSchema = z.object(itemFields).partial();
export type RoadmapItemUpdateInput = z.infer<typeof roadmapItemUpdateSchema>;

/** `POST /admin/roadmap/{id}/decline`: why, told to whoever suggested it. */
export const roadmapDeclineSchema = z.object({
  reason: textField().trim().min(roadmapLimits.declineReasonMin).max(roadmapLimits.declineReasonMax),
});
export type RoadmapDeclineInput = z.infer<typeof roadmapDeclineSchema>;

export const roadmapSorts = ['votes', 'recent'] as const;
export type RoadmapSort = (typeof roadmapSorts)[number];
export const roadmapSortLabels: Record<RoadmapSort, string> = {
  votes: 'Les plus votées',
  recent: 'Les plus récentes',
};

/** `GET /roadmap?status=&sort=&page=&perPage=`: the public ideas (all three columns without `status`). */
export const roadmapListQuerySchema = z.object({
  status: z.enum(roadmapPublicStatuses).optional(),
  sort: z.enum(roadmapSorts).default('votes'),
  page: pageParam().default(1),
  perPage: perPageParam(100).default(50),
});
export type RoadmapListQuery = z.infer<typeof roadmapListQuerySchema>;

/** `GET /admin/roadmap?status=&query=&page=&perPage=`: every idea, suggestions included. */
export const adminRoadmapListQuerySchema = z.object({
  status: z.enum(roadmapStatuses).optional(),
  query: searchText().optional(),
  page: pageParam().default(1),
  perPage: perPageParam(100).default(20),
});
export type AdminRoadmapListQuery = z.infer<typeof adminRoadmapListQuerySchema>;
