import type { CurrentUser } from '@closia/shared';
import { api, isApiError } from '../../../lib/api-client';
import { setSessionUser } from './session';

/** `GET /user`: the signed-in user, or `null` when anonymous (401 is not an error). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/user');
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

let startupRequest: Promise<CurrentUser | null> | undefined;

/**
 * Sends `GET /user` as soon as the app starts (main.tsx), before the data layer's chunk has loaded.
 * Kept apart from get-current-user.ts so that the first load holds no TanStack Query code.
 */
export function requestCurrentUserAtStartup(): void {
  startupRequest = getCurrentUser();
  // The public frame shows its answer at once (session.ts). Its failure is the query's to report,
  // when the query takes the request over; meanwhile the frame shows the visitor's buttons.
  startupRequest.then(setSessionUser, () => setSessionUser(null));
}

/** The start-up request, once: the first run of the current-user query answers with it. */
export function takeStartupRequest(): Promise<CurrentUser | null> | undefined {
  const pending = startupRequest;
  startupRequest = undefined;
  return pending;
}
