import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { Query } from './api-client';
import { page, splitList, type UrlField, type UrlFieldValue } from './url-fields';

/*
 * List state kept in the address (`?query=…&workSectors=3,7&page=2`), so that a list can be
 * shared, bookmarked and restored by the back button. The address uses the API's own query rules
 * (`@closia/shared`) and formats: lists comma-separated (repeated keys read too), flags `1`, values
 * equal to their default left out. Reading is lenient: a value the rules refuse is read as its
 * default, an invalid item of a list is dropped, a text too long is cut — a stale or hand-edited
 * link never breaks the page.
 *
 * A state is described by the API's query schema (`urlState`, Zod), or — for the pages that must
 * not download Zod (the marketplace's searches) — by readers of the same rules (`urlFields`,
 * lib/url-fields.ts). This module itself runs no Zod code: a schema brings its own.
 */

type Readable<V> = V extends readonly (infer I)[] ? readonly I[] : V;

/** The defaults of a state: for the keys of the output `O` it keeps, a value (`null`: none). */
export type DefaultsOf<O> = { [K in keyof O]?: Readable<O[K]> | null };

/** The state read from the address: the keys of the defaults, nullable where their default is null. */
export type StateOfOutput<O, D> = {
  -readonly [K in keyof D]: K extends keyof O
    ? NonNullable<O[K]> | (null extends D[K] ? null : never)
    : never;
};

/** The defaults of a state read with a schema. */
export type UrlDefaults<S extends z.ZodObject> = DefaultsOf<z.output<S>>;
export type UrlStateOf<S extends z.ZodObject, D> = StateOfOutput<z.output<S>, D>;

/** Readers by key (lib/url-fields.ts), and what they read. */
export type UrlFields = Record<string, UrlField<unknown>>;
export type FieldsOutput<F extends UrlFields> = { [K in keyof F]: UrlFieldValue<F[K]> };

export interface UrlStateOptions<T> {
  /**
   * Defaults that hang on other values (a sort field's natural order): read where the address has
   * no valid value, left out of it when equal. A key given as `undefined` has no default: it is
   * always written.
   */
  defaults?: (state: T) => Partial<T>;
  /** Rules between values applied after reading (a sort that needs a filter). */
  normalize?: (state: T) => T;
  /** Keys whose change keeps the page (any other change goes back to page 1). */
  keepPageFor?: readonly (keyof T)[];
  /**
   * `push` (default): turning the page adds a history entry ("back" returns to the previous
   * page), any other change replaces the current one. `replace`: every change replaces it.
   */
  pageHistory?: 'push' | 'replace';
}

export interface UrlStateSpec<T> {
  /** How each key kept in the address is read. */
  fields: Record<string, UrlField<unknown>>;
  defaults: T;
  options: UrlStateOptions<T>;
}

export type StateOf<Spec> = Spec extends UrlStateSpec<infer T> ? T : never;

/**
 * The description of a list state with the API's query schema (or fields of it): the keys kept in
 * the address with their defaults (in the address's order), and the options. The schema checks
 * each value; a key whose default is a list is read as a list.
 */
export function urlState<S extends z.ZodObject, const D extends UrlDefaults<S>>(
  schema: S,
  defaults: D,
  options: UrlStateOptions<UrlStateOf<S, D>> = {},
): UrlStateSpec<UrlStateOf<S, D>> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const fields: Record<string, UrlField<unknown>> = {};
  for (const [key, fallback] of Object.entries(defaults as Record<string, unknown>)) {
    const field = shape[key];
    if (!field) continue;
    fields[key] = Array.isArray(fallback)
      ? { list: true, read: (values) => readList(field, values) }
      : { read: (values) => (values[0] === undefined ? undefined : readValue(field, values[0])) };
  }
  return { fields, defaults: defaults as unknown as UrlStateOf<S, D>, options };
}

/**
 * The same description with readers of the API's rules instead of its schema (lib/url-fields.ts):
 * for the pages that must not download Zod. The readers accept what the schema accepts.
 */
export function urlFields<F extends UrlFields, const D extends DefaultsOf<FieldsOutput<F>>>(
  fields: F,
  defaults: D,
  options: UrlStateOptions<StateOfOutput<FieldsOutput<F>, D>> = {},
): UrlStateSpec<StateOfOutput<FieldsOutput<F>, D>> {
  const kept: Record<string, UrlField<unknown>> = {};
  for (const key of Object.keys(defaults)) {
    const field = fields[key];
    if (field) kept[key] = field;
  }
  return { fields: kept, defaults: defaults as unknown as StateOfOutput<FieldsOutput<F>, D>, options };
}

/** The items the field accepts, invalid ones dropped (undefined when none is left). */
function readList(field: z.ZodType, values: readonly string[]): unknown {
  let items = splitList(values);
  while (items.length > 0) {
    const result = field.safeParse(items);
    if (result.success) return Array.isArray(result.data) ? [...new Set(result.data)] : result.data;
    const failing = new Set(
      result.error.issues.map((issue) => issue.path[0]).filter((p) => typeof p === 'number'),
    );
    if (failing.size === 0) return undefined;
    items = items.filter((_, index) => !failing.has(index));
  }
  return undefined;
}

