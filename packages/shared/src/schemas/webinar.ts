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
  timezone: textField().trim().min(1).max(64),
  description: textField().min(50).max(limits.longTextMaxLength),
  targetAudience: textField().max(limits.descriptionMaxLength).nullable().optional(),
  platform: textField().max(255).nullable().optional(),
  platformUrl: urlField().nullable().optional(),
  language: textField().trim().min(2).max(35),
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
});
export type WebinarInput = z.infer<typeof webinarSchema>;

/** Update a webinar: every field optional, no defaults applied. */
export const webinarUpdateSchema = z.object(webinarFields).partial();
export type WebinarUpdateInput = z.infer<typeof webinarUpdateSchema>;
