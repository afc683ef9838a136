import {
  type Team,
  type TeamChat,
  type TeamEvent,
  type TeamInvitation,
  type TeamMember,
  type TeamStats,
  teamInvitationStatuses,
  teamMemberRoles,
} from '@closia/shared';
import { z } from 'zod';
import { participantResponse } from '../../lib/participants';

export const teamResponse = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  avatar: z.string().nullable(),
  creator: participantResponse.nullable(),
  memberCount: z.number(),
  myRole: z.enum(teamMemberRoles).nullable(),
  defaultChatId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Team>;

export const teamMemberResponse = z.object({
  user: participantResponse,
  role: z.enum(teamMemberRoles),
  joinedAt: z.string(),
}) satisfies z.ZodType<TeamMember>;

const salesCounts = {
  openDeals: z.number().int(),
  wonDeals: z.number().int(),
  lostDeals: z.number().int(),
  revenueCents: z.number().int(),
  commissionCents: z.number().int(),
};

/** `GET /teams/{id}/stats`: the shared pipeline and each member's sales (cents). */
export const teamStatsResponse = z.object({
  pipeline: z.array(
    z.object({
      status: z.string(),
      count: z.number().int(),
      amountCents: z.number().int(),
      weightedCents: z.number().int(),
    }),
  ),
  members: z.array(z.object({ user: participantResponse, role: z.enum(teamMemberRoles), ...salesCounts })),
  totals: z.object(salesCounts),
}) satisfies z.ZodType<TeamStats>;

export const teamInvitationResponse = z.object({
  id: z.number(),
  team: z.object({ id: z.number(), name: z.string(), avatar: z.string().nullable() }),
  invitee: participantResponse.nullable(),
  email: z.string().nullable(),
  invitedBy: participantResponse.nullable(),
  status: z.enum(teamInvitationStatuses),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
}) satisfies z.ZodType<TeamInvitation>;

export const teamChatResponse = z.object({
  id: z.number(),
  teamId: z.number(),
  name: z.string(),
  isDefault: z.boolean(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<TeamChat>;

export const teamEventResponse = z.object({
  id: z.number(),
  teamId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  location: z.string().nullable(),
  link: z.string().nullable(),
  createdById: z.number().nullable(),
  createdBy: participantResponse.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<TeamEvent>;

/** `{ data: [...] }` for the short lists that need no pages. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
