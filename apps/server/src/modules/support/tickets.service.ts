/**
 * Support tickets (issue 22 §3). Anyone opens one from `/support` — a visitor with their e-mail,
 * a signed-in user with their account's — and the admins answer in `/admin/support`.
 *
 * Statuses (`supportTicketStatuses`): `open` waits for the team, `pending` for the requester,
 * `closed` is settled. The team's reply makes a ticket `pending`; the requester's reply makes it
 * `open` again, a closed one included (decided: a requester who writes again is never left
 * unread in a closed ticket — as Zendesk reopens a solved one); admins close and reopen by hand.
 *
 * Who reads a ticket: its requester (`isRequester`) and the admins; anyone else gets a 404, so
 * that ids cannot be probed. A thread holds at most `supportLimits.messagesPerTicketMax` messages.
 */
import {
  type AdminSupportTicketListQuery,
  type AdminSupportTicketPage,
  type AdminSupportTicketUpdateInput,
  type Paginated,
  type PersonRef,
  type SupportMessageInput,
  type SupportTicket,
  type SupportTicketCounts,
  type SupportTicketCreated,
  type SupportTicketInput,
  type SupportTicketListQuery,
  type SupportTicketSummary,
  supportLimits,
  supportTicketIdOf,
  supportTicketReference,
  supportTicketStatuses,
} from '@closia/shared';
import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  type SupportTicketRow,
  supportTicketMessages,
  supportTickets,
  type UserRow,
  users,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { now } from '../../lib/clock';
import { conflict, fieldError, fieldIssue, notFound, refusal } from '../../lib/errors';
import { wordsMatch } from '../../lib/name-search';
import { offsetOf, type PaginationQuery, paginationMeta } from '../../lib/pagination';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { mailSupportTeam, tellAssigneeOfReply, tellRequesterOfReply } from './ticket-mail';
import {
  canRead,
  isRequester,
  type MessageRow,
  presentTicket,
  presentTicketSummary,
  type SupportCaller,
  type TicketRow,
} from './tickets.presenter';

const requester = alias(users, 'requester');
const assignee = alias(users, 'assignee');
const author = alias(users, 'author');

function selectTickets(db: DbOrTx) {
  return db
    .select({
      ticket: supportTickets,
      requester: { id: requester.id, firstName: requester.firstName, lastName: requester.lastName },
      assignee: { id: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName },
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(supportTickets)
    .leftJoin(requester, eq(requester.id, supportTickets.userId))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assigneeId));
}

async function messagesOf(db: DbOrTx, ticketId: number): Promise<MessageRow[]> {
  return db
    .select({
      message: supportTicketMessages,
      author: { id: author.id, firstName: author.firstName, lastName: author.lastName },
    })
    .from(supportTicketMessages)
    .leftJoin(author, eq(author.id, supportTicketMessages.authorId))
    .where(eq(supportTicketMessages.ticketId, ticketId))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
}

/** The ticket with its thread as the caller sees it; 404 when there is none or it is not theirs. */
export async function getTicket(db: DbOrTx, caller: SupportCaller, id: number): Promise<SupportTicket> {
  const [row] = await selectTickets(db).where(eq(supportTickets.id, id));
  if (!row || !canRead(caller, row.ticket)) throw notFound('Ticket');
  return presentTicket(row as TicketRow, await messagesOf(db, id), caller);
}

/** The row, locked for the write that follows; 404 when the caller may not read it. */
async function lockTicket(tx: DbOrTx, caller: SupportCaller, id: number): Promise<SupportTicketRow> {
  const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
  if (!row || !canRead(caller, row)) throw notFound('Ticket');
  return row;
}

/**
 * `POST /support/tickets`: the ticket and its first message; the support address is e-mailed.
 * A signed-in user's e-mail and name are their account's; a visitor must give an e-mail.
 */
