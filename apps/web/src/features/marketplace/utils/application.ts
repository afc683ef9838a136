import { isApiError } from '../../../lib/api-client';
import { eligibilityText } from './errors';

/**
 * Why the API refused an application: a 409 (already applied), a 403 (not a seller), or a 422 whose errors name a
 * requirement (`minConversionRate`, `minExperience`, `missionType`, `profile`) with a message saying
 * by how much the profile misses it — in French. Null for any other failure.
 */
export function refusalReasons(error: unknown): string[] | null {
  if (!isApiError(error)) return null;
  if (error.status === 409) return ['Vous avez déjà postulé à cette mission.'];
  if (error.status === 403)
    return ['Seuls les setters, closers et setters-closers peuvent postuler aux missions.'];
  if (error.status !== 422 || !error.errors) return null;
  const reasons = error.errors.filter((item) => item.field !== 'message').map(eligibilityText);
  return reasons.length > 0 ? reasons : null;
}
