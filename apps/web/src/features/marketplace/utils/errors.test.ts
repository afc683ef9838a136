import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { eligibilityText, errorMessage, fieldErrorText } from './errors';

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

describe('errorMessage', () => {
  it('is French whatever the status', () => {
    expect(errorMessage(new ApiError(404, { code: 'E_NOT_FOUND', message: 'Mission not found' }))).toBe(
      'Cet élément n’existe pas ou n’est plus disponible.',
    );
    expect(errorMessage(new ApiError(0, { message: 'Failed to fetch' }))).toMatch(/injoignable/);
    expect(errorMessage(new ApiError(503, { message: 'Unavailable' }))).toMatch(/serveur/);
  });

  it('gives the French text of the 422 errors no form field shows', () => {
    const error = new ApiError(422, {
      code: 'E_VALIDATION_ERROR',
      message: 'Validation failure',
      errors: [
        { field: 'title', rule: 'minLength', message: 'x', meta: { min: 5 } },
        { field: 'serviceId', rule: 'approved', message: 'x' },
      ],
    });
    expect(errorMessage(error, ['title'])).toBe(
      'L’offre doit être approuvée par un administrateur avant d’y publier des missions.',
    );
    expect(fieldErrorText({ field: 'id', rule: 'notSelf', message: 'x' })).toMatch(/vous-même/);
  });
});
