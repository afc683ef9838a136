/** What the webinar endpoints answer (issue 21). Instants ISO 8601 UTC; prices in euros. */
import { z } from 'zod';
import { textField } from '../schemas/fields';
import {
  webinarAgendaItemSchema,
  webinarLanguages,
  webinarLeadModes,
  webinarPlatforms,
  webinarResourceSchema,
  webinarSpeakerSchema,
} from '../schemas/webinar';
import { personRefResponse, userSummaryResponse } from './common';

/** Before the start, during it, after its end. */
export const webinarPhases = ['upcoming', 'live', 'past'] as const;
export type WebinarPhase = (typeof webinarPhases)[number];

/** The caller's registration, as the webinar page and the register call show it. */
export const myRegistrationResponse = z.object({
  webinarId: z.number(),
  consentToContact: z.boolean(),
  createdAt: textField(),
  attendedAt: textField().nullable(),
  /** The personal join link (`/w/{token}`): it records attendance and goes to the platform. */
  joinUrl: textField(),
  platformUrl: textField().nullable(),
});
export type MyRegistration = z.infer<typeof myRegistrationResponse>;

export const webinarResponse = z.object({
  id: z.number(),
  userId: z.number(),
  owner: userSummaryResponse,
  title: textField(),
  startTime: textField(),
  /** `startTime` + `durationMinutes`. */
  endTime: textField(),
  phase: z.enum(webinarPhases),
  durationMinutes: z.number(),
  timezone: textField(),
  speakers: z.array(webinarSpeakerSchema),
  description: textField(),
  agenda: z.array(webinarAgendaItemSchema),
  targetAudience: textField().nullable(),
  platform: z.enum(webinarPlatforms).nullable(),
  /** Only for the owner, admins and registrants; null for everyone else. */
  platformUrl: textField().nullable(),
  language: z.enum(webinarLanguages),
  price: z.number(),
  hasReplay: z.boolean(),
  /** Only for the owner, admins and registrants, once the webinar is over. */
  replayUrl: textField().nullable(),
  /** A replay can be watched now by the caller at `/app/our-webinars/replay/{id}`. */
  replayAvailable: z.boolean(),
  interactiveElements: z.array(textField()),
  resources: z.array(webinarResourceSchema),
  isRegistrationOpen: z.boolean(),
  capacity: z.number().nullable(),
  /** null when there is no capacity. */
  placesLeft: z.number().nullable(),
  registrationCount: z.number(),
  service: z.object({ id: z.number(), name: textField() }).nullable(),
  leadMode: z.enum(webinarLeadModes),
  /** The caller is registered. */
  registered: z.boolean(),
  /** The caller's registration, when registered. */
  registration: myRegistrationResponse.nullable(),
  /** The caller owns it or is an admin: may edit, cancel and see the registrants. */
  canManage: z.boolean(),
  createdAt: textField(),
  updatedAt: textField(),
});
export type Webinar = z.infer<typeof webinarResponse>;

/** One registrant, as the owner's table and CSV show them. */
export const webinarRegistrantResponse = z.object({
  user: z.object({
    id: z.number(),
    fullName: textField(),
    /** Only when the registrant agreed to be contacted (RGPD): null otherwise. */
    email: textField().nullable(),
    profilePicture: textField().nullable(),
  }),
  consentToContact: z.boolean(),
  createdAt: textField(),
  attendedAt: textField().nullable(),
  /** The prospect the registration created (with consent), and who works it. */
  prospectId: z.number().nullable(),
  leadOwner: personRefResponse.nullable(),
});
export type WebinarRegistrant = z.infer<typeof webinarRegistrantResponse>;

/** Hosts whose players the replay page embeds (privacy-enhanced); any other replay is a plain link. */
export const replayProviders = ['youtube', 'vimeo', 'loom'] as const;
export type ReplayProvider = (typeof replayProviders)[number];

/** `GET /webinars/{id}/replay`: for registrants, the owner and admins, once the webinar is over. */
export const webinarReplayResponse = z.object({
  webinarId: z.number(),
  title: textField(),
  replayUrl: textField(),
  provider: z.enum(replayProviders).nullable(),
  /** youtube-nocookie.com, player.vimeo.com (dnt=1) or loom.com/embed; null: show a link. */
  embedUrl: textField().nullable(),
});
export type WebinarReplay = z.infer<typeof webinarReplayResponse>;

/**
 * `POST /webinars/{id}/checkout` {consentToContact} answers `{ url, sessionId }` (`checkoutResponse`):
 * a paid webinar's seat. `GET /billing/webinar-payments`: my paid seats (admins: `?all=1`, everyone's).
 * Amounts in cents; the webinar's price is VAT included.
 */
export const webinarPaymentResponse = z.object({
  id: textField(),
  webinarId: z.number().nullable(),
  webinarTitle: textField(),
  user: personRefResponse,
  status: z.enum(['open', 'paid', 'expired']),
  amountTtc: z.number(),
  amountHt: z.number(),
  vatAmount: z.number(),
  currency: textField(),
  provider: z.enum(['stripe', 'sandbox']),
  paidAt: textField().nullable(),
  createdAt: textField(),
});
export type WebinarPayment = z.infer<typeof webinarPaymentResponse>;
