/**
 * How an answer becomes JSON: from its route's response schema (Zod, in packages/shared), turned
 * once into JSON Schema and compiled by fast-json-stringify — the serializer Fastify itself uses for
 * JSON-Schema routes. It writes exactly the properties the schema declares (an unlisted column, a
 * password hash, never leaves), in a function generated for that shape, instead of Zod walking and
 * copying every answer before `JSON.stringify` walks it again (fastify-type-provider-zod's
 * serializer: a CPU profile of the database path showed it among the top costs per request).
 *
 * What the fast path does not do is validate: a service that answered a wrong shape would be
 * written as the schema says rather than refused. So under test (`check`), every answer is also
 * encoded by Zod, as before, and the two must agree — the whole API test suite guards the fast
 * path, and a contract drift still fails the test that meets it.
 *
 * Compiled on a route's first answer, not at start-up (a hundred routes, most never called by a
 * given instance early): the start-up stays what it was.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

type JsonSchema = Record<string, unknown>;

/** A route's response schema: a Zod type, or `{ properties: ZodType }` as the type provider allows. */
function zodOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`not a Zod response schema: ${JSON.stringify(schema)}`);
}

const primitives = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * Two rewrites of Zod's JSON Schema for fast-json-stringify:
 * - no `additionalProperties: false`: unlisted properties are never written anyway, and where the
 *   writer must pick a branch (`anyOf`: a nullable object, a union) it validates the value against
 *   each, so a row with one more column than the schema would match no branch and fail;
 * - `anyOf: [{ type: 'string', … }, { type: 'null' }]` (Zod's `.nullable()` of a primitive) as
 *   `type: ['string', 'null']`, which it writes directly instead of validating each branch.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = simplify(value);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullAt = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt !== -1 && other && typeof other.type === 'string' && primitives.has(other.type)) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The fast-json-stringify function of a Zod response schema. */
export function compileResponseSchema(schema: $ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema as z.ZodType, {
    io: 'output',
    target: 'draft-07',
    unrepresentable: 'any',
  }) as JsonSchema;
  delete json.$schema;
  return fastJson(simplify(json) as Parameters<typeof fastJson>[0]);
}

/**
 * Fastify's serializer compiler for the Zod routes. `check`: also encode every answer with Zod and
 * throw when the schema refuses it or the two serializations disagree (tests).
 */
export function responseSerializerCompiler(options: { check: boolean }) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zod = zodOf(schema);
    let stringify: ((data: unknown) => string) | undefined;
    return (data: unknown): string => {
      stringify ??= compileResponseSchema(zod);
      if (!options.check) return stringify(data);
      const expected = safeEncode(zod, data);
      if (expected.error) throw new ResponseSerializationError(method, url, { cause: expected.error });
      const text = stringify(data);
      const reference = JSON.stringify(expected.data);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(reference))) {
        throw new Error(
          `${method} ${url}: the response serializer wrote ${text.slice(0, 500)} where the schema gives ${reference.slice(0, 500)}`,
        );
      }
      return text;
    };
  };
}
