/** What the FAQ and support ticket endpoints answer (issue 22 §3). Instants ISO 8601 UTC. */
import { z } from 'zod';
import { textField } from '../schemas/fields';
import { supportCategories, supportTicketStatuses } from '../schemas/support';
import { paginated, personRefResponse } from './common';

export const faqEntryResponse = z.object({
  id: z.number(),
  question: textField(),
  /** Plain text; line breaks are paragraphs. */
  answer: textField(),
  category: z.enum(supportCategories),
  position: z.number(),
  createdAt: textField(),
  updatedAt: textField(),
});
export type FaqEntry = z.infer<typeof faqEntryResponse>;

/** A ticket in a list: no thread. */
export const supportTicketSummaryResponse = z.object({
  id: z.number(),
  /** What the requester quotes (`S-000042`). */
  reference: textField(),
  subject: textField(),
  category: z.enum(supportCategories),
  status: z.enum(supportTicketStatuses),
  /** Where the answers are e-mailed. */
  email: textField(),
  name: textField().nullable(),
  /** The requester's account (null: a visitor, or a deleted account's e-mail). */
  requester: personRefResponse.nullable(),
  assignee: personRefResponse.nullable(),
  messageCount: z.number(),
  /** Who wrote last: the team (`true`) or the requester. */
  lastMessageFromStaff: z.boolean(),
  lastMessageAt: textField(),
  createdAt: textField(),
  updatedAt: textField(),
});
export type SupportTicketSummary = z.infer<typeof supportTicketSummaryResponse>;

export const supportMessageResponse = z.object({
  id: z.number(),
  body: textField(),
  /** Written by the support team (an admin). */
  fromStaff: z.boolean(),
  /** How the author is shown: the requester's name, or the admin's first name and « Support Closia ». */
  authorName: textField(),
  /** Written by the caller. */
  mine: z.boolean(),
  createdAt: textField(),
});
export type SupportMessage = z.infer<typeof supportMessageResponse>;

/** A ticket with its whole thread, oldest message first. */
export const supportTicketResponse = supportTicketSummaryResponse.extend({
  messages: z.array(supportMessageResponse),
  /** The thread takes another message (it holds at most `supportLimits.messagesPerTicketMax`). */
  canReply: z.boolean(),
});
export type SupportTicket = z.infer<typeof supportTicketResponse>;

/** `POST /support/tickets`: what the visitor is told (the reference to quote). */
export const supportTicketCreatedResponse = z.object({
  id: z.number(),
  reference: textField(),
  status: z.enum(supportTicketStatuses),
  email: textField(),
  /** The requester can follow the thread in « Mes demandes » (signed in). */
  followable: z.boolean(),
  createdAt: textField(),
});
export type SupportTicketCreated = z.infer<typeof supportTicketCreatedResponse>;

/** How many tickets each status holds (the inbox's tabs), whatever the other filters. */
export const supportTicketCountsResponse = z.object({
  open: z.number(),
  pending: z.number(),
  closed: z.number(),
});
export type SupportTicketCounts = z.infer<typeof supportTicketCountsResponse>;

/** `GET /admin/support/tickets`: a page of the inbox and the counts of its tabs. */
export const adminSupportTicketPageResponse = paginated(supportTicketSummaryResponse).extend({
  counts: supportTicketCountsResponse,
});
export type AdminSupportTicketPage = z.infer<typeof adminSupportTicketPageResponse>;
