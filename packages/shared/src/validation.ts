/**
 * The validation rule catalogue of spec §5 and the conversion of Zod errors into the
 * `errors` list of a 422 answer (spec §8). API messages are English; the UI shows the
 * French wording of `validationMessageFr` (validation-fr.ts).
 */
import type { z } from 'zod';
import type { ValidationErrorItem } from './api-types';

export { listItemsFr, validationMessageFr } from './validation-fr';

/** Messages used when the failing value is the payload itself (no field name). */
export const genericMessages = {
  required: 'value is required',
  object: 'value is not a valid object',
  array: 'value is not a valid array',
} as const;

/** English message template per rule; `{field}` and `{min}`-style placeholders are filled in. */
export const ruleMessages = {
  required: 'The {field} field must be defined',
  string: 'The {field} field must be a string',
  invalidCharacters: 'The {field} field must not contain NUL characters or unpaired surrogates',
  email: 'The {field} field must be a valid email address',
  minLength: 'The {field} field must have at least {min} characters',
  maxLength: 'The {field} field must not be greater than {max} characters',
  fixedLength: 'The {field} field must be {size} characters long',
  number: 'The {field} field must be a number',
  withoutDecimals: 'The {field} field must be an integer',
  min: 'The {field} field must be at least {min}',
  max: 'The {field} field must not be greater than {max}',
  range: 'The {field} field must be between {min} and {max}',
  positive: 'The {field} field must be positive',
  url: 'The {field} field must be a valid URL',
  uuid: 'The {field} field must be a valid UUID',
  ipAddress: 'The {field} field must be a valid IP address',
  mobile: 'The {field} field must be a valid mobile phone number',
  postalCode: 'The {field} field must be a valid postal code',
  iban: 'The {field} field must be a valid IBAN',
  date: 'The {field} field must be a valid date',
  array: 'The {field} field must be an array',
  object: 'The {field} field must be an object',
  arrayMinLength: 'The {field} field must have at least {min} items',
  arrayMaxLength: 'The {field} field must not have more than {max} items',
  maxKeys: 'The {field} field must not have more than {max} keys',
  fixedArrayLength: 'The {field} field must contain {size} items',
  enum: 'The selected {field} is invalid',
  in: 'The selected {field} is invalid',
  boolean: 'The value must be a boolean',
  sameAs: 'The {field} field and {otherField} field must be the same',
  notSameAs: 'The {field} field and {otherField} field must be different',
  after: 'The {field} field must be a date after {otherField}',
  accepted: 'The {field} field must be accepted',
  regex: 'The {field} field format is invalid',
  notAllowed: 'The {field} field is not allowed',
  invalid: 'The {field} field is invalid',
  // Files and the CSV import of prospects.
  fileSize: 'The {field} file must not be larger than {max} bytes',
  fileType: 'The {field} file type is not accepted',
  csv: 'The {field} file must be a valid CSV file',
  maxLines: 'The {field} file must not have more than {max} lines',
  json: 'The {field} field must be valid JSON',
  /** A list item given twice (ids, skills, enumerated values); the CSV mapping says which column. */
  distinct: 'The {field} field must not contain duplicate values',
  // CRM (deals, commissions, stats).
  exists: 'The selected {field} is invalid',
  sellable: 'The selected {field} is not an offer you may sell',
  handoffCloser: 'The selected {field} is not a closer accepted on a mission of this offer',
  decimals: 'The {field} field must not have more than {decimals} decimal places',
  afterOrEqual: 'The {field} field must be a date after or equal to {otherField}',
  dateSpan: 'The {field} field must be at most {max} days after {otherField}',
  // Prospects: a qualification that contradicts the contact status (prospect-rules.ts).
  leadStageState: 'The selected {field} contradicts the contact status {state}',
  future: 'The {field} field must be a date in the future',
  cardExpired: 'The card has expired',
  testCard: 'Test mode: use one of the test cards',
} as const;
export type ValidationRule = keyof typeof ruleMessages;

