import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { eligibilityText, fieldErrorText, marketplaceWording } from './error-wording';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('eligibilityText', () => {
  it('says what the mission asks and by how much the profile falls short', () => {
    expect(
      plain(
        eligibilityText({
          field: 'minExperience',
          rule: 'belowMinimum',
          message: 'x',
          meta: { required: 3, actual: 1, missing: 2, unit: 'years' },
        }),
      ),
    ).toBe('Votre expérience (1 an) est inférieure aux 3 ans demandés : il vous manque 2 ans.');
    expect(
      eligibilityText({
        field: 'minConversionRate',
        rule: 'belowMinimum',
        message: 'x',
        meta: { required: 6.5, actual: 6, missing: 0.5, unit: 'rate' },
      }),
    ).toBe('Votre taux de conversion (6/10) est inférieur aux 6,5/10 demandés : il vous manque 0,5 point.');
    expect(
      eligibilityText({
        field: 'missionType',
        rule: 'missionType',
        message: 'x',
        meta: { required: 'closer', actual: 'setter' },
      }),
    ).toBe('Cette mission recherche un profil Closer ; le vôtre est Setter.');
    expect(eligibilityText({ field: 'profile', rule: 'profileFinished', message: 'x' })).toBe(
      'Terminez votre profil avant de postuler aux missions.',
    );
  });
});

describe('errorMessage with the marketplace’s wording', () => {
  it('is French whatever the status', () => {
    const say = (error: unknown) => errorMessage(error, marketplaceWording);
    expect(say(new ApiError(404, { code: 'E_NOT_FOUND', message: 'Mission not found' }))).toBe(
      'Cet élément n’existe pas ou n’est plus disponible.',
    );
    expect(say(new ApiError(0, { message: 'Failed to fetch' }))).toMatch(/injoignable/);
    expect(say(new ApiError(503, { message: 'Unavailable' }))).toMatch(/serveur/);
    expect(say(new ApiError(403, { code: 'E_FORBIDDEN', message: 'Access denied' }))).toBe(
      'Vous n’avez pas accès à cette action.',
    );
    expect(say(new ApiError(409, { code: 'E_CONFLICT', message: 'Conflict' }))).toBe(
      'Cette action n’est plus possible : l’élément a changé entre-temps. Rechargez la page.',
    );
  });

  it('gives the French text of the 422 errors no form field shows', () => {
    const error = new ApiError(422, {
      code: 'E_VALIDATION_ERROR',
      message: 'Validation failure',
      errors: [
        { field: 'title', rule: 'minLength', message: 'x', meta: { min: 5 } },
        { field: 'priceRange.min', rule: 'range', message: 'x' },
      ],
    });
    expect(errorMessage(error, { ...marketplaceWording, except: ['title'] })).toBe(
      'Le prix minimum doit être inférieur au prix maximum.',
    );
    // A business refusal is worded by its reason (the shared table), whatever its items.
    const refused = new ApiError(422, {
      code: 'E_VALIDATION_ERROR',
      message: 'Validation failure',
      reason: 'OFFER_NOT_APPROVED',
      errors: [{ field: 'serviceId', rule: 'approved', message: 'x' }],
    });
    expect(errorMessage(refused, { ...marketplaceWording, except: ['title'] })).toBe(
      'L’offre doit être approuvée par un administrateur avant d’y publier des missions.',
    );
    const self = new ApiError(422, {
      code: 'E_VALIDATION_ERROR',
      message: 'Validation failure',
      reason: 'SELF_FAVORITE',
      errors: [{ field: 'id', rule: 'notSelf', message: 'x' }],
    });
    expect(errorMessage(self, marketplaceWording)).toMatch(/vous-même/);
    expect(fieldErrorText({ field: 'serviceId', rule: 'exists', message: 'x' })).toBe(
      'Cet élément n’existe pas ou ne vous appartient pas.',
    );
  });
});
