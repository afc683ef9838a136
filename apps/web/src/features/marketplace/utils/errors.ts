import { missionTypeLabels, type ValidationErrorItem } from '@closia/shared';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { fieldErrorFr } from '../../../lib/form-errors';
import { formatRateOutOf10, formatYears } from './format';

/*
 * The API answers in English (its validation catalogue, its error messages): what the marketplace
 * shows is French, built from the error's status, rule and meta.
 */

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value));

/** A validation error of the marketplace's own rules (or the catalogue's) in French. */
export function fieldErrorText(item: ValidationErrorItem): string {
  const meta = item.meta ?? {};
  switch (item.rule) {
    case 'exists':
      return 'Cet élément n’existe pas ou ne vous appartient pas.';
    case 'approved':
      return 'L’offre doit être approuvée par un administrateur avant d’y publier des missions.';
    case 'notSelf':
      return 'Vous ne pouvez pas vous ajouter vous-même à vos favoris.';
    case 'invalid':
      if (meta.reason === 'ended') return 'Cette campagne est terminée : sa date de fin est passée.';
      return fieldErrorFr(item);
    case 'range':
      if (item.field.startsWith('priceRange') && meta.min === undefined) {
        return 'Le prix minimum doit être inférieur au prix maximum.';
      }
      return fieldErrorFr(item);
    default:
      return fieldErrorFr(item);
  }
}

function missionTypeLabel(value: unknown): string {
  return missionTypeLabels[value as keyof typeof missionTypeLabels] ?? String(value);
}

/**
 * Why a freelancer may not apply to a mission, in French, with what it asks and by how much the
 * profile falls short (the 422 items of `POST /missions/{id}/applications`).
 */
export function eligibilityText(item: ValidationErrorItem): string {
  const meta = item.meta ?? {};
  switch (item.field) {
    case 'profile':
      return 'Terminez votre profil avant de postuler aux missions.';
    case 'missionType':
      return meta.required
        ? `Cette mission recherche un profil ${missionTypeLabel(meta.required)} ; le vôtre est ${missionTypeLabel(meta.actual)}.`
        : 'Cette mission recherche un autre type de profil que le vôtre.';
    case 'minConversionRate':
      if (meta.required === undefined) return 'Votre taux de conversion est inférieur au minimum demandé.';
      return `Votre taux de conversion (${formatRateOutOf10(num(meta.actual ?? 0))}) est inférieur aux ${formatRateOutOf10(num(meta.required))} demandés : il vous manque ${num(meta.missing ?? num(meta.required) - num(meta.actual ?? 0)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} point${num(meta.missing) >= 2 ? 's' : ''}.`;
    case 'minExperience':
      if (meta.required === undefined) return 'Votre expérience est inférieure au minimum demandé.';
      return `Votre expérience (${formatYears(num(meta.actual ?? 0))}) est inférieure aux ${formatYears(num(meta.required))} demandés : il vous manque ${formatYears(num(meta.missing ?? num(meta.required) - num(meta.actual ?? 0)))}.`;
    default:
      return fieldErrorText(item);
  }
}

/** One French sentence for a failed call, by its status (the API's own messages are English). */
export function errorMessage(error: unknown, except: readonly string[] = []): string {
  if (!isApiError(error)) return errorText(error);
  if (error.status === 422 && error.errors?.length) {
    const items = error.errors.filter((item) => !except.includes(item.field));
    const texts = [...new Set((items.length > 0 ? items : error.errors).map(fieldErrorText))];
    return texts.join(' ');
  }
  switch (error.status) {
    case 0:
      return 'Le serveur est injoignable : vérifiez votre connexion, puis réessayez.';
    case 401:
      return 'Votre session a expiré : reconnectez-vous.';
    case 403:
      return 'Vous n’avez pas accès à cette action.';
    case 404:
      return 'Cet élément n’existe pas ou n’est plus disponible.';
    case 409:
      return 'Cette action n’est plus possible : l’élément a changé entre-temps. Rechargez la page.';
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
