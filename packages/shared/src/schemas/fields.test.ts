import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chars, errorsOf } from '../test-helpers';
import {
  acceptedCheckboxValues,
  blankToNull,
  checkboxValue,
  dateField,
  distinctItems,
  emailField,
  enumField,
  idField,
  idParam,
  isStorableText,
  isValidDateString,
  lenientNumber,
  MAX_INT,
  MAX_MONEY,
  moneyField,
  numberBetween,
  positiveInt,
  textField,
  trimmedString,
  urlField,
  utcDateTime,
  workSectorsField,
} from './fields';

const check = (schema: z.ZodType, value: unknown) => {
  const errors = errorsOf(z.object({ value: schema }), { value });
  return errors[0];
};
const parse = (schema: z.ZodType, value: unknown): unknown =>
  (z.object({ value: schema }).parse({ value }) as { value: unknown }).value;

/** An e-mail of exactly `total` characters whose local part has `local` characters. */
function emailOf(total: number, local = 10): string {
  return `${chars(local)}@${chars(total - local - 4, 'b')}.fr`;
}

describe('emailField', () => {
  const emailError = {
    message: 'The value field must be a valid email address',
    rule: 'email',
    field: 'value',
  };

  it('accepts 254 characters in total and rejects 255', () => {
    expect(emailOf(254)).toHaveLength(254);
    expect(check(emailField(), emailOf(254))).toBeUndefined();
    expect(check(emailField(), emailOf(255))).toEqual(emailError);
  });

  it('accepts a local part of 64 characters and rejects 65', () => {
    expect(check(emailField(), emailOf(80, 64))).toBeUndefined();
    expect(check(emailField(), emailOf(80, 65))).toEqual(emailError);
  });

  it.each(['plainaddress', 'a@b', '@example.fr', 'a b@example.fr', 'a@example.'])('rejects %s', (value) => {
    expect(check(emailField(), value)).toEqual(emailError);
  });

  it('trims and lower-cases', () => {
    expect(parse(emailField(), '  Jean.Martin+crm@Exemple.FR ')).toBe('jean.martin+crm@exemple.fr');
  });

  it('reports a missing e-mail as required', () => {
    expect(check(emailField(), undefined)?.rule).toBe('required');
  });
});

describe('urlField', () => {
  const urlError = { message: 'The value field must be a valid URL', rule: 'url', field: 'value' };
  const urlOf = (length: number) => `https://a.fr/${chars(length - 13, 'x')}`;

  it('accepts URLs under 2083 characters and rejects 2083', () => {
    expect(urlOf(2082)).toHaveLength(2082);
    expect(check(urlField(), urlOf(2082))).toBeUndefined();
    expect(check(urlField(), urlOf(2083))).toEqual(urlError);
  });

  it('with a maximum, a longer URL fails with maxLength', () => {
    expect(check(urlField(255), urlOf(255))).toBeUndefined();
    expect(check(urlField(255), urlOf(256))).toEqual({
      message: 'The value field must not be greater than 255 characters',
      rule: 'maxLength',
      field: 'value',
      meta: { max: 255 },
    });
    expect(check(urlField(4096), urlOf(4096))).toBeUndefined();
    expect(check(urlField(4096), urlOf(4097))?.rule).toBe('maxLength');
  });

  it.each([
    'https://www.closia.fr',
    'http://closia.fr/offres?id=3#top',
    'https://sous.domaine.exemple.com/chemin',
    'http://localhost:3000/x',
    'http://192.168.1.10/',
  ])('accepts %s', (value) => {
    expect(check(urlField(), value)).toBeUndefined();
  });

  it.each([
    'closia.fr',
    'ftp://closia.fr',
    'javascript:alert(1)',
    'https://closia',
    'https://clo sia.fr',
    'https:/closia.fr',
    'mailto:a@b.fr',
  ])('rejects %s', (value) => {
    expect(check(urlField(), value)).toEqual(urlError);
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://closia.fr/1',
  ])('refuses the dangerous link %j, with or without a maximum', (value) => {
    for (const schema of [urlField(), urlField(255), urlField(4096)]) {
      expect(check(schema, value)).toEqual(urlError);
    }
  });
});

