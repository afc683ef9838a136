import { describe, expect, it } from 'vitest';
import { chars, errorOn, errorsOf } from '../test-helpers';
import { dealCreateSchema, dealUpdateSchema } from './deal';

const valid = {
  title: 'Vente formation',
  observations: '',
  status: 'Role',
  expectedCloseDate: '2025-04-30',
  prospectId: 1,
  infopreneurFormationId: 2,
};
const at = (patch: Record<string, unknown>, field: string) =>
  errorOn(dealCreateSchema, { ...valid, ...patch }, field);

describe('dealCreateSchema', () => {
  it('accepts a valid deal', () => {
    expect(errorsOf(dealCreateSchema, valid)).toEqual([]);
  });

  it('title is 2–100 characters', () => {
    expect(at({ title: 'a' }, 'title')?.message).toBe('The title field must have at least 2 characters');
    expect(at({ title: 'ab' }, 'title')).toBeUndefined();
    expect(at({ title: chars(100) }, 'title')).toBeUndefined();
    expect(at({ title: chars(101) }, 'title')?.message).toBe(
      'The title field must not be greater than 100 characters',
    );
  });

  it('observations is at most 2500 characters', () => {
    expect(at({ observations: chars(2500) }, 'observations')).toBeUndefined();
    expect(at({ observations: chars(2501) }, 'observations')).toEqual({
      message: 'The observations field must not be greater than 2500 characters',
      rule: 'maxLength',
      field: 'observations',
      meta: { max: 2500 },
    });
  });

  it('status is a pipeline stage', () => {
    expect(at({ status: 'Closed' }, 'status')).toBeUndefined();
    expect(at({ status: 'R2' }, 'status')?.rule).toBe('enum');
  });

  it('expectedCloseDate is a date', () => {
    expect(at({ expectedCloseDate: '2025-02-30' }, 'expectedCloseDate')?.rule).toBe('date');
  });

  it('probability is optional and positive', () => {
    expect(at({ probability: 0 }, 'probability')?.message).toBe('The probability field must be positive');
    expect(at({ probability: 40 }, 'probability')).toBeUndefined();
  });

  it.each(['prospectId', 'infopreneurFormationId'])('%s is a positive id', (field) => {
    expect(at({ [field]: 0 }, field)?.rule).toBe('positive');
    expect(at({ [field]: undefined }, field)?.rule).toBe('required');
  });
});

describe('dealUpdateSchema', () => {
  it('makes everything optional except id', () => {
    expect(errorsOf(dealUpdateSchema, { id: 9, status: 'Lost' })).toEqual([]);
    expect(errorsOf(dealUpdateSchema, { status: 'Lost' })).toEqual([
      { message: 'The id field must be defined', rule: 'required', field: 'id' },
    ]);
  });
});
