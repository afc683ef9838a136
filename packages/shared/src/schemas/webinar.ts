import { z } from 'zod';
import { between, checkboxValue, textField, urlField, utcDateTime } from './fields';

export const webinarSpeakerSchema = z.object({
  name: textField().trim().min(1).max(255),
  photoUrl: urlField().nullable().optional(),
  bio: textField().nullable().optional(),
});
export type WebinarSpeaker = z.infer<typeof webinarSpeakerSchema>;

export const webinarAgendaItemSchema = z.object({
  title: textField().trim().min(1).max(255),
  /** Minutes. */
  duration: z.number().positive(),
  description: textField().nullable().optional(),
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
  description: textField().min(50),
  targetAudience: textField().nullable().optional(),
  platform: textField().max(255).nullable().optional(),
  platformUrl: urlField().nullable().optional(),
  language: textField().trim().min(2).max(35),
  price: z.number().min(0),
  speakers: z.array(webinarSpeakerSchema),
  agenda: z.array(webinarAgendaItemSchema),
  resources: z.array(webinarResourceSchema),
  interactiveElements: z.array(textField()),
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