describe('moneyField', () => {
  it('is at most what a numeric(12, 2) column holds, or a lower maximum', () => {
    expect(MAX_MONEY).toBe(9_999_999_999.99);
    expect(check(moneyField(), MAX_MONEY)).toBeUndefined();
    expect(check(moneyField(), 1e10)).toEqual({
      message: 'The value field must not be greater than 9999999999.99',
      rule: 'max',
      field: 'value',
      meta: { max: MAX_MONEY },
    });
    expect(check(moneyField(1000), 1000.01)?.rule).toBe('max');
    expect(check(moneyField().positive(), -1e20)?.rule).toBe('positive');
    expect(check(moneyField(), Number.POSITIVE_INFINITY)?.rule).toBe('number');
  });
});

describe('distinctItems', () => {
  it('reports the second occurrence of an item with rule distinct', () => {
    const schema = distinctItems(z.array(z.number()));
    expect(check(schema, [1, 2, 3])).toBeUndefined();
    expect(check(schema, [1, 2, 1])).toEqual({
      message: 'The value field must not contain duplicate values',
      rule: 'distinct',
      field: 'value.2',
      index: 2,
    });
  });

  it('compares by the key given, and never fails on items of the wrong type', () => {
    const schema = distinctItems(z.array(z.string()), (s) => s.toLowerCase());
    expect(check(schema, ['Closing', 'closing'])?.field).toBe('value.1');
    expect(() => errorsOf(z.object({ value: schema }), { value: ['a', 3, null, 'A'] })).not.toThrow();
  });
});

describe('enumField', () => {
  it('reports a missing choice as required, a wrong one as enum with the choices', () => {
    expect(check(enumField(['a', 'b']), undefined)).toEqual({
      message: 'The value field must be defined',
      rule: 'required',
      field: 'value',
    });
    expect(check(enumField(['a', 'b']), null)?.rule).toBe('required');
    expect(check(enumField(['a', 'b']), 'c')).toEqual({
      message: 'The selected value is invalid',
      rule: 'enum',
      field: 'value',
      meta: { choices: ['a', 'b'] },
    });
  });
});

describe('trimmedString', () => {
  it('checks bounds after trimming', () => {
    expect(check(trimmedString(3, 5), '  ab  ')?.rule).toBe('minLength');
    expect(check(trimmedString(3, 5), '  abc  ')).toBeUndefined();
    expect(check(trimmedString(3, 5), 'abcde')).toBeUndefined();
    expect(check(trimmedString(3, 5), 'abcdef')).toEqual({
      message: 'The value field must not be greater than 5 characters',
      rule: 'maxLength',
      field: 'value',
      meta: { max: 5 },
    });
    expect(parse(trimmedString(3, 5), '  abc ')).toBe('abc');
  });
});

describe('numberBetween', () => {
  const rangeError = {
    message: 'The value field must be between 0 and 10',
    rule: 'range',
    field: 'value',
    meta: { min: 0, max: 10 },
  };

  it.each([
    [-0.01, rangeError],
    [0, undefined],
    [5.5, undefined],
    [10, undefined],
    [10.01, rangeError],
  ])('%s', (value, expected) => {
    expect(check(numberBetween(0, 10), value)).toEqual(expected);
  });

  it('reports a non-number as number and a missing value as required', () => {
    expect(check(numberBetween(0, 10), 'cinq')?.rule).toBe('number');
    expect(check(numberBetween(0, 10), undefined)?.rule).toBe('required');
  });
});

describe('positiveInt', () => {
  it.each([
    [0, 'positive', 'The value field must be positive'],
    [-3, 'positive', 'The value field must be positive'],
    [1.5, 'withoutDecimals', 'The value field must be an integer'],
  ])('%s fails', (value, rule, message) => {
    expect(check(positiveInt(), value)).toEqual({ rule, message, field: 'value' });
  });

  it('accepts 1 up to the integer column limit', () => {
    expect(check(positiveInt(), 1)).toBeUndefined();
    expect(check(positiveInt(), MAX_INT)).toBeUndefined();
    expect(check(positiveInt(), MAX_INT + 1)?.rule).toBe('max');
  });
});

const tooBig = {
  rule: 'max',
  message: 'The value field must not be greater than 2147483647',
  field: 'value',
  meta: { max: 2147483647 },
};

