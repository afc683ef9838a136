import { describe, expect, it } from 'vitest';
import { chars, errorOn, errorsOf } from '../test-helpers';
import { prospectCreateSchema, prospectUpdateSchema } from './prospect';

const valid = {
  firstName: 'Luc',
  contactLinks: ['https://linkedin.com/in/luc'],
  customFields: { budget: '2000' },
  nextActivityAt: '2025-03-01T09:00:00+01:00',
};
const at = (patch: Record<string, unknown>, field: string) =>
  errorOn(prospectCreateSchema, { ...valid, ...patch }, field);

describe('prospectCreateSchema', () => {
  it('accepts a minimal prospect and stores the next activity in UTC', () => {
    expect(prospectCreateSchema.parse(valid).nextActivityAt).toBe('2025-03-01T08:00:00.000Z');
  });

  it.each(['firstName', 'lastName'])('%s is 2–50 characters', (field) => {
    expect(at({ [field]: 'a' }, field)).toEqual({
      message: `The ${field} field must have at least 2 characters`,
      rule: 'minLength',
      field,
      meta: { min: 2 },
    });
    expect(at({ [field]: 'ab' }, field)).toBeUndefined();
    expect(at({ [field]: chars(50) }, field)).toBeUndefined();
    expect(at({ [field]: chars(51) }, field)?.rule).toBe('maxLength');
  });

  it('lastName, observations, email and phone are optional and nullable', () => {
    expect(
      errorsOf(prospectCreateSchema, {
        ...valid,
        lastName: null,
        observations: null,
        email: null,
        phone: null,
      }),
    ).toEqual([]);
  });

  it('reads a cleared e-mail as null and checks a given one', () => {
    expect(prospectCreateSchema.parse({ ...valid, email: '' }).email).toBeNull();
    expect(at({ email: 'luc@' }, 'email')?.rule).toBe('email');
  });

  it('contactLinks is a list of strings', () => {
    expect(at({ contactLinks: 'x' }, 'contactLinks')?.message).toBe(
      'The contactLinks field must be an array',
    );
    expect(at({ contactLinks: [1] }, 'contactLinks.0')).toEqual({
      message: 'The contactLinks field must be a string',
      rule: 'string',
      field: 'contactLinks.0',
      index: 0,
    });
  });

  it('customFields is a string map', () => {
    expect(at({ customFields: [] }, 'customFields')?.rule).toBe('object');
    expect(at({ customFields: { budget: 2000 } }, 'customFields.budget')?.rule).toBe('string');
  });

  it('nextActivityAt is a date', () => {
    expect(at({ nextActivityAt: 'lundi' }, 'nextActivityAt')?.message).toBe(
      'The nextActivityAt field must be a valid date',
    );
  });

  it('state is optional and enumerated', () => {
    expect(at({ state: 'follow_up' }, 'state')).toBeUndefined();
    expect(at({ state: 'busy' }, 'state')?.message).toBe('The selected state is invalid');
  });
});

describe('prospectUpdateSchema', () => {
  it('adds a required positive integer id', () => {
    expect(errorsOf(prospectUpdateSchema, { ...valid, id: 4 })).toEqual([]);
    expect(errorOn(prospectUpdateSchema, valid, 'id')?.rule).toBe('required');
    expect(errorOn(prospectUpdateSchema, { ...valid, id: -1 }, 'id')?.rule).toBe('positive');
  });
});
