import { type BillingInterval, MONTHS_BILLED_PER_YEAR, VAT_RATE_PERCENT } from '@closia/shared';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const wholeEuros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * Euro cents the French way: 2900 → "29 €" when whole (`compact`), else "29,00 €"; 3480 → "34,80 €".
 * Intl puts a no-break space before the sign and a narrow no-break space between thousands.
 */
export function formatCents(cents: number, { compact = false } = {}): string {
  if (compact && cents % 100 === 0) return wholeEuros.format(cents / 100);
  return euros.format(cents / 100);
}

/** "/mois" or "/an" after a price. */
export const intervalSuffix: Record<BillingInterval, string> = { month: '/mois', year: '/an' };

/** The interval in words: "Mensuel", "Annuel". */
export const intervalLabels: Record<BillingInterval, string> = { month: 'Mensuel', year: 'Annuel' };

/** "mensuel" / "annuel" inside a sentence. */
export const intervalAdjectives: Record<BillingInterval, string> = { month: 'mensuel', year: 'annuel' };

/** What the yearly price saves, in months: "2 mois offerts". */
export function yearlySavingText(): string {
  const free = 12 - MONTHS_BILLED_PER_YEAR;
  return `${free} mois offerts`;
}

/** "TVA 20 %" (with the no-break space French puts before the sign). */
export const vatLabel = `TVA ${VAT_RATE_PERCENT}\u00a0%`;

/** The interval of a `?interval=` value: anything but "year" is monthly. */
export function parseInterval(value: string | null | undefined): BillingInterval {
  return value === 'year' ? 'year' : 'month';
}