describe('idField: ids are 32-bit', () => {
  it('is bounded by the PostgreSQL integer type', () => {
    expect(MAX_INT).toBe(2 ** 31 - 1);
  });

  it.each([1, 42, 2147483647])('accepts %s', (value) => {
    expect(check(idField(), value)).toBeUndefined();
  });

  it.each([2147483648, 2 ** 53 + 2, 1e20, Number.MAX_VALUE])(
    '%s reports max with the column limit',
    (value) => {
      expect(check(idField(), value)).toEqual(tooBig);
    },
  );

  it.each([
    [0, 'positive'],
    [-1, 'positive'],
    [-1e20, 'positive'],
    [1.5, 'withoutDecimals'],
    [Number.NaN, 'number'],
    [Number.POSITIVE_INFINITY, 'number'],
    ['12', 'number'],
  ])('%s fails with rule %s', (value, rule) => {
    expect(check(idField(), value)?.rule).toBe(rule);
  });

  it('documents its bounds in the JSON schema (OpenAPI)', () => {
    expect(z.toJSONSchema(idField(), { io: 'input' })).toMatchObject({
      type: 'integer',
      exclusiveMinimum: 0,
      maximum: 2147483647,
    });
  });
});

describe('idParam: an id written in digits', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['2147483647', 2147483647],
    [5, 5],
  ])('%j → %s', (value, expected) => {
    expect(parse(idParam(), value)).toBe(expected);
  });

  it.each(['2147483648', '99999999999999999999999'])('%s reports max with the column limit', (value) => {
    expect(check(idParam(), value)).toEqual(tooBig);
  });

  it.each([
    ['0', 'positive'],
    ['abc', 'number'],
    ['1e3', 'number'],
    ['-1', 'number'],
    ['', 'number'],
    ['1.5', 'number'],
  ])('%j fails with rule %s', (value, rule) => {
    expect(check(idParam(), value)?.rule).toBe(rule);
  });
});

describe('textField: what PostgreSQL text cannot hold', () => {
  const invalid = {
    rule: 'invalidCharacters',
    message: 'The value field must not contain NUL characters or unpaired surrogates',
    field: 'value',
  };

  it.each([
    ['a NUL', 'a\u0000b'],
    ['only a NUL', '\u0000'],
    ['a lone low surrogate', 'ééé\ude00'],
    ['a lone high surrogate', '\ud83d'],
    ['a high surrogate followed by a letter', '\ud83da'],
    ['two low surrogates', '\ude00\ude00'],
  ])('refuses %s', (_label, value) => {
    expect(isStorableText(value)).toBe(false);
    expect(check(textField(), value)).toEqual(invalid);
  });

  it.each(['', 'Élodie', 'emoji 😀 ok', 'tab\tand\nnewline', '\uffff', '中文'])('accepts %j', (value) => {
    expect(isStorableText(value)).toBe(true);
    expect(parse(textField(), value)).toBe(value);
  });

  it('comes before every other check of the field builders', () => {
    expect(check(trimmedString(2, 50), '\u0000')).toEqual(invalid);
    expect(check(trimmedString(2, 50), `${'a'.repeat(60)}\u0000`)).toEqual(invalid);
    expect(check(emailField(), 'a\u0000b@exemple.fr')).toEqual(invalid);
    expect(check(urlField(), 'https://exemple.fr/\u0000')).toEqual(invalid);
    expect(check(urlField(4096), 'https://exemple.fr/\ude00')).toEqual(invalid);
    expect(check(dateField(), '2024-01-31\u0000')).toEqual(invalid);
    expect(check(utcDateTime(), '2024-01-31\u0000')).toEqual(invalid);
    expect(check(blankToNull(textField()), 'a\u0000')).toEqual(invalid);
  });

  it('leaves the other rules unchanged for storable text', () => {
    expect(check(trimmedString(2, 50), ' a ')?.rule).toBe('minLength');
    expect(check(textField(), 12)?.rule).toBe('string');
    expect(check(textField(), undefined)?.rule).toBe('required');
    expect(parse(trimmedString(2, 50), '  Élodie  ')).toBe('Élodie');
  });
});

describe('dateField', () => {
  it.each([
    '2024-02-29',
    '2024-01-31 10:20:30',
    '2024-01-31T10:20:30Z',
    '2024-01-31T10:20:30.123Z',
    '2024-01-31T10:20:30+02:00',
    '2024-01-31T10:20',
  ])('accepts %s as given', (value) => {
    expect(parse(dateField(), value)).toBe(value);
  });

  it.each(['2023-02-29', '2024-13-01', '2024-04-31', '31/01/2024', '2024-01-01 24:00:00', 'demain', ''])(
    'rejects %j',
    (value) => {
      expect(check(dateField(), value)).toEqual({
        message: 'The value field must be a valid date',
        rule: 'date',
        field: 'value',
      });
    },
  );
});

