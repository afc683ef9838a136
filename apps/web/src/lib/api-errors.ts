import { errorReasonText } from '@closia/shared';
import { isApiError } from './api-client';

/**
 * One error text for an alert or a toast (spec §8): the French sentence of the failure's `reason`
 * when the server gives one; else the messages of a 422's `errors` joined with ', ', else the
 * error's own message (a network error keeps its message).
 */
export function errorText(error: unknown, fallback = 'Une erreur inattendue est survenue.'): string {
  if (isApiError(error)) {
    const because = errorReasonText(error.reason);
    if (because) return because;
    if (error.errors && error.errors.length > 0) return error.errors.map((item) => item.message).join(', ');
    return error.message || fallback;
  }
  if (error instanceof Error) return error.message || fallback;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
