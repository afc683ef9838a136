import { describe, expect, it } from 'vitest';
import { chars, errorOn, errorsOf } from '../test-helpers';
import { webinarSchema, webinarUpdateSchema } from './webinar';

const valid = {
  title: 'Réussir son closing',
  startTime: '2025-06-12T18:00:00+02:00',
  durationMinutes: 60,
  description: chars(50, 'd'),
  price: 0,
};
const at = (patch: Record<string, unknown>, field: string) =>
  errorOn(webinarSchema, { ...valid, ...patch }, field);

describe('webinarSchema', () => {
  it('accepts a minimal webinar and fills the defaults', () => {
    expect(webinarSchema.parse(valid)).toEqual({
      ...valid,
      startTime: '2025-06-12T16:00:00.000Z',
      timezone: 'Europe/Paris',
      language: 'fr',
      speakers: [],
      agenda: [],
      resources: [],
      interactiveElements: [],
      hasReplay: false,
      isRegistrationOpen: true,
      leadMode: 'keep',
    });
  });

  it('checks the time zone against the IANA names and the platform and language against their lists', () => {
    expect(at({ timezone: 'America/Montreal' }, 'timezone')).toBeUndefined();
    expect(at({ timezone: 'Europe/Lutece' }, 'timezone')).toBeDefined();
    expect(at({ timezone: '../../etc' }, 'timezone')).toBeDefined();
    expect(at({ platform: 'zoom' }, 'platform')).toBeUndefined();
    expect(at({ platform: 'Skype' }, 'platform')).toBeDefined();
    expect(at({ language: 'klingon' }, 'language')).toBeDefined();
    expect(at({ capacity: 0 }, 'capacity')).toBeDefined();
    expect(at({ capacity: 30 }, 'capacity')).toBeUndefined();
  });

  it('bounds the price to its numeric(12, 2) column, the texts and the lists', () => {
    expect(at({ price: 9_999_999_999.99 }, 'price')).toBeUndefined();
    expect(at({ price: 1e10 }, 'price')?.rule).toBe('max');
    expect(at({ description: chars(300_000) }, 'description')?.rule).toBe('maxLength');
    expect(at({ targetAudience: chars(2501) }, 'targetAudience')?.rule).toBe('maxLength');
    const speakers = Array.from({ length: 21 }, (_, i) => ({ name: `Intervenant ${i}` }));
    expect(at({ speakers }, 'speakers')?.rule).toBe('arrayMaxLength');
    expect(at({ interactiveElements: ['Quiz', 'Sondage', 'Quiz'] }, 'interactiveElements.2')?.rule).toBe(
      'distinct',
    );
  });

  it('title is 5–255 characters', () => {
    expect(at({ title: chars(4) }, 'title')?.message).toBe('The title field must have at least 5 characters');
    expect(at({ title: chars(5) }, 'title')).toBeUndefined();
    expect(at({ title: chars(255) }, 'title')).toBeUndefined();
    expect(at({ title: chars(256) }, 'title')?.rule).toBe('maxLength');
  });

  it('durationMinutes is between 15 and 480', () => {
    expect(at({ durationMinutes: 14 }, 'durationMinutes')).toEqual({
      message: 'The durationMinutes field must be between 15 and 480',
      rule: 'range',
      field: 'durationMinutes',
      meta: { min: 15, max: 480 },
    });
    expect(at({ durationMinutes: 15 }, 'durationMinutes')).toBeUndefined();
    expect(at({ durationMinutes: 480 }, 'durationMinutes')).toBeUndefined();
    expect(at({ durationMinutes: 481 }, 'durationMinutes')?.rule).toBe('range');
  });

  it('description is at least 50 characters', () => {
    expect(at({ description: chars(49) }, 'description')?.message).toBe(
      'The description field must have at least 50 characters',
    );
  });

  it('price is at least 0', () => {
    expect(at({ price: -1 }, 'price')).toEqual({
      message: 'The price field must be at least 0',
      rule: 'min',
      field: 'price',
      meta: { min: 0 },
    });
  });

  it('lists and their URLs', () => {
    expect(at({ speakers: 'Jean' }, 'speakers')?.rule).toBe('array');
    expect(at({ interactiveElements: ['quiz', 3] }, 'interactiveElements.1')?.rule).toBe('string');
    expect(
      at({ resources: [{ title: 'Slides', url: 'slides.pdf', type: 'pdf' }] }, 'resources.0.url'),
    ).toEqual({
      message: 'The url field must be a valid URL',
      rule: 'url',
      field: 'resources.0.url',
      index: 0,
    });
    expect(at({ agenda: [{ title: 'Intro', duration: 10 }] }, 'agenda.0.duration')).toBeUndefined();
    expect(at({ speakers: [{ name: 'Jean', photoUrl: 'x' }] }, 'speakers.0.photoUrl')?.rule).toBe('url');
  });

  it('platformUrl and replayUrl are URLs; hasReplay and isRegistrationOpen are booleans', () => {
    expect(at({ platformUrl: 'zoom' }, 'platformUrl')?.rule).toBe('url');
    expect(at({ replayUrl: 'replay' }, 'replayUrl')?.rule).toBe('url');
    expect(at({ hasReplay: 'x' }, 'hasReplay')?.rule).toBe('boolean');
    expect(at({ isRegistrationOpen: 'x' }, 'isRegistrationOpen')?.rule).toBe('boolean');
  });
});

describe('webinarUpdateSchema', () => {
  it('is partial and applies no defaults', () => {
    expect(webinarUpdateSchema.parse({ title: 'Nouveau titre' })).toEqual({ title: 'Nouveau titre' });
    expect(errorsOf(webinarUpdateSchema, { durationMinutes: 500 })[0]?.rule).toBe('range');
  });
});
