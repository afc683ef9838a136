/** Values for the bad-input probes: plausible ones built from a schema, and the bad ones put in their place. */
import fc from 'fast-check';
import { type JsonSchema, typesOf } from './openapi';

// --- plausible values, from a schema ------------------------------------------------------------

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');
let emailSequence = 0;

function lowerBound(schema: JsonSchema): number | undefined {
  const { minimum, exclusiveMinimum } = schema;
  if (typeof exclusiveMinimum === 'number') return exclusiveMinimum + 1;
  if (minimum === undefined) return undefined;
  return exclusiveMinimum === true ? minimum + 1 : minimum;
}
function upperBound(schema: JsonSchema): number | undefined {
  const { maximum, exclusiveMaximum } = schema;
  if (typeof exclusiveMaximum === 'number') return exclusiveMaximum - 1;
  if (maximum === undefined) return undefined;
  return exclusiveMaximum === true ? maximum - 1 : maximum;
}

/** A value the schema accepts as far as JSON Schema tells (refinements aside). */
export function plausible(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  let arbitrary: fc.Arbitrary<unknown>;
  if (branches && branches.length > 0) {
    arbitrary = fc.oneof(...branches.map((branch) => plausible(branch, depth)));
  } else if (schema.enum && schema.enum.length > 0) {
    arbitrary = fc.constantFrom(...schema.enum);
  } else {
    arbitrary = plausibleOfType(schema, depth);
  }
  return schema.nullable ? fc.option(arbitrary, { nil: null, freq: 6 }) : arbitrary;
}

function plausibleOfType(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const type = typesOf(schema)[0];
  switch (type) {
    case 'string': {
      if (schema.format === 'email') {
        return fc.constant(null).map(() => {
          emailSequence += 1;
          return `probe.${emailSequence}@example.com`;
        });
      }
      if (schema.format === 'uri')
        return fc.constantFrom('https://www.exemple.fr/', 'https://exemple.fr/a/b');
      if (schema.example !== undefined) return fc.constant(schema.example);
      const min = Math.max(schema.minLength ?? 0, 1);
      const max = Math.max(min, Math.min(schema.maxLength ?? min + 12, min + 12));
      return fc.string({ unit: fc.constantFrom(...letters), minLength: min, maxLength: max });
    }
    case 'integer': {
      const min = Math.max(lowerBound(schema) ?? 1, -5);
      return fc.integer({ min, max: Math.max(min, Math.min(upperBound(schema) ?? min + 20, min + 20)) });
    }
    case 'number': {
      const min = lowerBound(schema) ?? 0;
      return fc.integer({
        min: Math.ceil(min),
        max: Math.max(Math.ceil(min), Math.floor(upperBound(schema) ?? min + 50)),
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(plausible(schema.items ?? {}, depth + 1), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
          });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, plausible(child, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.constantFrom<unknown>('value', 1, true);
  }
}

// --- bad values ---------------------------------------------------------------------------------

export const HUGE = 'x'.repeat(100_000);
/** Query strings have no length limit; path parameters answer 414 past 100 characters. */
const LONG_TOKEN = 'a'.repeat(10_000);
export const protoKeys = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
/** JSON.parse keeps `__proto__` as an own key (an object literal would set the prototype). */
const protoObjects = [
  '{"__proto__":{"admin":true,"polluted":1}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
].map((text) => JSON.parse(text) as unknown);

/** Strings PostgreSQL text cannot hold. */
const nulStrings = [
  'a\u0000b',
  '\u0000',
  'Jean\u0000Martin',
  'https://exemple.fr/\u0000',
  'x@exemple.fr\u0000',
];
const surrogateStrings = ['ééé\ude00', '\ud800', 'a\udbff', '\udc00\ud800'];
export const unstorableStrings = [...nulStrings, ...surrogateStrings];
/** Numbers around the bounds of an `integer` column, and past JavaScript's safe integers. */
const edgeNumbers = [0, -1, 1.5, 2147483647, 2147483648, -2147483649, 4294967296, 2 ** 53 + 2, 1e20, 1e308];

const badScalars: unknown[] = [
  null,
  true,
  false,
  ...edgeNumbers,
  -0,
  -2.5,
  -1e20,
  '',
  ' ',
  '   \t\n',
  HUGE,
  ...nulStrings,
  ...surrogateStrings,
  ...protoKeys,
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e3',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
];

/** A bad JSON value. */
export const badJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...edgeNumbers) },
  { weight: 6, arbitrary: fc.constantFrom(...badScalars) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      [],
      [null],
      [[]],
      [{}],
      {},
      { a: 1 },
      [1, 'a', null],
      ...protoObjects,
    ),
  },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...badScalars), { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom(...protoKeys, 'x', ''), fc.constantFrom(...badScalars), {
      maxKeys: 3,
    }),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A bad path or query value, already percent-encoded; `nul` when it decodes to a NUL. */
export interface Token {
  text: string;
  nul: boolean;
}
export const encode = (value: unknown): string => {
  try {
    return encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
  } catch {
    return '%ED%B8%80'; // a lone surrogate has no UTF-8 form: send the bytes a CESU encoder would
  }
};
export const badToken: fc.Arbitrary<Token> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...edgeNumbers.map(String), '99999999999999999999', '-0', '0x10', '1e3')
      .map((text) => ({ text: encodeURIComponent(text), nul: false })),
  },
  {
    weight: 5,
    arbitrary: fc.constantFrom(...badScalars.filter((v) => v !== HUGE)).map((value) => ({
      text: encode(value),
      nul: typeof value === 'string' && value.includes('\u0000'),
    })),
  },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(
        '%00',
        'a%00b',
        '%ED%B8%80',
        '%ED%A0%80',
        '%C0%80',
        '%FF%FE',
        '%',
        '%zz',
        '%E9',
        '..%2F..%2Fapp-key',
        '%2F',
        'a%20',
        LONG_TOKEN,
      )
      .map((text) => ({ text, nul: text === '%00' || text === 'a%00b' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ maxLength: 30 })
      .map((value) => ({ text: encode(value), nul: value.includes('\u0000') })),
  },
);
/** A path or query value holding a NUL, the rest plausible text. */
export const nulToken: fc.Arbitrary<Token> = fc
  .constantFrom('%00', 'a%00b', 'Jean%00Martin', 'x%40exemple.fr%00', '%2Flogin%00')
  .map((text) => ({ text, nul: true }));
