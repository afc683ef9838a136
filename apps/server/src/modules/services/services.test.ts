import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missions, workSectors } from '../../db/schema';
import { createTestApp, lastMailTo, signedInClient, TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let sectorIds: number[];
beforeAll(async () => {
  ctx = await createTestApp();
  const rows = await ctx.app.db
    .insert(workSectors)
    .values(
      [{ name: 'Immobilier' }, { name: 'Développement personnel' }, { name: 'Finance' }].map((s) => ({
        ...s,
        approved: true,
      })),
    )
    .returning({ id: workSectors.id });
  sectorIds = rows.map((r) => r.id);
});
afterAll(() => ctx.close());

const validService = () => ({
  name: 'Formation closing téléphonique',
  description: 'Apprenez à conclure une vente au téléphone en 30 minutes.',
  price: 1997,
  commissionRate: 20,
  financingMethods: ['cpf', 'cash'],
  link: 'https://www.exemple.fr/closing',
  duration: 35,
  locationType: 'both',
  location: 'Lyon',
  certifications: ['qualiopi'],
  workSectors: sectorIds.slice(0, 2),
});

const infopreneur = () => signedInClient(ctx.app, { kind: 'infopreneur' });
const admin = () => signedInClient(ctx.app, { admin: true });

async function createdService(client: TestClient, patch: Record<string, unknown> = {}) {
  const res = await client.post('/api/v1/services', { ...validService(), ...patch });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function approved(client: TestClient) {
  const service = await createdService(client, { requestValidation: true });
  const { client: reviewer } = await admin();
  expect((await reviewer.post(`/api/v1/admin/services/${service.id}/approve`)).statusCode).toBe(200);
  return service;
}

describe('POST /api/v1/services', () => {
  it('creates an offer with every field, its commission per sale and its work sectors named', async () => {
    const { user, client } = await infopreneur();
    const body = await createdService(client);
    expect(body).toMatchObject({
      infopreneurId: user.id,
      infopreneur: { id: user.id, fullName: `${user.firstName} ${user.lastName}` },
      name: 'Formation closing téléphonique',
      price: 1997,
      commissionRate: 20,
      commissionAmount: 399.4,
      financingMethods: ['cpf', 'cash'],
      duration: 35,
      locationType: 'both',
      location: 'Lyon',
      certifications: ['qualiopi'],
      status: 'active',
      validationStatus: 'not_submitted',
      rejectionReason: null,
      openMissionCount: 0,
      favorite: false,
    });
    expect(body.workSectors).toHaveLength(2);
    expect(body.workSectors[0]).toEqual({ id: sectorIds[0], name: expect.any(String) });
  });

  it('goes to review at once with requestValidation', async () => {
    const { client } = await infopreneur();
    expect((await createdService(client, { requestValidation: 'on' })).validationStatus).toBe(
      'pending_review',
    );
  });

  it('answers the 422 envelope for each spec §5 rule', async () => {
    const { client } = await infopreneur();
    const res = await client.post('/api/v1/services', {
      name: 'ab',
      description: 'court',
      price: 0,
      commissionRate: 101,
      financingMethods: [],
      link: 'pas une url',
      duration: 0,
      locationType: 'physical',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('E_VALIDATION_ERROR');
    expect(body.message).toBe('Validation failure');
    const rules = Object.fromEntries(
      body.errors.map((e: { field: string; rule: string }) => [e.field, e.rule]),
    );
    expect(rules).toMatchObject({
      name: 'minLength',
      description: 'minLength',
      price: 'positive',
      commissionRate: 'range',
      financingMethods: 'arrayMinLength',
      link: 'url',
      duration: 'positive',
      location: 'required',
    });
  });

  it('accepts an online offer without a location; refuses an unknown work sector', async () => {
    const { client } = await infopreneur();
    const online = await createdService(client, { locationType: 'online', location: undefined });
    expect(online.location).toBeNull();
    const res = await client.post('/api/v1/services', { ...validService(), workSectors: [2_000_000] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'workSectors.0', rule: 'exists' });
  });

  it('takes a price up to what its numeric(12, 2) column holds, and answers 422 above (not 500)', async () => {
    const { client } = await infopreneur();
    const largest = await createdService(client, { price: 9_999_999_999.99 });
    expect(largest.price).toBe(9_999_999_999.99);
    for (const price of [10_000_000_000, 1e12, 1e20]) {
      const res = await client.post('/api/v1/services', { ...validService(), price });
      expect(res.statusCode, String(price)).toBe(422);
      expect(res.json().errors).toEqual([
        {
          field: 'price',
          rule: 'max',
          message: 'The price field must not be greater than 9999999999.99',
          meta: { max: 9_999_999_999.99 },
        },
      ]);
      const update = await client.put(`/api/v1/services/${largest.id}`, { price });
      expect(update.statusCode, String(price)).toBe(422);
    }
    expect((await client.get(`/api/v1/services/${largest.id}`)).json().price).toBe(9_999_999_999.99);
  });

  it('bounds the description and refuses a financing method, certification or work sector twice', async () => {
    const { client } = await infopreneur();
    const res = await client.post('/api/v1/services', {
      ...validService(),
      description: 'x'.repeat(300_000),
      financingMethods: ['cpf', 'cash', 'cpf'],
      certifications: ['qualiopi', 'qualiopi'],
      workSectors: [sectorIds[0], sectorIds[0]],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        field: 'description',
        rule: 'maxLength',
        message: 'The description field must not be greater than 10000 characters',
        meta: { max: 10_000 },
      },
      {
        field: 'financingMethods.2',
        rule: 'distinct',
        message: 'The financingMethods field must not contain duplicate values',
        index: 2,
      },
      {
        field: 'certifications.1',
        rule: 'distinct',
        message: 'The certifications field must not contain duplicate values',
        index: 1,
      },
      {
        field: 'workSectors.1',
        rule: 'distinct',
        message: 'The workSectors field must not contain duplicate values',
        index: 1,
      },
    ]);
    expect((await createdService(client, { description: 'x'.repeat(10_000) })).description).toHaveLength(
      10_000,
    );
  });

  it('is for infopreneurs only; anonymous 401; CSRF required', async () => {
    const { client: setter } = await signedInClient(ctx.app, { kind: 'setter' });
    const res = await setter.post('/api/v1/services', validService());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'E_FORBIDDEN',
      message: 'Only infopreneurs can publish training offers',
      reason: 'INFOPRENEUR_ONLY',
    });
    expect((await new TestClient(ctx.app).post('/api/v1/services', validService())).statusCode).toBe(401);
    const { client } = await infopreneur();
    expect((await client.post('/api/v1/services', validService(), { csrf: false })).statusCode).toBe(403);
  });
});

describe('reading offers', () => {
  it('GET /services/mine lists every state of my offers, not others', async () => {
    const { client } = await infopreneur();
    const a = await createdService(client);
    const b = await createdService(client, { requestValidation: true });
    const { client: other } = await infopreneur();
    await createdService(other);
    const res = await client.get('/api/v1/services/mine');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((s: { id: number }) => s.id)).toEqual([b.id, a.id]);
    expect(res.json().meta).toEqual({ total: 2, perPage: 20, currentPage: 1, lastPage: 1 });
  });

  it('GET /services/{id}: the owner sees a draft, others get 404 until it is approved', async () => {
    const { client } = await infopreneur();
    const draft = await createdService(client);
    expect((await client.get(`/api/v1/services/${draft.id}`)).statusCode).toBe(200);
    const { client: stranger } = await signedInClient(ctx.app, { kind: 'closer' });
    expect((await stranger.get(`/api/v1/services/${draft.id}`)).statusCode).toBe(404);
    const listed = await approved(client);
    expect((await stranger.get(`/api/v1/services/${listed.id}`)).json()).toMatchObject({
      id: listed.id,
      validationStatus: 'approved',
    });
    expect((await new TestClient(ctx.app).get(`/api/v1/services/${listed.id}`)).statusCode).toBe(200);
    expect((await stranger.get('/api/v1/services/2147483647')).statusCode).toBe(404);
    expect((await stranger.get('/api/v1/services/2147483648')).statusCode).toBe(422);
  });
});

