/**
 * Support (issue 22 §3): the FAQ that admins keep and the tickets of the contact form, with
 * their threads. Texts are plain text with line breaks (no Markdown, no HTML: shown as text).
 */
import { z } from 'zod';
import { toOptions } from '../enums';
import { emailField, idField, MAX_INT, textField } from './fields';
import { pageParam, perPageParam, queryInt, searchText } from './query';

/**
 * A support ticket (issue 22 §3), as the help desks name it: `open` waits for the support team (a
 * new ticket, or the requester wrote again), `pending` waits for the requester (the team answered),
 * `closed` is settled (a new message from the requester opens it again). These labels are the
 * team's; the requester reads `supportTicketRequesterLabels`.
 */
export const supportTicketStatuses = ['open', 'pending', 'closed'] as const;
export type SupportTicketStatus = (typeof supportTicketStatuses)[number];
export const supportTicketStatusLabels: Record<SupportTicketStatus, string> = {
  open: 'À traiter',
  pending: 'En attente du demandeur',
  closed: 'Fermé',
};
export const supportTicketStatusOptions = toOptions(supportTicketStatuses, supportTicketStatusLabels);
/** The same statuses as the requester reads them in « Mes demandes ». */
export const supportTicketRequesterLabels: Record<SupportTicketStatus, string> = {
  open: 'En cours de traitement',
  pending: 'Répondu',
  closed: 'Fermé',
};

/** What a FAQ entry or a ticket is about: one list for both, so that the form can suggest the FAQ's answers. */
export const supportCategories = [
  'account',
  'billing',
  'marketplace',
  'crm',
  'webinars',
  'technical',
  'other',
] as const;
export type SupportCategory = (typeof supportCategories)[number];
export const supportCategoryLabels: Record<SupportCategory, string> = {
  account: 'Compte et connexion',
  billing: 'Abonnement et paiement',
  marketplace: 'Marketplace : offres et missions',
  crm: 'CRM et ventes',
  webinars: 'Webinaires et communauté',
  technical: 'Problème technique',
  other: 'Autre question',
};
export const supportCategoryOptions = toOptions(supportCategories, supportCategoryLabels);

export const supportLimits = {
  questionMin: 10,
  questionMax: 200,
  answerMin: 20,
  answerMax: 3000,
  /** Where an entry stands in its category (smaller first). */
  positionMax: 10_000,
  subjectMin: 5,
  subjectMax: 150,
  /** The first message of a ticket says enough to be answered. */
  firstMessageMin: 20,
  /** A reply may be short ("Merci, c’est réglé"). */
  replyMin: 1,
  messageMax: 5000,
  nameMin: 2,
  nameMax: 100,
  /** A thread is answered whole: past this, the requester opens a new ticket. */
  messagesPerTicketMax: 100,
  /** Anonymous tickets per address and hour (signed-in users: `ticketsPerUserPerHour`). */
  anonymousTicketsPerHour: 5,
  ticketsPerUserPerHour: 10,
} as const;

/** The reference a requester is given and quotes: `S-000042`. */
export function supportTicketReference(id: number): string {
  return `S-${String(id).padStart(6, '0')}`;
}

/** A reference typed in a search box (`S-000042`, `s42`, `#42`) → the ticket's id, or null. */
export function supportTicketIdOf(reference: string): number | null {
  const match = /^\s*(?:s-?|#)?0*(\d{1,10})\s*$/i.exec(reference);
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= MAX_INT ? id : null;
}

const faqFields = {
  question: textField().trim().min(supportLimits.questionMin).max(supportLimits.questionMax),
  answer: textField().trim().min(supportLimits.answerMin).max(supportLimits.answerMax),
  category: z.enum(supportCategories),
  position: z.number().min(0).max(supportLimits.positionMax).int(),
};

/** `POST /admin/faq`: a new entry, last of its category unless a position is given. */
export const faqEntrySchema = z.object({ ...faqFields, position: faqFields.position.optional() });
export type FaqEntryInput = z.infer<typeof faqEntrySchema>;

/** `PUT /admin/faq/{id}`: any field. */
export const faqEntryUpdateSchema = z.object(faqFields).partial();
export type FaqEntryUpdateInput = z.infer<typeof faqEntryUpdateSchema>;

/**
 * `GET /faq?query=&category=&page=&perPage=`: by category and position, or — with a query — the
 * entries with every word first, else those with any of them, the most relevant first.
 */
export const faqListQuerySchema = z.object({
  query: searchText().optional(),
  category: z.enum(supportCategories).optional(),
  page: pageParam().default(1),
  perPage: perPageParam(100).default(20),
});
export type FaqListQuery = z.infer<typeof faqListQuerySchema>;

/**
 * `POST /support/tickets`. `email` is required from a visitor (a signed-in user's is their
 * account's, whatever is sent); `name` is how a visitor wants to be greeted.
 */
export const supportTicketSchema = z.object({
  subject: textField().trim().min(supportLimits.subjectMin).max(supportLimits.subjectMax),
  message: textField().trim().min(supportLimits.firstMessageMin).max(supportLimits.messageMax),
  category: z.enum(supportCategories),
  email: emailField().optional(),
  name: textField().trim().min(supportLimits.nameMin).max(supportLimits.nameMax).optional(),
});
export type SupportTicketInput = z.infer<typeof supportTicketSchema>;

/** `POST /support/tickets/{id}/messages`: a reply (the requester's or the team's). */
export const supportMessageSchema = z.object({
  body: textField().trim().min(supportLimits.replyMin).max(supportLimits.messageMax),
});
export type SupportMessageInput = z.infer<typeof supportMessageSchema>;

/** `GET /support/tickets?page=&perPage=`: mine, the latest activity first. */
export const supportTicketListQuerySchema = z.object({
  page: pageParam().default(1),
  perPage: perPageParam(50).default(20),
});
export type SupportTicketListQuery = z.infer<typeof supportTicketListQuerySchema>;

/** Whose tickets the inbox shows: mine, nobody's, or one admin's (their id). */
export const supportAssigneeFilter = z.union([z.enum(['me', 'none']), queryInt(1, MAX_INT)]);
export type SupportAssigneeFilter = z.infer<typeof supportAssigneeFilter>;

/**
 * `GET /admin/support/tickets?status=&assignee=&query=&page=&perPage=`: the inbox — waiting ones
 * oldest first (a queue), closed ones latest first. `query`: words of the subject, the requester's
 * name or e-mail, or the reference.
 */
export const adminSupportTicketListQuerySchema = z.object({
  status: z.enum(supportTicketStatuses).default('open'),
  assignee: supportAssigneeFilter.optional(),
  query: searchText().optional(),
  page: pageParam().default(1),
  perPage: perPageParam(100).default(20),
});
export type AdminSupportTicketListQuery = z.infer<typeof adminSupportTicketListQuerySchema>;

/** `PUT /admin/support/tickets/{id}`: close, reopen, put on hold; assign (null: nobody). */
export const adminSupportTicketUpdateSchema = z
  .object({
    status: z.enum(supportTicketStatuses).optional(),
    assigneeId: idField().nullable().optional(),
  })
  .refine((input) => input.status !== undefined || input.assigneeId !== undefined, {
    message: 'The status field must be defined',
    path: ['status'],
    params: { rule: 'required' },
  });
export type AdminSupportTicketUpdateInput = z.infer<typeof adminSupportTicketUpdateSchema>;

/** `GET /admin/support/assignees`: the admins a ticket may be given to. */
export const supportAssigneeListQuerySchema = z.object({
  page: pageParam().default(1),
  perPage: perPageParam(100).default(100),
});