/** The value the field reads from the first non-empty one, cut to its maximum length if too long. */
function readValue(field: z.ZodType, value: string): unknown {
  const result = field.safeParse(value);
  if (result.success) return result.data;
  const tooLong = result.error.issues.find(
    (issue) => issue.code === 'too_big' && issue.origin === 'string' && issue.path.length === 0,
  );
  if (tooLong?.code !== 'too_big') return undefined;
  const cut = field.safeParse(value.slice(0, Number(tooLong.maximum)));
  return cut.success ? cut.data : undefined;
}

/** Reads a state from the address, each value on its own: what the schema refuses is the default. */
export function readUrlState<T>(spec: UrlStateSpec<T>, params: URLSearchParams): T {
  const { fields, defaults, options } = spec;
  const found: Record<string, unknown> = {};
  for (const key of Object.keys(defaults as Record<string, unknown>)) {
    const field = fields[key];
    const values = params
      .getAll(key)
      .map((value) => value.trim())
      .filter((value) => value !== '');
    if (!field || values.length === 0) continue;
    const value = field.read(values);
    if (value !== undefined && value !== null) found[key] = value;
  }
  const state = { ...defaults, ...found } as Record<string, unknown>;
  const computed = (options.defaults?.(state as T) ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(computed)) {
    if (!(key in found) && value !== undefined) state[key] = value;
  }
  return options.normalize ? options.normalize(state as T) : (state as T);
}

/** A value as the address and the API write it: `null` when it is left out. */
function writeValue(value: unknown): string | null {
  if (value === null || value === undefined || value === false) return null;
  if (value === true) return '1';
  if (Array.isArray(value)) return value.length > 0 ? value.join(',') : null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** The address of a state, in the order of its defaults: only what is set and differs from them. */
export function writeUrlState<T>(spec: UrlStateSpec<T>, state: NoInfer<T>): URLSearchParams {
  const defaults = spec.defaults as Record<string, unknown>;
  const values = state as Record<string, unknown>;
  const computed = (spec.options.defaults?.(state) ?? {}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults)) {
    const written = writeValue(values[key]);
    if (written === null) continue;
    const fallback = key in computed ? computed[key] : defaults[key];
    if (writeValue(fallback) !== written) params.set(key, written);
  }
  return params;
}

/** The next state after `changes`: back to the first page unless the page or a key keeping it changed. */
export function changeUrlState<T>(spec: UrlStateSpec<T>, state: NoInfer<T>, changes: Partial<NoInfer<T>>): T {
  const next = { ...state, ...changes } as Record<string, unknown>;
  const defaults = spec.defaults as Record<string, unknown>;
  const keepPage = Object.keys(changes).every(
    (key) => key === 'page' || (spec.options.keepPageFor as readonly string[] | undefined)?.includes(key),
  );
  if ('page' in defaults && !keepPage) next.page = defaults.page;
  return spec.options.normalize ? spec.options.normalize(next as T) : (next as T);
}

/** Whether a change adds a history entry rather than replacing the current one. */
export function isPageTurn<T>(spec: UrlStateSpec<T>, changes: Partial<NoInfer<T>>): boolean {
  const keys = Object.keys(changes);
  return spec.options.pageHistory !== 'replace' && keys.length === 1 && keys[0] === 'page';
}

/** Values as an API query (`api.get(path, { query })`): lists comma-separated, flags `1`, nothing empty. */
export function toQuery(values: Record<string, unknown>): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(values)) {
    const written = writeValue(value);
    if (written !== null) query[key] = written;
  }
  return query;
}

/** A list whose only state is its page (`?page=2`). */
export const pageState = urlFields({ page: page() }, { page: 1 });

/**
 * The state of a list kept in the address: `[state, setState, hrefFor]`. `setState(changes)`
 * merges the changes (back to page 1 unless the page changes) and writes the address;
 * `hrefFor(changes)` is the address of that next state (`?…`), for real links. The spec should be
 * stable (a module constant, or memoized).
 */
export function useUrlState<T>(spec: UrlStateSpec<T>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readUrlState(spec, searchParams), [spec, searchParams]);
  const specRef = useRef(spec);
  specRef.current = spec;
  // Going to another page (a result clicked while the typed search still waited for its pause, or
  // while the next page's code loads): a change written now would replace that navigation, and
  // the click would be lost. The click wins.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle' && navigation.location.pathname !== pathname;

  const setState = useCallback(
    (changes: Partial<T>) => {
      if (leaving.current) return;
      const current = specRef.current;
      setSearchParams(
        (params) => writeUrlState(current, changeUrlState(current, readUrlState(current, params), changes)),
        { replace: !isPageTurn(current, changes) },
      );
    },
    [setSearchParams],
  );

  const hrefFor = useCallback(
    (changes: Partial<T>) => {
      const search = writeUrlState(spec, changeUrlState(spec, state, changes)).toString();
      return search ? `?${search}` : '?';
    },
    [spec, state],
  );

  return [state, setState, hrefFor] as const;
}
