/** The bad-input requests of an operation (one thing made wrong in a plausible request), and what a right answer is. */
import { isErrorReason } from '@closia/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { acceptsString, type JsonSchema, type Operation, typesOf } from './openapi';
import {
  badJson,
  badToken,
  encode,
  HUGE,
  nulToken,
  plausible,
  protoKeys,
  type Token,
  unstorableStrings,
} from './values';

export interface ProbeRequest {
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
export function slotsOf(
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

export function setAt(root: unknown, keys: (string | number)[], value: unknown): unknown {
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
export function requestsFor(op: Operation): fc.Arbitrary<ProbeRequest> {
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
export const multipartRequests = (op: Operation): fc.Arbitrary<ProbeRequest> =>
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
export function fixedRequests(op: Operation): ProbeRequest[] {
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
export function problemWith(request: ProbeRequest, res: LightMyRequestResponse): string | null {
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
  const { code, message, errors, reason, ...rest } = body as Record<string, unknown>;
  // A business refusal says why, with a reason of the shared table (`error-reasons.ts`).
  if (reason !== undefined && !isErrorReason(reason))
    return `answered ${status} with reason ${String(reason)}`;
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
