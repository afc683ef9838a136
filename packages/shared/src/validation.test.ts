import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsOf } from './test-helpers';
import {
  genericMessages,
  toValidationErrors,
  validate,
  validationMessage,
  validationMessageFr,
} from './validation';

const one = (schema: z.ZodType, value: unknown) => errorsOf(z.object({ value: schema }), { value })[0];

describe('validationMessage (English catalogue of spec §5)', () => {
  it.each([
    ['required', {}, 'The email field must be defined'],
    ['string', {}, 'The email field must be a string'],
    ['invalidCharacters', {}, 'The email field must not contain NUL characters or unpaired surrogates'],
    ['email', {}, 'The email field must be a valid email address'],
    ['minLength', { min: 3 }, 'The email field must have at least 3 characters'],
    ['maxLength', { max: 9 }, 'The email field must not be greater than 9 characters'],
    ['fixedLength', { size: 5 }, 'The email field must be 5 characters long'],
    ['number', {}, 'The email field must be a number'],
    ['withoutDecimals', {}, 'The email field must be an integer'],
    ['min', { min: 1 }, 'The email field must be at least 1'],
    ['max', { max: 4 }, 'The email field must not be greater than 4'],
    ['range', { min: 0, max: 10 }, 'The email field must be between 0 and 10'],
    ['positive', {}, 'The email field must be positive'],
    ['url', {}, 'The email field must be a valid URL'],
    ['uuid', {}, 'The email field must be a valid UUID'],
    ['ipAddress', {}, 'The email field must be a valid IP address'],
    ['mobile', {}, 'The email field must be a valid mobile phone number'],
    ['postalCode', {}, 'The email field must be a valid postal code'],
    ['iban', {}, 'The email field must be a valid IBAN'],
    ['date', {}, 'The email field must be a valid date'],
    ['array', {}, 'The email field must be an array'],
    ['object', {}, 'The email field must be an object'],
    ['arrayMinLength', { min: 1 }, 'The email field must have at least 1 items'],
    ['arrayMaxLength', { max: 3 }, 'The email field must not have more than 3 items'],
    ['fixedArrayLength', { size: 2 }, 'The email field must contain 2 items'],
    ['enum', { choices: ['a'] }, 'The selected email is invalid'],
    ['in', {}, 'The selected email is invalid'],
    ['boolean', {}, 'The value must be a boolean'],
    ['sameAs', { otherField: 'password' }, 'The email field and password field must be the same'],
    ['notSameAs', { otherField: 'password' }, 'The email field and password field must be different'],
    ['accepted', {}, 'The email field must be accepted'],
    ['maxKeys', { max: 30 }, 'The email field must not have more than 30 keys'],
    ['csv', {}, 'The email file must be a valid CSV file'],
    ['maxLines', { max: 10 }, 'The email file must not have more than 10 lines'],
    ['json', {}, 'The email field must be valid JSON'],
    ['distinct', {}, 'The email field must not contain duplicate values'],
  ])('%s', (rule, meta, expected) => {
    expect(validationMessage(rule, 'email', meta)).toBe(expected);
  });

  it('uses the generic messages when the value itself (no field) fails', () => {
    expect(validationMessage('required', '')).toBe('value is required');
    expect(validationMessage('object', '')).toBe('value is not a valid object');
    expect(validationMessage('array', '')).toBe('value is not a valid array');
    expect(genericMessages).toEqual({
      required: 'value is required',
      object: 'value is not a valid object',
      array: 'value is not a valid array',
    });
  });

  it('falls back to a generic sentence for an unknown rule', () => {
    expect(validationMessage('somethingElse', 'title')).toBe('The title field is invalid');
  });
});

