import { type Webinar, webinarSchema } from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { formatPrice, placesLeftText, registrationCountText } from './format';
import {
  emptyWebinarValues,
  leadModeError,
  toWebinarInput,
  webinarChanges,
  webinarFormValues,
} from './webinar-form';

const filled = {
  ...emptyWebinarValues('Europe/Paris'),
  title: 'Closer sans forcer',
  description:
    'Une heure pour apprendre à conclure une vente de formation sans pression, avec des exemples réels.',
  startTime: '2030-06-01 18:00:00',
  durationMinutes: 90,
  price: '',
  capacity: '',
  speakers: [{ name: ' Alice Martin ', photoUrl: '', bio: '' }],
  agenda: [{ title: 'Accueil', duration: 10, description: '' }],
  interactiveElements: [' Questions-réponses '],
};

const webinar: Webinar = {
  id: 7,
  userId: 3,
  owner: { id: 3, fullName: 'Ines Infopreneur', profilePicture: null },
  title: 'Closer sans forcer',
  startTime: '2030-06-01T16:00:00.000Z',
  endTime: '2030-06-01T17:30:00.000Z',
  phase: 'upcoming',
  durationMinutes: 90,
  timezone: 'Europe/Paris',
  speakers: [{ name: 'Alice Martin', photoUrl: null, bio: null }],
  description: filled.description,
  agenda: [{ title: 'Accueil', duration: 10, description: null }],
  targetAudience: null,
  platform: null,
  platformUrl: null,
  language: 'fr',
  price: 0,
  hasReplay: false,
  replayUrl: null,
  replayAvailable: false,
  interactiveElements: ['Questions-réponses'],
  resources: [],
  isRegistrationOpen: true,
  capacity: null,
  placesLeft: null,
  registrationCount: 0,
  service: null,
  leadMode: 'keep',
  registered: false,
  registration: null,
  canManage: true,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

describe('toWebinarInput', () => {
  it('sends the start in UTC, blanks as null, trimmed lists, and passes the shared schema', () => {
    const input = toWebinarInput(filled);
    expect(input.startTime).toBe('2030-06-01T16:00:00.000Z');
    expect(input.price).toBe(0);
    expect(input.capacity).toBeNull();
    expect(input.platformUrl).toBeNull();
    expect(input.speakers).toEqual([{ name: 'Alice Martin', photoUrl: null, bio: null }]);
    expect(input.interactiveElements).toEqual(['Questions-réponses']);
    expect(webinarSchema.safeParse(input).success).toBe(true);
  });

  it('leaves a missing start to the schema (a required field)', () => {
    const result = webinarSchema.safeParse(toWebinarInput({ ...filled, startTime: null }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('startTime');
  });

  it('drops the replay link when there is no replay', () => {
    expect(
      toWebinarInput({ ...filled, hasReplay: false, replayUrl: 'https://youtu.be/x' }).replayUrl,
    ).toBeNull();
  });
});

describe('webinarChanges', () => {
  it('sends nothing when nothing changed, and only what changed otherwise', () => {
    const values = webinarFormValues(webinar);
    expect(values.startTime).toBe('2030-06-01 18:00:00');
    expect(webinarChanges(webinar, values)).toEqual({});
    expect(webinarChanges(webinar, { ...values, title: 'Closer sans forcer, saison 2' })).toEqual({
      title: 'Closer sans forcer, saison 2',
    });
    expect(webinarChanges(webinar, { ...values, startTime: '2030-06-01 19:00:00' })).toEqual({
      startTime: '2030-06-01T17:00:00.000Z',
    });
    // Same instant told in another zone: the zone changes, not the start.
    expect(webinarChanges(webinar, { ...values, timezone: 'UTC', startTime: '2030-06-01 16:00:00' })).toEqual(
      {
        timezone: 'UTC',
      },
    );
  });
});

describe('leadModeError', () => {
  it('asks for an offer before sharing leads among setters', () => {
    expect(leadModeError({ leadMode: 'round_robin', serviceId: null })).toMatch(/offre/);
    expect(leadModeError({ leadMode: 'round_robin', serviceId: '4' })).toBeNull();
    expect(leadModeError({ leadMode: 'keep', serviceId: null })).toBeNull();
  });
});

describe('format', () => {
  it('words prices, places and registrations in French', () => {
    expect(formatPrice(0)).toBe('Gratuit');
    expect(formatPrice(49).replace(/\s/g, ' ')).toBe('49,00 €');
    expect(placesLeftText(null)).toBeNull();
    expect(placesLeftText(0)).toBe('Complet');
    expect(placesLeftText(1)).toBe('1 place restante');
    expect(placesLeftText(12)).toBe('12 places restantes');
    expect(registrationCountText(0)).toBe('Aucun inscrit');
    expect(registrationCountText(2)).toBe('2 inscrits');
  });
});
