/**
 * Reusable field builders carrying the limits of spec §5 and §9. Failures are reported by
 * `toValidationErrors` with the catalogue rules (email, url, range, date, boolean…).
 */
import { z } from 'zod';
import {
  acceptedCheckboxValues,
  isStorableText,
  limits,
  MAX_INT,
  rejectedCheckboxValues,
} from '../field-rules';

// Defined without Zod (field-rules.ts), so that a client reading its addresses needs no Zod.
export { acceptedCheckboxValues, isStorableText, limits, MAX_INT, rejectedCheckboxValues };

/**
 * The largest amount of money a column holds: prices and tickets are `numeric(12, 2)`, so at most
 * 9,999,999,999.99 (a larger one fails in PostgreSQL with "numeric field overflow").
 */
export const MAX_MONEY = 9_999_999_999.99;

/**
 * An amount in euros, at most `max` (default `MAX_MONEY`, what a `numeric(12, 2)` column holds;
 * rule `max`). Chain the lower bound (`.positive()`, `.min(0)`); the maximum comes first so that
 * a huge amount reports it.
 */
export function moneyField(max: number = MAX_MONEY) {
  return z.number().max(max);
}

/**
 * The string every field of a request is built on — body, query string and path parameters
 * alike: a NUL character or a lone surrogate fails with rule `invalidCharacters`, the rule the
 * 422 reports for the field whatever else fails after it (trim, length, format).
 */
export function textField() {
  return z.string().refine(isStorableText, {
    message: 'Invalid characters',
    params: { rule: 'invalidCharacters' },
    // Not `abort`: an aborting issue would also skip the object's own refinements (Zod skips every
    // `when` check once an issue is explicitly aborted), hiding e.g. a missing location. The 422
    // reports each field's first failing rule only, so the later checks add nothing visible.
  });
}

const emailPattern = z.regexes.email;

/** True when `value` is a valid e-mail of at most 254 characters with a local part of at most 64. */
export function isValidEmail(value: string): boolean {
  if (value.length > limits.emailMaxLength) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > limits.emailLocalPartMaxLength) return false;
  return emailPattern.test(value);
}

const ipv4Pattern = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const domainPattern =
  /^(?=.{1,253}$)([a-z0-9\u00a1-\uffff]([a-z0-9\u00a1-\uffff-]{0,61}[a-z0-9\u00a1-\uffff])?\.)+[a-z\u00a1-\uffff]{2,63}$/i;

/**
 * The schemes a stored link may have: a link is shown as `<a href>`, so `javascript:`, `data:`,
 * `vbscript:`, `file:` and every other scheme are refused.
 */
export const linkSchemes = ['http:', 'https:'] as const;

/** True for an absolute http(s) URL with a real host (a domain with a TLD, an IPv4 address or localhost). */
export function isValidHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!(linkSchemes as readonly string[]).includes(url.protocol)) return false;
  if (!/^https?:\/\/[^/]/i.test(value)) return false;
  const host = url.hostname;
  if (host === 'localhost' || ipv4Pattern.test(host)) return true;
  if (host.startsWith('[') && host.endsWith(']')) return true;
  return domainPattern.test(host) || /^xn--|\.xn--/.test(host);
}

/**
 * Trimmed, lower-cased e-mail address (rule `email` when invalid or too long: the check holds the
 * 254 characters the OpenAPI document announces as `maxLength`).
 */
export function emailField() {
  return textField()
    .trim()
    .toLowerCase()
    .refine(isValidEmail, { message: 'Invalid email address', params: { rule: 'email' } })
    .meta({ format: 'email', maxLength: limits.emailMaxLength, example: 'jean.martin@exemple.fr' });
}

/**
 * Absolute URL, trimmed: `http:` or `https:` only (`linkSchemes`); any other scheme
 * (`javascript:`, `data:`, `vbscript:`…) fails with rule `url`. Every URL field of the API is one.
 * Without `max` the URL must be under 2083 characters (rule `url`); with `max` a longer value
 * fails with rule `maxLength`.
 */