describe('toValidationErrors on plain Zod schemas', () => {
  it.each([
    ['missing value', z.string(), undefined, 'required', 'The value field must be defined', undefined],
    ['null value', z.number(), null, 'required', 'The value field must be defined', undefined],
    ['string type', z.string(), 12, 'string', 'The value field must be a string', undefined],
    ['number type', z.number(), 'x', 'number', 'The value field must be a number', undefined],
    ['boolean type', z.boolean(), 'x', 'boolean', 'The value must be a boolean', undefined],
    ['array type', z.array(z.string()), 'x', 'array', 'The value field must be an array', undefined],
    ['object type', z.object({}), [], 'object', 'The value field must be an object', undefined],
    [
      'string min',
      z.string().min(3),
      'ab',
      'minLength',
      'The value field must have at least 3 characters',
      { min: 3 },
    ],
    [
      'string max',
      z.string().max(3),
      'abcd',
      'maxLength',
      'The value field must not be greater than 3 characters',
      { max: 3 },
    ],
    [
      'string length',
      z.string().length(4),
      'abc',
      'fixedLength',
      'The value field must be 4 characters long',
      { size: 4 },
    ],
    ['number min', z.number().min(1), 0, 'min', 'The value field must be at least 1', { min: 1 }],
    ['number max', z.number().max(5), 6, 'max', 'The value field must not be greater than 5', { max: 5 }],
    ['positive', z.number().positive(), 0, 'positive', 'The value field must be positive', undefined],
    ['integer', z.int(), 1.5, 'withoutDecimals', 'The value field must be an integer', undefined],
    ['email', z.email(), 'x@', 'email', 'The value field must be a valid email address', undefined],
    ['url', z.url(), 'not a url', 'url', 'The value field must be a valid URL', undefined],
    ['uuid', z.uuid(), 'nope', 'uuid', 'The value field must be a valid UUID', undefined],
    ['ip', z.ipv4(), '300.1.1.1', 'ipAddress', 'The value field must be a valid IP address', undefined],
    ['iso date', z.iso.date(), '2024-13-01', 'date', 'The value field must be a valid date', undefined],
    ['enum', z.enum(['a', 'b']), 'c', 'enum', 'The selected value is invalid', { choices: ['a', 'b'] }],
    ['literal true', z.literal(true), false, 'accepted', 'The value field must be accepted', undefined],
    [
      'array min',
      z.array(z.string()).min(1),
      [],
      'arrayMinLength',
      'The value field must have at least 1 items',
      { min: 1 },
    ],
    [
      'array max',
      z.array(z.string()).max(1),
      ['a', 'b'],
      'arrayMaxLength',
      'The value field must not have more than 1 items',
      { max: 1 },
    ],
    [
      'array length',
      z.array(z.number()).length(2),
      [1],
      'fixedArrayLength',
      'The value field must contain 2 items',
      { size: 2 },
    ],
  ])('%s', (_name, schema, value, rule, message, meta) => {
    const expected: Record<string, unknown> = { message, rule, field: 'value' };
    if (meta) expected.meta = meta;
    expect(one(schema, value)).toEqual(expected);
  });

  it('reads an explicit rule and its numbers from refine params', () => {
    const schema = z.string().refine((v) => /^0[67]\d{8}$/.test(v), { params: { rule: 'mobile' } });
    expect(one(schema, '123')).toEqual({
      message: 'The value field must be a valid mobile phone number',
      rule: 'mobile',
      field: 'value',
    });
    const ranged = z.number().refine((v) => v <= 3, { params: { rule: 'range', min: 1, max: 3 } });
    expect(one(ranged, 4)).toEqual({
      message: 'The value field must be between 1 and 3',
      rule: 'range',
      field: 'value',
      meta: { min: 1, max: 3 },
    });
  });

  it('reports a refine without a rule as invalid', () => {
    expect(
      one(
        z.string().refine(() => false),
        'x',
      ),
    ).toEqual({
      message: 'The value field is invalid',
      rule: 'invalid',
      field: 'value',
    });
  });

  it('gives dotted paths, the last named segment in the message and the last index', () => {
    const schema = z.object({
      formations: z.array(z.object({ name: z.string(), link: z.url().optional() })),
      skills: z.array(z.string().max(3)),
      grid: z.array(z.object({ cells: z.array(z.number()) })),
    });
    const errors = errorsOf(schema, {
      formations: [{ name: 'ok' }, { name: 'ok', link: 'nope' }],
      skills: ['abc', 'abcd'],
      grid: [{ cells: [1] }, { cells: [1, 2, 'x'] }],
    });
    expect(errors).toEqual([
      { message: 'The link field must be a valid URL', rule: 'url', field: 'formations.1.link', index: 1 },
      {
        message: 'The skills field must not be greater than 3 characters',
        rule: 'maxLength',
        field: 'skills.1',
        meta: { max: 3 },
        index: 1,
      },
      { message: 'The cells field must be a number', rule: 'number', field: 'grid.1.cells.2', index: 2 },
    ]);
  });

  it('keeps only the first failing rule of each field', () => {
    const schema = z.object({ price: z.number().positive().min(1) });
    expect(errorsOf(schema, { price: 0 })).toEqual([
      { message: 'The price field must be positive', rule: 'positive', field: 'price' },
    ]);
    expect(errorsOf(schema, { price: 0.5 })).toEqual([
      { message: 'The price field must be at least 1', rule: 'min', field: 'price', meta: { min: 1 } },
    ]);
  });

  it('uses the generic messages for the payload itself', () => {
    expect(errorsOf(z.object({ a: z.string() }), 'x')).toEqual([
      { message: 'value is not a valid object', rule: 'object', field: '' },
    ]);
    expect(errorsOf(z.array(z.string()), {})).toEqual([
      { message: 'value is not a valid array', rule: 'array', field: '' },
    ]);
    expect(errorsOf(z.object({ a: z.string() }), undefined)).toEqual([
      { message: 'value is required', rule: 'required', field: '' },
    ]);
  });

  it('names an unexpected key of a strict object after the key', () => {
    expect(errorsOf(z.strictObject({ a: z.string() }), { a: 'x', admin: true })).toEqual([
      { message: 'The admin field is not allowed', rule: 'notAllowed', field: 'admin' },
    ]);
  });

  it('reports a missing union value as required and otherwise the closest branch', () => {
    const schema = z.object({ value: z.union([z.string().min(3), z.number()]) });
    expect(errorsOf(schema, {})).toEqual([
      { message: 'The value field must be defined', rule: 'required', field: 'value' },
    ]);
    expect(errorsOf(schema, { value: 'ab' })).toEqual([
      {
        message: 'The value field must have at least 3 characters',
        rule: 'minLength',
        field: 'value',
        meta: { min: 3 },
      },
    ]);
  });

  it('reports record values by their key path', () => {
    const schema = z.object({ customFields: z.record(z.string(), z.string()) });
    expect(errorsOf(schema, { customFields: { budget: 12 } })).toEqual([
      { message: 'The budget field must be a string', rule: 'string', field: 'customFields.budget' },
    ]);
  });

  it('tells a missing value from a wrong one from the input even when messages are customised', () => {
    const schema = z.object({ name: z.string(), age: z.number() });
    const data = { age: 'x' };
    const result = schema.safeParse(data, { error: () => 'Valeur invalide' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toValidationErrors(result.error, data).map((e) => e.rule)).toEqual(['required', 'number']);
  });

  it('reports a missing plain z.enum as required when given the input', () => {
    const schema = z.object({ status: z.enum(['a', 'b']) });
    const result = schema.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toValidationErrors(result.error, {})).toEqual([
      { message: 'The status field must be defined', rule: 'required', field: 'status' },
    ]);
    expect(validate(schema, {})).toEqual({ success: false, errors: toValidationErrors(result.error, {}) });
  });

  it('validate() answers the data or the errors list', () => {
    const schema = z.object({ n: z.number() });
    expect(validate(schema, { n: 1 })).toEqual({ success: true, data: { n: 1 } });
    expect(validate(schema, {})).toEqual({
      success: false,
      errors: [{ message: 'The n field must be defined', rule: 'required', field: 'n' }],
    });
  });
});

