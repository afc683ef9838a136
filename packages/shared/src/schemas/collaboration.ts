/**
 * Request schemas of the collaboration endpoints (issue 9): the realtime channel, direct messages,
 * teams (members, invitations, chats, events) and notifications. Query-string numbers may come as
 * text.
 */
import { z } from 'zod';
import { notificationCategories } from '../enums';
import {
  distinctItems,
  emailField,
  idField,
  idParam,
  limits,
  textField,
  trimmedString,
  urlField,
  utcDateTime,
} from './fields';
import { pageParam as page, perPageParam as perPage, queryFlag } from './query';

/* ----------------------------------------------------------------------------------- realtime */

/** The Transmit client's id of its event stream (a UUID in browsers). */
export const realtimeUid = () =>
  textField()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/);

/** `POST /__transmit/subscribe` and `/unsubscribe` (the Transmit protocol). */
export const realtimeSubscriptionSchema = z.object({
  uid: realtimeUid(),
  channel: textField().min(1).max(255),
});
export type RealtimeSubscriptionInput = z.infer<typeof realtimeSubscriptionSchema>;

/** `GET /__transmit/events?uid=`. */
export const realtimeStreamQuerySchema = z.object({ uid: realtimeUid() });

/* ---------------------------------------------------------------------------------- messages */

export const MESSAGE_MAX_LENGTH = 5000;

/** A message's text: 1 to 5,000 characters once trimmed. */
export const messageBody = () => trimmedString(1, MESSAGE_MAX_LENGTH);

/** `POST /conversations/{id}/messages` and `/teams/{id}/chats/{chatId}/messages` (JSON). */
export const messageCreateSchema = z.object({ body: messageBody() });
export type MessageCreateInput = z.infer<typeof messageCreateSchema>;

/** `POST /conversations`: the one-to-one conversation with this user (found or created). */
export const conversationCreateSchema = z.object({ userId: idField() });
export type ConversationCreateInput = z.infer<typeof conversationCreateSchema>;

/**
 * A page of messages, newest first: `cursor` is the id of the oldest message already shown (the
 * answer's `meta.nextCursor`); without it, the newest messages.
 */
export const messageListQuerySchema = z.object({
  cursor: idParam().optional(),
  perPage: perPage(100).default(30),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const conversationListQuerySchema = z.object({
  query: textField().trim().max(limits.searchQueryMaxLength).optional(),
  page: page().default(1),
  perPage: perPage().default(20),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

/* ------------------------------------------------------------------------------------- teams */

const teamFields = {
  name: trimmedString(2, 100),
  description: textField().trim().max(limits.descriptionMaxLength).nullable().optional(),
  avatar: urlField(limits.linkMaxLength).nullable().optional(),
};

/** `POST /teams`: the caller becomes its creator. */
export const teamCreateSchema = z.object(teamFields);
export type TeamCreateInput = z.infer<typeof teamCreateSchema>;

/** `PUT /teams/{id}`: any field; null clears the description or the avatar. */
export const teamUpdateSchema = z.object(teamFields).partial();
export type TeamUpdateInput = z.infer<typeof teamUpdateSchema>;

export const teamListQuerySchema = z.object({
  query: textField().trim().max(limits.searchQueryMaxLength).optional(),
  page: page().default(1),
  perPage: perPage().default(20),
});
export type TeamListQuery = z.infer<typeof teamListQuerySchema>;

/** `POST /teams/{id}/invitations`: a user of Closia, or anyone by e-mail (exactly one of the two). */
export const teamInvitationCreateSchema = z
  .object({ userId: idField().optional(), email: emailField().optional() })
  .refine((value) => value.userId !== undefined || value.email !== undefined, {
    message: 'The userId field must be defined',
    path: ['userId'],
    params: { rule: 'required' },
  })
  .refine((value) => value.userId === undefined || value.email === undefined, {
    message: 'The email field is not allowed',
    path: ['email'],
    params: { rule: 'notAllowed' },
  });
export type TeamInvitationCreateInput = z.infer<typeof teamInvitationCreateSchema>;

/** The roles one may give with `PUT /teams/{id}/members/{userId}` (the creator role is transferred). */
export const assignableTeamRoles = ['admin', 'member'] as const;
export type AssignableTeamRole = (typeof assignableTeamRoles)[number];
export const teamMemberUpdateSchema = z.object({ role: z.enum(assignableTeamRoles) });
export type TeamMemberUpdateInput = z.infer<typeof teamMemberUpdateSchema>;

/** `POST /teams/{id}/transfer`: the member who becomes the creator (the former one becomes admin). */
export const teamTransferSchema = z.object({ userId: idField() });
export type TeamTransferInput = z.infer<typeof teamTransferSchema>;

/** `POST /teams/{id}/chats` and `PUT …/{chatId}`. */
export const teamChatSchema = z.object({ name: trimmedString(2, 50) });
export type TeamChatInput = z.infer<typeof teamChatSchema>;

const eventFields = {
  name: trimmedString(2, 100),
  description: textField().trim().max(limits.descriptionMaxLength).nullable().optional(),
  startTime: utcDateTime(),
  endTime: utcDateTime(),
  location: textField().trim().max(limits.shortTextMaxLength).nullable().optional(),
  link: urlField(limits.linkMaxLength).nullable().optional(),
};

const endsAfterStart = {
  message: 'The endTime field must be a date after startTime',
  path: ['endTime'],
  params: { rule: 'after', otherField: 'startTime' },
};

/** A team event (spec §3 fields); it ends after it starts. */
export const teamEventCreateSchema = z
  .object(eventFields)
  .refine((value) => !value.startTime || !value.endTime || value.endTime > value.startTime, endsAfterStart);
export type TeamEventCreateInput = z.infer<typeof teamEventCreateSchema>;

/** Any field of an event; the end is checked against the start once merged with the stored event. */
export const teamEventUpdateSchema = z
  .object(eventFields)
  .partial()
  .refine((value) => !value.startTime || !value.endTime || value.endTime > value.startTime, endsAfterStart);
export type TeamEventUpdateInput = z.infer<typeof teamEventUpdateSchema>;

/** `GET /teams/{id}/events?from=&to=`: events that overlap the period (default: all upcoming). */
export const teamEventListQuerySchema = z.object({
  from: utcDateTime().optional(),
  to: utcDateTime().optional(),
});
export type TeamEventListQuery = z.infer<typeof teamEventListQuerySchema>;

/* ----------------------------------------------------------------------------- notifications */

export const notificationListQuerySchema = z.object({
  unread: queryFlag().optional(),
  page: page().default(1),
  perPage: perPage(50).default(20),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** `POST /notifications/read`: these notifications, or every one when `ids` is absent. */
export const notificationReadSchema = z.object({
  ids: distinctItems(z.array(idField()).min(1).max(100)).optional(),
});
export type NotificationReadInput = z.infer<typeof notificationReadSchema>;

/** `PUT /notifications/preferences`: which categories also go by e-mail (the ones sent change). */
export const notificationPreferencesSchema = z.object({
  email: z.partialRecord(z.enum(notificationCategories), z.boolean()),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;
