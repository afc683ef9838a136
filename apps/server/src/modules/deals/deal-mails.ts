/**
 * What the deals module tells people, in French: the e-mail to an infopreneur about a sale of
 * their offer, and the notifications (with their e-mails) of a refund and of a handoff.
 */
import type { Mail } from '../../plugins/mailer';
import type { NotificationInput } from '../../plugins/notifier';
import { fullNameOf, type NameParts } from './deals.presenter';

type Person = Pick<NameParts, 'firstName' | 'lastName'>;
type Recipient = { id: number; firstName: string; email: string };

/** The deal's page in the app (a notification's link). */
export const dealPath = (dealId: number) => `/dashboard/sales/${dealId}`;

const eurosFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const euros = (cents: number) => eurosFormat.format(cents / 100);

/** To the offer's infopreneur: a sale of their offer, and the commission they owe for it. */
export function saleMail(input: {
  appUrl: string;
  dealId: number;
  infopreneur: Recipient;
  serviceName: string;
  owner: Person;
  setter: Person | null;
  amountCents: number;
  lines: readonly { amountCents: number; instalments: number }[];
}): Mail {
  const { infopreneur, serviceName, lines } = input;
  const seller = fullNameOf(input.owner);
  const setter = input.setter ? ` (avec ${fullNameOf(input.setter)} au setting)` : '';
  const link = `${input.appUrl}${dealPath(input.dealId)}`;
  const owed = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const instalments = Math.max(1, ...lines.map((line) => line.instalments));
  const schedule = instalments > 1 ? `, en ${instalments} échéances mensuelles` : '';
  return {
    to: infopreneur.email,
    subject: `Nouvelle vente de « ${serviceName} »`,
    text: `Bonjour ${infopreneur.firstName},\n\n${seller}${setter} a conclu une vente de votre offre « ${serviceName} » pour ${euros(input.amountCents)}.\n\nCommission due à vos commerciaux : ${euros(owed)}${schedule}. Retrouvez ce que vous leur devez dans votre tableau de bord :\n${link}\n\nL'équipe Closia`,
    link,
  };
}

/** To the other side of a refunded sale (its sellers, or the offer's infopreneur). */
export function refundNotice(input: {
  appUrl: string;
  dealId: number;
  dealTitle: string;
  serviceName: string | null;
  person: Omit<Recipient, 'email'>;
  actorId: number;
}): NotificationInput {
  const { dealTitle, person } = input;
  const path = dealPath(input.dealId);
  const link = `${input.appUrl}${path}`;
  const offer = input.serviceName !== null ? ` de l'offre « ${input.serviceName} »` : '';
  return {
    userId: person.id,
    type: 'deal_refunded',
    actorId: input.actorId,
    title: `Vente remboursée : « ${dealTitle} »`,
    body: 'Les commissions non versées sont annulées ; celles déjà versées sont à restituer.',
    link: path,
    mail: {
      subject: `Vente remboursée : « ${dealTitle} »`,
      text: `Bonjour ${person.firstName},\n\nLa vente « ${dealTitle} »${offer} a été remboursée au client. Les commissions non versées sont annulées ; celles déjà versées sont à restituer.\n\n${link}\n\nL'équipe Closia`,
      link,
    },
  };
}

/** To the closer a deal is handed to at R2. */
export function handoffNotice(input: {
  appUrl: string;
  dealId: number;
  dealTitle: string;
  closer: Omit<Recipient, 'email'>;
  owner: Person;
  prospect: Person;
  note: string | undefined;
  actorId: number;
}): NotificationInput {
  const { dealTitle, closer } = input;
  const path = dealPath(input.dealId);
  const link = `${input.appUrl}${path}`;
  const owner = fullNameOf(input.owner);
  const prospect = fullNameOf(input.prospect);
  const note = input.note ? `\n\nSa note :\n${input.note}` : '';
  return {
    userId: closer.id,
    type: 'deal_handoff',
    actorId: input.actorId,
    title: `${owner} vous confie le deal « ${dealTitle} »`,
    body: input.note || `Avec ${prospect}, arrivé à l'étape R2.`,
    link: path,
    mail: {
      subject: `Un deal vous est confié : « ${dealTitle} »`,
      text: `Bonjour ${closer.firstName},\n\n${owner} vous confie le deal « ${dealTitle} » avec ${prospect}, arrivé à l'étape R2. À vous de le conclure !${note}\n\n${link}\n\nL'équipe Closia`,
      link,
    },
  };
}