export function urlField(max?: number) {
  const base = textField()
    .trim()
    // Not `abort` (see textField): the 422 keeps the field's first rule, `url`.
    .refine(isValidHttpUrl, { message: 'Invalid URL', params: { rule: 'url' } });
  const meta = { format: 'uri', example: 'https://www.exemple.fr/' };
  if (max !== undefined) return base.max(max).meta(meta);
  return base
    .refine((value) => value.length < limits.urlMaxLengthExclusive, {
      message: 'Invalid URL',
      params: { rule: 'url' },
    })
    .meta({ ...meta, maxLength: limits.urlMaxLengthExclusive - 1 });
}

/**
 * Adds to a list the check that no item comes twice (rule `distinct`, reported on the second
 * occurrence): picked ids, skills and enumerated values mean nothing twice. `key` tells which
 * items are the same (e.g. case-insensitive names).
 */
export function distinctItems<T extends z.ZodType>(
  list: z.ZodArray<T>,
  key: (item: z.output<T>) => unknown = (item) => item,
) {
  // The check may run on a list whose items failed their own schema: the key must take anything.
  const keyOf = (item: unknown) => {
    try {
      return key(item as z.output<T>);
    } catch {
      return item;
    }
  };
  return list.superRefine((items, context) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      const k = keyOf(item);
      if (seen.has(k)) {
        context.addIssue({
          code: 'custom',
          message: 'Duplicate value',
          path: [index],
          params: { rule: 'distinct' },
          input: item,
        });
      }
      seen.add(k);
    });
  });
}

/**
 * `z.enum` whose missing value reads "received undefined/null", so `toValidationErrors` reports it
 * as `required` (rule `enum` with the `choices` otherwise) even without the input at hand.
 */
export function enumField<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `Invalid input: expected one of ${values.join('|')}, received ${String(issue.input)}`
        : undefined,
  });
}

/** Trimmed string with optional length bounds (rules `minLength` / `maxLength`). */
export function trimmedString(min?: number, max?: number) {
  let schema = textField().trim();
  if (min !== undefined) schema = schema.min(min);
  if (max !== undefined) schema = schema.max(max);
  return schema;
}

/** Adds to a number schema the inclusive bounds check reporting rule `range` with `{ min, max }`. */
export function between<S extends z.ZodNumber>(schema: S, min: number, max: number): S {
  return schema.refine((value) => value >= min && value <= max, {
    message: `Must be between ${min} and ${max}`,
    params: { rule: 'range', min, max },
  });
}

/** Number between `min` and `max` inclusive; a value outside reports rule `range` with both bounds. */
export function numberBetween(min: number, max: number) {
  return between(z.number(), min, max);
}

/**
 * Integer from 1 to `MAX_INT`, for counters stored in `integer` columns (rules `positive`, `max`,
 * `withoutDecimals`). The bounds come before the integer check so that a huge number reports
 * `max` with the column's limit rather than JavaScript's safe-integer one.
 */
export function positiveInt() {
  return z.number().positive().max(MAX_INT).int();
}

/**
 * THE id schema: ids are PostgreSQL `integer` columns, so an id is an integer from 1 to
 * 2,147,483,647 (`MAX_INT`). Every id a request carries — path parameter, query string, body,
 * list of ids (`workSectors`), reference (`referrerId`) — is checked by this schema, through
 * `idField()` (JSON numbers) or `idParam()` (text).
 *
 * Out of range answers like any other malformed id, wherever it is sent: 422, rule `positive`
 * (0 or less), `max` (above 2,147,483,647, `meta.max` = 2147483647), `withoutDecimals` or
 * `number`. Never 404: no row is looked up for an id that cannot exist.
 */
export function idField() {
  return z.number().positive().max(MAX_INT).int();
}

/** Only decimal digits (surrounding spaces allowed): the text form of an id. */
const idText = /^\s*\d+\s*$/;

