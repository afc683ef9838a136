/**
 * What registrants are told when their webinar moves or is cancelled: a notification in the
 * centre and, by their settings, an e-mail — written in the change's transaction, pushed after it.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { webinarRegistrations } from '../../db/schema';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { formatWebinarStart } from './webinar-jobs';
import { type WebinarRow, webinarPath } from './webinars.presenter';

export async function notifyRegistrants(
  tx: DbOrTx,
  work: UnitOfWork,
  webinar: WebinarRow,
  change: 'rescheduled' | 'canceled',
): Promise<void> {
  const registrants = await tx
    .select({ userId: webinarRegistrations.userId })
    .from(webinarRegistrations)
    .where(eq(webinarRegistrations.webinarId, webinar.id));
  const when = formatWebinarStart(webinar.startTime, webinar.timezone);
  const link = change === 'canceled' ? '/app/our-webinars' : webinarPath(webinar.id);
  const title =
    change === 'canceled'
      ? `Webinaire annulé : « ${webinar.title} »`
      : `Nouvel horaire pour « ${webinar.title} »`;
  const body =
    change === 'canceled'
      ? `Le webinaire prévu le ${when} est annulé par son organisateur.`
      : `Le webinaire aura lieu le ${when}.`;
  for (const { userId } of registrants) {
    await work.notify(tx, {
      userId,
      type: change === 'canceled' ? 'webinar_canceled' : 'webinar_rescheduled',
      actorId: webinar.userId,
      title,
      body,
      link,
      mail: {
        subject: title,
        text: `Bonjour,\n\n${body}\n\n${change === 'canceled' ? 'Voir les prochains webinaires' : 'Voir le webinaire'} : ${work.appUrl}${link}\n\nL’équipe Closia`,
        link: `${work.appUrl}${link}`,
      },
    });
  }
}
