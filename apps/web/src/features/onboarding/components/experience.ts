/**
 * The experience field: the month the user started selling, stored as 'YYYY-MM-01'.
 */

export const monthNames = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** 'YYYY-MM-01' from a year and a month (1–12); '' while one is missing. */
export function toExperienceDate(year: string | null, month: string | null): string {
  if (!year || !month) return '';
  return `${year}-${month.padStart(2, '0')}-01`;
}

/** Year and month (strings, month without leading zero) of a saved date, or nulls. */
export function fromExperienceDate(value: string | null | undefined): {
  year: string | null;
  month: string | null;
} {
  const match = /^(\d{4})-(\d{2})/.exec(value ?? '');
  if (!match) return { year: null, month: null };
  return { year: match[1]!, month: String(Number(match[2])) };
}

/** Whole months between the start date and `now` (negative when the start is in the future). */
export function monthsSince(value: string, now: Date = new Date()): number {
  const { year, month } = fromExperienceDate(value);
  if (!year || !month) return 0;
  return (now.getFullYear() - Number(year)) * 12 + (now.getMonth() + 1 - Number(month));
}

/** "≈ 3 ans d’expérience" (whole years, as the public profile shows them), "≈ 5 mois d’expérience", "Vous débutez ce mois-ci". */
export function experienceSummary(value: string, now: Date = new Date()): string {
  const months = monthsSince(value, now);
  if (months <= 0) return 'Vous débutez ce mois-ci';
  if (months < 12) return `≈ ${months} mois d’expérience`;
  const years = Math.floor(months / 12);
  return `≈ ${years} an${years > 1 ? 's' : ''} d’expérience`;
}
