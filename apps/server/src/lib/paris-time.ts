/**
 * Europe/Paris calendar days and wall-clock times, through `Intl` (Node ships the time-zone
 * data): "today" and "this week" of the prospect filters, and the dates of the CSV files.
 */

export const PARIS = 'Europe/Paris';
const DAY_MS = 24 * 3600_000;

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: PARIS,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The Paris wall-clock time of an instant. */
export function parisWallClock(instant: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Offsets by UTC hour: Paris changes its offset on the hour only, and `Intl` costs ~20 µs a call. */
const offsetByHour = new Map<number, number>();
const HOUR_MS = 3600_000;

/** Paris's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function offsetAt(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const w = parisWallClock(new Date(start));
    offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - start;
    if (offsetByHour.size >= 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/**
 * The instant at which Paris clocks show this date and time (month 1–12; out-of-range days roll
 * over, as with `Date.UTC`). A time skipped by the spring change reads as the hour after; a
 * repeated one (autumn) as its first occurrence.
 */
export function parisToUtc(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const offsets = new Set([offsetAt(wall - DAY_MS), offsetAt(wall), offsetAt(wall + DAY_MS)]);
  const matches = [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => instant + offsetAt(instant) === wall)
    .sort((a, b) => a - b);
  // No match: the clocks jumped over that time; it is read with the offset before the jump.
  return new Date(matches[0] ?? wall - offsetAt(wall - DAY_MS));
}

/** Midnight (Paris) of the day of `instant`, moved by `days` calendar days. */
export function parisDayStart(instant: Date, days = 0): Date {
  const w = parisWallClock(instant);
  return parisToUtc(w.year, w.month, w.day + days);
}

/** The bounds of the filters: now, today [start, end) and the 7 calendar days from today. */
export function dayWindows(now: Date) {
  return {
    now,
    todayStart: parisDayStart(now),
    tomorrowStart: parisDayStart(now, 1),
    weekEnd: parisDayStart(now, 7),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "31/01/2026 09:30" in Paris time. */
export function formatParis(instant: Date): string {
  const w = parisWallClock(instant);
  return `${pad(w.day)}/${pad(w.month)}/${w.year} ${pad(w.hour)}:${pad(w.minute)}`;
}

const longDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: PARIS });

/** "31 janvier 2026": the Paris date of an instant, written out. */
export function formatParisLongDate(instant: Date): string {
  return longDate.format(instant);
}

/** "2026-01-31": the Paris date of an instant. */
export function parisDate(instant: Date): string {
  const w = parisWallClock(instant);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

const frenchDateTime = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]+(\d{1,2})[:h](\d{2}))?$/i;

/**
 * Reads "31/01/2026 09:30", "31/01/2026 9h30" or "31/01/2026" as a Paris time (midnight when
 * the time is missing); null when it is not such a date or names no real day.
 */
export function parseFrenchDateTime(text: string): Date | null {
  const m = frenchDateTime.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute] = [Number(m[4] ?? 0), Number(m[5] ?? 0)];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || year < 1900) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return parisToUtc(year, month, day, hour, minute);
}