/**
 * An id given as text — a path parameter, a query string, a form value — read as a number when
 * it is written in digits ('12', ' 7 '), then checked by `idField()`. Anything else ('abc', '1e3',
 * '') fails with rule `number`.
 */
export function idParam() {
  return z.preprocess(
    (value) => (typeof value === 'string' && idText.test(value) ? Number(value) : value),
    idField(),
  );
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The years a date may name: PostgreSQL refuses year 0, and JavaScript reads the years 0–99 as
 * 1900–1999; nothing in the product is dated before 1900.
 */
const MIN_YEAR = 1900;

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < MIN_YEAR || month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/** True for 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' or a full ISO 8601 date-time naming a real date. */
export function isValidDateString(value: string): boolean {
  const date = datePattern.exec(value);
  if (date) return isRealDate(Number(date[1]), Number(date[2]), Number(date[3]));
  const dateTime = dateTimePattern.exec(value);
  if (!dateTime) return false;
  const [hours, minutes, seconds] = [Number(dateTime[4]), Number(dateTime[5]), Number(dateTime[6] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return false;
  return (
    isRealDate(Number(dateTime[1]), Number(dateTime[2]), Number(dateTime[3])) &&
    !Number.isNaN(Date.parse(toIsoLike(value)))
  );
}

function toIsoLike(value: string): string {
  if (datePattern.test(value)) return `${value}T00:00:00Z`;
  const normalized = value.replace(' ', 'T');
  return /(Z|[+-]\d{2}:?\d{2})$/i.test(normalized) ? normalized : `${normalized}Z`;
}

/**
 * A date as a string: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' or full ISO; kept as given (trimmed).
 * Rule `date` (the patterns hold the `maxLength` the OpenAPI document announces).
 */
export function dateField() {
  return textField()
    .trim()
    .refine(isValidDateString, { message: 'Invalid date', params: { rule: 'date' } })
    .meta({ maxLength: limits.dateMaxLength, example: '2024-01-31' });
}

/**
 * A point in time, answered as an ISO string in UTC ('2025-01-31T09:30:00.000Z'). Values without an
 * offset are read as UTC. Rule `date`.
 */
export function utcDateTime() {
  return dateField().transform((value) => new Date(toIsoLike(value)).toISOString());
}

function toBoolean(value: unknown): unknown {
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : value;
  if (typeof value !== 'string') return value;
  const normalized = value.trim().toLowerCase();
  if ((acceptedCheckboxValues as readonly string[]).includes(normalized)) return true;
  if ((rejectedCheckboxValues as readonly string[]).includes(normalized)) return false;
  return value;
}

/** Boolean accepting form values: on/1/yes/true → true, off/0/no/false → false (rule `boolean` otherwise). */
export function checkboxValue() {
  return z.preprocess(toBoolean, z.boolean());
}

/**
 * A list of positive numbers or non-empty strings, or a keyed object of which only the values
 * are kept (spec §3: "a list, or a keyed object of which only the values are kept"): at most
 * `max` items (rule `arrayMaxLength`), none twice (rule `distinct`).
 */
export function listOrValues<T extends z.ZodType>(item: T, max: number = limits.pickedItemsMax) {
  return z.preprocess(
    (value) =>
      value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.values(value) : value,
    distinctItems(z.array(item).max(max)),
  );
}

/** Optional, nullable field where a blank string (a cleared form input) is read as null. */
export function blankToNull<T extends z.ZodType>(schema: T) {
  return z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      schema.nullable(),
    )
    .optional();
}

/** Number that also accepts a numeric string (query strings), e.g. '12' → 12. */
export function lenientNumber() {
  return z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
        ? Number(value)
        : value,
    z.number(),
  );
}

/** A work sector reference: its id (a numeric string from a form or query string is accepted). */
export function workSectorItem() {
  return idParam();
}

/** Work sectors: a list, or a keyed object of which only the values are kept (spec §3); at most 50, each once. */
export function workSectorsField() {
  return listOrValues(workSectorItem());
}
