/**
 * Bad input never answers 5xx — for every operation of the API, found in its OpenAPI document.
 *
 * For each operation, fast-check builds requests from the operation's own schemas: a plausible
 * request (path parameters, query string, JSON body), then one thing in it made wrong — a wrong
 * type, a huge or NUL or lone-surrogate string, an out-of-range or non-integer number, a zero or
 * negative id, a prototype key (`__proto__`, `constructor`, `toString`) as a key or a value, an
 * array for an object and the reverse — plus a fixed set of malformed bodies (broken JSON, wrong
 * content types, broken multipart). Each request is sent once anonymously and once signed in (as
 * an admin, with the CSRF token, so that it reaches validation and the handlers).
 *
 * Every answer must be below 500; a 422 must be exactly the validation envelope, any other 4xx
 * `{ code, message }`. A NUL or a lone surrogate in a string field must never be accepted
 * (PostgreSQL cannot store it). A route added later is covered without a line here.
 *
 * Two probes aim at what random values rarely hit: every decimal field of every body (money,
 * rates) is sent at its `maximum` and just above it, or at 1e10 and 1e12 when it has none, in a
 * body the operation otherwise accepts, so that the value reaches its `numeric` column; and the
 * realtime channel grammar (`users/<id>`, `conversations/<id>`, `teams/<id>`,
 * `teams/<id>/chats/<chatId>`) with huge, negative, non-numeric and empty ids and extra segments.
 *
 * Bounded: a fixed seed and `RUNS` generated requests per operation and identity.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../plugins/session';
import { createTestApp, createUser, DEFAULT_PASSWORD, type TestContext } from './helpers';

const SEED = 6_422_500;
const RUNS = 32;
const TIMEOUT_MS = 240_000;

// --- the OpenAPI document ---------------------------------------------------------------------

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  example?: unknown;
  default?: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body schema, if the operation takes one. */
  body: JsonSchema | null;
  /** The multipart form schema, if the operation takes a file. */
  multipart: JsonSchema | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      // A stream (server-sent events) never ends: it cannot be answered by inject().
      const streams = Object.values(op.responses ?? {}).some((r) => r.content?.['text/event-stream']);
      if (streams) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: content['application/json']?.schema ?? null,
        multipart: content['multipart/form-data']?.schema ?? null,
      });
    }
  }
  return operations;
}

const typesOf = (schema: JsonSchema): string[] => {
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [...own, ...branches.flatMap(typesOf)];
};
const acceptsString = (schema: JsonSchema) =>
  schema.format !== 'binary' && typesOf(schema).includes('string');

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
function plausible(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
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

const HUGE = 'x'.repeat(100_000);
/** Query strings have no length limit; path parameters answer 414 past 100 characters. */
const LONG_TOKEN = 'a'.repeat(10_000);
const protoKeys = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
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
const unstorableStrings = [...nulStrings, ...surrogateStrings];
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
const badJson: fc.Arbitrary<unknown> = fc.oneof(
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
interface Token {
  text: string;
  nul: boolean;
}
const encode = (value: unknown): string => {
  try {
    return encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
  } catch {
    return '%ED%B8%80'; // a lone surrogate has no UTF-8 form: send the bytes a CESU encoder would
  }
};
const badToken: fc.Arbitrary<Token> = fc.oneof(
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
const nulToken: fc.Arbitrary<Token> = fc
  .constantFrom('%00', 'a%00b', 'Jean%00Martin', 'x%40exemple.fr%00', '%2Flogin%00')
  .map((text) => ({ text, nul: true }));

// --- requests -----------------------------------------------------------------------------------

interface ProbeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Why this request must not succeed: a NUL or a lone surrogate in a string field. */
  mustFail?: string;
  /** What was made wrong, for the report. */
  mutation: string;
}

type Mutation =
  | { kind: 'none' }
  | { kind: 'path'; index: number; token: Token }
  | { kind: 'query'; index: number; token: Token }
  | { kind: 'queryKey'; key: string; token: Token }
  | { kind: 'bodyAt'; index: number; value: unknown }
  | { kind: 'bodyKey'; key: string; value: unknown }
  | { kind: 'bodyWhole'; value: unknown }
  | { kind: 'bodyInArray' };

interface Slot {
  /** Keys from the body's root to the slot. */
  keys: (string | number)[];
  schema: JsonSchema;
}

/** Every place of `value` the schema describes: each declared property (present or not), each item. */
function slotsOf(
  schema: JsonSchema,
  value: unknown,
  keys: (string | number)[] = [],
  out: Slot[] = [],
): Slot[] {
  const branch = schema.anyOf?.find((b) =>
    typesOf(b).includes(Array.isArray(value) ? 'array' : typeof value),
  );
  const s = branch ?? schema;
  if (s.properties) {
    for (const [key, child] of Object.entries(s.properties)) {
      out.push({ keys: [...keys, key], schema: child });
      const present =
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
      if (present !== undefined && present !== null) slotsOf(child, present, [...keys, key], out);
    }
  } else if (s.items && Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push({ keys: [...keys, i], schema: s.items! });
      slotsOf(s.items!, item, [...keys, i], out);
    });
  }
  return out;
}

