import { describe, expect, it } from 'vitest';
import { chars, errorOn, errorsOf } from '../test-helpers';
import { missionCreateSchema, missionSearchSchema } from './mission';

const valid = { title: 'Closer pour lancement', missionType: 'closer', serviceId: 3 };
const at = (patch: Record<string, unknown>, field: string) =>
  errorOn(missionCreateSchema, { ...valid, ...patch }, field);

describe('missionCreateSchema', () => {
  it('accepts a valid mission', () => {
    expect(errorsOf(missionCreateSchema, valid)).toEqual([]);
  });

  it('title is 5–100 characters', () => {
    expect(at({ title: chars(4) }, 'title')?.message).toBe('The title field must have at least 5 characters');
    expect(at({ title: chars(5) }, 'title')).toBeUndefined();
    expect(at({ title: chars(100) }, 'title')).toBeUndefined();
    expect(at({ title: chars(101) }, 'title')?.rule).toBe('maxLength');
  });

  it('description is at most 10,000 characters', () => {
    expect(at({ description: chars(10_000) }, 'description')).toBeUndefined();
    expect(at({ description: chars(300_000) }, 'description')).toEqual({
      message: 'The description field must not be greater than 10000 characters',
      rule: 'maxLength',
      field: 'description',
      meta: { max: 10_000 },
    });
  });

  it('missionType is setter, closer or setter_closer', () => {
    expect(at({ missionType: 'setter_closer' }, 'missionType')).toBeUndefined();
    expect(at({ missionType: 'setter-closer' }, 'missionType')).toEqual({
      message: 'The selected missionType is invalid',
      rule: 'enum',
      field: 'missionType',
      meta: { choices: ['setter', 'closer', 'setter_closer'] },
    });
  });

  it('minConversionRate is optional, between 0 and 100', () => {
    expect(at({ minConversionRate: -1 }, 'minConversionRate')?.message).toBe(
      'The minConversionRate field must be between 0 and 100',
    );
    expect(at({ minConversionRate: 0 }, 'minConversionRate')).toBeUndefined();
    expect(at({ minConversionRate: 100 }, 'minConversionRate')).toBeUndefined();
    expect(at({ minConversionRate: 101 }, 'minConversionRate')?.rule).toBe('range');
  });

  it('minExperience is optional and positive', () => {
    expect(at({ minExperience: 0 }, 'minExperience')?.rule).toBe('positive');
    expect(at({ minExperience: 2 }, 'minExperience')).toBeUndefined();
  });

  it('serviceId is a positive integer', () => {
    expect(at({ serviceId: 2.5 }, 'serviceId')?.message).toBe('The serviceId field must be an integer');
    expect(at({ serviceId: undefined }, 'serviceId')?.rule).toBe('required');
  });
});

describe('missionSearchSchema', () => {
  it('accepts no filter and null filters', () => {
    expect(errorsOf(missionSearchSchema, {})).toEqual([]);
    expect(
      errorsOf(missionSearchSchema, {
        query: null,
        missionType: null,
        priceRange: null,
        workSectors: null,
        certifications: null,
        financingMethods: null,
        sortBy: null,
        sortOrder: null,
      }),
    ).toEqual([]);
  });

  it('query and sortBy are at most 100 characters', () => {
    expect(errorOn(missionSearchSchema, { query: chars(100) }, 'query')).toBeUndefined();
    expect(errorOn(missionSearchSchema, { query: chars(101) }, 'query')?.message).toBe(
      'The query field must not be greater than 100 characters',
    );
    expect(errorOn(missionSearchSchema, { sortBy: chars(101) }, 'sortBy')?.rule).toBe('maxLength');
  });

  it('priceRange is exactly 2 positive numbers', () => {
    expect(missionSearchSchema.parse({ priceRange: ['100', 2000] }).priceRange).toEqual([100, 2000]);
    expect(errorOn(missionSearchSchema, { priceRange: [100] }, 'priceRange')).toEqual({
      message: 'The priceRange field must contain 2 items',
      rule: 'fixedArrayLength',
      field: 'priceRange',
      meta: { size: 2 },
    });
    expect(errorOn(missionSearchSchema, { priceRange: [1, 2, 3] }, 'priceRange')?.rule).toBe(
      'fixedArrayLength',
    );
    expect(errorOn(missionSearchSchema, { priceRange: [0, 10] }, 'priceRange.0')?.rule).toBe('positive');
  });

  it('workSectors is a list of positive numbers; single query values become lists', () => {
    expect(missionSearchSchema.parse({ workSectors: '4', certifications: 'qualiopi' })).toEqual({
      workSectors: [4],
      certifications: ['qualiopi'],
    });
    expect(errorOn(missionSearchSchema, { workSectors: [1, -2] }, 'workSectors.1')?.rule).toBe('positive');
  });

  it('enumerated filters', () => {
    expect(errorOn(missionSearchSchema, { sortOrder: 'up' }, 'sortOrder')?.message).toBe(
      'The selected sortOrder is invalid',
    );
    expect(errorOn(missionSearchSchema, { financingMethods: ['x'] }, 'financingMethods.0')?.rule).toBe(
      'enum',
    );
    expect(errorOn(missionSearchSchema, { missionType: 'admin' }, 'missionType')?.rule).toBe('enum');
  });
});
