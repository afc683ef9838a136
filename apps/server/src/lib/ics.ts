import ical, { ICalCalendarMethod } from 'ical-generator';

/**
 * iCalendar (RFC 5545) files for one event: what "Ajouter à mon agenda" downloads, and what
 * Google Calendar, Outlook and Apple Calendar import. Written by `ical-generator` (escaping of
 * TEXT values, folding at 75 octets without splitting a character, UTC date-times, CRLF lines).
 */

export interface CalendarEvent {
  /** Globally unique and stable: the same event imported twice updates instead of duplicating. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  /** When the event last changed (DTSTAMP). */
  stamp: Date;
}

export function calendarFile(event: CalendarEvent): string {
  const calendar = ical({
    prodId: '//Closia//Evenements//FR',
    scale: 'GREGORIAN',
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: event.uid,
    start: event.start,
    end: event.end,
    stamp: event.stamp,
    summary: event.summary,
    description: event.description || null,
    location: event.location || null,
    url: event.url || null,
  });
  // Every content line ends with CRLF, the last one included (RFC 5545 §3.1).
  return `${calendar.toString()}\r\n`;
}