describe('validationMessageFr', () => {
  const fr = (rule: string, meta?: Record<string, unknown>, field = 'champ') =>
    validationMessageFr({ rule, field, message: '', ...(meta ? { meta } : {}) });

  it.each([
    ['required', undefined, 'Ce champ est obligatoire'],
    ['email', undefined, 'Adresse e-mail invalide'],
    ['invalidCharacters', undefined, 'Ce champ contient des caractères non autorisés'],
    ['minLength', { min: 8 }, 'Au moins 8 caractères'],
    ['minLength', { min: 1 }, 'Au moins 1 caractère'],
    ['maxLength', { max: 50 }, 'Au plus 50 caractères'],
    ['fixedLength', { size: 5 }, 'Exactement 5 caractères'],
    ['url', undefined, 'URL invalide (elle doit commencer par http:// ou https://)'],
    ['enum', { choices: ['a'] }, 'Valeur non autorisée'],
    ['in', undefined, 'Valeur non autorisée'],
    ['range', { min: 0, max: 10 }, 'La valeur doit être comprise entre 0 et 10'],
    ['min', { min: 1 }, 'La valeur doit être au moins 1'],
    ['max', { max: 100 }, 'La valeur doit être au plus 100'],
    ['positive', undefined, 'La valeur doit être supérieure à 0'],
    ['number', undefined, 'Ce champ doit être un nombre'],
    ['withoutDecimals', undefined, 'Ce champ doit être un nombre entier'],
    ['date', undefined, 'Date invalide'],
    ['boolean', undefined, 'La valeur doit être oui ou non'],
    ['arrayMinLength', { min: 1 }, 'Au moins 1 élément'],
    ['arrayMaxLength', { max: 3 }, 'Au plus 3 éléments'],
    ['fixedArrayLength', { size: 2 }, 'Exactement 2 éléments'],
    ['accepted', undefined, 'Vous devez accepter pour continuer'],
    ['maxKeys', { max: 30 }, 'Au plus 30 champs'],
    ['fileSize', { max: 2 * 1024 * 1024 }, 'Le fichier ne doit pas dépasser 2 Mo'],
    ['fileSize', { max: 5 * 1024 * 1024 }, 'Le fichier ne doit pas dépasser 5 Mo'],
    ['fileType', undefined, 'Ce type de fichier n’est pas accepté'],
    ['csv', undefined, 'Ce fichier n’est pas un fichier CSV ou Excel (.xlsx) valide'],
    ['csv', { line: 12 }, 'Ce fichier n’est pas un fichier CSV valide (ligne 12)'],
    ['maxLines', { max: 10_000 }, 'Le fichier ne doit pas dépasser 10\u202f000 lignes'],
    ['json', undefined, 'Ce champ doit être un JSON valide'],
    ['distinct', undefined, 'Cette valeur figure déjà dans la liste'],
    ['unknown-rule', undefined, 'Valeur invalide'],
  ])('%s %j', (rule, meta, expected) => {
    expect(fr(rule, meta)).toBe(expected);
  });

  it('speaks of columns for a field of the CSV mapping chosen twice', () => {
    expect(fr('distinct', undefined, 'mapping.Nom')).toBe('Ce champ est choisi pour plusieurs colonnes');
    expect(fr('distinct', undefined, 'skills.2')).toBe('Cette valeur figure déjà dans la liste');
  });

  it('names what a list field is made of in its size messages', () => {
    expect(fr('arrayMinLength', { min: 1 }, 'financingMethods')).toBe(
      'Choisissez au moins un mode de financement',
    );
    expect(fr('arrayMinLength', { min: 2 }, 'skills')).toBe('Choisissez au moins 2 compétences');
    expect(fr('arrayMinLength', { min: 1 }, 'profile.contactLinks')).toBe('Ajoutez au moins un lien');
    expect(fr('arrayMaxLength', { max: 50 }, 'workSectors')).toBe('Au plus 50 secteurs d’activité');
    // A list without a name of its own keeps the generic wording.
    expect(fr('arrayMinLength', { min: 1 }, 'ids')).toBe('Au moins 1 élément');
    expect(fr('arrayMinLength', { min: 1 }, 'toString')).toBe('Au moins 1 élément');
  });

  it('speaks of passwords for a password confirmation', () => {
    expect(fr('sameAs', { otherField: 'password' }, 'passwordConfirmation')).toBe(
      'Les mots de passe ne correspondent pas',
    );
    expect(fr('sameAs', { otherField: 'email' }, 'emailConfirmation')).toBe(
      'Les deux valeurs doivent être identiques',
    );
  });
});
