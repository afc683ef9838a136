import { isApiError } from '../../../lib/api-client';
import { fieldErrorFr } from '../../../lib/form-errors';

/**
 * The errors of a search refused with 422, by filter (the first segment of each error's field:
 * `priceRange.0` → `priceRange`), in French; null when `error` is not a validation failure.
 */
export function filterErrors(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || error.status !== 422 || !error.errors) return null;
  const errors: Record<string, string> = {};
  for (const item of error.errors) {
    const key = item.field.split('.')[0] || '_';
    errors[key] ??= fieldErrorFr(item);
  }
  return errors;
}

/** The errors of `errors` that none of `shown` displays: they go to one alert above the results. */
export function otherErrors(errors: Record<string, string> | null, shown: readonly string[]): string[] {
  if (!errors) return [];
  return Object.entries(errors)
    .filter(([key]) => !shown.includes(key))
    .map(([, message]) => message);
}
