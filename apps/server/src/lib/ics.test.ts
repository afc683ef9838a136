import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, fold } from './ics';

describe('iCalendar files', () => {
  it('writes one event with UTC times, escaped text and CRLF lines', () => {
    const file = calendarFile({
      uid: 'team-event-7@closia.fr',
      start: new Date('2026-12-01T09:30:00.000Z'),
      end: new Date('2026-12-01T10:30:00.000Z'),
      stamp: new Date('2026-11-24T08:00:00.000Z'),
      summary: 'Point hebdo; closing, objections',
      description: 'Ligne 1\nLigne 2',
      location: 'Visio',
      url: 'https://meet.example.com/abc',
    });
    const lines = file.split('\r\n');
    expect(lines).toContain('DTSTART:20261201T093000Z');
    expect(lines).toContain('DTEND:20261201T103000Z');
    expect(lines).toContain('SUMMARY:Point hebdo\\; closing\\, objections');
    expect(lines).toContain('DESCRIPTION:Ligne 1\\nLigne 2');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file).not.toMatch(/[^\r]\n/);
  });

  it('folds long lines at 75 octets without splitting an accented character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = fold(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(escapeText('a\\b')).toBe('a\\\\b');
  });
});
