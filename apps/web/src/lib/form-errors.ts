import { type ValidationErrorItem, validationMessageFr } from '@closia/shared';
import { isApiError } from './api-client';
import { errorText } from './api-errors';

/** French text of a server validation error for display under its field. */
export function fieldErrorFr(item: ValidationErrorItem): string {
  // Rules the server uses beyond the spec's catalogue.
  switch (item.rule) {
    case 'unique':
      return /e-?mail/i.test(item.field)
        ? 'Cette adresse e-mail est déjà utilisée.'
        : 'Cette valeur est déjà utilisée.';
    case 'currentPassword':
      return 'Le mot de passe actuel est incorrect.';
    default:
      return validationMessageFr(item);
  }
}

/** The part of a Mantine form that server errors need. */
export interface FormErrorTarget {
  setFieldError: (path: string, error: string) => void;
  getValues: () => object;
}

function formHasField(values: object, field: string): boolean {
  let current: unknown = values;
  for (const key of field.split('.')) {
    if (current === null || typeof current !== 'object' || !(key in current)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * Maps a 422's `errors[]` (field = dotted path) onto the form's fields. Returns the errors that
 * matched no field (empty when all were shown), or `null` when `error` is not a validation failure.
 */
export function applyServerErrors(form: FormErrorTarget, error: unknown): ValidationErrorItem[] | null {
  if (!isApiError(error) || error.status !== 422 || !error.errors) return null;
  const values = form.getValues();
  const unmatched: ValidationErrorItem[] = [];
  for (const item of error.errors) {
    if (item.field && formHasField(values, item.field)) form.setFieldError(item.field, fieldErrorFr(item));
    else unmatched.push(item);
  }
  return unmatched;
}

/**
 * The usual end of a failed submission: a 422's errors go under their fields; anything left (another
 * failure, or an error on no field of the form) becomes the form's message through `setMessage`.
 */
export function showSubmitError(
  form: FormErrorTarget,
  error: unknown,
  setMessage: (message: string) => void,
  describe: (error: unknown) => string = errorText,
): void {
  if (applyServerErrors(form, error)?.length === 0) return;
  setMessage(describe(error));
}
