import { describe, expect, it } from 'vitest';
import { chars, errorOn, errorsOf } from '../test-helpers';
import { toValidationErrors } from '../validation';
import { serviceCreateSchema, serviceUpdateSchema } from './service';

const valid = {
  name: 'Formation closing',
  description: 'Apprendre à conclure une vente.',
  price: 997,
  commissionRate: 20,
  financingMethods: ['cpf', 'cash'],
  link: 'https://exemple.fr/formation',
  duration: 12,
  locationType: 'online',
};

const at = (patch: Record<string, unknown>, field: string) =>
  errorOn(serviceCreateSchema, { ...valid, ...patch }, field);

describe('serviceCreateSchema', () => {
  it('accepts a valid online service', () => {
    expect(errorsOf(serviceCreateSchema, valid)).toEqual([]);
  });

  it('name is trimmed, 3–255 characters', () => {
    expect(at({ name: ' ab ' }, 'name')).toEqual({
      message: 'The name field must have at least 3 characters',
      rule: 'minLength',
      field: 'name',
      meta: { min: 3 },
    });
    expect(at({ name: 'abc' }, 'name')).toBeUndefined();
    expect(at({ name: chars(255) }, 'name')).toBeUndefined();
    expect(at({ name: chars(256) }, 'name')?.message).toBe(
      'The name field must not be greater than 255 characters',
    );
  });

  it('description is trimmed, at least 10 characters', () => {
    expect(at({ description: `  ${chars(9)}  ` }, 'description')?.message).toBe(
      'The description field must have at least 10 characters',
    );
    expect(at({ description: chars(10) }, 'description')).toBeUndefined();
  });

  it.each(['price', 'duration'])('%s is positive and at least 1', (field) => {
    expect(at({ [field]: 0 }, field)).toEqual({
      message: `The ${field} field must be positive`,
      rule: 'positive',
      field,
    });
    expect(at({ [field]: 0.99 }, field)).toEqual({
      message: `The ${field} field must be at least 1`,
      rule: 'min',
      field,
      meta: { min: 1 },
    });
    expect(at({ [field]: 1 }, field)).toBeUndefined();
  });

  it('price fits its numeric(12, 2) column: at most 9,999,999,999.99', () => {
    expect(at({ price: 9_999_999_999.99 }, 'price')).toBeUndefined();
    expect(at({ price: 10_000_000_000 }, 'price')).toEqual({
      message: 'The price field must not be greater than 9999999999.99',
      rule: 'max',
      field: 'price',
      meta: { max: 9_999_999_999.99 },
    });
    expect(errorOn(serviceUpdateSchema, { price: 1e12 }, 'price')?.rule).toBe('max');
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

  it('lists name each financing method, certification and work sector once', () => {
    expect(at({ financingMethods: ['cpf', 'cash', 'cpf'] }, 'financingMethods.2')).toEqual({
      message: 'The financingMethods field must not contain duplicate values',
      rule: 'distinct',
      field: 'financingMethods.2',
      index: 2,
    });
    expect(at({ certifications: ['icpf', 'icpf'] }, 'certifications.1')?.rule).toBe('distinct');
    expect(at({ workSectors: [3, '3'] }, 'workSectors.1')?.rule).toBe('distinct');
    expect(at({ workSectors: Array.from({ length: 51 }, (_, i) => i + 1) }, 'workSectors')?.rule).toBe(
      'arrayMaxLength',
    );
  });

  it('commissionRate is positive and between 1 and 100', () => {
    expect(at({ commissionRate: 0 }, 'commissionRate')?.rule).toBe('positive');
    expect(at({ commissionRate: 0.5 }, 'commissionRate')).toEqual({
      message: 'The commissionRate field must be between 1 and 100',
      rule: 'range',
      field: 'commissionRate',
      meta: { min: 1, max: 100 },
    });
    expect(at({ commissionRate: 1 }, 'commissionRate')).toBeUndefined();
    expect(at({ commissionRate: 100 }, 'commissionRate')).toBeUndefined();
    expect(at({ commissionRate: 100.5 }, 'commissionRate')?.rule).toBe('range');
  });

  it('financingMethods is a non-empty list of financing methods', () => {
    expect(at({ financingMethods: [] }, 'financingMethods')).toEqual({
      message: 'The financingMethods field must have at least 1 items',
      rule: 'arrayMinLength',
      field: 'financingMethods',
      meta: { min: 1 },
    });
    expect(at({ financingMethods: ['cpf', 'paypal'] }, 'financingMethods.1')).toEqual({
      message: 'The selected financingMethods is invalid',
      rule: 'enum',
      field: 'financingMethods.1',
      meta: { choices: ['cash', 'cpf', 'opco', 'online'] },
      index: 1,
    });
  });

  it('link must be a URL', () => {
    expect(at({ link: 'exemple.fr' }, 'link')?.message).toBe('The link field must be a valid URL');
  });

  it('locationType is required and enumerated', () => {
    expect(at({ locationType: undefined }, 'locationType')?.message).toBe(
      'The locationType field must be defined',
    );
    expect(at({ locationType: 'moon' }, 'locationType')?.message).toBe(
      'The selected locationType is invalid',
    );
  });

  it.each(['physical', 'both'])('location is required when locationType is %s', (locationType) => {
    expect(at({ locationType }, 'location')).toEqual({
      message: 'The location field must be defined',
      rule: 'required',
      field: 'location',
    });
    expect(at({ locationType, location: '   ' }, 'location')?.rule).toBe('required');
    expect(at({ locationType, location: 'Lyon' }, 'location')).toBeUndefined();
  });

  it('reports the missing location together with other failing fields', () => {
    const errors = errorsOf(serviceCreateSchema, { ...valid, name: 'x', locationType: 'physical' });
    expect(errors.map((e) => e.field)).toEqual(['name', 'location']);
  });

  it('optional fields: requestValidation (checkbox), certifications, workSectors', () => {
    const data = serviceCreateSchema.parse({
      ...valid,
      requestValidation: 'on',
      certifications: ['qualiopi'],
      workSectors: { a: 3 },
    });
    expect(data.requestValidation).toBe(true);
    expect(data.workSectors).toEqual([3]);
    expect(at({ certifications: ['iso'] }, 'certifications.0')?.rule).toBe('enum');
  });
});

describe('serviceUpdateSchema', () => {
  it('accepts a partial update', () => {
    expect(errorsOf(serviceUpdateSchema, { id: 3, price: 50 })).toEqual([]);
    expect(errorsOf(serviceUpdateSchema, {})).toEqual([]);
  });

  it('id is a positive integer', () => {
    expect(errorOn(serviceUpdateSchema, { id: 0 }, 'id')?.rule).toBe('positive');
    expect(errorOn(serviceUpdateSchema, { id: 1.5 }, 'id')?.rule).toBe('withoutDecimals');
  });

  it('location is required when locationType is set and not online', () => {
    expect(errorOn(serviceUpdateSchema, { locationType: 'physical' }, 'location')?.message).toBe(
      'The location field must be defined',
    );
    expect(errorsOf(serviceUpdateSchema, { locationType: 'online' })).toEqual([]);
    expect(errorsOf(serviceUpdateSchema, { location: 'Paris' })).toEqual([]);
  });
});

describe('every failing field at once', () => {
  it('reports a missing location together with a bad link and a NUL in the name', () => {
    const r = serviceCreateSchema.safeParse({
      name: 'a\u0000bc',
      description: 'Une description assez longue',
      price: 10,
      commissionRate: 10,
      financingMethods: ['cpf'],
      link: 'pas une url',
      duration: 3,
      locationType: 'physical',
    });
    expect(r.success).toBe(false);
    const fields = toValidationErrors(r.error!, {}).map((e) => `${e.field}:${e.rule}`);
    expect(fields).toEqual(['name:invalidCharacters', 'link:url', 'location:required']);
  });
});
