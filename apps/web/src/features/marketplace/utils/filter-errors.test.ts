import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { filterErrors, otherErrors } from './filter-errors';

const validation = (
  errors: { field: string; rule: string; message: string; meta?: Record<string, unknown> }[],
) => new ApiError(422, { code: 'E_VALIDATION_ERROR', message: 'Validation failure', errors });

describe('filterErrors', () => {
  it('keys each error by its filter, in French, the first one winning', () => {
    const errors = filterErrors(
      validation([
        { field: 'priceRange.0', rule: 'positive', message: 'The 0 field must be positive' },
        { field: 'priceRange', rule: 'fixedArrayLength', message: 'x', meta: { size: 2 } },
        { field: 'missionType', rule: 'enum', message: 'The selected missionType is invalid' },
      ]),
    );
    expect(errors).toEqual({
      priceRange: 'La valeur doit être supérieure à 0',
      missionType: 'Valeur non autorisée',
    });
  });

  it('is null for anything but a validation failure', () => {
    expect(filterErrors(new ApiError(500, { message: 'Boom' }))).toBeNull();
    expect(filterErrors(new Error('network'))).toBeNull();
    expect(filterErrors(null)).toBeNull();
  });

  it('lists the errors no filter shows', () => {
    expect(otherErrors({ priceRange: 'a', perPage: 'b' }, ['priceRange'])).toEqual(['b']);
    expect(otherErrors(null, [])).toEqual([]);
  });
});
