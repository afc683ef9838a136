import { forbidden } from './errors';
import type { Session } from './session-cache';

/** Who is asking: the signed-in user (with their sub-profile kind) or nobody. */
export interface Viewer {
  id: number;
  admin: boolean;
  kind: string | null;
  /** The signed-in user's sub-profile and availability, as the session lookup read them. */
  profile?: Session['profile'];
  available?: boolean;
}

export function viewerOf(session: Session | null): Viewer | null {
  if (!session) return null;
  return {
    id: session.user.id,
    admin: session.user.admin,
    kind: session.profile?.kind ?? null,
    profile: session.profile,
    available: session.user.available,
  };
}

export function requireInfopreneur(viewer: Viewer | null, what = 'publish training offers'): Viewer {
  if (!viewer) throw forbidden();
  if (viewer.kind !== 'infopreneur') throw forbidden(`Only infopreneurs can ${what}`, 'INFOPRENEUR_ONLY');
  return viewer;
}
