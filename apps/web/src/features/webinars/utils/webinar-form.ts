import type {
  Webinar,
  WebinarInput,
  WebinarLeadMode,
  WebinarPlatform,
  WebinarUpdateInput,
} from '@closia/shared';
import { utcToZoned, zonedToUtc } from './time';

/*
 * The webinar form's values and what the API receives from them. The fields carry the API's names
 * (`speakers.0.name`, `startTime`…) so that a 422's errors land under their fields. `startTime`
 * holds the wall-clock time in the chosen zone (`YYYY-MM-DD HH:mm:ss`); the API gets it in UTC.
 */

export interface SpeakerValues {
  name: string;
  photoUrl: string;
  bio: string;
}

export interface AgendaValues {
  title: string;
  duration: number | string;
  description: string;
}

export interface ResourceValues {
  title: string;
  url: string;
  type: string;
}

export interface WebinarFormValues {
  title: string;
  description: string;
  targetAudience: string;
  startTime: string | null;
  durationMinutes: number | string;
  timezone: string;
  platform: WebinarPlatform | null;
  platformUrl: string;
  language: string;
  price: number | string;
  capacity: number | string;
  serviceId: string | null;
  leadMode: WebinarLeadMode;
  speakers: SpeakerValues[];
  agenda: AgendaValues[];
  resources: ResourceValues[];
  interactiveElements: string[];
  hasReplay: boolean;
  replayUrl: string;
  isRegistrationOpen: boolean;
}

export const emptySpeaker: SpeakerValues = { name: '', photoUrl: '', bio: '' };
export const emptyAgendaItem: AgendaValues = { title: '', duration: 15, description: '' };
export const emptyResource: ResourceValues = { title: '', url: '', type: 'Lien' };

export function emptyWebinarValues(timezone = 'Europe/Paris'): WebinarFormValues {
  return {
    title: '',
    description: '',
    targetAudience: '',
    startTime: null,
    durationMinutes: 60,
    timezone,
    platform: null,
    platformUrl: '',
    language: 'fr',
    price: 0,
    capacity: '',
    serviceId: null,
    leadMode: 'keep',
    speakers: [],
    agenda: [],
    resources: [],
    interactiveElements: [],
    hasReplay: false,
    replayUrl: '',
    isRegistrationOpen: true,
  };
}

export function webinarFormValues(webinar: Webinar): WebinarFormValues {
  return {
    title: webinar.title,
    description: webinar.description,
    targetAudience: webinar.targetAudience ?? '',
    startTime: utcToZoned(webinar.startTime, webinar.timezone),
    durationMinutes: webinar.durationMinutes,
    timezone: webinar.timezone,
    platform: webinar.platform,
    platformUrl: webinar.platformUrl ?? '',
    language: webinar.language,
    price: webinar.price,
    capacity: webinar.capacity ?? '',
    serviceId: webinar.service ? String(webinar.service.id) : null,
    leadMode: webinar.leadMode,
    speakers: webinar.speakers.map((speaker) => ({
      name: speaker.name,
      photoUrl: speaker.photoUrl ?? '',
      bio: speaker.bio ?? '',
    })),
    agenda: webinar.agenda.map((item) => ({
      title: item.title,
      duration: item.duration,
      description: item.description ?? '',
    })),
    resources: webinar.resources.map((resource) => ({ ...resource })),
    interactiveElements: [...webinar.interactiveElements],
    hasReplay: webinar.hasReplay,
    replayUrl: webinar.replayUrl ?? '',
    isRegistrationOpen: webinar.isRegistrationOpen,
  };
}

const trimmedOrNull = (value: string) => value.trim() || null;

/** A number field: a number, or NaN when blank (the schema reports it as required). */
const numberOf = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

/** `POST /webinars`' body. A blank optional field is null; a blank capacity: no limit. */
export function toWebinarInput(values: WebinarFormValues): WebinarInput {
  const capacity = numberOf(values.capacity);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    targetAudience: trimmedOrNull(values.targetAudience),
    startTime: zonedToUtc(values.startTime, values.timezone) ?? '',
    durationMinutes: numberOf(values.durationMinutes),
    timezone: values.timezone,
    platform: values.platform,
    platformUrl: trimmedOrNull(values.platformUrl),
    language: values.language as WebinarInput['language'],
    price: Number.isNaN(numberOf(values.price)) ? 0 : numberOf(values.price),
    capacity: Number.isNaN(capacity) ? null : capacity,
    serviceId: values.serviceId ? Number(values.serviceId) : null,
    leadMode: values.leadMode,
    speakers: values.speakers.map((speaker) => ({
      name: speaker.name.trim(),
      photoUrl: trimmedOrNull(speaker.photoUrl),
      bio: trimmedOrNull(speaker.bio),
    })),
    agenda: values.agenda.map((item) => ({
      title: item.title.trim(),
      duration: numberOf(item.duration),
      description: trimmedOrNull(item.description),
    })),
    resources: values.resources.map((resource) => ({
      title: resource.title.trim(),
      url: resource.url.trim(),
      type: resource.type.trim(),
    })),
    interactiveElements: values.interactiveElements.map((element) => element.trim()),
    hasReplay: values.hasReplay,
    replayUrl: values.hasReplay ? trimmedOrNull(values.replayUrl) : null,
    isRegistrationOpen: values.isRegistrationOpen,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `PUT /webinars/{id}`' body: only what changed (the start compared as an instant). */
export function webinarChanges(webinar: Webinar, values: WebinarFormValues): WebinarUpdateInput {
  const next = toWebinarInput(values);
  const before = toWebinarInput(webinarFormValues(webinar));
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof WebinarInput)[]) {
    if (key === 'startTime') {
      if (new Date(next.startTime).getTime() !== new Date(webinar.startTime).getTime()) {
        changes.startTime = next.startTime;
      }
    } else if (!same(next[key], before[key])) {
      changes[key] = next[key];
    }
  }
  return changes as WebinarUpdateInput;
}

/** A client-side rule the schema cannot see: sharing leads among setters needs an offer. */
export function leadModeError(values: Pick<WebinarFormValues, 'leadMode' | 'serviceId'>): string | null {
  return values.leadMode === 'round_robin' && !values.serviceId
    ? 'Choisissez l’offre vendue pour répartir les inscrits entre les setters de ses missions.'
    : null;
}
