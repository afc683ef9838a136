import { isApiError } from './api-client';
import { errorText } from './api-errors';
import { fieldErrorFr } from './form-errors';

/** What a feature says for its own 403 and 404 (e.g. "Cette équipe n'existe pas…"). */
export interface ErrorWording {
  forbidden?: string;
  notFound?: string;
  conflict?: string;
}

/**
 * One French sentence for a failed call (the API answers in English): a 422's field errors in
 * French, else a sentence per status, with the feature's own words for 403, 404 and 409.
 */
export function errorMessage(error: unknown, wording: ErrorWording = {}): string {
  if (!isApiError(error)) return errorText(error);
  if (error.status === 422 && error.errors?.length) {
    return [...new Set(error.errors.map(fieldErrorFr))].join(' ');
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
      return 'Le fichier est trop lourd.';
    case 429:
      return 'Trop de demandes d’un coup : réessayez dans un instant.';
    default:
      return error.status >= 500
        ? 'Le serveur a rencontré un problème : réessayez dans un instant.'
        : 'Une erreur inattendue est survenue.';
  }
}

/** Whether a failed load means "not found, or not yours" (the API answers 404 for both). */
export const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;