function fill(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) => {
    const value = values[key];
    if (value === undefined || value === null) return placeholder;
    return Array.isArray(value) ? value.join(', ') : String(value);
  });
}

/** The English message of a rule for a field name (last path segment), e.g. "The email field must be defined". */
export function validationMessage(rule: string, field: string, meta?: Record<string, unknown>): string {
  if (field === '' && (rule === 'required' || rule === 'object' || rule === 'array')) {
    return genericMessages[rule];
  }
  const template = (ruleMessages as Record<string, string>)[rule] ?? ruleMessages.invalid;
  return fill(template, { ...meta, field: field === '' ? 'value' : field });
}

type Issue = z.core.$ZodIssue;
type PathKey = PropertyKey;

interface RuleAndMeta {
  rule: string;
  meta?: Record<string, unknown>;
}

const MISSING_MESSAGE = /received (undefined|null)$/;

function valueAt(input: unknown, path: readonly PathKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function isMissing(issue: Issue, path: readonly PathKey[], input: unknown, hasInput: boolean): boolean {
  if ('input' in issue) return issue.input === undefined || issue.input === null;
  if (hasInput) {
    const value = valueAt(input, path);
    return value === undefined || value === null;
  }
  return MISSING_MESSAGE.test(issue.message);
}

const numericOrigins = new Set(['number', 'int', 'bigint']);
const collectionOrigins = new Set(['array', 'set']);

function sizeRule(issue: Issue & { code: 'too_small' | 'too_big' }): RuleAndMeta {
  const small = issue.code === 'too_small';
  const bound = Number(small ? issue.minimum : issue.maximum);
  const origin = String(issue.origin);
  if (origin === 'string') {
    // An empty string where at least one character is needed is a missing value.
    if (small && !issue.exact && bound === 1) return { rule: 'required' };
    if (issue.exact) return { rule: 'fixedLength', meta: { size: bound } };
    return small ? { rule: 'minLength', meta: { min: bound } } : { rule: 'maxLength', meta: { max: bound } };
  }
  if (collectionOrigins.has(origin)) {
    if (issue.exact) return { rule: 'fixedArrayLength', meta: { size: bound } };
    return small
      ? { rule: 'arrayMinLength', meta: { min: bound } }
      : { rule: 'arrayMaxLength', meta: { max: bound } };
  }
  if (numericOrigins.has(origin)) {
    if (small && bound === 0 && issue.inclusive === false) return { rule: 'positive' };
    return small ? { rule: 'min', meta: { min: bound } } : { rule: 'max', meta: { max: bound } };
  }
  if (origin === 'date') return { rule: 'date' };
  return small ? { rule: 'min', meta: { min: bound } } : { rule: 'max', meta: { max: bound } };
}

const typeRules: Record<string, string> = {
  string: 'string',
  number: 'number',
  nan: 'number',
  bigint: 'number',
  int: 'withoutDecimals',
  boolean: 'boolean',
  array: 'array',
  tuple: 'array',
  set: 'array',
  object: 'object',
  record: 'object',
  map: 'object',
  date: 'date',
};

const formatRules: Record<string, string> = {
  email: 'email',
  url: 'url',
  uuid: 'uuid',
  guid: 'uuid',
  ipv4: 'ipAddress',
  ipv6: 'ipAddress',
  cidrv4: 'ipAddress',
  cidrv6: 'ipAddress',
  date: 'date',
  datetime: 'date',
  time: 'date',
  duration: 'date',
  e164: 'mobile',
};

function describe(issue: Issue, missing: boolean): RuleAndMeta {
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return { rule: 'required' };
      return { rule: typeRules[issue.expected] ?? 'invalid' };
    case 'too_small':
    case 'too_big':
      return sizeRule(issue);
    case 'invalid_format':
      return { rule: formatRules[issue.format] ?? 'regex' };
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? { rule: 'withoutDecimals' } : { rule: 'invalid' };
    case 'invalid_value':
      if (missing) return { rule: 'required' };
      if (issue.values.length === 1 && issue.values[0] === true) return { rule: 'accepted' };
      return { rule: 'enum', meta: { choices: [...issue.values] } };
    case 'custom': {
      const { rule, ...meta } = (issue.params ?? {}) as Record<string, unknown>;
      if (typeof rule !== 'string') return { rule: 'invalid' };
      return Object.keys(meta).length > 0 ? { rule, meta } : { rule };
    }
    default:
      return { rule: 'invalid' };
  }
}