describe('PUT /api/v1/services/{id}', () => {
  it('edits; a new price of an approved offer sends it back to review, a new name does not', async () => {
    const { client } = await infopreneur();
    const service = await approved(client);
    const renamed = await client.put(`/api/v1/services/${service.id}`, { name: 'Closing au téléphone' });
    expect(renamed.json()).toMatchObject({ name: 'Closing au téléphone', validationStatus: 'approved' });
    const repriced = await client.put(`/api/v1/services/${service.id}`, { price: 2497 });
    expect(repriced.json()).toMatchObject({
      price: 2497,
      commissionAmount: 499.4,
      validationStatus: 'pending_review',
    });
  });

  it('requires a location when the offer stops being online; keeps what was saved on a 422', async () => {
    const { client } = await infopreneur();
    const service = await createdService(client, { locationType: 'online', location: undefined });
    const res = await client.put(`/api/v1/services/${service.id}`, {
      locationType: 'physical',
      name: 'Nouveau nom',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'location', rule: 'required', message: 'The location field must be defined' },
    ]);
    expect((await client.get(`/api/v1/services/${service.id}`)).json().name).toBe(service.name);
  });

  it("answers 404 for another infopreneur's offer and 422 for a bad body", async () => {
    const { client } = await infopreneur();
    const service = await createdService(client);
    const { client: other } = await infopreneur();
    expect((await other.put(`/api/v1/services/${service.id}`, { name: 'Volé' })).statusCode).toBe(404);
    expect((await other.delete(`/api/v1/services/${service.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/v1/services/${service.id}/submit`)).statusCode).toBe(404);
    const bad = await client.put(`/api/v1/services/${service.id}`, { commissionRate: 0, name: 'a\u0000b' });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['commissionRate', 'name']);
  });
});

