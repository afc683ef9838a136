import { type Deal, dealProbability, formatEuro } from '@closia/shared';
import { dayjs } from '../../../lib/dayjs';

/*
 * French wording of the CRM's figures. The API answers money in integer euro cents: divide by 100,
 * then `formatEuro` (@closia/shared: "1 234,50 €", no decimals on whole amounts).
 */

const NBSP = '\u00a0';

/** Integer cents as euros: 123450 → "1 234,50 €", 150000 → "1 500 €". */
export function formatCents(cents: number): string {
  return formatEuro(cents / 100);
}

/** A percentage: 20 → "20 %", 12.5 → "12,5 %" (non-breaking space, French style). */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}${NBSP}%`;
}

/** A rate from 0 to 1 as a percentage ("42 %"), or a dash when there is none. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : formatPercent(Math.round(rate * 1000) / 10);
}

/** A deal's probability: "60 %", or "—" when not estimated. */
export function formatProbability(probability: number | null): string {
  return probability === null ? '—' : formatPercent(probability);
}

/** A deal's probability by the shared rule (`dealProbability`): "100 %" once won, "0 %" once lost. */
export function formatDealProbability(deal: Pick<Deal, 'status' | 'probability'>): string {
  return formatProbability(dealProbability(deal.status, deal.probability));
}

/** How long a deal has waited in its stage: "depuis aujourd’hui", "depuis 5 j". */
export function daysInStageText(days: number): string {
  return days <= 0 ? 'depuis aujourd’hui' : `depuis ${days.toLocaleString('fr-FR')}${NBSP}j`;
}

/** "En retard de 3 j". */
export function overdueText(days: number): string {
  return `En retard de ${days.toLocaleString('fr-FR')}${NBSP}j`;
}

/** "1 jour", "12 jours". */
export function formatDays(days: number): string {
  const rounded = Math.round(days * 10) / 10;
  return `${rounded.toLocaleString('fr-FR')}${NBSP}jour${rounded >= 2 ? 's' : ''}`;
}

/** "3 ventes", "1 vente", "aucune vente" — the noun given in the singular. */
export function countText(count: number, singular: string, plural = `${singular}s`, none?: string): string {
  if (count === 0 && none) return none;
  return `${count.toLocaleString('fr-FR')} ${count > 1 ? plural : singular}`;
}

/** A calendar day 'YYYY-MM-DD' (or an instant) in French: "12 mars 2025". */
export function formatDay(day: string): string {
  return dayjs(day).format('D MMMM YYYY');
}

/** A short day: "12 mars". */
export function formatShortDay(day: string): string {
  return dayjs(day).format('D MMM');
}

/** An instant: "12 mars 2025 à 14:05". */
export function formatInstant(iso: string): string {
  return dayjs(iso).format('D MMMM YYYY [à] HH:mm');
}

/** A month 'YYYY-MM': "mars 2025"; `short`: "mars 25". */
export function formatMonth(month: string, short = false): string {
  return dayjs(`${month}-01`).format(short ? 'MMM YY' : 'MMMM YYYY');
}

/** Today as a calendar day 'YYYY-MM-DD', in the browser's time zone. */
export function todayDay(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD');
}
