/**
 * The inputs of issue 6 that answered 500: what PostgreSQL cannot store (NUL, lone surrogates)
 * and integers past the `integer` columns now answer 422 in the validation envelope, on PGlite
 * and on PostgreSQL alike, and nothing is written. `bad-input.test.ts` probes every operation;
 * this file pins the cases a reader would look for.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, signedInClient, TestClient, type TestContext } from './helpers';

let ctx: TestContext;
let admin: TestClient;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const signedIn = await signedInClient(ctx.app, { admin: true, kind: 'setter' });
  admin = signedIn.client;
  adminId = signedIn.user.id;
});
afterAll(() => ctx.close());

const envelope = (...errors: Record<string, unknown>[]) => ({
  code: 'E_VALIDATION_ERROR',
  message: 'Validation failure',
  errors,
});
const invalidCharacters = (field: string) => ({
  field,
  rule: 'invalidCharacters',
  message: `The ${field} field must not contain NUL characters or unpaired surrogates`,
});
const tooBig = (field: string, path = field, index?: number) => ({
  field: path,
  rule: 'max',
  message: `The ${field} field must not be greater than 2147483647`,
  meta: { max: 2147483647 },
  ...(index === undefined ? {} : { index }),
});

describe('strings PostgreSQL cannot store', () => {
  const registration = { email: 'nul@example.com', password: 'Correct-horse-42', lastName: 'Martin' };

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a lone surrogate', 'ééé\ude00'],
  ])('register refuses %s in firstName, and creates no account', async (_what, firstName) => {
    const res = await new TestClient(ctx.app).post('/api/v1/auth/register', { ...registration, firstName });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(envelope(invalidCharacters('firstName')));
    expect(await ctx.app.db.select().from(users).where(eq(users.email, registration.email))).toEqual([]);
  });

  it('a NUL in a query string (work-sector search) answers 422', async () => {
    const res = await admin.get('/api/v1/work-sectors?search=a%00b');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(envelope(invalidCharacters('search')));
  });

  it.each([
    ['location', 'Lyon\u0000'],
    ['videoUrl', 'https://exemple.fr/vid\u0000eo'],
    ['firstName', 'Jean\ud800'],
  ])('PUT /user refuses %s and keeps the saved value', async (field, value) => {
    const before = (await ctx.app.db.select().from(users).where(eq(users.id, adminId)))[0]!;
    const res = await admin.put('/api/v1/user', { [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(envelope(invalidCharacters(field)));
    const after = (await ctx.app.db.select().from(users).where(eq(users.id, adminId)))[0]!;
    expect(after).toEqual(before);
  });

  it('a NUL in a path parameter answers 422', async () => {
    const res = await admin.get('/api/v1/user/upload/a%00b.webp');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(envelope(invalidCharacters('file')));
  });
});

describe('integers past the 32-bit integer columns', () => {
  it.each([
    ['GET', '/api/v1/users/2147483648'],
    ['GET', '/api/v1/users/99999999999999999999'],
    ['PUT', '/api/v1/admin/work-sectors/2147483648'],
    ['DELETE', '/api/v1/admin/skills/2147483648'],
    ['PUT', '/api/v1/admin/formations/4294967296'],
  ] as const)('%s %s: a path id out of range answers 422 max, like any malformed id', async (method, url) => {
    const res = await admin.request(method, url, method === 'PUT' ? { name: 'Immobilier' } : undefined);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(envelope(tooBig('id')));
  });

  it('the largest id is valid, and simply not found', async () => {
    const res = await admin.get('/api/v1/users/2147483647');
    expect(res.statusCode).toBe(404);
  });

  it.each([
    [[2147483648], 0],
    [[1, '2147483648'], 1],
  ])('workSectors %j answers 422 on the item', async (workSectors, index) => {
    const res = await admin.put('/api/v1/user/setter', { workSectors });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(envelope(tooBig('workSectors', `workSectors.${index}`, index)));
  });

  it.each([
    ['/api/v1/work-sectors?page=2147483648', 'page'],
    ['/api/v1/user/activities?page=1e20', 'page'],
    ['/api/v1/admin/skills?page=99999999999999999999', 'page'],
  ])('%s answers 422', async (url, field) => {
    const res = await admin.get(url);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(envelope(tooBig(field)));
  });

  it('the last possible page answers an empty page', async () => {
    const res = await admin.get('/api/v1/work-sectors?page=2147483647&perPage=100');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});

describe('texts and lists have a maximum (issue 17)', () => {
  it('a 300 KB mission or offer description answers 422 maxLength', async () => {
    const description = 'x'.repeat(300_000);
    for (const [url, max] of [
      ['/api/v1/missions', 10_000],
      ['/api/v1/services', 10_000],
    ] as const) {
      const res = await admin.post(url, { description });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors).toContainEqual({
        field: 'description',
        rule: 'maxLength',
        message: `The description field must not be greater than ${max} characters`,
        meta: { max },
      });
    }
  });

  it('5,000 items answer 422 arrayMaxLength; an id, a skill or a method twice answers 422 distinct', async () => {
    const many = Array.from({ length: 5000 }, () => 1);
    const res = await admin.put('/api/v1/user/setter', { workSectors: many });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      envelope({
        field: 'workSectors',
        rule: 'arrayMaxLength',
        message: 'The workSectors field must not have more than 50 items',
        meta: { max: 50 },
      }),
    );
    const twice = await admin.put('/api/v1/user/setter', {
      workSectors: [1, 1],
      skills: ['Closing', 'closing'],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toEqual(
      envelope(
        {
          field: 'skills.1',
          rule: 'distinct',
          message: 'The skills field must not contain duplicate values',
          index: 1,
        },
        {
          field: 'workSectors.1',
          rule: 'distinct',
          message: 'The workSectors field must not contain duplicate values',
          index: 1,
        },
      ),
    );
    const ids = await admin.post('/api/v1/notifications/read', { ids: [3, 3] });
    expect(ids.statusCode).toBe(422);
    expect(ids.json().errors).toEqual([expect.objectContaining({ field: 'ids.1', rule: 'distinct' })]);
  });
});

/** The parts of a JSON Schema that bound a string or a list, and the ones that nest others. */
interface LimitSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  maxItems?: number;
  items?: LimitSchema | LimitSchema[];
  prefixItems?: LimitSchema[];
  properties?: Record<string, LimitSchema>;
  additionalProperties?: boolean | LimitSchema;
  propertyNames?: LimitSchema;
  anyOf?: LimitSchema[];
  oneOf?: LimitSchema[];
  allOf?: LimitSchema[];
}

