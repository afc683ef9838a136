import { formatEuro } from '@closia/shared';
import { dayjs } from '../../../lib/dayjs';

/*
 * French wording of the marketplace's figures. Money goes through `formatEuro` (@closia/shared:
 * Intl fr-FR EUR, "1 234,50 €", no cents on whole amounts).
 */

export { formatEuro };

const NBSP = '\u00a0';

/** A percentage: 20 → "20 %", 12.5 → "12,5 %" (non-breaking space, French style). */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}${NBSP}%`;
}

/** What one sale earns the seller: "300 € par vente (20 %)". */
export function commissionText({
  commissionAmount,
  commissionRate,
}: {
  commissionAmount: number;
  commissionRate: number;
}): string {
  return `${formatEuro(commissionAmount)} par vente (${formatPercent(commissionRate)})`;
}

/** The commission of a sale at a price and a rate (percent), rounded to the cent. */
export function commissionAmount(price: number, rate: number): number {
  return Math.round(price * rate) / 100;
}

/** "1 heure", "35 heures". */
export function formatHours(hours: number): string {
  return `${hours.toLocaleString('fr-FR')}${NBSP}heure${hours >= 2 ? 's' : ''}`;
}

/** "1 an", "3 ans", "moins d’un an". */
export function formatYears(years: number): string {
  if (years < 1) return 'moins d’un an';
  return `${years}${NBSP}an${years >= 2 ? 's' : ''}`;
}

/** A conversion rate out of 10: 6.5 → "6,5/10". */
export function formatRateOutOf10(rate: number): string {
  return `${rate.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}/10`;
}

/** "3 candidatures", "1 candidature", "aucune candidature" — the noun given in the singular. */
export function countText(count: number, singular: string, plural = `${singular}s`, none?: string): string {
  if (count === 0 && none) return none;
  return `${count.toLocaleString('fr-FR')} ${count > 1 ? plural : singular}`;
}

/** The colour of a match score: strong (≥ 70), fair (≥ 40), weak. */
export function matchColor(score: number): string {
  if (score >= 70) return 'green';
  if (score >= 40) return 'yellow';
  return 'gray';
}

/** "12 mars 2025". */
export function formatDate(date: string | Date): string {
  return dayjs(date).format('D MMMM YYYY');
}

/** "12 mars 2025, 14:05". */
export function formatShortDateTime(date: string | Date): string {
  return dayjs(date).format('D MMM YYYY, HH:mm');
}

/** The value of an `<input type="datetime-local">` for an instant, in the browser's time zone. */
export function toLocalInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY-MM-DDTHH:mm') : '';
}

/** The instant (ISO 8601, UTC) of an `<input type="datetime-local">` value, or null when blank or invalid. */
export function fromLocalInputValue(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value.trim())) return null;
  const date = dayjs(value.trim());
  return date.isValid() ? date.toISOString() : null;
}
