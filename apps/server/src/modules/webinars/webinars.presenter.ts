import type {
  MyRegistration,
  ReplayProvider,
  Webinar,
  WebinarLanguage,
  WebinarLeadMode,
  WebinarPhase,
  WebinarPlatform,
} from '@closia/shared';
import type { webinarRegistrations, webinars } from '../../db/schema';
import type { Viewer } from '../../lib/viewer';

export type WebinarRow = typeof webinars.$inferSelect;
export type RegistrationRow = typeof webinarRegistrations.$inferSelect;

/** What a webinar answer needs beside its row: its owner, its offer and the caller's registration. */
export interface WebinarExtras {
  owner: { id: number; firstName: string; lastName: string; profilePicture: string | null };
  serviceName: string | null;
  registration: Pick<RegistrationRow, 'consentToContact' | 'createdAt' | 'attendedAt' | 'joinToken'> | null;
}

export const endOf = (webinar: Pick<WebinarRow, 'startTime' | 'durationMinutes'>) =>
  new Date(webinar.startTime.getTime() + webinar.durationMinutes * 60_000);

export function phaseOf(webinar: Pick<WebinarRow, 'startTime' | 'durationMinutes'>, at: Date): WebinarPhase {
  if (at < webinar.startTime) return 'upcoming';
  return at < endOf(webinar) ? 'live' : 'past';
}

/** The owner or an admin: may edit, cancel, see the registrants and the platform link. */
export const canManage = (viewer: Viewer | null, webinar: Pick<WebinarRow, 'userId'>) =>
  viewer !== null && (viewer.admin || viewer.id === webinar.userId);

/** The webinar's page in the app. */
export const webinarPath = (id: number) => `/app/our-webinars/${id}`;

/** The personal join link of a registration (`/w/{token}` on the server). */
export const joinUrlOf = (appUrl: string, token: string) => `${appUrl}/w/${token}`;

export function presentRegistration(
  webinar: Pick<WebinarRow, 'id' | 'platformUrl'>,
  registration: NonNullable<WebinarExtras['registration']>,
  appUrl: string,
): MyRegistration {
  return {
    webinarId: webinar.id,
    consentToContact: registration.consentToContact,
    createdAt: registration.createdAt.toISOString(),
    attendedAt: registration.attendedAt?.toISOString() ?? null,
    joinUrl: joinUrlOf(appUrl, registration.joinToken),
    platformUrl: webinar.platformUrl,
  };
}

export function presentWebinar(
  row: WebinarRow,
  extras: WebinarExtras,
  viewer: Viewer | null,
  at: Date,
  appUrl: string,
): Webinar {
  const manager = canManage(viewer, row);
  const insider = manager || extras.registration !== null;
  const phase = phaseOf(row, at);
  const replayAvailable = insider && phase === 'past' && row.hasReplay && row.replayUrl !== null;
  return {
    id: row.id,
    userId: row.userId,
    owner: {
      id: extras.owner.id,
      fullName: `${extras.owner.firstName} ${extras.owner.lastName}`.trim(),
      profilePicture: extras.owner.profilePicture,
    },
    title: row.title,
    startTime: row.startTime.toISOString(),
    endTime: endOf(row).toISOString(),
    phase,
    durationMinutes: row.durationMinutes,
    timezone: row.timezone,
    speakers: row.speakers.map((s) => ({ name: s.name, photoUrl: s.photoUrl ?? null, bio: s.bio ?? null })),
    description: row.description,
    agenda: row.agenda.map((a) => ({
      title: a.title,
      duration: a.duration,
      description: a.description ?? null,
    })),
    targetAudience: row.targetAudience,
    platform: row.platform as WebinarPlatform | null,
    platformUrl: insider ? row.platformUrl : null,
    language: row.language as WebinarLanguage,
    price: Number(row.price),
    hasReplay: row.hasReplay,
    replayUrl: manager || (insider && phase === 'past') ? row.replayUrl : null,
    replayAvailable,
    interactiveElements: row.interactiveElements,
    resources: row.resources,
    isRegistrationOpen: row.isRegistrationOpen,
    capacity: row.capacity,
    placesLeft: row.capacity === null ? null : Math.max(0, row.capacity - row.registrationCount),
    registrationCount: row.registrationCount,
    service:
      row.serviceId !== null && extras.serviceName !== null
        ? { id: row.serviceId, name: extras.serviceName }
        : null,
    leadMode: row.leadMode as WebinarLeadMode,
    registered: extras.registration !== null,
    registration: extras.registration ? presentRegistration(row, extras.registration, appUrl) : null,
    canManage: manager,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The privacy-enhanced player of a replay link, for the three hosts the CSP lets the replay page
 * frame (`plugins/security-headers.ts`); null: the page shows a plain link.
 */
export function replayEmbed(url: string): { provider: ReplayProvider; embedUrl: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\.|^m\./, '');
  const id = (value: string | null | undefined) => (value && /^[\w-]{6,64}$/.test(value) ? value : null);
  if (host === 'youtube.com' || host === 'youtu.be' || host === 'youtube-nocookie.com') {
    const video =
      host === 'youtu.be'
        ? id(parsed.pathname.slice(1))
        : (id(parsed.searchParams.get('v')) ??
          id(parsed.pathname.match(/^\/(?:embed|live|shorts)\/([^/]+)/)?.[1]));
    return video
      ? { provider: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${video}` }
      : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const video = parsed.pathname.match(/(?:^|\/)(\d{5,12})(?:\/|$)/)?.[1];
    return video ? { provider: 'vimeo', embedUrl: `https://player.vimeo.com/video/${video}?dnt=1` } : null;
  }
  if (host === 'loom.com') {
    const video = id(parsed.pathname.match(/^\/(?:share|embed)\/([\w-]+)/)?.[1]);
    return video ? { provider: 'loom', embedUrl: `https://www.loom.com/embed/${video}` } : null;
  }
  return null;
}
