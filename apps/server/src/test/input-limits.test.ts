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