describe('submit, review and delete', () => {
  it('submits, an admin rejects with a reason that the owner reads and receives by e-mail, then approves', async () => {
    const { user, client } = await infopreneur();
    const service = await createdService(client);
    expect((await client.post(`/api/v1/services/${service.id}/submit`)).json().validationStatus).toBe(
      'pending_review',
    );
    const { client: reviewer } = await admin();
    const queue = (await reviewer.get('/api/v1/admin/services?validationStatus=pending_review')).json();
    expect(queue.data.some((s: { id: number }) => s.id === service.id)).toBe(true);

    expect(
      (await reviewer.post(`/api/v1/admin/services/${service.id}/reject`, {})).json().errors[0],
    ).toMatchObject({
      field: 'reason',
      rule: 'required',
    });
    const rejected = await reviewer.post(`/api/v1/admin/services/${service.id}/reject`, {
      reason: 'Le lien de la formation ne fonctionne pas.',
    });
    expect(rejected.json()).toMatchObject({
      validationStatus: 'rejected',
      rejectionReason: 'Le lien de la formation ne fonctionne pas.',
    });
    const mail = await lastMailTo(ctx.app, user.email);
    expect(mail?.subject).toContain("n'a pas été approuvée");
    expect(mail?.text).toContain('Le lien de la formation ne fonctionne pas.');
    expect((await client.get(`/api/v1/services/${service.id}`)).json().rejectionReason).toBe(
      'Le lien de la formation ne fonctionne pas.',
    );

    expect((await client.post(`/api/v1/services/${service.id}/submit`)).json()).toMatchObject({
      validationStatus: 'pending_review',
      rejectionReason: null,
    });
    expect(
      (await reviewer.post(`/api/v1/admin/services/${service.id}/approve`)).json().validationStatus,
    ).toBe('approved');
    expect((await lastMailTo(ctx.app, user.email))?.subject).toContain('est approuvée');
    const told = (await client.get('/api/v1/notifications')).json().data;
    expect(told.map((n: { type: string }) => n.type)).toEqual(['service_approved', 'service_rejected']);
    expect(told[1].body).toBe('Le lien de la formation ne fonctionne pas.');
    const again = await client.post(`/api/v1/services/${service.id}/submit`);
    expect(again.statusCode).toBe(409);
  });

  it('review is for admins only', async () => {
    const { client } = await infopreneur();
    const service = await createdService(client, { requestValidation: true });
    expect((await client.get('/api/v1/admin/services')).statusCode).toBe(403);
    expect((await client.post(`/api/v1/admin/services/${service.id}/approve`)).statusCode).toBe(403);
    expect(
      (await new TestClient(ctx.app).post(`/api/v1/admin/services/${service.id}/approve`)).statusCode,
    ).toBe(401);
    const { client: reviewer } = await admin();
    expect((await reviewer.post('/api/v1/admin/services/2147483647/approve')).statusCode).toBe(404);
  });

  it('a deleted offer disappears and its open missions close', async () => {
    const { user, client } = await infopreneur();
    const service = await approved(client);
    const [mission] = await ctx.app.db
      .insert(missions)
      .values({
        infopreneurId: user.id,
        serviceId: service.id,
        title: 'Closer pour la formation',
        missionType: 'closer',
        status: 'published',
      })
      .returning();
    expect((await client.delete(`/api/v1/services/${service.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/v1/services/${service.id}`)).statusCode).toBe(404);
    expect((await client.get('/api/v1/services/mine')).json().data).toEqual([]);
    const [after] = await ctx.app.db.select().from(missions).where(eq(missions.id, mission!.id));
    expect(after?.missionStatus).toBe('closed');
    expect((await client.delete(`/api/v1/services/${service.id}`)).statusCode).toBe(404);
  });
});