function fieldName(path: readonly PathKey[]): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key !== 'number') return String(key);
  }
  return '';
}

function lastIndex(path: readonly PathKey[]): number | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key === 'number') return key;
  }
  return undefined;
}

function makeItem(path: readonly PathKey[], { rule, meta }: RuleAndMeta): ValidationErrorItem {
  const item: ValidationErrorItem = {
    message: validationMessage(rule, fieldName(path), meta),
    rule,
    field: path.map(String).join('.'),
  };
  if (meta) item.meta = meta;
  const index = lastIndex(path);
  if (index !== undefined) item.index = index;
  return item;
}

/** Picks the union branch closest to the value: the one that did not fail on its type, else the first. */
function bestBranch(branches: readonly (readonly Issue[])[]): readonly Issue[] {
  const typed = branches.find(
    (issues) => issues.length > 0 && issues.every((i) => !(i.code === 'invalid_type' && i.path.length === 0)),
  );
  return typed ?? branches[0] ?? [];
}

function collect(
  issue: Issue,
  prefix: readonly PathKey[],
  input: unknown,
  hasInput: boolean,
  out: ValidationErrorItem[],
): void {
  const path = [...prefix, ...issue.path];
  switch (issue.code) {
    case 'invalid_union': {
      const branches = issue.errors;
      const allMissing =
        branches.length > 0 &&
        branches.every((issues) =>
          issues.some(
            (i) => i.code === 'invalid_type' && i.path.length === 0 && isMissing(i, path, input, hasInput),
          ),
        );
      if (allMissing || branches.length === 0) {
        out.push(makeItem(path, allMissing ? { rule: 'required' } : { rule: 'invalid' }));
        return;
      }
      for (const sub of bestBranch(branches)) collect(sub, path, input, hasInput, out);
      return;
    }
    case 'invalid_key':
    case 'invalid_element':
      for (const sub of issue.issues) collect(sub, path, input, hasInput, out);
      return;
    case 'unrecognized_keys':
      for (const key of issue.keys) out.push(makeItem([...path, key], { rule: 'notAllowed' }));
      return;
    default:
      out.push(makeItem(path, describe(issue, isMissing(issue, path, input, hasInput))));
  }
}

/**
 * Converts a Zod error into the `errors` list of a 422 answer: one item per failing field (the
 * first failing rule of each field, in schema order), with the dotted path, the rule, its numbers
 * in `meta` and the last array index. Pass the validated `input` to tell a missing value from a
 * wrong one even when Zod messages are localised.
 */
export function toValidationErrors(
  error: Pick<z.ZodError, 'issues'>,
  ...input: [] | [unknown]
): ValidationErrorItem[] {
  const hasInput = input.length > 0;
  const all: ValidationErrorItem[] = [];
  for (const issue of error.issues) collect(issue, [], input[0], hasInput, all);
  const seen = new Set<string>();
  return all.filter((item) => {
    if (seen.has(item.field)) return false;
    seen.add(item.field);
    return true;
  });
}

/** Parses `data`; on failure answers the 422 `errors` list instead of throwing. */
export function validate<S extends z.ZodType>(
  schema: S,
  data: unknown,
): { success: true; data: z.output<S> } | { success: false; errors: ValidationErrorItem[] } {
  const result = schema.safeParse(data);
  if (result.success) return { success: true, data: result.data };
  return { success: false, errors: toValidationErrors(result.error, data) };
}