function setAt(root: unknown, keys: (string | number)[], value: unknown): unknown {
  if (keys.length === 0) return value;
  const [key, ...rest] = keys;
  const container = (
    root !== null && typeof root === 'object' ? (Array.isArray(root) ? [...root] : { ...root }) : {}
  ) as Record<string | number, unknown>;
  Object.defineProperty(container, key!, {
    value: setAt(container[key!], rest, value),
    enumerable: true,
    configurable: true,
    writable: true,
  });
  return container;
}

const withKey = (root: unknown, key: string, value: unknown) => {
  const copy: Record<string, unknown> =
    root !== null && typeof root === 'object' && !Array.isArray(root) ? { ...root } : {};
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
};

const unstorable = (value: unknown) => typeof value === 'string' && unstorableStrings.includes(value);

function valueText(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(valueText);
  if (value !== null && typeof value === 'object') return [JSON.stringify(value)];
  return [encode(String(value))];
}

/** Plausible request + one mutation, for an operation with a JSON body or none. */
function requestsFor(op: Operation): fc.Arbitrary<ProbeRequest> {
  const bodySchema = op.body ?? op.multipart;
  const paramValues = fc.tuple(...op.pathParams.map((p) => plausible(p.schema)));
  const queryValues = fc.tuple(
    ...op.queryParams.map((p) =>
      p.required ? plausible(p.schema) : fc.option(plausible(p.schema), { nil: undefined, freq: 2 }),
    ),
  );
  const body = bodySchema ? plausible(bodySchema) : fc.constant(undefined);

  const index = (list: unknown[]) => fc.nat(Math.max(list.length - 1, 0));
  /** Each kind of mutation with its weight; the ones this operation cannot take are left out. */
  const mutations: fc.WeightedArbitrary<Mutation>[] = [
    { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'none' }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('queryKey' as const),
        key: fc.constantFrom(...protoKeys),
        token: badToken,
      }),
    },
  ];
  for (const [params, kind] of [
    [op.pathParams, 'path'],
    [op.queryParams, 'query'],
  ] as const) {
    if (params.length === 0) continue;
    mutations.push(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant(kind), index: index(params), token: badToken }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant(kind), index: index(params), token: nulToken }) },
    );
  }
  if (bodySchema) {
    mutations.push(
      {
        weight: 4,
        arbitrary: fc.record({ kind: fc.constant('bodyAt' as const), index: fc.nat(), value: badJson }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('bodyAt' as const),
          index: fc.nat(),
          value: fc.constantFrom(...unstorableStrings),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('bodyKey' as const),
          key: fc.constantFrom(...protoKeys, 'unknownField'),
          value: badJson,
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('bodyWhole' as const), value: badJson }) },
      { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'bodyInArray' }) },
    );
  }

  return fc
    .tuple(paramValues, queryValues, body, fc.oneof(...mutations))
    .map(([params, query, skeleton, mutation]) => build(op, params, query, skeleton, mutation));
}

