import { type DashboardToday, formatEuro, type TodayActivity, type TodayCommission } from '@closia/shared';
import { dayjs } from '../../lib/dayjs';

/* The "today" page's wording: counts, due times and dates in French, and whether the day is clear. */

const NBSP = '\u00a0';

/** "3 ventes", "1 vente" — the noun given in the singular. */
export function countText(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('fr-FR')} ${count > 1 ? plural : singular}`;
}

/** An amount in cents as euros: 15000 → "150 €", 14982 → "149,82 €". */
export function formatCents(cents: number): string {
  return formatEuro(cents / 100);
}

/** "Mercredi 25 novembre" for a 'YYYY-MM-DD' day. */
export function formatLongDay(day: string): string {
  const text = dayjs(day).format('dddd D MMMM');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An instalment's due date: "échéance du 31 oct.", or "échéance 2/3 du 16 nov." when there are several. */
export function instalmentText(line: Pick<TodayCommission, 'instalment' | 'instalments' | 'dueOn'>): string {
  const which = line.instalments > 1 ? ` ${line.instalment}/${line.instalments}` : '';
  return `échéance${which} du ${formatShortDay(line.dueOn)}`;
}

/** A short day: "27 nov.". */
export function formatShortDay(day: string): string {
  return dayjs(day).format('D MMM');
}

/**
 * When an activity is due, as the list says it: "En retard · 23 nov. à 09:00" when overdue (the
 * day said unless it is today), "Aujourd’hui à 14:00" otherwise.
 */
export function dueText(activity: Pick<TodayActivity, 'dueAt' | 'overdue'>, now = new Date()): string {
  const due = dayjs(activity.dueAt);
  const time = due.format('HH:mm');
  if (!activity.overdue) return `Aujourd’hui à${NBSP}${time}`;
  const day = due.isSame(now, 'day') ? 'aujourd’hui' : due.format('D MMM');
  return `En retard · ${day} à${NBSP}${time}`;
}

/** "Clôture aujourd’hui", "Clôture demain", "Clôture jeu. 27 nov." (a past day: "Clôture prévue le …"). */
export function closeText(day: string, today: string): string {
  if (day === today) return 'Clôture aujourd’hui';
  const date = dayjs(day);
  if (date.isSame(dayjs(today).add(1, 'day'), 'day')) return 'Clôture demain';
  if (day < today) return `Clôture prévue le ${date.format('D MMM')}`;
  return `Clôture ${date.format('ddd D MMM')}`;
}

/** Whether nothing waits: every list of the day is empty. */
export function isDayClear(day: DashboardToday): boolean {
  if (day.role === 'infopreneur') {
    return day.applications.total === 0 && day.reviews.total === 0 && day.commissions.total === 0;
  }
  return day.activities.total === 0 && day.closingDeals.total === 0 && day.commissions.total === 0;
}
