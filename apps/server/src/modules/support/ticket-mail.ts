/**
 * What follows a ticket's write (issue 22 §3), recorded on the unit of work in the write's
 * transaction (nothing leaves before the commit):
 * - a new ticket: an e-mail to the support address (`SUPPORT_EMAIL`) — the admins' inbox counts it
 *   too. The requester gets no acknowledgement by e-mail (the page gives the reference): the form
 *   must not be a way to send our e-mails to any address;
 * - the team's reply: the requester with an account is notified in the bell and by e-mail (the
 *   « Support » category of their preferences, on by default); a visitor is e-mailed at the address
 *   they gave, with the reply and how to follow the thread;
 * - the requester's reply: the admin the ticket is assigned to is notified in the bell.
 */
import { type SupportCategory, supportCategoryLabels, supportTicketReference } from '@closia/shared';
import type { DbOrTx } from '../../db/client';
import type { SupportTicketRow } from '../../db/schema';
import type { UnitOfWork } from '../../plugins/unit-of-work';

export const ticketPath = (id: number) => `/support/tickets/${id}`;
export const adminTicketPath = (id: number) => `/admin/support/tickets/${id}`;

/** The first lines of a message, for a notification's body. */
export const excerptOf = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

export async function mailSupportTeam(
  tx: DbOrTx,
  work: UnitOfWork,
  to: string,
  ticket: SupportTicketRow,
  message: string,
): Promise<void> {
  const reference = supportTicketReference(ticket.id);
  const who = ticket.name ? `${ticket.name} <${ticket.email}>` : ticket.email;
  const link = `${work.appUrl}${adminTicketPath(ticket.id)}`;
  await work.mail(tx, {
    to,
    subject: `[${reference}] ${ticket.subject}`,
    text: [
      `Nouvelle demande ${reference} de ${who}${ticket.userId ? '' : ' (visiteur sans compte)'}.`,
      `Catégorie : ${supportCategoryLabels[ticket.category as SupportCategory] ?? ticket.category}`,
      '',
      message,
      '',
      `Répondre depuis l’administration : ${link}`,
    ].join('\n'),
    link,
  });
}

export async function tellRequesterOfReply(
  tx: DbOrTx,
  work: UnitOfWork,
  ticket: SupportTicketRow,
  staffId: number,
  body: string,
): Promise<void> {
  const reference = supportTicketReference(ticket.id);
  const subject = `Réponse à votre demande ${reference} : « ${ticket.subject} »`;
  const greeting = ticket.name ? `Bonjour ${ticket.name},` : 'Bonjour,';
  const intro = `L’équipe support de Closia a répondu à votre demande ${reference} « ${ticket.subject} » :`;
  if (ticket.userId !== null) {
    const link = `${work.appUrl}${ticketPath(ticket.id)}`;
    await work.notify(tx, {
      userId: ticket.userId,
      type: 'support_reply',
      actorId: staffId,
      title: `Réponse du support à votre demande ${reference}`,
      body: excerptOf(body),
      link: ticketPath(ticket.id),
      mail: {
        subject,
        text: `${greeting}\n\n${intro}\n\n${body}\n\nPour répondre ou suivre votre demande : ${link}\n\nL’équipe Closia`,
        link,
      },
    });
    return;
  }
  const link = `${work.appUrl}/support`;
  await work.mail(tx, {
    to: ticket.email,
    subject,
    text: [
      greeting,
      '',
      intro,
      '',
      body,
      '',
      `Pour répondre, connectez-vous à Closia (ou créez votre compte) avec cette adresse e-mail, puis ouvrez « Mes demandes » sur ${link}. Vous pouvez aussi envoyer une nouvelle demande en rappelant la référence ${reference}.`,
      '',
      'L’équipe Closia',
    ].join('\n'),
    link,
  });
}

export async function tellAssigneeOfReply(
  tx: DbOrTx,
  work: UnitOfWork,
  ticket: SupportTicketRow,
  authorId: number,
  body: string,
): Promise<void> {
  if (ticket.assigneeId === null || ticket.assigneeId === authorId) return;
  await work.notify(tx, {
    userId: ticket.assigneeId,
    type: 'support_reply',
    actorId: authorId,
    title: `Nouveau message sur la demande ${supportTicketReference(ticket.id)}`,
    body: excerptOf(body),
    link: adminTicketPath(ticket.id),
  });
}
