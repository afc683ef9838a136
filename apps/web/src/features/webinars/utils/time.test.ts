import { describe, expect, it } from 'vitest';
import {
  canJoinAt,
  countdownText,
  formatDuration,
  googleCalendarUrl,
  ownZoneNote,
  phaseAt,
  utcToZoned,
  zonedToUtc,
} from './time';

describe('zonedToUtc / utcToZoned', () => {
  it('reads a wall-clock time in the webinar’s zone, summer and winter', () => {
    expect(zonedToUtc('2026-07-01 14:00:00', 'Europe/Paris')).toBe('2026-07-01T12:00:00.000Z');
    expect(zonedToUtc('2026-01-15 14:00:00', 'Europe/Paris')).toBe('2026-01-15T13:00:00.000Z');
    expect(zonedToUtc('2026-01-15 09:30', 'America/New_York')).toBe('2026-01-15T14:30:00.000Z');
    expect(zonedToUtc('2026-01-15 09:30:00', 'UTC')).toBe('2026-01-15T09:30:00.000Z');
  });

  it('moves a time skipped by the spring change forward, and refuses what is not a date', () => {
    // 02:30 does not exist in Paris on 29 March 2026.
    expect(zonedToUtc('2026-03-29 02:30:00', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedToUtc('', 'Europe/Paris')).toBeNull();
    expect(zonedToUtc(null, 'Europe/Paris')).toBeNull();
    expect(zonedToUtc('demain', 'Europe/Paris')).toBeNull();
  });

  it('round-trips', () => {
    for (const zone of ['Europe/Paris', 'Asia/Kolkata', 'America/Los_Angeles', 'Australia/Sydney']) {
      const iso = zonedToUtc('2026-10-25 18:45:00', zone) as string;
      expect(utcToZoned(iso, zone)).toBe('2026-10-25 18:45:00');
    }
  });
});

describe('the webinar’s clock', () => {
  const start = '2026-05-10T12:00:00.000Z';
  const end = '2026-05-10T13:00:00.000Z';
  const at = (iso: string) => new Date(iso).getTime();

  it('gives the phase', () => {
    expect(phaseAt(start, end, at('2026-05-10T11:59:59Z'))).toBe('upcoming');
    expect(phaseAt(start, end, at('2026-05-10T12:00:00Z'))).toBe('live');
    expect(phaseAt(start, end, at('2026-05-10T13:00:00Z'))).toBe('past');
  });

  it('opens the join button 15 minutes before the start, until the end', () => {
    expect(canJoinAt(start, end, at('2026-05-10T11:44:59Z'))).toBe(false);
    expect(canJoinAt(start, end, at('2026-05-10T11:45:00Z'))).toBe(true);
    expect(canJoinAt(start, end, at('2026-05-10T12:59:59Z'))).toBe(true);
    expect(canJoinAt(start, end, at('2026-05-10T13:00:00Z'))).toBe(false);
  });

  it('counts down', () => {
    expect(countdownText(start, at('2026-05-08T09:00:00Z'))).toBe('2 j 3 h');
    expect(countdownText(start, at('2026-05-10T08:55:00Z'))).toBe('3 h 05 min');
    expect(countdownText(start, at('2026-05-10T11:55:48Z'))).toBe('4 min 12 s');
    expect(countdownText(start, at(start))).toBeNull();
  });

  it('words durations', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30');
  });
});

describe('ownZoneNote', () => {
  it('says the webinar’s own time only when it differs from the viewer’s', () => {
    const iso = '2026-01-15T14:30:00.000Z';
    expect(ownZoneNote(iso, 'Europe/Paris', 'Europe/Paris')).toBeNull();
    // Same offset, other name: nothing to say.
    expect(ownZoneNote(iso, 'Europe/Berlin', 'Europe/Paris')).toBeNull();
    expect(ownZoneNote(iso, 'America/New_York', 'Europe/Paris')).toMatch(
      /09:30 heure locale \(America\/New_York\)/,
    );
  });
});

describe('googleCalendarUrl', () => {
  it('builds an event template link in UTC', () => {
    const url = new URL(
      googleCalendarUrl({
        title: 'Vendre sans forcer',
        startTime: '2026-05-10T12:00:00.000Z',
        endTime: '2026-05-10T13:30:00.000Z',
        timezone: 'Europe/Paris',
        details: 'Détails',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Vendre sans forcer');
    expect(url.searchParams.get('dates')).toBe('20260510T120000Z/20260510T133000Z');
    expect(url.searchParams.get('ctz')).toBe('Europe/Paris');
  });
});
