/**
 * One invoice as its PDF and its Factur-X XML read it (`invoice-document.ts`, `factur-x.ts`): the
 * fields, the legal mentions, and the French and CII formats of money, dates and quantities.
 */
import type { SellerIdentity } from '../../config';
import type { BillingIdentity, InvoiceLine } from '../../db/schema/billing';

export type { SellerIdentity };

export interface InvoiceDocument {
  /** F-2026-000123 */
  number: string;
  issuedAt: Date;
  paidAt: Date;
  /** "Carte bancaire •••• 4242" */
  paymentMethod: string;
  /** The period of service, as the provider gives it (Stripe's end is the next period's start). */
  periodStart: Date;
  periodEnd: Date;
  seller: SellerIdentity;
  buyer: BillingIdentity;
  /** Cents HT; a proration line can be negative. */
  lines: InvoiceLine[];
  /** Cents. */
  amountHt: number;
  vatAmount: number;
  amountTtc: number;
  /** 20 (VAT_RATE_PERCENT from @closia/shared). */
  vatRatePercent: number;
  currency: 'EUR';
  /** Stripe's hosted invoice, shown as a link when present. */
  hostedUrl: string | null;
}

/** The name the Factur-X specification gives the embedded XML. */
export const FACTUR_X_FILENAME = 'factur-x.xml';

/** The French legal mentions printed on every invoice (Code de commerce, CGI). */
export const LATE_PAYMENT_MENTION =
  'En cas de retard de paiement, des pénalités au taux de trois fois le taux d’intérêt légal sont exigibles, ainsi qu’une indemnité forfaitaire pour frais de recouvrement de 40 € (professionnels, art. L441-10 et D441-5 du Code de commerce).';
export const NO_DISCOUNT_MENTION = 'Pas d’escompte pour paiement anticipé.';
/** CGI annexe II art. 242 nonies A, 13°: a subscription billed when due, VAT paid on the debits. */
export const VAT_MENTION = 'TVA : option pour le paiement de la taxe d’après les débits.';
/** The category of the operation, a mention of the 2026 e-invoicing reform. */
export const OPERATION_MENTION = 'Catégorie de l’opération : prestation de services.';

// ---------------------------------------------------------------------------------------------
// Formats

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const longDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dayParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export const quantityFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 });

/** 2900 → "29,00 €" (French grouping and non-breaking spaces, as Intl writes them). */
export function formatEuros(cents: number): string {
  return money.format(cents / 100);
}

/** The Europe/Paris calendar day in French: "1er novembre 2026", "26 novembre 2026". */
export function formatFrenchDate(date: Date): string {
  return longDate.format(date).replace(/^1 /, '1er ');
}

/** The Europe/Paris calendar day as CII format 102: 20261126. */
export function cii102(date: Date): string {
  const parts = Object.fromEntries(dayParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}`;
}

/** Cents → "29.00", "-5.10": the CII amounts, two decimals, no grouping. */
export function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function decimal(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(4)));
}

/**
 * Refuses an invoice whose figures do not add up: a legal document with wrong totals is worse than
 * none, and the caller (the invoice service) computed them.
 */
export function checkTotals(doc: InvoiceDocument): void {
  const integers = [doc.amountHt, doc.vatAmount, doc.amountTtc, ...doc.lines.map((l) => l.amountHt)];
  if (!integers.every(Number.isSafeInteger))
    throw new Error(`Invoice ${doc.number}: amounts must be integer cents`);
  if (doc.lines.length === 0) throw new Error(`Invoice ${doc.number}: no line`);
  const sum = doc.lines.reduce((total, line) => total + line.amountHt, 0);
  if (sum !== doc.amountHt)
    throw new Error(`Invoice ${doc.number}: lines sum to ${sum}, not ${doc.amountHt}`);
  if (doc.amountHt + doc.vatAmount !== doc.amountTtc) {
    throw new Error(`Invoice ${doc.number}: HT + TVA ≠ TTC`);
  }
}
