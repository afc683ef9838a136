import { missionTypeLabels, type ValidationErrorItem } from '@closia/shared';
import type { ErrorWording } from '../../../lib/error-message';
import { fieldErrorFr } from '../../../lib/form-errors';
import { formatRateOutOf10, formatYears } from './format';

/*
 * The API answers in English (its validation catalogue, its error messages): the marketplace words
 * the items of a 422 in French, from their rule and meta. A failure's reason and status are worded
 * in one place, `lib/error-message.ts` (an offer not approved, yourself in your favorites: reasons).
 */

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value));

/** A validation error of the marketplace's own rules (or the catalogue's) in French. */
export function fieldErrorText(item: ValidationErrorItem): string {
  const meta = item.meta ?? {};
  switch (item.rule) {
    case 'exists':
      return 'Cet élément n’existe pas ou ne vous appartient pas.';
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

/** What the marketplace says for a failure the server gives no reason for (`errorMessage`'s wording). */
export const marketplaceWording: ErrorWording = {
  forbidden: 'Vous n’avez pas accès à cette action.',
  notFound: 'Cet élément n’existe pas ou n’est plus disponible.',
  conflict: 'Cette action n’est plus possible : l’élément a changé entre-temps. Rechargez la page.',
  field: fieldErrorText,
};
