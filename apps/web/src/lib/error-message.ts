import { errorReasonText, type ValidationErrorItem } from '@closia/shared';
import { isApiError, isPlanLimit } from './api-client';
import { errorText } from './api-errors';
import { fieldErrorFr } from './form-errors';

/**
 * What a page says for a failure the server gives no reason for: its own words for a 403, 404, 409
 * or 413 (e.g. "Cette équipe n’existe pas…"), and how it words a 422's items.
 */
export interface ErrorWording {
  forbidden?: string;
  notFound?: string;
  conflict?: string;
  tooLarge?: string;
  /** Fields that show their own 422 errors (a form's): left out of the sentence, unless they are all of it. */
  except?: readonly string[];
  /** The French of one 422 item (default `fieldErrorFr`), e.g. with the field's name first. */
  field?: (item: ValidationErrorItem) => string;
}

/**
 * The one French sentence for a failed call (the API answers in English): the sentence of its
 * `reason` (the shared table, `error-reasons.ts`); else a 422's items in French; else a sentence
 * per status, with the page's own words for 403, 404, 409 and 413.
 */
export function errorMessage(error: unknown, wording: ErrorWording = {}): string {
  if (!isApiError(error)) return errorText(error);
  const because = errorReasonText(error.reason);
  if (because) return because;
  // A plan limit: the server's sentence is French, names the limit and the plan that lifts it.
  if (isPlanLimit(error)) return error.message;
  if (error.status === 422 && error.errors?.length) {
    const except = wording.except ?? [];
    const shown = error.errors.filter((item) => !except.includes(item.field));
    return [...new Set((shown.length > 0 ? shown : error.errors).map(wording.field ?? fieldErrorFr))].join(
      ' ',
    );
  }
  switch (error.status) {
    case 0:
      return 'Le serveur est injoignable : vérifiez votre connexion, puis réessayez.';
    case 401:
      return 'Votre session a expiré : reconnectez-vous.';
    case 403:
      return wording.forbidden ?? 'Vous n’avez pas le droit de faire cette action.';
    case 404:
      return wording.notFound ?? 'Cet élément n’existe pas ou vous n’y avez plus accès.';
    case 409:
      return wording.conflict ?? 'Cette action n’est plus possible : rechargez la page.';
    case 413:
      return wording.tooLarge ?? 'Le fichier est trop lourd.';
    case 429:
      return 'Trop de demandes d’un coup : réessayez dans un instant.';
    default:
      return error.status >= 500
        ? 'Le serveur a rencontré un problème : réessayez dans un instant.'
        : 'Une erreur inattendue est survenue.';
  }
}

/** `showSubmitError`'s `describe` for a form: in French, without the errors its own fields show. */
export function describeFor(form: { getValues: () => object }, wording: ErrorWording = {}) {
  return (error: unknown) => errorMessage(error, { ...wording, except: Object.keys(form.getValues()) });
}

/** Whether a failed load means "not found, or not yours" (the API answers 404 for both). */
export const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;
