import { z } from 'zod';
import {
  between,
  checkboxValue,
  distinctItems,
  limits,
  moneyField,
  textField,
  urlField,
  utcDateTime,
} from './fields';
import { pageParam, perPageParam, queryFlag, searchText } from './query';

/** Where a webinar takes place (spec §3 `platform`). */
export const webinarPlatforms = [
  'zoom',
  'google_meet',
  'teams',
  'youtube_live',
  'livestorm',
  'other',
] as const;
export type WebinarPlatform = (typeof webinarPlatforms)[number];
export const webinarPlatformLabels: Record<WebinarPlatform, string> = {
  zoom: 'Zoom',
  google_meet: 'Google Meet',
  teams: 'Microsoft Teams',
  youtube_live: 'YouTube Live',
  livestorm: 'Livestorm',
  other: 'Autre',
};

/**
 * What happens to the registrants who agree to be contacted: the owner keeps them as prospects, or
 * they are shared round-robin among the setters accepted on the missions of the webinar's offer.
 */
export const webinarLeadModes = ['keep', 'round_robin'] as const;
export type WebinarLeadMode = (typeof webinarLeadModes)[number];
export const webinarLeadModeLabels: Record<WebinarLeadMode, string> = {
  keep: 'Je garde les inscrits comme prospects',
  round_robin: 'Répartir entre les setters de mes missions',
};

/** The languages a webinar may be given in (ISO 639-1), with their French names. */
export const webinarLanguages = ['fr', 'en', 'es', 'de', 'it', 'pt', 'ar', 'nl'] as const;
export type WebinarLanguage = (typeof webinarLanguages)[number];
export const webinarLanguageLabels: Record<string, string> = {
  fr: 'Français',
  en: 'Anglais',
  es: 'Espagnol',
  de: 'Allemand',
  it: 'Italien',
  pt: 'Portugais',
  ar: 'Arabe',
  nl: 'Néerlandais',
};

/** A real IANA time zone name (`Europe/Paris`), as the runtime knows them. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** How many places a webinar may offer at most. */
export const WEBINAR_MAX_CAPACITY = 100_000;

/** How many speakers, agenda items, resources and interactive elements a webinar may list. */
export const webinarListLimits = {
  speakers: 20,
  agenda: 50,
  resources: 50,
  interactiveElements: 20,
} as const;

export const webinarSpeakerSchema = z.object({
  name: textField().trim().min(1).max(255),
  photoUrl: urlField().nullable().optional(),
  bio: textField().max(limits.descriptionMaxLength).nullable().optional(),
});
export type WebinarSpeaker = z.infer<typeof webinarSpeakerSchema>;

export const webinarAgendaItemSchema = z.object({
  title: textField().trim().min(1).max(255),
  /** Minutes. */
  duration: z.number().positive().max(480),
  description: textField().max(limits.descriptionMaxLength).nullable().optional(),
});
export type WebinarAgendaItem = z.infer<typeof webinarAgendaItemSchema>;

export const webinarResourceSchema = z.object({
  title: textField().trim().min(1).max(255),
  url: urlField(),
  type: textField().trim().min(1).max(50),
});
export type WebinarResource = z.infer<typeof webinarResourceSchema>;

const webinarFields = {
  title: textField().min(5).max(255),
  startTime: utcDateTime(),
  durationMinutes: between(z.int(), 15, 480),
  timezone: textField()
    .trim()
    .min(1)
    .max(64)
    .refine(isTimeZone, { message: 'The timezone field must be a valid IANA time zone' }),
  description: textField().min(50).max(limits.longTextMaxLength),
  targetAudience: textField().max(limits.descriptionMaxLength).nullable().optional(),
  platform: z.enum(webinarPlatforms).nullable().optional(),
  platformUrl: urlField().nullable().optional(),
  language: z.enum(webinarLanguages),
  /** Euros, stored in a `numeric(12, 2)` column. */
  price: moneyField().min(0),
  speakers: z.array(webinarSpeakerSchema).max(webinarListLimits.speakers),
  agenda: z.array(webinarAgendaItemSchema).max(webinarListLimits.agenda),
  resources: z.array(webinarResourceSchema).max(webinarListLimits.resources),
  interactiveElements: distinctItems(
    z
      .array(textField().trim().min(1).max(limits.shortTextMaxLength))
      .max(webinarListLimits.interactiveElements),
  ),
  hasReplay: checkboxValue(),
  replayUrl: urlField().nullable().optional(),
  isRegistrationOpen: checkboxValue(),
  /** Places; null or absent: no limit. */
  capacity: between(z.int(), 1, WEBINAR_MAX_CAPACITY).nullable().optional(),
  /** One of the owner's approved offers that the webinar sells. */
  serviceId: z.int().positive().max(2_147_483_647).nullable().optional(),
  leadMode: z.enum(webinarLeadModes),
};

/** Create a webinar/event. Lists default to empty, timezone to Europe/Paris, language to fr. */
export const webinarSchema = z.object({
  ...webinarFields,
  timezone: webinarFields.timezone.default('Europe/Paris'),
  language: webinarFields.language.default('fr'),
  speakers: webinarFields.speakers.default([]),
  agenda: webinarFields.agenda.default([]),
  resources: webinarFields.resources.default([]),
  interactiveElements: webinarFields.interactiveElements.default([]),
  hasReplay: webinarFields.hasReplay.default(false),
  isRegistrationOpen: webinarFields.isRegistrationOpen.default(true),
  leadMode: webinarFields.leadMode.default('keep'),
});
export type WebinarInput = z.infer<typeof webinarSchema>;

/** Update a webinar: every field optional, no defaults applied. */
export const webinarUpdateSchema = z.object(webinarFields).partial();
export type WebinarUpdateInput = z.infer<typeof webinarUpdateSchema>;

/** `GET /webinars?when=`: upcoming (soonest first), past (latest first), mine (owner), registered. */
export const webinarWhens = ['upcoming', 'past', 'mine', 'registered'] as const;
export type WebinarWhen = (typeof webinarWhens)[number];

export const webinarListQuerySchema = z.object({
  when: z.enum(webinarWhens).default('upcoming'),
  query: searchText().optional(),
  language: z.enum(webinarLanguages).optional(),
  /** Only free webinars. */
  free: queryFlag().optional(),
  page: pageParam().default(1),
  perPage: perPageParam(50).default(12),
});
export type WebinarListQuery = z.infer<typeof webinarListQuerySchema>;

/** `POST /webinars/{id}/registrations`; `PATCH` the same path to change the consent. */
export const webinarRegistrationSchema = z.object({
  /** The unticked RGPD box: may the webinar's owner and their sales team contact me? */
  consentToContact: checkboxValue().default(false),
});
export type WebinarRegistrationInput = z.infer<typeof webinarRegistrationSchema>;

/** `GET /webinars/{id}/registrations?format=csv|json&page=&perPage=`. */
export const webinarRegistrantsQuerySchema = z.object({
  format: z.enum(['json', 'csv']).default('json'),
  page: pageParam().default(1),
  perPage: perPageParam(100).default(50),
});
export type WebinarRegistrantsQuery = z.infer<typeof webinarRegistrantsQuerySchema>;

/** The sentence next to the consent box (RGPD: purpose, who, how to withdraw). */
export const WEBINAR_CONSENT_TEXT =
  'J’accepte que l’organisateur et son équipe commerciale me contactent au sujet de ce webinaire et de ses offres. Je peux retirer ce consentement à tout moment depuis la page du webinaire.';
