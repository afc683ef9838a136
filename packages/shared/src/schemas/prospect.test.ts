import { describe, expect, it } from 'vitest';
import { chars, errorOn, errorsOf } from '../test-helpers';
import {
  activityCreateSchema,
  activityUpdateSchema,
  importMappingSchema,
  isImportTarget,
  prospectCreateSchema,
  prospectUpdateSchema,
} from './prospect';

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
  it('is partial, with an optional positive integer id', () => {
    expect(errorsOf(prospectUpdateSchema, { ...valid, id: 4 })).toEqual([]);
    expect(errorsOf(prospectUpdateSchema, { state: 'success' })).toEqual([]);
    expect(errorOn(prospectUpdateSchema, { ...valid, id: -1 }, 'id')?.rule).toBe('positive');
    expect(errorOn(prospectUpdateSchema, { firstName: 'a' }, 'firstName')?.rule).toBe('minLength');
  });

  it('leaves out what is not sent (no default list or map)', () => {
    expect(prospectUpdateSchema.parse({ firstName: 'Luc' })).toEqual({ firstName: 'Luc' });
  });
});

describe('extended rules', () => {
  it('contact links are http(s) URLs, at most 20', () => {
    expect(at({ contactLinks: ['ftp://x.fr'] }, 'contactLinks.0')?.rule).toBe('url');
    const links = (n: number) => Array.from({ length: n }, (_, i) => `https://exemple.fr/${i}`);
    expect(at({ contactLinks: links(20) }, 'contactLinks')).toBeUndefined();
    expect(at({ contactLinks: links(21) }, 'contactLinks')?.rule).toBe('arrayMaxLength');
  });

  it('custom fields: at most 30 keys of 1–50 characters, values of at most 500', () => {
    const map = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
    expect(at({ customFields: map(30) }, 'customFields')).toBeUndefined();
    expect(at({ customFields: map(31) }, 'customFields')).toEqual({
      message: 'The customFields field must not have more than 30 keys',
      rule: 'maxKeys',
      field: 'customFields',
      meta: { max: 30 },
    });
    expect(at({ customFields: { [chars(51)]: 'v' } }, `customFields.${chars(51)}`)?.rule).toBe('maxLength');
    expect(at({ customFields: { k: chars(501) } }, 'customFields.k')?.rule).toBe('maxLength');
  });

  it('lists and maps default to empty; nextActivityAt, state and leadStage may be null', () => {
    expect(prospectCreateSchema.parse({ firstName: 'Luc' })).toEqual({
      firstName: 'Luc',
      contactLinks: [],
      customFields: {},
    });
    expect(
      errorsOf(prospectCreateSchema, {
        firstName: 'Luc',
        nextActivityAt: null,
        state: null,
        leadStage: null,
      }),
    ).toEqual([]);
    expect(at({ leadStage: 'hot' }, 'leadStage')?.rule).toBe('enum');
  });
});

describe('activity schemas', () => {
  it('title 2–100, notes at most 2500, dueAt a date, priority medium by default', () => {
    const activity = { title: 'Appel', dueAt: '2030-01-01T10:00:00+01:00' };
    expect(activityCreateSchema.parse(activity)).toEqual({
      title: 'Appel',
      dueAt: '2030-01-01T09:00:00.000Z',
      priority: 'medium',
    });
    expect(errorOn(activityCreateSchema, { ...activity, title: 'A' }, 'title')?.rule).toBe('minLength');
    expect(errorOn(activityCreateSchema, { ...activity, title: chars(101) }, 'title')?.rule).toBe(
      'maxLength',
    );
    expect(errorOn(activityCreateSchema, { ...activity, notes: chars(2501) }, 'notes')?.rule).toBe(
      'maxLength',
    );
    expect(errorOn(activityCreateSchema, { ...activity, priority: 'urgent' }, 'priority')?.rule).toBe('enum');
    expect(activityUpdateSchema.parse({ done: true })).toEqual({ done: true });
  });
});

describe('import mapping', () => {
  it('accepts the prospect fields, customFields.<name> and ignore', () => {
    for (const target of ['firstName', 'contactLinks', 'nextActivityAt', 'ignore', 'customFields.Budget'])
      expect(isImportTarget(target), target).toBe(true);
    for (const target of ['id', 'customFields.', 'customFields.  ', `customFields.${chars(51)}`, 'ownerId'])
      expect(isImportTarget(target), target).toBe(false);
    expect(errorOn(importMappingSchema, { Prénom: 'age' }, 'Prénom')?.rule).toBe('in');
  });
});
