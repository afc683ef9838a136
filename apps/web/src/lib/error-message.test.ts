import { errorReasons } from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorText } from './api-errors';
import { describeFor, errorMessage } from './error-message';

const conflict = (reason?: string) =>
  new ApiError(409, {
    code: 'E_CONFLICT',
    message: 'This deal is already won',
    ...(reason ? { reason } : {}),
  } as never);

describe('errorMessage', () => {
  it('words every reason of the shared table with its French sentence, whatever the status', () => {
    for (const [reason, { status, code, fr }] of Object.entries(errorReasons)) {
      const error = new ApiError(status, { code, message: 'English', reason } as never);
      expect(errorMessage(error, { conflict: 'x', forbidden: 'x' }), reason).toBe(fr);
      expect(errorText(error), reason).toBe(fr);
    }
  });

  it('puts the reason before the items of a 422 business refusal', () => {
    const error = new ApiError(422, {
      code: 'E_VALIDATION_ERROR',
      message: 'Validation failure',
      reason: 'NOT_ELIGIBLE',
      errors: [{ field: 'minExperience', rule: 'belowMinimum', message: 'Too short' }],
    });
    expect(errorMessage(error)).toBe('Votre profil ne remplit pas les conditions de cette mission.');
  });

  it('falls back on the page’s wording, then on a sentence per status, without a reason it knows', () => {
    const sale = {
      conflict: 'Cette action n’est plus possible : la vente a changé entre-temps. Rechargez la page.',
    };
    expect(errorMessage(conflict(), sale)).toBe(sale.conflict);
    expect(errorMessage(conflict('NOT_A_REASON'), sale)).toBe(sale.conflict);
    expect(errorMessage(conflict('toString'))).toBe('Cette action n’est plus possible : rechargez la page.');
    expect(errorMessage(new ApiError(404, { message: 'Deal not found' }), { notFound: 'Introuvable.' })).toBe(
      'Introuvable.',
    );
    expect(errorMessage(new ApiError(403, { message: 'Access denied' }))).toBe(
      'Vous n’avez pas le droit de faire cette action.',
    );
    expect(
      errorMessage(new ApiError(413, { message: 'Payload too large' }), { tooLarge: 'Trop lourd.' }),
    ).toBe('Trop lourd.');
    expect(errorMessage(new ApiError(0, { message: 'Failed to fetch' }))).toMatch(/injoignable/);
    expect(errorMessage(new ApiError(429, { message: 'x' }))).toMatch(/Trop de demandes/);
    expect(errorMessage(new ApiError(502, { message: 'x' }))).toMatch(/Le serveur a rencontré un problème/);
    expect(errorMessage(new Error('Réseau coupé'))).toBe('Réseau coupé');
  });

  it('words a 422’s items in French, leaving out those a form shows under its fields', () => {
    const error = new ApiError(422, {
      code: 'E_VALIDATION_ERROR',
      message: 'Validation failure',
      errors: [
        { field: 'title', rule: 'required', message: 'x' },
        { field: 'amount', rule: 'min', message: 'x', meta: { min: 1 } },
      ],
    });
    const form = { getValues: () => ({ title: '' }) };
    const named = describeFor(form, { field: (item) => `${item.field} : ${item.rule}` })(error);
    expect(named).toBe('amount : min');
    expect(errorMessage(error, { except: ['title', 'amount'], field: (item) => item.field })).toBe(
      'title amount',
    );
  });
});

describe('errorText', () => {
  it('keeps the server’s messages when there is no reason', () => {
    expect(errorText(conflict())).toBe('This deal is already won');
    expect(
      errorText(
        new ApiError(422, {
          message: 'Validation failure',
          errors: [
            { field: 'a', rule: 'required', message: 'A is missing' },
            { field: 'b', rule: 'required', message: 'B is missing' },
          ],
        }),
      ),
    ).toBe('A is missing, B is missing');
    expect(errorText(null, 'Rien')).toBe('Rien');
  });
});
