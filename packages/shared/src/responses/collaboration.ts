/**
 * What the collaboration API answers (issue 9): conversations and messages, teams with their
 * members, invitations, chats and events, notifications, and the realtime events pushed on each
 * channel.
 */
import { z } from 'zod';
import { notificationCategories, notificationTypes, teamInvitationStatuses, teamMemberRoles } from '../enums';
import { textField } from '../schemas/fields';
import { paginationMetaResponse, participantResponse } from './common';

/** An image sent with a message, served to those who may read the message. */
export const messageAttachmentResponse = z.object({
  url: textField(),
  width: z.number(),
  height: z.number(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentResponse>;

/** A message of a conversation or of a team chat. */
export const messageResponse = z.object({
  id: z.number(),
  conversationId: z.number().nullable(),
  chatId: z.number().nullable(),
  sender: participantResponse.nullable().meta({ description: "Null once the sender's account is deleted." }),
  body: textField(),
  attachment: messageAttachmentResponse.nullable(),
  createdAt: textField(),
});
export type Message = z.infer<typeof messageResponse>;

/** Cursor pages of messages: newest first; `nextCursor` fetches the older ones (null: no more). */
export const messagePageResponse = z.object({
  data: z.array(messageResponse),
  meta: z.object({ perPage: z.number(), nextCursor: z.number().nullable() }),
});
export type MessagePage = z.infer<typeof messagePageResponse>;

/** A one-to-one conversation, as its participant sees it. */
export const conversationResponse = z.object({
  id: z.number(),
  other: participantResponse,
  lastMessage: messageResponse.nullable(),
  lastMessageAt: textField().nullable(),
  unreadCount: z.number().meta({ description: 'Messages of the other participant I have not read.' }),
  otherLastReadAt: textField().nullable().meta({
    description: 'Up to when the other participant has read (my messages sent before are "Vu").',
  }),
  createdAt: textField(),
});
export type Conversation = z.infer<typeof conversationResponse>;

export const teamResponse = z.object({
  id: z.number(),
  name: textField(),
  description: textField().nullable(),
  avatar: textField().nullable(),
  creator: participantResponse.nullable(),
  memberCount: z.number(),
  myRole: z
    .enum(teamMemberRoles)
    .nullable()
    .meta({ description: "The caller's role (null for an admin of Closia looking from /admin/teams)." }),
  defaultChatId: z.number().nullable().meta({ description: 'The default "Général" chat.' }),
  createdAt: textField(),
  updatedAt: textField(),
});
export type Team = z.infer<typeof teamResponse>;

export const teamMemberResponse = z.object({
  user: participantResponse,
  role: z.enum(teamMemberRoles),
  joinedAt: textField(),
});
export type TeamMember = z.infer<typeof teamMemberResponse>;

export const teamInvitationResponse = z.object({
  id: z.number(),
  team: z.object({ id: z.number(), name: textField(), avatar: textField().nullable() }),
  invitee: participantResponse.nullable().meta({
    description: 'The invited user, or null for an e-mail invitation to someone without an account yet.',
  }),
  email: textField().nullable(),
  invitedBy: participantResponse.nullable(),
  status: z.enum(teamInvitationStatuses),
  createdAt: textField(),
  respondedAt: textField().nullable(),
});
export type TeamInvitation = z.infer<typeof teamInvitationResponse>;

/**
 * What the sign-up page shows of the e-mail invitation its link carries
 * (`GET /team-invitations/preview?token=`): the team, who invites (full name), the address invited.
 */
export const teamInvitationPreviewResponse = z.object({
  team: z.object({ name: textField() }),
  invitedBy: textField().nullable(),
  email: textField(),
});
export type TeamInvitationPreview = z.infer<typeof teamInvitationPreviewResponse>;

export const teamChatResponse = z.object({
  id: z.number(),
  teamId: z.number(),
  name: textField(),
  isDefault: z.boolean(),
  lastMessageAt: textField().nullable(),
  createdAt: textField(),
});
export type TeamChat = z.infer<typeof teamChatResponse>;

export const teamEventResponse = z.object({
  id: z.number(),
  teamId: z.number(),
  name: textField(),
  description: textField().nullable(),
  startTime: textField(),
  endTime: textField(),
  location: textField().nullable(),
  link: textField().nullable(),
  createdById: z.number().nullable(),
  createdBy: participantResponse.nullable(),
  createdAt: textField(),
  updatedAt: textField(),
});
export type TeamEvent = z.infer<typeof teamEventResponse>;

const salesCounts = {
  openDeals: z.number().int(),
  wonDeals: z.number().int(),
  lostDeals: z.number().int(),
  revenueCents: z.number().int(),
  commissionCents: z.number().int(),
};

/** `GET /teams/{id}/stats`: a team's shared pipeline and each member's results. Money in integer cents. */
export const teamStatsResponse = z.object({
  pipeline: z.array(
    z.object({
      status: textField(),
      count: z.number().int(),
      amountCents: z.number().int(),
      weightedCents: z.number().int(),
    }),
  ),
  members: z.array(z.object({ user: participantResponse, role: z.enum(teamMemberRoles), ...salesCounts })),
  totals: z.object(salesCounts),
});
export type TeamStats = z.infer<typeof teamStatsResponse>;

export const notificationResponse = z.object({
  id: z.number(),
  type: z.enum(notificationTypes),
  category: z.enum(notificationCategories),
  title: textField().meta({ description: 'French, ready to show: "Marie Dupont vous a envoyé un message".' }),
  body: textField().nullable(),
  link: textField()
    .nullable()
    .meta({ description: 'Where it leads in the app (a path such as /dashboard/messages/12).' }),
  actor: participantResponse.nullable(),
  count: z.number().meta({ description: 'How many events it groups (messages of one conversation).' }),
  readAt: textField().nullable(),
  createdAt: textField(),
});
export type Notification = z.infer<typeof notificationResponse>;

/** `GET /notifications`: a page of notifications and how many are unread in all. */
export const notificationPageResponse = z.object({
  data: z.array(notificationResponse),
  meta: paginationMetaResponse.extend({ unreadCount: z.number() }),
});
export type NotificationPage = z.infer<typeof notificationPageResponse>;

export const notificationPreferencesResponse = z.object({
  email: z.record(z.enum(notificationCategories), z.boolean()),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesResponse>;

/**
 * What the server pushes on each realtime channel (the `payload` of a Transmit message).
 * `users/{id}`: notifications and unread counts; `conversations/{id}` and `teams/{id}/chats/{chatId}`:
 * messages and read receipts; `teams/{id}`: changes to refetch.
 */
export type RealtimeEvent =
  | { type: 'notification'; notification: Notification; unreadCount: number }
  | { type: 'notifications.read'; unreadCount: number }
  | { type: 'unread-messages'; unreadMessageCount: number; conversationId: number | null }
  | { type: 'message.created'; message: Message }
  | { type: 'conversation.read'; conversationId: number; userId: number; lastReadAt: string }
  | {
      type: 'team.changed';
      teamId: number;
      what: 'team' | 'members' | 'invitations' | 'chats' | 'events' | 'deals' | 'deleted';
      dealId?: number;
    };