/** Every string without a maxLength and every array without a maxItems under `schema`, by path. */
function unbounded(schema: LimitSchema | undefined, where: string, out: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  // An enumerated or constant string is bounded by its values; a file is bounded by the upload limits.
  const bounded = schema.enum !== undefined || schema.const !== undefined || schema.format === 'binary';
  if (types.includes('string') && !bounded && schema.maxLength === undefined) out.push(`${where}: string`);
  if (types.includes('array') && schema.maxItems === undefined) out.push(`${where}: array`);
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    unbounded(child, `${where}.${key}`, out);
  const tuple = [...(Array.isArray(schema.items) ? schema.items : []), ...(schema.prefixItems ?? [])];
  for (const [i, item] of tuple.entries()) unbounded(item, `${where}[${i}]`, out);
  if (!Array.isArray(schema.items)) unbounded(schema.items, `${where}[]`, out);
  if (typeof schema.additionalProperties === 'object')
    unbounded(schema.additionalProperties, `${where}{value}`, out);
  unbounded(schema.propertyNames, `${where}{key}`, out);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    unbounded(branch, where, out);
  return out;
}

describe('every input of the OpenAPI document is bounded', () => {
  it('every string has a maxLength and every array a maxItems (path, query, JSON and multipart bodies)', () => {
    const doc = ctx.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string; schema: LimitSchema }[];
            requestBody?: { content: Record<string, { schema: LimitSchema }> };
          }
        >
      >;
    };
    const problems: string[] = [];
    let inputs = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const operation = `${method.toUpperCase()} ${path}`;
        for (const param of op.parameters ?? []) {
          inputs += 1;
          unbounded(param.schema, `${operation} ${param.in} ${param.name}`, problems);
        }
        for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
          inputs += 1;
          unbounded(content.schema, `${operation} body (${type})`, problems);
        }
      }
    }
    expect(inputs).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
