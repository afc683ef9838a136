/** What the road map tells its members (bell and e-mail, category `roadmap`), in French. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { UnitOfWork } from '../../plugins/unit-of-work';

/** The road map's page, scrolled to one idea (its card's anchor). */
export const roadmapItemLink = (id: number) => `/road-map#idee-${id}`;

async function firstNameOf(tx: DbOrTx, userId: number) {
  const [row] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return row?.firstName ?? '';
}

/** To a voter: an idea they voted for has shipped. One unread notice per idea, however often it ships. */
export async function notifyShipped(
  tx: DbOrTx,
  work: UnitOfWork,
  userId: number,
  item: { id: number; title: string },
) {
  const link = roadmapItemLink(item.id);
  const body =
    'Une idée pour laquelle vous avez voté est maintenant disponible sur Closia. Merci pour votre vote !';
  await work.notify(tx, {
    userId,
    type: 'roadmap_shipped',
    title: `Livré : « ${item.title} »`,
    body,
    link,
    groupKey: `roadmap-shipped:${item.id}`,
    mail: {
      subject: `C’est livré : « ${item.title} »`,
      text: `Bonjour ${await firstNameOf(tx, userId)},\n\nVous aviez voté pour « ${item.title} » sur la feuille de route de Closia : c’est livré !\n\nDécouvrir les nouveautés :\n${work.appUrl}${link}\n\nMerci de nous aider à construire Closia.\nL'équipe Closia`,
      link: `${work.appUrl}${link}`,
    },
  });
}

type Decision =
  | { id: number; title: string; decision: 'accepted' }
  | { id: number; title: string; decision: 'declined'; reason: string };

/** To whoever suggested an idea: it is on the road map, or why it is not. */
export async function notifyDecided(tx: DbOrTx, work: UnitOfWork, userId: number, item: Decision) {
  const firstName = await firstNameOf(tx, userId);
  if (item.decision === 'accepted') {
    const link = roadmapItemLink(item.id);
    const body =
      'Merci ! Elle rejoint la feuille de route dans la colonne « Prévu » : les membres peuvent maintenant voter pour elle.';
    await work.notify(tx, {
      userId,
      type: 'roadmap_suggestion_accepted',
      title: `Votre idée « ${item.title} » est au programme`,
      body,
      link,
      mail: {
        subject: `Votre idée « ${item.title} » rejoint la feuille de route`,
        text: `Bonjour ${firstName},\n\nVotre idée « ${item.title} » a été retenue. ${body}\n\nLa voir :\n${work.appUrl}${link}\n\nL'équipe Closia`,
        link: `${work.appUrl}${link}`,
      },
    });
    return;
  }
  await work.notify(tx, {
    userId,
    type: 'roadmap_suggestion_declined',
    title: `Votre idée « ${item.title} » n’a pas été retenue`,
    body: item.reason,
    link: '/road-map',
    mail: {
      subject: `Votre idée « ${item.title} » n’a pas été retenue`,
      text: `Bonjour ${firstName},\n\nMerci d’avoir proposé « ${item.title} ». Nous ne l’ajoutons pas à la feuille de route :\n\n« ${item.reason} »\n\nVos autres idées sont les bienvenues :\n${work.appUrl}/road-map\n\nL'équipe Closia`,
      link: `${work.appUrl}/road-map`,
    },
  });
}