describe('utcDateTime', () => {
  it.each([
    ['2024-01-31T10:20:30+02:00', '2024-01-31T08:20:30.000Z'],
    ['2024-01-31T10:20:30Z', '2024-01-31T10:20:30.000Z'],
    ['2024-01-31 10:20:30', '2024-01-31T10:20:30.000Z'],
    ['2024-01-31', '2024-01-31T00:00:00.000Z'],
  ])('%s → %s', (value, expected) => {
    expect(parse(utcDateTime(), value)).toBe(expected);
  });

  it('rejects an impossible date with rule date', () => {
    expect(check(utcDateTime(), '2024-02-30T10:00:00Z')?.rule).toBe('date');
  });
});

describe('checkboxValue', () => {
  it('lists the accepted checkbox values of the spec', () => {
    expect(acceptedCheckboxValues).toEqual(['on', '1', 'yes', 'true']);
  });

  it.each([...acceptedCheckboxValues, 'ON', 'True', true, 1])('%j is true', (value) => {
    expect(parse(checkboxValue(), value)).toBe(true);
  });

  it.each(['off', '0', 'no', 'false', 'FALSE', false, 0])('%j is false', (value) => {
    expect(parse(checkboxValue(), value)).toBe(false);
  });

  it.each(['maybe', 2, 'oui', {}])('%j is not a boolean', (value) => {
    expect(check(checkboxValue(), value)).toEqual({
      message: 'The value must be a boolean',
      rule: 'boolean',
      field: 'value',
    });
  });

  it('may be optional', () => {
    expect(errorsOf(z.object({ value: checkboxValue().optional() }), {})).toEqual([]);
    expect(check(checkboxValue(), undefined)?.rule).toBe('required');
  });
});

describe('workSectorsField', () => {
  it('accepts a list of ids', () => {
    expect(parse(workSectorsField(), [3, 7])).toEqual([3, 7]);
  });

  it('keeps only the values of a keyed object', () => {
    expect(parse(workSectorsField(), { 0: 4, b: 9 })).toEqual([4, 9]);
  });

  it('reads numeric strings (forms, query strings) as ids and rejects non-lists', () => {
    expect(parse(workSectorsField(), ['3', ' 7 '])).toEqual([3, 7]);
    expect(check(workSectorsField(), 'Immobilier')?.rule).toBe('array');
  });

  it('rejects an id beyond the integer column at its index', () => {
    expect(errorsOf(z.object({ workSectors: workSectorsField() }), { workSectors: [1, 2147483648] })).toEqual(
      [expect.objectContaining({ rule: 'max', field: 'workSectors.1', index: 1 })],
    );
    expect(errorsOf(z.object({ workSectors: workSectorsField() }), { workSectors: ['2147483648'] })).toEqual([
      expect.objectContaining({ rule: 'max', field: 'workSectors.0', index: 0 }),
    ]);
  });

  it('rejects a name or a non-positive id at its index', () => {
    expect(
      errorsOf(z.object({ workSectors: workSectorsField() }), { workSectors: [1, 'Immobilier'] }),
    ).toEqual([expect.objectContaining({ rule: 'number', field: 'workSectors.1', index: 1 })]);
    expect(errorsOf(z.object({ workSectors: workSectorsField() }), { workSectors: [0] })).toEqual([
      expect.objectContaining({ rule: 'positive', field: 'workSectors.0', index: 0 }),
    ]);
  });
});

describe('blankToNull and lenientNumber', () => {
  it('reads a blank string as null and allows a missing value', () => {
    expect(parse(blankToNull(z.string()), '   ')).toBeNull();
    expect(errorsOf(z.object({ value: blankToNull(z.string()) }), {})).toEqual([]);
  });

  it('reads numeric strings as numbers', () => {
    expect(parse(lenientNumber(), '12.5')).toBe(12.5);
    expect(check(lenientNumber(), 'douze')?.rule).toBe('number');
  });
});

describe('dates before 1900', () => {
  it('are refused: PostgreSQL refuses year 0 and JavaScript reads 0001 as 1901', () => {
    expect(isValidDateString('0000-01-01')).toBe(false);
    expect(isValidDateString('0001-01-01T00:00:00Z')).toBe(false);
    expect(isValidDateString('1899-12-31')).toBe(false);
    expect(isValidDateString('1900-01-01')).toBe(true);
  });
});