function build(
  op: Operation,
  params: unknown[],
  query: unknown[],
  skeleton: unknown,
  mutation: Mutation,
): ProbeRequest {
  let mustFail: string | undefined;
  let mutated = 'nothing';

  const pathTexts = params.map((value) => encode(String(value)));
  if (mutation.kind === 'path') {
    pathTexts[mutation.index] = mutation.token.text;
    const param = op.pathParams[mutation.index]!;
    mutated = `path ${param.name} = ${mutation.token.text.slice(0, 80)}`;
    if (mutation.token.nul && acceptsString(param.schema)) mustFail = mutated;
  }
  let url = op.path;
  op.pathParams.forEach((param, i) => {
    url = url.replace(`{${param.name}}`, pathTexts[i]!);
  });

  const pairs: string[] = [];
  op.queryParams.forEach((param, i) => {
    if (mutation.kind === 'query' && mutation.index === i) {
      pairs.push(`${encodeURIComponent(param.name)}=${mutation.token.text}`);
      mutated = `query ${param.name} = ${mutation.token.text.slice(0, 80)}`;
      if (mutation.token.nul && acceptsString(param.schema)) mustFail = mutated;
      return;
    }
    const value = query[i];
    if (value === undefined) return;
    for (const text of valueText(value)) pairs.push(`${encodeURIComponent(param.name)}=${text}`);
  });
  if (mutation.kind === 'queryKey') {
    pairs.push(`${mutation.key}=${mutation.token.text}`);
    mutated = `query key ${mutation.key} = ${mutation.token.text.slice(0, 80)}`;
  }
  if (pairs.length > 0) url += `?${pairs.join('&')}`;

  const bodySchema = op.body ?? op.multipart;
  let body = skeleton;
  if (bodySchema) {
    if (mutation.kind === 'bodyAt') {
      const slots = slotsOf(bodySchema, skeleton);
      const slot = slots[mutation.index % Math.max(slots.length, 1)];
      body = slot ? setAt(skeleton, slot.keys, mutation.value) : mutation.value;
      mutated = `body ${slot ? slot.keys.join('.') : '(root)'} = ${describeValue(mutation.value)}`;
      if (unstorable(mutation.value) && (slot ? acceptsString(slot.schema) : false)) mustFail = mutated;
    } else if (mutation.kind === 'bodyKey') {
      body = withKey(skeleton, mutation.key, mutation.value);
      mutated = `body key ${mutation.key} = ${describeValue(mutation.value)}`;
    } else if (mutation.kind === 'bodyWhole') {
      body = mutation.value;
      mutated = `body = ${describeValue(mutation.value)}`;
    } else if (mutation.kind === 'bodyInArray') {
      body = [skeleton];
      mutated = 'body wrapped in an array';
    }
  }

  const request: ProbeRequest = { method: op.method, url, headers: {}, mutation: mutated };
  if (mustFail) request.mustFail = mustFail;
  if (bodySchema && op.method !== 'GET' && body !== undefined) {
    request.headers['content-type'] = 'application/json';
    request.payload = JSON.stringify(body) ?? 'null';
  }
  return request;
}

function describeValue(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 100 ? `${text.slice(0, 100)}… (${text.length} chars)` : text;
}