export async function createTicket(
  db: Db,
  work: UnitOfWork,
  user: UserRow | null,
  input: SupportTicketInput,
  supportEmail: string,
): Promise<SupportTicketCreated> {
  const email = user?.email ?? input.email;
  if (!email) throw fieldError('email', 'required');
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : (input.name ?? null);
  const at = now();
  const ticket = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({
        userId: user?.id ?? null,
        email,
        name,
        subject: input.subject,
        category: input.category,
        status: 'open',
        messageCount: 1,
        lastMessageFromStaff: false,
        lastMessageAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await tx
      .insert(supportTicketMessages)
      .values({ ticketId: row!.id, authorId: user?.id ?? null, body: input.message, createdAt: at });
    await mailSupportTeam(tx, work, supportEmail, row!, input.message);
    return row!;
  });
  return {
    id: ticket.id,
    reference: supportTicketReference(ticket.id),
    status: 'open',
    email: ticket.email,
    followable: user !== null,
    createdAt: ticket.createdAt.toISOString(),
  };
}

/** The tickets a caller requested (see `isRequester`). */
const requestedBy = (caller: SupportCaller): SQL =>
  caller.emailVerified
    ? or(
        eq(supportTickets.userId, caller.id),
        and(isNull(supportTickets.userId), eq(supportTickets.email, caller.email)),
      )!
    : eq(supportTickets.userId, caller.id);

/** `GET /support/tickets`: mine, the latest activity first. */
export async function listMyTickets(
  db: DbOrTx,
  caller: SupportCaller,
  query: SupportTicketListQuery,
): Promise<Paginated<SupportTicketSummary>> {
  // As the requester, even an admin: their own tickets, without the team's fields.
  const self = { ...caller, admin: false };
  const rows = await selectTickets(db)
    .where(requestedBy(caller))
    .orderBy(desc(supportTickets.lastMessageAt), desc(supportTickets.id))
    .limit(query.perPage)
    .offset(offsetOf(query));
  return {
    data: rows.map((row) => presentTicketSummary(row as TicketRow, self)),
    meta: paginationMeta(rows[0]?.total ?? 0, query),
  };
}

/**
 * `POST /support/tickets/{id}/messages`: a reply by the requester or an admin (see the top for
 * the statuses); the other side is told (ticket-mail.ts). 409 `SUPPORT_THREAD_FULL` past the limit.
 */
export async function addMessage(
  db: Db,
  work: UnitOfWork,
  caller: SupportCaller,
  id: number,
  input: SupportMessageInput,
): Promise<SupportTicket> {
  await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, caller, id);
    if (ticket.messageCount >= supportLimits.messagesPerTicketMax)
      throw conflict('This ticket holds too many messages', 'SUPPORT_THREAD_FULL');
    const fromStaff = caller.admin && !isRequester(caller, ticket);
    const at = now();
    await tx
      .insert(supportTicketMessages)
      .values({ ticketId: id, authorId: caller.id, fromStaff, body: input.body, createdAt: at });
    const [updated] = await tx
      .update(supportTickets)
      .set({
        status: fromStaff ? 'pending' : 'open',
        messageCount: sql`${supportTickets.messageCount} + 1`,
        lastMessageFromStaff: fromStaff,
        lastMessageAt: at,
      })
      .where(eq(supportTickets.id, id))
      .returning();
    if (fromStaff) await tellRequesterOfReply(tx, work, updated!, caller.id, input.body);
    else await tellAssigneeOfReply(tx, work, updated!, caller.id, input.body);
  });
  return getTicket(db, caller, id);
}

/** The inbox's filters but the status: whose tickets, and the words searched. */
function inboxFilters(caller: SupportCaller, query: AdminSupportTicketListQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.assignee === 'me') filters.push(eq(supportTickets.assigneeId, caller.id));
  else if (query.assignee === 'none') filters.push(isNull(supportTickets.assigneeId));
  else if (typeof query.assignee === 'number') filters.push(eq(supportTickets.assigneeId, query.assignee));
  if (query.query) {
    const id = supportTicketIdOf(query.query);
    const words = wordsMatch(
      [supportTickets.subject, supportTickets.email, supportTickets.name],
      query.query,
    );
    filters.push(id === null ? words! : or(eq(supportTickets.id, id), words)!);
  }
  return filters;
}

