import {
  acceptedCheckboxValues,
  isStorableText,
  limits,
  MAX_INT,
  rejectedCheckboxValues,
} from '@closia/shared';

/*
 * How an address's values are read without Zod (lib/url-state.ts): the same values as the API's
 * query schemas of @closia/shared accept, from the same constants (limits, enums, checkbox values),
 * read as leniently as url-state reads a schema — what is refused is the default, an invalid item
 * of a list is dropped, a text too long is cut. url-fields.test.ts checks each reader against the
 * schema it stands for.
 */

/** A field of an address: its value from the key's values (trimmed, none empty), or undefined (the default). */
export interface UrlField<T> {
  read(values: readonly string[]): T | undefined;
  /** A list: the key's values are comma-separated items (`?workSectors=3,7`). */
  list?: true;
}

export type UrlFieldValue<F> = F extends UrlField<infer T> ? T : never;

/** One value (the key's first), read by `read`. */
export function scalar<T>(read: (value: string) => T | undefined): UrlField<T> {
  return { read: (values) => (values[0] === undefined ? undefined : read(values[0])) };
}

/** A number written as such (`lenientNumber`: `Number()` of a non-blank text), within bounds. */
function readNumber(value: string, min: number, max: number, integer: boolean): number | undefined {
  if (value.trim() === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < min || number > max) return undefined;
  return integer && !Number.isInteger(number) ? undefined : number;
}

/** The length of a text as Zod measures it: in code points (an emoji is one). */
function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/**
 * `textField().max(max)` (`trim`: `.trim()` too): a text too long (in code points) is cut to `max`
 * UTF-16 units, as url-state cuts what a schema refuses as too long.
 */
export function text({ max = limits.searchQueryMaxLength, trim = true } = {}): UrlField<string> {
  return scalar((value) => {
    let read = codePoints(value) > max ? value.slice(0, max) : value;
    if (trim) read = read.trim();
    return isStorableText(read) ? read : undefined;
  });
}

/** `enumField(values)`. */
export function oneOf<const T extends readonly string[]>(values: T): UrlField<T[number]> {
  return scalar((value) =>
    (values as readonly string[]).includes(value) ? (value as T[number]) : undefined,
  );
}

/** `lenientNumber().pipe(z.number().min(min).max(max))` (`.int()` with `integer`). */
export function number(min: number, max: number, { integer = false } = {}): UrlField<number> {
  return scalar((value) => readNumber(value, min, max, integer));
}

/** `pageParam()`: a page, 1 to `MAX_INT`. */
export const page = () => number(1, MAX_INT, { integer: true });

/** `queryFlag()`: 1/true/yes/on or 0/false/no/off (any case). */
export function flag(): UrlField<boolean> {
  return scalar((value) => {
    const normalized = value.trim().toLowerCase();
    if ((acceptedCheckboxValues as readonly string[]).includes(normalized)) return true;
    if ((rejectedCheckboxValues as readonly string[]).includes(normalized)) return false;
    return undefined;
  });
}

/** `idParam()`: digits only, 1 to `MAX_INT`. */
export function id(): UrlField<number> {
  return scalar((value) => (/^\s*\d+\s*$/.test(value) ? readNumber(value, 1, MAX_INT, true) : undefined));
}

/** The items of a list (`?a=1,2` or `?a=1&a=2`): trimmed, none empty, none twice, at most `pickedItemsMax`. */
export function splitList(values: readonly string[]): string[] {
  const items = values.flatMap((value) => value.split(',')).map((item) => item.trim());
  return [...new Set(items.filter((item) => item !== ''))].slice(0, limits.pickedItemsMax);
}

/** `queryList(item)`: the items `item` accepts, the others dropped, each value once (undefined when none is left). */
export function list<T>(item: UrlField<T>): UrlField<T[]> {
  return {
    list: true,
    read: (values) => {
      const items: T[] = [];
      for (const value of splitList(values)) {
        const read = item.read([value]);
        if (read !== undefined) items.push(read);
      }
      return items.length === 0 ? undefined : [...new Set(items)];
    },
  };
}

/** A text item of a list (`textField().trim().min(1).max(max)`): refused, not cut, when too long. */
export function listText(max: number = limits.shortTextMaxLength): UrlField<string> {
  return scalar((value) => {
    const read = value.trim();
    return read !== '' && codePoints(read) <= max && isStorableText(read) ? read : undefined;
  });
}
