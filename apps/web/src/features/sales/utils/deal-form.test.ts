import { dealCreateSchema } from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { dealFixture } from './deal-fixture';
import { changedDealFields, dealFormValues, emptyDealValues, numberOrNull, toDealInput } from './deal-form';

describe('deal form', () => {
  it('sends numbers and days the API takes', () => {
    const input = toDealInput({
      title: '  Formation bourse  ',
      prospectId: '12',
      infopreneurFormationId: '3',
      status: 'Role',
      expectedCloseDate: '2025-04-30',
      probability: 70,
      observations: 'Rappeler lundi',
    });
    expect(input).toEqual({
      title: 'Formation bourse',
      prospectId: 12,
      infopreneurFormationId: 3,
      status: 'Role',
      expectedCloseDate: '2025-04-30',
      probability: 70,
      observations: 'Rappeler lundi',
    });
    expect(dealCreateSchema.safeParse(input).success).toBe(true);
  });

  it('leaves the missing choices for the schema to name', () => {
    const result = dealCreateSchema.safeParse(toDealInput({ ...emptyDealValues, title: 'Ok' }));
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(
      expect.arrayContaining(['prospectId', 'infopreneurFormationId', 'expectedCloseDate']),
    );
    expect(fields).not.toContain('probability');
  });

  it('reads number inputs, blank as null', () => {
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull(' 12,5 ')).toBe(12.5);
    expect(numberOrNull(40)).toBe(40);
    expect(numberOrNull('abc')).toBeNull();
  });

  it('sends only what changed, with the id', () => {
    const deal = dealFixture({ probability: 50, observations: 'Note' });
    const values = dealFormValues(deal);
    expect(changedDealFields(deal, values)).toEqual({ id: 1 });
    expect(changedDealFields(deal, { ...values, probability: '', title: 'Nouveau titre' })).toEqual({
      id: 1,
      title: 'Nouveau titre',
      probability: null,
    });
  });
});
