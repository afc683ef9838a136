import { describe, expect, it } from 'vitest';
import { chars, errorOn, errorsOf } from '../test-helpers';
import { validationMessage, validationMessageFr } from '../validation';
import {
  commissionListQuerySchema,
  commissionSplitSchema,
  dealCreateSchema,
  dealHandoffSchema,
  dealListQuerySchema,
  dealLoseSchema,
  dealMoveSchema,
  dealUpdateSchema,
  dealWinSchema,
  decodeCommissionCursor,
  encodeCommissionCursor,
  forecastQuerySchema,
} from './deal';

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

describe('the CRM request schemas', () => {
  it('probability is a whole percent up to 100, or null to clear it', () => {
    expect(at({ probability: 100 }, 'probability')).toBeUndefined();
    expect(at({ probability: null }, 'probability')).toBeUndefined();
    expect(at({ probability: 101 }, 'probability')).toMatchObject({ rule: 'max', meta: { max: 100 } });
    expect(at({ probability: 12.5 }, 'probability')?.rule).toBe('withoutDecimals');
  });

  it('reads an expected close date as a calendar day', () => {
    expect(
      dealCreateSchema.parse({ ...valid, expectedCloseDate: '2025-04-30 23:30:00' }).expectedCloseDate,
    ).toBe('2025-04-30');
    expect(
      dealCreateSchema.parse({ ...valid, expectedCloseDate: '2025-04-30T23:30:00-02:00' }).expectedCloseDate,
    ).toBe('2025-05-01');
  });

  it('moves to the six open stages only', () => {
    expect(errorsOf(dealMoveSchema, { status: 'Role', note: 'RDV pris' })).toEqual([]);
    expect(errorOn(dealMoveSchema, { status: 'Closed' }, 'status')?.rule).toBe('enum');
    expect(errorOn(dealMoveSchema, { status: 'Role', note: chars(501) }, 'note')?.rule).toBe('maxLength');
  });

  it('wins with an amount of at most two decimals and 1–12 instalments', () => {
    expect(errorsOf(dealWinSchema, {})).toEqual([]);
    expect(errorsOf(dealWinSchema, { amount: 2497.5, instalments: 12 })).toEqual([]);
    expect(errorOn(dealWinSchema, { amount: 0.001 }, 'amount')).toEqual({
      message: 'The amount field must not have more than 2 decimal places',
      rule: 'decimals',
      field: 'amount',
      meta: { decimals: 2 },
    });
    expect(errorOn(dealWinSchema, { amount: -1 }, 'amount')?.rule).toBe('positive');
    expect(errorOn(dealWinSchema, { instalments: 13 }, 'instalments')?.message).toBe(
      'The instalments field must be between 1 and 12',
    );
  });

  it('loses with a reason of 2–500 characters; hands off to a closer id; splits 0–100 %', () => {
    expect(errorOn(dealLoseSchema, {}, 'reason')?.rule).toBe('required');
    expect(errorOn(dealLoseSchema, { reason: ' a ' }, 'reason')?.rule).toBe('minLength');
    expect(errorOn(dealLoseSchema, { reason: chars(501) }, 'reason')?.rule).toBe('maxLength');
    expect(errorOn(dealHandoffSchema, { closerId: 0 }, 'closerId')?.rule).toBe('positive');
    expect(errorsOf(commissionSplitSchema, { setterSharePercent: 0 })).toEqual([]);
    expect(errorOn(commissionSplitSchema, { setterSharePercent: 101 }, 'setterSharePercent')?.rule).toBe(
      'range',
    );
  });

  it('reads the list filters from a query string', () => {
    const parsed = dealListQuerySchema.parse({ status: 'Closing,Role', serviceId: '4', perPage: '50' });
    expect(parsed).toMatchObject({ status: ['Closing', 'Role'], serviceId: 4, page: 1, perPage: 50 });
    expect(errorOn(dealListQuerySchema, { sortBy: 'price' }, 'sortBy')?.rule).toBe('enum');
    expect(errorOn(forecastQuerySchema, { staleDays: '0' }, 'staleDays')?.rule).toBe('range');
  });

  it('has an English message and a French wording for each new rule', () => {
    expect(validationMessage('exists', 'prospectId')).toBe('The selected prospectId is invalid');
    expect(validationMessage('sellable', 'infopreneurFormationId')).toBe(
      'The selected infopreneurFormationId is not an offer you may sell',
    );
    expect(validationMessage('afterOrEqual', 'to', { otherField: 'from' })).toBe(
      'The to field must be a date after or equal to from',
    );
    for (const rule of ['exists', 'sellable', 'handoffCloser', 'decimals', 'afterOrEqual', 'dateSpan']) {
      expect(
        validationMessageFr({ rule, field: 'x', message: '', meta: { decimals: 2, max: 1830 } }),
      ).not.toBe('Valeur invalide');
    }
    expect(
      validationMessageFr({ rule: 'decimals', field: 'amount', message: '', meta: { decimals: 2 } }),
    ).toBe('Au plus 2 décimales');
  });
});

describe('the commission cursor', () => {
  it('reads back what it wrote, and nothing else', () => {
    const place = { dueOn: '2026-02-28', id: 4_211 };
    const cursor = encodeCommissionCursor(place);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCommissionCursor(cursor)).toEqual(place);
    expect(commissionListQuerySchema.parse({ cursor }).cursor).toEqual(place);
    for (const bad of [
      `${cursor}==`,
      Buffer.from('2026-02-30:1').toString('base64url'),
      Buffer.from('2026-02-28:0').toString('base64url'),
      Buffer.from('2026-02-28:2147483648').toString('base64url'),
      Buffer.from('2026-02-28:1;drop').toString('base64url'),
      'x'.repeat(41),
    ]) {
      expect(decodeCommissionCursor(bad), bad).toBeNull();
      expect(commissionListQuerySchema.safeParse({ cursor: bad }).success).toBe(false);
    }
  });

  it('pages 50 lines by default, 100 at most', () => {
    expect(commissionListQuerySchema.parse({}).perPage).toBe(50);
    expect(commissionListQuerySchema.parse({ perPage: '100' }).perPage).toBe(100);
    expect(commissionListQuerySchema.safeParse({ perPage: '101' }).success).toBe(false);
    expect(commissionListQuerySchema.parse({ status: 'due,paid' }).status).toEqual(['due', 'paid']);
  });
});
