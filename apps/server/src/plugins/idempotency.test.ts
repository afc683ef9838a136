import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, prospects } from '../db/schema';
import { createTestApp, signedInClient, type TestContext } from '../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const body = (lastName: string) => ({ firstName: 'Rémi', lastName });
const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

describe('Idempotency-Key', () => {
  it('a retried create with the same key and body answers the first answer and creates once', async () => {
    const { client, user } = await signedInClient(ctx.app, { kind: 'setter' });
    const first = await client.request('POST', '/api/v1/prospects', body('Unique'), withKey('retry-1'));
    expect(first.statusCode, first.body).toBe(201);
    const again = await client.request('POST', '/api/v1/prospects', body('Unique'), withKey('retry-1'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const rows = await ctx.app.db.select().from(prospects).where(eq(prospects.ownerId, user.id));
    expect(rows.filter((r) => r.lastName === 'Unique')).toHaveLength(1);

    // Without a key, or with another key, a create is a new create.
    const other = await client.request('POST', '/api/v1/prospects', body('Unique'), withKey('retry-2'));
    expect(other.statusCode).toBe(201);
    expect(other.json().id).not.toBe(first.json().id);
  });

  it('the same key with another body is refused; a request refused by validation keeps nothing', async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'setter' });
    expect(
      (await client.request('POST', '/api/v1/prospects', body('Un'), withKey('k-body'))).statusCode,
    ).toBe(201);
    const reused = await client.request('POST', '/api/v1/prospects', body('Deux'), withKey('k-body'));
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors[0]).toMatchObject({ field: 'Idempotency-Key', rule: 'unique' });

    const invalid = await client.request(
      'POST',
      '/api/v1/prospects',
      { firstName: '' },
      withKey('k-invalid'),
    );
    expect(invalid.statusCode).toBe(422);
    // As Stripe does: a request refused by validation never ran, so it keeps nothing and the key
    // serves the corrected request.
    const corrected = await client.request(
      'POST',
      '/api/v1/prospects',
      body('Corrigé'),
      withKey('k-invalid'),
    );
    expect(corrected.statusCode).toBe(201);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keys belong to their caller: another user with the same key creates their own', async () => {
    const a = await signedInClient(ctx.app, { kind: 'setter' });
    const b = await signedInClient(ctx.app, { kind: 'setter' });
    const ra = await a.client.request('POST', '/api/v1/prospects', body('Partagé'), withKey('same-key'));
    const rb = await b.client.request('POST', '/api/v1/prospects', body('Partagé'), withKey('same-key'));
    expect(ra.statusCode).toBe(201);
    expect(rb.statusCode).toBe(201);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect(rb.json().id).not.toBe(ra.json().id);
  });

  it('a key whose outcome is unknown (reserved, never answered) answers 409, and an expired key is reusable', async () => {
    const { client, user } = await signedInClient(ctx.app, { kind: 'setter' });
    const first = await client.request('POST', '/api/v1/prospects', body('Perdu'), withKey('lost'));
    expect(first.statusCode).toBe(201);
    const where = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, 'lost'));
    // What a database gone after the commit leaves: the reservation without its answer.
    await ctx.app.db.update(idempotencyKeys).set({ status: null, response: null }).where(where);
    const unknown = await client.request('POST', '/api/v1/prospects', body('Perdu'), withKey('lost'));
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().code).toBe('E_CONFLICT');
    expect(unknown.json().message).toMatch(/résultat est inconnu/);

    await ctx.app.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(where);
    const fresh = await client.request('POST', '/api/v1/prospects', body('Perdu'), withKey('lost'));
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a malformed key is a 422 naming the header; reads ignore the header', async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'setter' });
    const bad = await client.request('POST', '/api/v1/prospects', body('Xavier'), withKey('a'.repeat(256)));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('Idempotency-Key');
    const read = await client.request('GET', '/api/v1/prospects', undefined, withKey('a'.repeat(256)));
    expect(read.statusCode).toBe(200);
  });
});
