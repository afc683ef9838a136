/** Ticket rows → answers, and who may read a ticket (issue 22 §3). */
import {
  type PersonRef,
  type SupportCategory,
  type SupportMessage,
  type SupportTicket,
  type SupportTicketStatus,
  type SupportTicketSummary,
  supportLimits,
  supportTicketReference,
} from '@closia/shared';
import type { SupportTicketMessageRow, SupportTicketRow, UserRow } from '../../db/schema';

/** Who is asking, as the support rules need them. */
export interface SupportCaller {
  id: number;
  admin: boolean;
  email: string;
  /** A verified address also owns the tickets a visitor opened with it. */
  emailVerified: boolean;
}

export const supportCallerOf = (user: UserRow): SupportCaller => ({
  id: user.id,
  admin: user.admin,
  email: user.email,
  emailVerified: user.emailVerifiedAt !== null,
});

/**
 * The requester: the account that opened the ticket, or — for a ticket a visitor opened — the
 * account whose verified e-mail it was sent from.
 */
export const isRequester = (caller: SupportCaller, ticket: Pick<SupportTicketRow, 'userId' | 'email'>) =>
  ticket.userId === caller.id ||
  (ticket.userId === null && caller.emailVerified && ticket.email === caller.email);

/** The requester and the admins read a ticket; anyone else gets a 404. */
export const canRead = (caller: SupportCaller, ticket: Pick<SupportTicketRow, 'userId' | 'email'>) =>
  caller.admin || isRequester(caller, ticket);

interface NameRow {
  id: number | null;
  firstName: string | null;
  lastName: string | null;
}

const personOf = (row: NameRow | null): PersonRef | null =>
  row?.id == null ? null : { id: row.id, fullName: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() };

export interface TicketRow {
  ticket: SupportTicketRow;
  requester: NameRow | null;
  assignee: NameRow | null;
}

export function presentTicketSummary(row: TicketRow, caller: SupportCaller): SupportTicketSummary {
  const t = row.ticket;
  return {
    id: t.id,
    reference: supportTicketReference(t.id),
    subject: t.subject,
    category: t.category as SupportCategory,
    status: t.status as SupportTicketStatus,
    email: t.email,
    name: t.name,
    requester: personOf(row.requester),
    // Who handles it is the team's business.
    assignee: caller.admin ? personOf(row.assignee) : null,
    messageCount: t.messageCount,
    lastMessageFromStaff: t.lastMessageFromStaff,
    lastMessageAt: t.lastMessageAt.toISOString(),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export interface MessageRow {
  message: SupportTicketMessageRow;
  author: NameRow | null;
}

/** The team signs with a first name; the requester with the name they gave, else their account's. */
function authorName(row: MessageRow, ticket: TicketRow): string {
  if (row.message.fromStaff) {
    const firstName = row.author?.firstName?.trim();
    return firstName ? `${firstName} · Support Closia` : 'Support Closia';
  }
  return ticket.ticket.name ?? personOf(row.author)?.fullName ?? ticket.ticket.email;
}

export function presentTicket(row: TicketRow, messages: MessageRow[], caller: SupportCaller): SupportTicket {
  const requester = isRequester(caller, row.ticket);
  return {
    ...presentTicketSummary(row, caller),
    messages: messages.map(
      (m): SupportMessage => ({
        id: m.message.id,
        body: m.message.body,
        fromStaff: m.message.fromStaff,
        authorName: authorName(m, row),
        mine:
          m.message.authorId === caller.id ||
          (requester && !m.message.fromStaff && m.message.authorId === null),
        createdAt: m.message.createdAt.toISOString(),
      }),
    ),
    canReply: row.ticket.messageCount < supportLimits.messagesPerTicketMax,
  };
}
