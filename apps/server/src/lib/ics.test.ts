import { describe, expect, it } from 'vitest';
import { calendarFile } from './ics';

const event = {
  uid: 'team-event-7@closia.fr',
  start: new Date('2026-12-01T09:30:00.000Z'),
  end: new Date('2026-12-01T10:30:00.000Z'),
  stamp: new Date('2026-11-24T08:00:00.000Z'),
  summary: 'Point hebdo; closing, objections',
};

/** The content lines of a file, folded lines joined again (RFC 5545 §3.1). */
const unfolded = (file: string) => file.replace(/\r\n /g, '').split('\r\n');

describe('iCalendar files', () => {
  it('writes one event with UTC times, escaped text and CRLF lines', () => {
    const file = calendarFile({
      ...event,
      description: 'Ligne 1\nLigne 2',
      location: 'Visio',
      url: 'https://meet.example.com/abc',
    });
    const lines = file.split('\r\n');
    expect(lines).toContain('UID:team-event-7@closia.fr');
    expect(lines).toContain('DTSTAMP:20261124T080000Z');
    expect(lines).toContain('DTSTART:20261201T093000Z');
    expect(lines).toContain('DTEND:20261201T103000Z');
    expect(lines).toContain('SUMMARY:Point hebdo\\; closing\\, objections');
    expect(lines).toContain('DESCRIPTION:Ligne 1\\nLigne 2');
    expect(lines).toContain('LOCATION:Visio');
    expect(lines.some((l) => /^URL(;VALUE=URI)?:https:\/\/meet\.example\.com\/abc$/.test(l))).toBe(true);
    expect(lines).toContain('PRODID:-//Closia//Evenements//FR');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines).toContain('CALSCALE:GREGORIAN');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file).not.toMatch(/[^\r]\n/);
  });

  it('leaves out the description, location and link an event does not have', () => {
    const lines = calendarFile({ ...event, description: null, location: '', url: null }).split('\r\n');
    expect(lines.filter((l) => /^(DESCRIPTION|LOCATION|URL)[:;]/.test(l))).toEqual([]);
  });

  it('folds long lines at 75 octets without splitting an accented character', () => {
    const summary = 'é'.repeat(60);
    const file = calendarFile({ ...event, summary, description: 'a\\b' });
    const folded = file.split('\r\n');
    const start = folded.findIndex((l) => l.startsWith('SUMMARY:'));
    expect(folded[start + 1]?.startsWith(' ')).toBe(true);
    for (const part of folded) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      // A split character would show as U+FFFD once decoded.
      expect(part).not.toContain('\uFFFD');
    }
    expect(unfolded(file)).toContain(`SUMMARY:${summary}`);
    expect(unfolded(file)).toContain('DESCRIPTION:a\\\\b');
  });
});
