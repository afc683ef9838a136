import { dayjs } from '../../../lib/dayjs';

/*
 * Time zones without a plugin: the browser's Intl knows every IANA zone. A webinar's start is an
 * instant (ISO UTC in the API); its form shows and edits the wall-clock time of the webinar's own
 * zone (`YYYY-MM-DD HH:mm:ss`, the date picker's format).
 */

/** The viewer's time zone (`Europe/Paris`). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of an instant in a zone, as numbers. */
function wallParts(ms: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function zoneOffset(ms: number, timeZone: string): number {
  const p = wallParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant (ISO UTC, `2026-03-12T13:00:00.000Z`) of a wall-clock time in a zone, or null when the
 * text is not a date and time. A time skipped by a DST change moves forward by the gap.
 */
export function zonedToUtc(wall: string | null | undefined, timeZone: string): string | null {
  const match = wall ? WALL.exec(wall.trim()) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const guess = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s || 0);
  let instant = guess - zoneOffset(guess, timeZone);
  // The offset at the result may differ from the one at the guess (near a DST change).
  const corrected = guess - zoneOffset(instant, timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant).toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall-clock time (`YYYY-MM-DD HH:mm:ss`) of an instant in a zone. */
export function utcToZoned(iso: string, timeZone: string): string {
  const p = wallParts(new Date(iso).getTime(), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** "jeudi 12 mars 2026 à 14:00", in the viewer's zone. */
export function formatStart(iso: string): string {
  return dayjs(iso).format('dddd D MMMM YYYY [à] HH:mm');
}

/** "12 mars à 14:00" (cards). */
export function formatShortStart(iso: string): string {
  return dayjs(iso).format('ddd D MMM YYYY · HH:mm');
}

/**
 * The start in the webinar's own zone when it is not the viewer's — "9:00 à New York
 * (America/New_York)" — else null.
 */
export function ownZoneNote(iso: string, timeZone: string, viewerZone = viewerTimeZone()): string | null {
  if (timeZone === viewerZone) return null;
  if (zoneOffset(new Date(iso).getTime(), timeZone) === zoneOffset(new Date(iso).getTime(), viewerZone)) {
    return null;
  }
  const local = new Intl.DateTimeFormat('fr-FR', {
    timeZone,
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
  return `${local} heure locale (${timeZone})`;
}

/** "1 h 30", "45 min". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${pad(rest)}`;
}

/** What is left before an instant: "2 j 3 h", "3 h 05 min", "4 min 12 s"; null once it is past. */
export function countdownText(targetIso: string, nowMs: number): string | null {
  const left = Math.floor((new Date(targetIso).getTime() - nowMs) / 1000);
  if (left <= 0) return null;
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  if (days > 0) return `${days} j ${hours} h`;
  if (hours > 0) return `${hours} h ${pad(minutes)} min`;
  return `${minutes} min ${pad(seconds)} s`;
}

/** Before, during or after: from the clock, so that the page changes phase by itself. */
export function phaseAt(start: string, end: string, nowMs: number): 'upcoming' | 'live' | 'past' {
  if (nowMs < new Date(start).getTime()) return 'upcoming';
  return nowMs < new Date(end).getTime() ? 'live' : 'past';
}

/** The join button opens 15 minutes before the start and closes at the end. */
export const JOIN_OPENS_MS = 15 * 60 * 1000;

export function canJoinAt(start: string, end: string, nowMs: number): boolean {
  return nowMs >= new Date(start).getTime() - JOIN_OPENS_MS && nowMs < new Date(end).getTime();
}

/** `20260312T130000Z`: Google Calendar's instant format. */
function googleInstant(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A Google Calendar "add event" link, built here (the page's address as the details). */
export function googleCalendarUrl(event: {
  title: string;
  startTime: string;
  endTime: string;
  timezone: string;
  details: string;
  location?: string | null;
}): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${googleInstant(event.startTime)}/${googleInstant(event.endTime)}`,
    ctz: event.timezone,
    details: event.details,
  });
  if (event.location) params.set('location', event.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
