import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { eligibilityText } from './error-wording';

/** The reasons that refuse an application itself, rather than its message. */
const refusals: ReadonlySet<string> = new Set(['ALREADY_APPLIED', 'SELLER_ONLY', 'OWN_MISSION']);

/**
 * Why the API refused an application, in French: already applied, not a seller, one's own mission
 * (the reason's sentence), or a profile short of the mission's requirements (`NOT_ELIGIBLE`: each
 * requirement it misses — `minConversionRate`, `minExperience`, `missionType`, `profile` — and by
 * how much). Null for any other failure.
 */
export function refusalReasons(error: unknown): string[] | null {
  if (!isApiError(error) || !error.reason) return null;
  if (refusals.has(error.reason)) return [errorMessage(error)];
  if (error.reason !== 'NOT_ELIGIBLE') return null;
  const reasons = (error.errors ?? []).filter((item) => item.field !== 'message').map(eligibilityText);
  return reasons.length > 0 ? reasons : [errorMessage(error)];
}
