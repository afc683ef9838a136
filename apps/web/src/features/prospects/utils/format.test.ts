import { describe, expect, it } from 'vitest';
import {
  countText,
  formatDue,
  formatFileSize,
  hostOf,
  isOverdue,
  linkKind,
  linkName,
  telHref,
} from './format';

const now = new Date(2026, 2, 12, 15, 30); // jeudi 12 mars 2026, 15:30 (local time)
const at = (month: number, day: number, hour: number, minute = 0, year = 2026) =>
  new Date(year, month, day, hour, minute).toISOString();

describe('due dates', () => {
  it('says today, tomorrow, yesterday, else the day', () => {
    expect(formatDue(at(2, 12, 17, 5), now)).toBe('Aujourd’hui, 17:05');
    expect(formatDue(at(2, 13, 9), now)).toBe('Demain, 09:00');
    expect(formatDue(at(2, 11, 9), now)).toBe('Hier, 09:00');
    expect(formatDue(at(2, 16, 10, 30), now)).toBe('Lun. 16 mars, 10:30');
    expect(formatDue(at(0, 3, 10, 30, 2027), now)).toBe('3 janv. 2027, 10:30');
  });

  it('is overdue once passed', () => {
    expect(isOverdue(at(2, 12, 15, 0), now)).toBe(true);
    expect(isOverdue(at(2, 12, 16, 0), now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });
});

describe('contact links', () => {
  it('recognises the networks by their host', () => {
    expect(linkKind('https://www.linkedin.com/in/luc')).toBe('linkedin');
    expect(linkKind('https://fr.linkedin.com/in/luc')).toBe('linkedin');
    expect(linkKind('https://twitter.com/luc')).toBe('x');
    expect(linkKind('https://youtu.be/abc')).toBe('youtube');
    expect(linkKind('https://notlinkedin.com/x')).toBe('web');
    expect(linkKind('pas un lien')).toBe('web');
  });

  it('names a link for a screen reader', () => {
    expect(linkName('https://www.instagram.com/luc')).toBe('Instagram');
    expect(linkName('https://www.exemple.fr/contact')).toBe('Site web (exemple.fr)');
    expect(hostOf('https://www.exemple.fr/a')).toBe('exemple.fr');
  });

  it('dials a phone number as digits', () => {
    expect(telHref('+33 6 12 34 56 78')).toBe('tel:+33612345678');
    expect(telHref('06.12.34.56.78')).toBe('tel:0612345678');
  });
});

describe('words', () => {
  it('counts in French', () => {
    expect(countText(0, 'prospect', 'prospects', 'Aucun prospect')).toBe('Aucun prospect');
    expect(countText(1, 'prospect')).toBe('1 prospect');
    expect(countText(1200, 'prospect')).toBe('1\u202f200 prospects');
  });

  it('writes file sizes in French units', () => {
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2\u00a0Mo');
    expect(formatFileSize(1536 * 1024)).toBe('1,5\u00a0Mo');
    expect(formatFileSize(300)).toBe('1\u00a0Ko');
  });
});
