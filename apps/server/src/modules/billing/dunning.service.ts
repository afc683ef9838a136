/**
 * The mails of a past-due subscription beyond the first one (sent by the webhook when the payment
 * fails): a reminder two days before the grace period ends, and the notice when the account has
 * fallen back to Gratuit. A sweep runs them on every instance; each mail is claimed by one
 * `update … where dunning_stage < n returning`, so it goes once however many instances sweep.
 */
import { BILLING_SETTINGS_PATH, PAST_DUE_GRACE_DAYS, plans } from '@closia/shared';
import { and, eq, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions, users } from '../../db/schema';
import { now } from '../../lib/clock';
import { formatParisLongDate } from '../../lib/paris-time';
import type { UnitOfWork } from '../../plugins/unit-of-work';

const DAY_MS = 86_400_000;
/** The reminder goes this long before the grace period ends. */
export const REMINDER_BEFORE_GRACE_END_MS = 2 * DAY_MS;

export async function sendDunningMails(db: Db, work: UnitOfWork): Promise<number> {
  const at = now();
  const graceMs = PAST_DUE_GRACE_DAYS * DAY_MS;
  let sent = 0;
  for (const stage of [1, 2] as const) {
    // Stage 1 when the grace period ends within two days; stage 2 once it has ended.
    const dueBefore = new Date(at.getTime() - graceMs + (stage === 1 ? REMINDER_BEFORE_GRACE_END_MS : 0));
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(subscriptions)
        .set({ dunningStage: stage })
        .where(
          and(
            eq(subscriptions.status, 'past_due'),
            lt(subscriptions.dunningStage, stage),
            lte(subscriptions.pastDueSince, dueBefore),
          ),
        )
        .returning({
          userId: subscriptions.userId,
          planId: subscriptions.planId,
          since: subscriptions.pastDueSince,
        });
      for (const row of claimed) {
        const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
        if (!user) continue;
        const graceEnd = new Date((row.since ?? at).getTime() + graceMs);
        const plan = plans[row.planId].name;
        const link = `${work.appUrl}${BILLING_SETTINGS_PATH}`;
        if (stage === 1) {
          await work.mail(tx, {
            to: user.email,
            subject: `Plus que deux jours pour garder l’offre ${plan}`,
            text: `Bonjour,\n\nLe paiement de votre abonnement ${plan} n’a toujours pas abouti. Sans paiement d’ici le ${formatParisLongDate(graceEnd)}, votre compte repassera à l’offre Gratuit (vos données restent consultables).\n\nMettez à jour votre moyen de paiement : ${link}\n\nL’équipe Closia`,
            link,
          });
        } else {
          await work.notify(tx, {
            userId: row.userId,
            type: 'subscription_payment_failed',
            title: 'Votre compte est repassé à l’offre Gratuit',
            body: `Le paiement de votre abonnement ${plan} n’a pas abouti. Réglez-le pour retrouver votre offre.`,
            link: BILLING_SETTINGS_PATH,
          });
          await work.mail(tx, {
            to: user.email,
            subject: 'Votre compte est repassé à l’offre Gratuit',
            text: `Bonjour,\n\nFaute de paiement, votre compte est repassé à l’offre Gratuit le ${formatParisLongDate(graceEnd)}. Vos données restent consultables ; les limites de l’offre Gratuit s’appliquent aux nouveaux ajouts. Dès que le paiement aboutit, votre offre ${plan} revient.\n\nRégler mon abonnement : ${link}\n\nL’équipe Closia`,
            link,
          });
        }
        sent++;
      }
    });
  }
  return sent;
}