/** Multipart bodies built by hand: random parts, broken or missing boundaries. */
const multipartRequests = (op: Operation): fc.Arbitrary<ProbeRequest> =>
  fc
    .record({
      boundary: fc.constantFrom('b0undary', 'x', '----closia', ''),
      declared: fc.constantFrom('same', 'none', 'other', 'quoted'),
      field: fc.constantFrom('photo', 'avatar', '', '__proto__', 'constructor', 'photo\u0000'),
      filename: fc.constantFrom(
        'a.png',
        '',
        '../../app-key',
        'a\u0000.png',
        'ééé\ude00.png',
        HUGE.slice(0, 5000),
      ),
      type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', '', 'image/svg+xml'),
      data: fc.oneof(
        fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
        fc.constant(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0])),
        fc.constant(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])),
      ),
      closing: fc.constantFrom('closed', 'none', 'cut', 'twice'),
      extraField: fc.option(fc.constantFrom('__proto__', 'constructor', 'toString', 'field'), {
        nil: undefined,
      }),
    })
    .map((m) => {
      const head = (name: string, extra = '') =>
        `--${m.boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
      const parts: Buffer[] = [];
      if (m.extraField) parts.push(Buffer.from(`${head(m.extraField)}\r\nvalue\r\n`));
      parts.push(
        Buffer.from(`${head(m.field, `; filename="${m.filename}"`)}Content-Type: ${m.type}\r\n\r\n`),
        m.data,
      );
      if (m.closing === 'closed') parts.push(Buffer.from(`\r\n--${m.boundary}--\r\n`));
      if (m.closing === 'twice') parts.push(Buffer.from(`\r\n--${m.boundary}--\r\n--${m.boundary}--\r\n`));
      let payload = Buffer.concat(parts);
      if (m.closing === 'cut') payload = payload.subarray(0, Math.floor(payload.length / 2));
      const contentType =
        m.declared === 'none'
          ? 'multipart/form-data'
          : m.declared === 'other'
            ? 'multipart/form-data; boundary=not-the-one'
            : m.declared === 'quoted'
              ? `multipart/form-data; boundary="${m.boundary}"`
              : `multipart/form-data; boundary=${m.boundary}`;
      return {
        method: op.method,
        url: op.path,
        headers: { 'content-type': contentType },
        payload,
        mutation: `multipart ${JSON.stringify({ ...m, data: m.data.length, filename: m.filename.slice(0, 40) })}`,
      };
    });

/** The same malformed bodies for every operation. */
function fixedRequests(op: Operation): ProbeRequest[] {
  const url = op.path.replace(/\{[^}]+\}/g, '1');
  const raw = (contentType: string | undefined, payload: string | Buffer, what: string): ProbeRequest => ({
    method: op.method,
    url,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    payload,
    mutation: what,
  });
  const json = 'application/json';
  return [
    raw(json, '{"email":', 'truncated JSON'),
    raw(json, '', 'empty JSON body'),
    raw(json, 'null', 'JSON null'),
    raw(json, '[]', 'JSON array'),
    raw(json, '"text"', 'JSON string'),
    raw(json, '12', 'JSON number'),
    raw(json, `${'['.repeat(5000)}${']'.repeat(5000)}`, 'deeply nested JSON'),
    raw(json, '{"__proto__":{"admin":true}}', 'JSON __proto__'),
    raw(json, '{"constructor":{"prototype":{"admin":true}}}', 'JSON constructor.prototype'),
    raw(json, Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), 'JSON with invalid UTF-8'),
    raw(
      json,
      `{"name":"${'\\u0000'.repeat(3)}","firstName":"\\ud800"}`,
      'JSON escapes of NUL and a lone surrogate',
    ),
    raw('application/json; charset=utf-16', '{}', 'JSON in UTF-16'),
    raw('text/plain', 'hello', 'text/plain body'),
    raw('application/x-www-form-urlencoded', 'email=a%40b.fr&__proto__=1', 'form-urlencoded body'),
    raw('application/xml', '<a/>', 'XML body'),
    raw(';;;', 'x', 'garbage content type'),
    raw('multipart/form-data', 'photo', 'multipart without boundary'),
    raw(
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      'multipart without closing boundary',
    ),
    raw('multipart/form-data; boundary=xyz', '', 'empty multipart'),
    raw('multipart/form-data; boundary=xyz', '{"photo":"x"}', 'JSON declared as multipart'),
    {
      method: op.method,
      url: `${url}${url.includes('?') ? '&' : '?'}__proto__=1&constructor=x&toString=y`,
      headers: {},
      mutation: 'prototype keys in the query string',
    },
  ];
}

// --- checking an answer -------------------------------------------------------------------------

const isNonEmptyString = (value: unknown) => typeof value === 'string' && value.length > 0;

/** What is wrong with the answer to `request`, or null. */
function problemWith(request: ProbeRequest, res: LightMyRequestResponse): string | null {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (status >= 200 && status < 300 && request.mustFail) {
    return `accepted (${status}) what PostgreSQL cannot store: ${request.mustFail}`;
  }
  if (status < 400) return null;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `answered ${status} without a JSON envelope`;
  }
  if (body === null || typeof body !== 'object') return `answered ${status} with ${res.body.slice(0, 200)}`;
  const { code, message, errors, ...rest } = body as Record<string, unknown>;
  if (status === 422) {
    if (code !== 'E_VALIDATION_ERROR' || message !== 'Validation failure' || Object.keys(rest).length > 0) {
      return `422 without the validation envelope: ${res.body.slice(0, 300)}`;
    }
    if (!Array.isArray(errors) || errors.length === 0) return `422 without errors: ${res.body.slice(0, 300)}`;
    for (const item of errors as Record<string, unknown>[]) {
      const { message: m, rule, field, meta, index, ...others } = item;
      const wellFormed =
        isNonEmptyString(m) &&
        isNonEmptyString(rule) &&
        typeof field === 'string' &&
        (meta === undefined || (meta !== null && typeof meta === 'object')) &&
        (index === undefined || typeof index === 'number') &&
        Object.keys(others).length === 0;
      if (!wellFormed) return `422 with a malformed error item: ${JSON.stringify(item).slice(0, 300)}`;
    }
    return null;
  }
  if (!isNonEmptyString(code) || !isNonEmptyString(message)) {
    return `answered ${status} without { code, message }: ${res.body.slice(0, 300)}`;
  }
  return null;
}

// --- identities ---------------------------------------------------------------------------------

let ctx: TestContext;
let operations: Operation[];

let ipSequence = 0;
/** Per-IP rate limits (login, register…) would answer 429 before validation: a new address each time. */
const nextIp = () => {
  ipSequence += 1;
  return `172.${16 + ((ipSequence >> 16) & 0x0f)}.${(ipSequence >> 8) & 0xff}.${ipSequence & 0xff}`;
};

class Identity {
  cookies: Record<string, string> = {};
  private userId: number | null = null;
  /** `kind`: the signed-in admin's sub-profile (an infopreneur may create offers and missions). */
  constructor(
    readonly signedIn: boolean,
    readonly kind: 'setter' | 'infopreneur' = 'setter',
  ) {}

  /** The signed-in user's id (null when anonymous). */
  get id() {
    return this.userId;
  }

  private async inject(request: Omit<ProbeRequest, 'mutation'>) {
    return ctx.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, 'x-xsrf-token': this.cookies['XSRF-TOKEN'] ?? '' },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      cookies: this.cookies,
      remoteAddress: nextIp(),
    });
  }

  /** An anonymous CSRF token; for the signed-in identity, the session of an admin and its token. */
  async start() {
    this.cookies = {};
    this.userId = null;
    const res = await this.inject({ method: 'GET', url: '/api/v1/csrf', headers: {} });
    this.keep(res, 'XSRF-TOKEN');
    if (!this.signedIn) return;
    const user = await createUser(ctx.app, { admin: true, kind: this.kind });
    const login = await this.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD }),
    });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    // The CSRF token is bound to the session: the login answers a new one with the session.
    this.keep(login, SESSION_COOKIE);
    this.keep(login, 'XSRF-TOKEN');
    this.userId = user.id;
  }

  private keep(res: LightMyRequestResponse, name: string) {
    const cookie = res.cookies.find((c) => c.name === name);
    if (!cookie?.value) throw new Error(`no ${name} cookie in ${res.statusCode} ${res.body}`);
    this.cookies[name] = cookie.value;
  }

  /**
   * Sends a request with this identity's cookies, which it keeps as they were: the anonymous
   * identity stays anonymous after a successful sign-up, and the signed-in one signs in again
   * (a new admin) when a logout, an account deletion, a sign-up or a sign-in ended or replaced its
   * session.
   */
  async send(request: ProbeRequest) {
    const res = await this.inject(request);
    if (this.signedIn && res.cookies.some((c) => c.name === SESSION_COOKIE)) {
      const me = await this.inject({ method: 'GET', url: '/api/v1/user', headers: {} });
      if (me.statusCode !== 200 || me.json().id !== this.userId) await this.start();
    }
    return res;
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  operations = operationsOf(ctx.app.swagger() as unknown as OpenApiDocument);
});
afterAll(() => ctx?.close());

interface Failure {
  operation: string;
  problem: string;
  request: string;
  response: string;
}

async function probe(identity: Identity): Promise<Failure[]> {
  await identity.start();
  const failures: Failure[] = [];
  for (const [i, op] of operations.entries()) {
    const generated = op.multipart ? fc.oneof(requestsFor(op), multipartRequests(op)) : requestsFor(op);
    const requests = [...fixedRequests(op), ...fc.sample(generated, { seed: SEED + i, numRuns: RUNS })];
    for (const request of requests) {
      const res = await identity.send(request);
      const problem = problemWith(request, res);
      if (!problem) continue;
      failures.push({
        operation: `${op.method} ${op.path}`,
        problem,
        request: `${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.headers)} — ${request.mutation}`,
        response: `${res.statusCode} ${res.body.slice(0, 300)}`,
      });
    }
  }
  return failures;
}

// --- money at and just above its column's limit --------------------------------------------------

/** A number that is not an integer (an amount, a rate): where money goes. */
function isDecimal(schema: JsonSchema): boolean {
  const types = typesOf(schema);
  return types.includes('number') && !types.includes('integer');
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * What a decimal field receives: with a `maximum`, the value at it and the next cent above it
 * (9,999,999,999.99 and 10,000,000,000 for a `numeric(12, 2)` column); without one, amounts that
 * no money column holds (`numeric(12, 2)` stops below 1e10, `numeric(14, 4)` too).
 */
function moneyEdges(schema: JsonSchema): number[] {
  const own = (schema.anyOf ?? schema.oneOf ?? []).find((branch) => isDecimal(branch)) ?? schema;
  const { maximum, exclusiveMaximum } = own;
  if (typeof exclusiveMaximum === 'number') return [cents(exclusiveMaximum - 0.01), exclusiveMaximum];
  if (maximum === undefined) return [1e10, 1e12];
  return exclusiveMaximum === true ? [cents(maximum - 0.01), maximum] : [maximum, cents(maximum + 0.01)];
}

/** The `id` of a JSON answer (a created row), or null. */
function idIn(body: string): number | null {
  try {
    const id = (JSON.parse(body) as { id?: unknown } | null)?.id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

const MONEY_SEED = 1_000_000_000;
/** Plausible bodies tried per operation before giving up on one the operation accepts. */
const BASE_TRIES = 40;

interface MoneyReport {
  failures: Failure[];
  /** Operations where the edges were sent in a body the operation accepts (2xx), as `METHOD path field`. */
  reached: string[];
}

/**
 * Finds every decimal field of every JSON body in the OpenAPI document, and sends each at and just
 * above its limit in a body the operation otherwise accepts: the first plausible body that
 * answered 2xx, with, for `/things/{id}`, the id of a row the identity created with `POST /things`.
 * No answer may be a 5xx ("numeric field overflow" was one).
 */
async function probeMoney(identity: Identity): Promise<MoneyReport> {
  await identity.start();
  const failures: Failure[] = [];
  const reached: string[] = [];
  /** Collection path → the id of the latest row the identity created there. */
  const created = new Map<string, number>();
  const json = { 'content-type': 'application/json' };

  const urlOf = (op: Operation): string | null => {
    if (op.pathParams.length === 0) return op.path;
    if (op.pathParams.length > 1) return null;
    const id = created.get(op.path.slice(0, op.path.indexOf('/{')));
    return id === undefined ? null : op.path.replace(/\{[^}]+\}/, String(id));
  };
  const send = async (op: Operation, url: string, body: unknown, mutation: string) => {
    const request: ProbeRequest = {
      method: op.method,
      url,
      headers: json,
      payload: JSON.stringify(body),
      mutation,
    };
    const res = await identity.send(request);
    const problem = problemWith(request, res);
    if (problem) {
      failures.push({
        operation: `${op.method} ${op.path}`,
        problem,
        request: `${request.method} ${url} — ${mutation}`,
        response: `${res.statusCode} ${res.body.slice(0, 300)}`,
      });
    }
    if (op.method === 'POST' && op.pathParams.length === 0 && res.statusCode < 300) {
      const id = idIn(res.body);
      if (id !== null) created.set(op.path, id);
    }
    return res;
  };

  for (const [i, op] of operations.entries()) {
    if (!op.body) continue;
    const sample = fc.sample(plausible(op.body), { seed: MONEY_SEED + i, numRuns: BASE_TRIES });
    const decimals = (body: unknown) => slotsOf(op.body!, body).filter((slot) => isDecimal(slot.schema));
    if (!sample.some((body) => decimals(body).length > 0)) continue;
    const url = urlOf(op);
    if (url === null) continue;

    let base: unknown = null;
    for (const body of sample) {
      if ((await send(op, url, body, 'plausible body')).statusCode < 300) {
        base = body;
        break;
      }
    }
    // Without an accepted body, the edges still go in a plausible one (they must not answer 5xx).
    const skeleton = base ?? sample[0];
    for (const slot of decimals(skeleton)) {
      const field = slot.keys.join('.');
      if (base !== null) reached.push(`${op.method} ${op.path} ${field}`);
      for (const value of moneyEdges(slot.schema)) {
        await send(op, urlOf(op) ?? url, setAt(skeleton, slot.keys, value), `body ${field} = ${value}`);
      }
    }
  }
  return { failures, reached };
}

// --- the realtime channel grammar -----------------------------------------------------------------

/** An id of a channel: valid ones, past the 32-bit columns, negative, not a number, empty. */
const channelId: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 1, max: 2_147_483_647 }).map(String),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
  fc.integer({ min: -(2 ** 40), max: 0 }).map(String),
  fc.constantFrom(
    '2147483647',
    '2147483648',
    '4294967296',
    '9007199254740993',
    '99999999999999999999',
    '00000000000000000000000000000000000001',
    '-0',
    '',
    ' ',
    'abc',
    '1.5',
    '1e3',
    '0x10',
    '１２', // full-width digits
    '%31',
    '..',
    'NaN',
  ),
);
const families = ['users', 'conversations', 'teams'] as const;
/** `users/<id>`, `conversations/<id>`, `teams/<id>`, `teams/<id>/chats/<chatId>`, and the same with extra segments. */
const channelGrammar: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom(...families), channelId).map(([family, id]) => `${family}/${id}`),
  fc.tuple(channelId, channelId).map(([id, chatId]) => `teams/${id}/chats/${chatId}`),
  fc
    .tuple(fc.constantFrom(...families), channelId, fc.constantFrom('', 'x', '1', 'chats', 'chats/1', '..'))
    .map(([family, id, extra]) => `${family}/${id}/${extra}`),
  fc
    .tuple(channelId, channelId, fc.constantFrom('', 'x', '1', 'messages'))
    .map(([id, chatId, extra]) => `teams/${id}/chats/${chatId}/${extra}`),
  fc.constantFrom('teams/1/chats', 'teams//chats/1', '/users/1', 'users', 'teams/1/chats/', 'Users/1'),
);

/** True when every id of a channel of the grammar is an id a row can have (1 to 2,147,483,647). */
function idsInRange(channel: string): boolean {
  const ids = channel.split('/').filter((_part, i) => i % 2 === 1);
  return ids.every((id) => /^\d+$/.test(id) && Number(id) >= 1 && Number(id) <= 2_147_483_647);
}

describe('bad input, on every operation of the OpenAPI document', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/register',
        'GET /api/v1/users/{id}',
        'POST /api/v1/user/profile',
      ]),
    );
    expect(
      operations.find((op) => op.path === '/api/v1/user/profile' && op.method === 'POST')?.multipart,
    ).not.toBeNull();
  });

  it.each([
    ['anonymous', false],
    ['signed in', true],
  ])(
    'never answers 5xx, and answers 4xx in the envelope (%s)',
    async (_who, signedIn) => {
      const failures = await probe(new Identity(signedIn));
      expect(failures).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'money at and just above its column’s limit, in every decimal field of every body, never answers 5xx',
    async () => {
      const seller = await probeMoney(new Identity(true, 'infopreneur'));
      const setter = await probeMoney(new Identity(true, 'setter'));
      expect([...seller.failures, ...setter.failures]).toEqual([]);
      // The edges reached the database through the offer's price, created and edited.
      expect(seller.reached).toEqual(
        expect.arrayContaining(['POST /api/v1/services price', 'PUT /api/v1/services/{id} price']),
      );
    },
    TIMEOUT_MS,
  );

  it(
    'the realtime channel grammar: a bad or out-of-range id answers like an unknown channel, never 5xx',
    async () => {
      const identity = new Identity(true);
      await identity.start();
      const ops = operations.filter((op) => op.body?.properties?.channel && op.body.properties.uid);
      expect(ops.map((op) => `${op.method} ${op.path}`)).toEqual([
        'POST /api/v1/__transmit/subscribe',
        'POST /api/v1/__transmit/unsubscribe',
      ]);
      const request = (op: Operation, channel: string): ProbeRequest => ({
        method: op.method,
        url: op.path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ uid: 'probe-stream', channel }),
        mutation: `channel = ${JSON.stringify(channel)}`,
      });
      const subscribe = ops[0]!;
      const unknown = await identity.send(request(subscribe, 'nothing/1'));
      expect(unknown.statusCode).toBe(404);

      const channels = [
        ...fc.sample(channelGrammar, { seed: SEED, numRuns: RUNS * 8 }),
        `users/${identity.id}`,
        `users/${identity.id}/x`,
      ];
      const failures: Failure[] = [];
      for (const op of ops) {
        for (const channel of channels) {
          const probeRequest = request(op, channel);
          const res = await identity.send(probeRequest);
          let problem = problemWith(probeRequest, res);
          // An id no row can have is refused like a channel that does not exist.
          if (!problem && op === subscribe && !idsInRange(channel) && res.statusCode !== 422) {
            if (res.statusCode !== unknown.statusCode || res.json().code !== unknown.json().code)
              problem = `answered ${res.statusCode}, not as an unknown channel (${unknown.statusCode})`;
          }
          if (problem) {
            failures.push({
              operation: `${op.method} ${op.path}`,
              problem,
              request: probeRequest.mutation,
              response: `${res.statusCode} ${res.body.slice(0, 300)}`,
            });
          }
        }
      }
      expect(failures).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
