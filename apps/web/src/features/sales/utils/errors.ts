import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { fieldErrorFr } from '../../../lib/form-errors';

/*
 * The API answers in English (its validation catalogue, its conflict messages): what the sales pages
 * show is French, built from the error's status and rule.
 */

/** One French sentence for a failed call on a deal, by its status. */
export function errorMessage(error: unknown, except: readonly string[] = []): string {
  if (!isApiError(error)) return errorText(error);
  if (error.status === 422 && error.errors?.length) {
    const items = error.errors.filter((item) => !except.includes(item.field));
    return [...new Set((items.length > 0 ? items : error.errors).map(fieldErrorFr))].join(' ');
  }
  switch (error.status) {
    case 0:
      return 'Le serveur est injoignable : vérifiez votre connexion, puis réessayez.';
    case 401:
      return 'Votre session a expiré : reconnectez-vous.';
    case 403:
      return 'Vous ne pouvez pas faire cette action sur cette vente.';
    case 404:
      return 'Cette vente n’existe pas ou vous n’y avez plus accès.';
    case 409:
      return 'Cette action n’est plus possible : la vente a changé entre-temps. Rechargez la page.';
    case 429:
      return 'Trop de demandes d’un coup : réessayez dans un instant.';
    default:
      return error.status >= 500
        ? 'Le serveur a rencontré un problème : réessayez dans un instant.'
        : 'Une erreur inattendue est survenue.';
  }
}

/** `showSubmitError`'s `describe` for a form: the errors not shown under one of its fields, in French. */
export function describeFor(form: { getValues: () => object }) {
  return (error: unknown) => errorMessage(error, Object.keys(form.getValues()));
}

/** Whether a failed load means "not found, or not yours" (the API answers 404 for both). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