/** `GET /admin/support/tickets`: a page of one status, and the counts of every status. */
export async function listAdminTickets(
  db: DbOrTx,
  caller: SupportCaller,
  query: AdminSupportTicketListQuery,
): Promise<AdminSupportTicketPage> {
  const filters = inboxFilters(caller, query);
  // Waiting ones oldest first (a queue), closed ones latest first.
  const order =
    query.status === 'closed'
      ? [desc(supportTickets.lastMessageAt), desc(supportTickets.id)]
      : [asc(supportTickets.lastMessageAt), asc(supportTickets.id)];
  const [rows, byStatus] = await Promise.all([
    selectTickets(db)
      .where(and(eq(supportTickets.status, query.status), ...filters))
      .orderBy(...order)
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db
      .select({ status: supportTickets.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(supportTickets)
      .where(and(...filters))
      .groupBy(supportTickets.status),
  ]);
  const counts = Object.fromEntries(
    supportTicketStatuses.map((status) => [status, 0]),
  ) as SupportTicketCounts;
  for (const { status, n } of byStatus) if (status in counts) counts[status as keyof SupportTicketCounts] = n;
  return {
    data: rows.map((row) => presentTicketSummary(row as TicketRow, caller)),
    meta: paginationMeta(rows[0]?.total ?? 0, query),
    counts,
  };
}

/** `PUT /admin/support/tickets/{id}`: status and assignee (an admin, or null). */
export async function updateTicket(
  db: Db,
  caller: SupportCaller,
  id: number,
  input: AdminSupportTicketUpdateInput,
  ip: string | null,
): Promise<SupportTicket> {
  await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, caller, id);
    const values: Partial<typeof supportTickets.$inferInsert> = {};
    if (input.status !== undefined) values.status = input.status;
    if (input.assigneeId !== undefined) {
      if (input.assigneeId !== null) {
        const [admin] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, input.assigneeId), eq(users.admin, true)));
        if (!admin)
          throw refusal('SUPPORT_ASSIGNEE_NOT_ADMIN', [
            fieldIssue('assigneeId', 'exists', 'The selected assigneeId is invalid'),
          ]);
      }
      values.assigneeId = input.assigneeId;
    }
    await tx.update(supportTickets).set(values).where(eq(supportTickets.id, id));
    await audit(tx, {
      actorId: caller.id,
      action: 'support.ticket.update',
      target: { kind: 'support_ticket', id },
      before: { status: ticket.status, assigneeId: ticket.assigneeId },
      after: values,
      ip,
    });
  });
  return getTicket(db, caller, id);
}

/** `GET /admin/support/assignees`: the admins, by name. */
export async function listAssignees(db: DbOrTx, query: PaginationQuery): Promise<Paginated<PersonRef>> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .where(and(eq(users.admin, true), isNull(users.suspendedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(query.perPage)
    .offset(offsetOf(query));
  return {
    data: rows.map((row) => ({ id: row.id, fullName: `${row.firstName} ${row.lastName}`.trim() })),
    meta: paginationMeta(rows[0]?.total ?? 0, query),
  };
}

/**
 * The RGPD export of a user's tickets (their account's, and those opened with their e-mail), each
 * with its thread; who in the team wrote is not theirs to export, only that the team did.
 */
export async function exportTicketsOf(db: DbOrTx, user: Pick<UserRow, 'id' | 'email'>) {
  const mine = or(eq(supportTickets.userId, user.id), eq(supportTickets.email, user.email));
  const [tickets, messages] = await Promise.all([
    db.select().from(supportTickets).where(mine).orderBy(asc(supportTickets.id)),
    db
      .select({
        ticketId: supportTicketMessages.ticketId,
        fromStaff: supportTicketMessages.fromStaff,
        body: supportTicketMessages.body,
        createdAt: supportTicketMessages.createdAt,
      })
      .from(supportTicketMessages)
      .innerJoin(supportTickets, eq(supportTickets.id, supportTicketMessages.ticketId))
      .where(mine)
      .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id)),
  ]);
  return tickets.map(({ assigneeId: _assigneeId, ...ticket }) => ({
    ...ticket,
    reference: supportTicketReference(ticket.id),
    messages: messages
      .filter((message) => message.ticketId === ticket.id)
      .map(({ ticketId: _ticketId, ...message }) => message),
  }));
}

/** With the account (RGPD): the tickets a visitor opened with its e-mail go too (the account's own cascade). */
export async function deleteVisitorTicketsOf(db: DbOrTx, email: string): Promise<void> {
  await db.delete(supportTickets).where(and(isNull(supportTickets.userId), eq(supportTickets.email, email)));
}
