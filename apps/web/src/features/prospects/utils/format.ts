import type { Dayjs } from 'dayjs';
import { dayjs } from '../../../lib/dayjs';

/* French wording of the prospects pages: due dates, counts, links. */

/** True when an open activity's due date has passed. */
export function isOverdue(iso: string | null | undefined, now: Date = new Date()): boolean {
  if (!iso) return false;
  const date = dayjs(iso);
  return date.isValid() && date.isBefore(now);
}

function dayWord(date: Dayjs, now: Dayjs): string {
  const days = date.startOf('day').diff(now.startOf('day'), 'day');
  if (days === 0) return 'Aujourd’hui';
  if (days === 1) return 'Demain';
  if (days === -1) return 'Hier';
  return date.format(date.year() === now.year() ? 'ddd D MMM' : 'D MMM YYYY');
}

/** A due date, short: "Aujourd’hui, 14:05", "Demain, 09:00", "lun. 12 mars, 10:30", "3 janv. 2027, 10:30". */
export function formatDue(iso: string, now: Date = new Date()): string {
  const date = dayjs(iso);
  if (!date.isValid()) return '';
  const word = dayWord(date, dayjs(now));
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}, ${date.format('HH:mm')}`;
}

/** "12 mars 2026 à 14:05", for an accessible name or a tooltip. */
export function formatLongDateTime(iso: string): string {
  return dayjs(iso).format('dddd D MMMM YYYY [à] HH:mm');
}

/** "3 prospects", "1 prospect", "aucun prospect" — the noun given in the singular. */
export function countText(count: number, singular: string, plural = `${singular}s`, none?: string): string {
  if (count === 0 && none) return none;
  return `${count.toLocaleString('fr-FR')} ${count > 1 ? plural : singular}`;
}

export type LinkKind = 'linkedin' | 'instagram' | 'facebook' | 'x' | 'youtube' | 'tiktok' | 'web';

/** The host of a link without `www.` ("linkedin.com"), or the link itself when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

const kindsByHost: [RegExp, LinkKind][] = [
  [/(^|\.)linkedin\.com$/, 'linkedin'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'facebook'],
  [/(^|\.)(x\.com|twitter\.com)$/, 'x'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)tiktok\.com$/, 'tiktok'],
];

/** Which network a contact link points to (its icon), `web` for any other site. */
export function linkKind(url: string): LinkKind {
  const host = hostOf(url).toLowerCase();
  return kindsByHost.find(([pattern]) => pattern.test(host))?.[1] ?? 'web';
}

const kindNames: Record<LinkKind, string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  web: 'Site web',
};

/** "LinkedIn", "Site web (exemple.fr)": how a link is named to a screen reader. */
export function linkName(url: string): string {
  const kind = linkKind(url);
  return kind === 'web' ? `${kindNames.web} (${hostOf(url)})` : kindNames[kind];
}

/** A phone number for a `tel:` link: digits and a leading +. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/** A byte count in French units: "2 Mo", "350 Ko". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${(Math.round((bytes / (1024 * 1024)) * 10) / 10).toLocaleString('fr-FR')}\u00a0Mo`;
  }
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')}\u00a0Ko`;
}

/** "12 mars 2026". */
export function formatDay(iso: string): string {
  return dayjs(iso).format('D MMM YYYY');
}
