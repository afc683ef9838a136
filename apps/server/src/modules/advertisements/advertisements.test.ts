import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertisements, missions, services, workSectors } from '../../db/schema';
import { listingsChanged } from '../../lib/listing-changes';
import { createTestApp, createUser, signedInClient, TestClient, type TestContext } from '../../test/helpers';
import { givePlan } from '../../test/plans';
import { flushImpressions, liveSponsorships, recordImpressions } from './sponsorships.service';

let ctx: TestContext;
type Signed = { user: { id: number }; client: TestClient };
let alice: Signed; // infopreneur
let bob: Signed; // another infopreneur
let setter: Signed;
const anonymous = () => new TestClient(ctx.app);

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
const iso = (offsetMs: number) => at(offsetMs).toISOString();
const token = () => randomBytes(4).toString('hex');

async function sector(values: Partial<typeof workSectors.$inferInsert> = {}) {
  const [row] = await ctx.app.db
    .insert(workSectors)
    .values({ name: `Secteur ${token()}`, approved: true, ...values })
    .returning({ id: workSectors.id, name: workSectors.name });
  return row!;
}

async function service(ownerId: number, values: Partial<typeof services.$inferInsert> = {}) {
  const [row] = await ctx.app.db
    .insert(services)
    .values({
      infopreneurId: ownerId,
      name: `Formation ${token()}`,
      description: 'Une formation complète à la vente.',
      price: 1500,
      commissionRate: 20,
      link: 'https://www.exemple.fr/formation',
      duration: 10,
      locationType: 'online',
      validationStatus: 'approved',
      status: 'active',
      ...values,
    })
    .returning();
  return row!;
}

async function mission(ownerId: number, values: Partial<typeof missions.$inferInsert> = {}) {
  const serviceId = values.serviceId ?? (await service(ownerId)).id;
  const [row] = await ctx.app.db
    .insert(missions)
    .values({
      infopreneurId: ownerId,
      title: `Mission ${token()}`,
      missionType: 'closer',
      status: 'published',
      missionStatus: 'open',
      ...values,
      serviceId,
    })
    .returning();
  return row!;
}

/** A campaign inserted directly (any dates and status), live by default. */
/** A campaign written straight into the table, as a write through the service would (it moves the listings). */
async function ad(ownerId: number, values: Partial<typeof advertisements.$inferInsert> = {}) {
  listingsChanged(ctx.app.db);
  const target = values.serviceId || values.missionId ? {} : { serviceId: (await service(ownerId)).id };
  const [row] = await ctx.app.db
    .insert(advertisements)
    .values({
      infopreneurId: ownerId,
      title: 'Campagne',
      text: 'Une campagne de test.',
      startsAt: at(-HOUR),
      endsAt: at(DAY),
      status: 'active',
      ...target,
      ...values,
    })
    .returning();
  return row!;
}

const stored = async (id: number) =>
  (await ctx.app.db.select().from(advertisements).where(eq(advertisements.id, id)))[0];

const validationFailure = (errors: unknown[]) => ({
  code: 'E_VALIDATION_ERROR',
  message: 'Validation failure',
  errors,
});

/** A valid creation body for one of Alice's services. */
async function body(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Devenez closer',
    text: 'Rejoignez notre équipe de vente.',
    serviceId: (await service(alice.user.id)).id,
    startsAt: iso(-HOUR),
    endsAt: iso(7 * DAY),
    ...overrides,
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInClient(ctx.app, { kind: 'infopreneur' });
  bob = await signedInClient(ctx.app, { kind: 'infopreneur' });
  setter = await signedInClient(ctx.app, { kind: 'setter' });
  // Sponsored campaigns are a Pro feature (Gratuit has none: lib/plan-limits.test.ts).
  await givePlan(ctx.app.db, alice.user.id, 'pro');
  await givePlan(ctx.app.db, bob.user.id, 'pro');
});
afterAll(() => ctx.close());

describe('POST /advertisements', () => {
  it('creates a draft campaign for one of the caller’s services (201)', async () => {
    const s1 = await sector();
    const s2 = await sector();
    const target = await service(alice.user.id);
    const startsAt = iso(DAY);
    const endsAt = iso(8 * DAY);
    const res = await alice.client.post('/api/v1/advertisements', {
      title: '  Devenez closer  ',
      text: 'Rejoignez notre équipe de vente.',
      image: 'https://cdn.exemple.fr/pub.png',
      serviceId: target.id,
      targetWorkSectors: [s2.id, s1.id],
      targetRole: 'closer',
      startsAt,
      endsAt,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      title: 'Devenez closer',
      text: 'Rejoignez notre équipe de vente.',
      image: 'https://cdn.exemple.fr/pub.png',
      serviceId: target.id,
      missionId: null,
      targetName: target.name,
      targetWorkSectors: [s2, s1],
      targetRole: 'closer',
      startsAt,
      endsAt,
      status: 'draft',
      live: false,
      impressions: 0,
      clicks: 0,
      ctr: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await stored(res.json().id))!.infopreneurId).toBe(alice.user.id);
  });

  it('creates an active campaign for one of the caller’s missions, live at once', async () => {
    const target = await mission(alice.user.id, { status: 'draft' });
    const res = await alice.client.post('/api/v1/advertisements', {
      ...(await body({ status: 'active' })),
      serviceId: null,
      missionId: target.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      serviceId: null,
      missionId: target.id,
      targetName: target.title,
      targetWorkSectors: [],
      targetRole: null,
      image: null,
      status: 'active',
      live: true,
    });
  });

  it('accepts a pending work sector proposed by the caller', async () => {
    const own = await sector({ approved: false, proposedById: alice.user.id });
    const res = await alice.client.post(
      '/api/v1/advertisements',
      await body({ targetWorkSectors: [own.id] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().targetWorkSectors).toEqual([own]);
  });

  it.each([
    [
      'no target',
      { serviceId: undefined },
      [{ field: 'serviceId', rule: 'required', message: 'The serviceId field must be defined' }],
    ],
    [
      'a null target',
      { serviceId: null, missionId: null },
      [{ field: 'serviceId', rule: 'required', message: 'The serviceId field must be defined' }],
    ],
    [
      'both targets',
      { missionId: 1 },
      [{ field: 'missionId', rule: 'notAllowed', message: 'The missionId field is not allowed' }],
    ],
    [
      'an end before the start',
      { startsAt: '2030-02-01T10:00:00Z', endsAt: '2030-01-31T10:00:00Z' },
      [
        {
          field: 'endsAt',
          rule: 'after',
          message: 'The endsAt field must be a date after startsAt',
          meta: { otherField: 'startsAt' },
        },
      ],
    ],
    [
      'a NUL character',
      { title: 'Pub\u0000lic' },
      [
        {
          field: 'title',
          rule: 'invalidCharacters',
          message: 'The title field must not contain NUL characters or unpaired surrogates',
        },
      ],
    ],
  ])('answers 422 for %s', async (_, overrides, errors) => {
    const res = await alice.client.post('/api/v1/advertisements', await body(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(validationFailure(errors));
  });

  it.each([
    ['null', 'null', { field: 'body', rule: 'required', message: 'value is required' }],
    ['an array', '[]', { field: 'body', rule: 'object', message: 'value is not a valid object' }],
    ['a number', '3', { field: 'body', rule: 'object', message: 'value is not a valid object' }],
  ])('answers 422 for a body that is %s', async (_, payload, error) => {
    const res = await alice.client.request('POST', '/api/v1/advertisements', payload, {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(validationFailure([error]));
  });

  it('documents its body in the OpenAPI document', async () => {
    const doc = (await anonymous().get('/api/docs/json')).json();
    const schema = doc.paths['/api/v1/advertisements'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['title', 'text', 'serviceId', 'missionId', 'startsAt', 'endsAt', 'status']),
    );
  });

  it('answers 422 for missing fields', async () => {
    const res = await alice.client.post('/api/v1/advertisements', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string; rule: string }) => [e.field, e.rule])).toEqual(
      expect.arrayContaining([
        ['title', 'required'],
        ['text', 'required'],
        ['startsAt', 'required'],
        ['endsAt', 'required'],
      ]),
    );
  });

  it('answers 422 exists for someone else’s, a deleted or an unknown service', async () => {
    const others = await service(bob.user.id);
    const deleted = await service(alice.user.id, { deletedAt: new Date() });
    for (const serviceId of [others.id, deleted.id, 2_000_000_000]) {
      const res = await alice.client.post('/api/v1/advertisements', await body({ serviceId }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(
        validationFailure([
          { field: 'serviceId', rule: 'exists', message: 'The selected serviceId is invalid' },
        ]),
      );
    }
  });

  it('answers 422 exists for someone else’s or a deleted mission', async () => {
    const others = await mission(bob.user.id);
    const deleted = await mission(alice.user.id, { status: 'deleted' });
    for (const missionId of [others.id, deleted.id]) {
      const res = await alice.client.post(
        '/api/v1/advertisements',
        await body({ serviceId: undefined, missionId }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(
        validationFailure([
          { field: 'missionId', rule: 'exists', message: 'The selected missionId is invalid' },
        ]),
      );
    }
  });

  it('answers 422 exists for an unknown work sector or someone else’s pending proposal', async () => {
    const known = await sector();
    const othersProposal = await sector({ approved: false, proposedById: bob.user.id });
    const res = await alice.client.post(
      '/api/v1/advertisements',
      await body({ targetWorkSectors: [known.id, 2_000_000_000, othersProposal.id] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      validationFailure([
        {
          field: 'targetWorkSectors.1',
          rule: 'exists',
          message: 'The selected targetWorkSectors is invalid',
          index: 1,
        },
        {
          field: 'targetWorkSectors.2',
          rule: 'exists',
          message: 'The selected targetWorkSectors is invalid',
          index: 2,
        },
      ]),
    );
  });

  it('answers 422 distinct for a work sector targeted twice', async () => {
    const known = await sector();
    const res = await alice.client.post(
      '/api/v1/advertisements',
      await body({ targetWorkSectors: [known.id, known.id] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      validationFailure([
        {
          field: 'targetWorkSectors.1',
          rule: 'distinct',
          message: 'The targetWorkSectors field must not contain duplicate values',
          index: 1,
        },
      ]),
    );
  });

  it('answers 422 date for a date before 2000 or that PostgreSQL cannot store', async () => {
    const res = await alice.client.post(
      '/api/v1/advertisements',
      await body({ startsAt: '0000-01-01', endsAt: '0001-01-01' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      validationFailure([
        { field: 'startsAt', rule: 'date', message: 'The startsAt field must be a valid date' },
        { field: 'endsAt', rule: 'date', message: 'The endsAt field must be a valid date' },
      ]),
    );
    const far = await alice.client.post(
      '/api/v1/advertisements',
      await body({ startsAt: '2000-01-01', endsAt: '9999-12-31T23:59:59Z' }),
    );
    expect(far.statusCode).toBe(201);
    expect(far.json()).toMatchObject({
      startsAt: '2000-01-01T00:00:00.000Z',
      endsAt: '9999-12-31T23:59:59.000Z',
    });
    const put = await alice.client.put(`/api/v1/advertisements/${far.json().id}`, { startsAt: '1999-12-31' });
    expect(put.json().errors).toEqual([expect.objectContaining({ field: 'startsAt', rule: 'date' })]);
  });

  it('answers 422 on status when an active campaign would already be over', async () => {
    const res = await alice.client.post(
      '/api/v1/advertisements',
      await body({ status: 'active', startsAt: iso(-7 * DAY), endsAt: iso(-DAY) }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      validationFailure([
        {
          field: 'status',
          rule: 'invalid',
          message: 'The status field is invalid',
          meta: { reason: 'ended', endsAt: expect.any(String) },
        },
      ]),
    );
    // A past campaign may still be recorded as a draft.
    const draft = await alice.client.post(
      '/api/v1/advertisements',
      await body({ startsAt: iso(-7 * DAY), endsAt: iso(-DAY) }),
    );
    expect(draft.statusCode).toBe(201);
  });

  it('answers 401 anonymous, 403 to a non-infopreneur, 403 without CSRF', async () => {
    const payload = await body();
    expect((await anonymous().post('/api/v1/advertisements', payload)).statusCode).toBe(401);
    const res = await setter.client.post('/api/v1/advertisements', payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'E_FORBIDDEN',
      message: 'Only infopreneurs can advertise',
      reason: 'INFOPRENEUR_ONLY',
    });
    const noCsrf = await alice.client.post('/api/v1/advertisements', payload, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('E_BAD_CSRF_TOKEN');
  });
});

describe('GET /advertisements', () => {
  it('lists the caller’s campaigns only, newest first, paginated and by status', async () => {
    const owner = await signedInClient(ctx.app, { kind: 'infopreneur' });
    const id = owner.user.id;
    const draft = await ad(id, { status: 'draft', createdAt: at(-5 * HOUR) });
    const active = await ad(id, { status: 'active', createdAt: at(-4 * HOUR) });
    const paused = await ad(id, { status: 'paused', createdAt: at(-3 * HOUR) });
    const endedByDate = await ad(id, {
      status: 'active',
      endsAt: at(-HOUR),
      startsAt: at(-DAY),
      createdAt: at(-2 * HOUR),
    });
    const endedByHand = await ad(id, { status: 'ended', createdAt: at(-HOUR) });
    await ad(bob.user.id);

    const res = await owner.client.get('/api/v1/advertisements?perPage=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: { id: number }) => a.id)).toEqual([endedByHand.id, endedByDate.id]);
    expect(res.json().meta).toEqual({ total: 5, perPage: 2, currentPage: 1, lastPage: 3 });
    const last = (await owner.client.get('/api/v1/advertisements?perPage=2&page=3')).json();
    expect(last.data.map((a: { id: number }) => a.id)).toEqual([draft.id]);

    const ids = async (status: string) =>
      (await owner.client.get(`/api/v1/advertisements?status=${status}`))
        .json()
        .data.map((a: { id: number }) => a.id);
    expect(await ids('draft')).toEqual([draft.id]);
    expect(await ids('active')).toEqual([active.id]);
    expect(await ids('paused')).toEqual([paused.id]);
    expect(await ids('ended')).toEqual([endedByHand.id, endedByDate.id]);
  });

  it('answers an empty page to an infopreneur without campaigns', async () => {
    const fresh = await signedInClient(ctx.app, { kind: 'infopreneur' });
    const res = await fresh.client.get('/api/v1/advertisements');
    expect(res.json()).toEqual({ data: [], meta: { total: 0, perPage: 20, currentPage: 1, lastPage: 1 } });
  });

  it('answers 422 for an unknown status or bad paging', async () => {
    const res = await alice.client.get('/api/v1/advertisements?status=live&page=0');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string; rule: string }) => [e.field, e.rule])).toEqual([
      ['page', 'min'],
      ['status', 'enum'],
    ]);
  });

  it('answers 401 anonymous and 403 to a non-infopreneur (or a user without profile)', async () => {
    expect((await anonymous().get('/api/v1/advertisements')).statusCode).toBe(401);
    const res = await setter.client.get('/api/v1/advertisements');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'E_FORBIDDEN',
      message: 'Only infopreneurs can advertise',
      reason: 'INFOPRENEUR_ONLY',
    });
    const bare = await signedInClient(ctx.app);
    expect((await bare.client.get('/api/v1/advertisements')).statusCode).toBe(403);
  });
});

describe('lifecycle by dates', () => {
  it('answers ended for an active or paused campaign past its end; live only between its dates', async () => {
    const id = alice.user.id;
    const past = { startsAt: at(-2 * DAY), endsAt: at(-DAY) };
    const cases = [
      [await ad(id, { status: 'active' }), 'active', true],
      [await ad(id, { status: 'active', startsAt: at(DAY), endsAt: at(2 * DAY) }), 'active', false],
      [await ad(id, { status: 'active', ...past }), 'ended', false],
      [await ad(id, { status: 'paused' }), 'paused', false],
      [await ad(id, { status: 'paused', ...past }), 'ended', false],
      [await ad(id, { status: 'draft', ...past }), 'draft', false],
      [await ad(id, { status: 'ended' }), 'ended', false],
    ] as const;
    for (const [row, status, live] of cases) {
      const res = await alice.client.get(`/api/v1/advertisements/${row.id}`);
      expect(res.json(), `${row.status} ${row.startsAt.toISOString()}`).toMatchObject({ status, live });
    }
  });

  it('computes the click-through rate with one decimal', async () => {
    const row = await ad(alice.user.id, { impressions: 3, clicks: 1 });
    expect((await alice.client.get(`/api/v1/advertisements/${row.id}`)).json()).toMatchObject({
      impressions: 3,
      clicks: 1,
      ctr: 33.3,
    });
  });
});

describe('GET, PUT, DELETE /advertisements/{id}', () => {
  it('answers one of the caller’s campaigns', async () => {
    const row = await ad(alice.user.id);
    const res = await alice.client.get(`/api/v1/advertisements/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, title: 'Campagne', status: 'active', live: true });
  });

  it('answers 404 for another infopreneur’s campaign or an unknown id, and changes nothing', async () => {
    const row = await ad(bob.user.id);
    for (const url of [`/api/v1/advertisements/${row.id}`, '/api/v1/advertisements/2000000000']) {
      for (const res of [
        await alice.client.get(url),
        await alice.client.put(url, { title: 'Détournée' }),
        await alice.client.delete(url),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 'E_NOT_FOUND', message: 'Advertisement not found' });
      }
    }
    expect(await stored(row.id)).toMatchObject({ title: 'Campagne' });
  });

  it('answers 401 anonymous and 403 to a non-infopreneur', async () => {
    const row = await ad(alice.user.id);
    const url = `/api/v1/advertisements/${row.id}`;
    expect((await anonymous().get(url)).statusCode).toBe(401);
    expect((await anonymous().put(url, { title: 'Anonyme' })).statusCode).toBe(401);
    expect((await anonymous().delete(url)).statusCode).toBe(401);
    expect((await setter.client.get(url)).statusCode).toBe(403);
    expect((await setter.client.put(url, { title: 'Setter' })).statusCode).toBe(403);
    expect((await setter.client.delete(url)).statusCode).toBe(403);
  });

  it('answers 422 for a malformed id', async () => {
    const res = await alice.client.get('/api/v1/advertisements/abc');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'id', rule: 'number' });
  });

  it('updates only the fields given, the status by hand', async () => {
    const s1 = await sector();
    const created = (
      await alice.client.post(
        '/api/v1/advertisements',
        await body({ image: 'https://cdn.exemple.fr/a.png', targetRole: 'setter' }),
      )
    ).json();
    const res = await alice.client.put(`/api/v1/advertisements/${created.id}`, {
      title: 'Nouveau titre',
      image: null,
      targetWorkSectors: [s1.id],
      targetRole: null,
      status: 'active',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...created,
      title: 'Nouveau titre',
      image: null,
      targetWorkSectors: [s1],
      targetRole: null,
      status: 'active',
      live: true,
      updatedAt: expect.any(String),
    });
    for (const status of ['paused', 'ended', 'draft', 'active'] as const) {
      const next = await alice.client.put(`/api/v1/advertisements/${created.id}`, { status });
      expect(next.json()).toMatchObject({ status, live: status === 'active', title: 'Nouveau titre' });
    }
    // The target cannot change: the key is ignored.
    const other = await service(alice.user.id);
    const same = await alice.client.put(`/api/v1/advertisements/${created.id}`, { serviceId: other.id });
    expect(same.json().serviceId).toBe(created.serviceId);
  });

  it('checks new dates against the stored ones', async () => {
    const row = await ad(alice.user.id, { startsAt: at(-HOUR), endsAt: at(DAY) });
    const res = await alice.client.put(`/api/v1/advertisements/${row.id}`, { startsAt: iso(2 * DAY) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      validationFailure([
        {
          field: 'endsAt',
          rule: 'after',
          message: 'The endsAt field must be a date after startsAt',
          meta: { otherField: 'startsAt' },
        },
      ]),
    );
    const both = await alice.client.put(`/api/v1/advertisements/${row.id}`, {
      startsAt: iso(2 * DAY),
      endsAt: iso(DAY),
    });
    expect(both.statusCode).toBe(422);
    const moved = await alice.client.put(`/api/v1/advertisements/${row.id}`, {
      startsAt: iso(2 * DAY),
      endsAt: iso(3 * DAY),
    });
    expect(moved.json()).toMatchObject({ status: 'active', live: false });
  });

  it('refuses to make active a campaign past its end, until its end moves', async () => {
    const row = await ad(alice.user.id, { status: 'paused', startsAt: at(-2 * DAY), endsAt: at(-DAY) });
    const url = `/api/v1/advertisements/${row.id}`;
    const res = await alice.client.put(url, { status: 'active' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'status', rule: 'invalid' })]);
    const revived = await alice.client.put(url, { status: 'active', endsAt: iso(DAY) });
    expect(revived.statusCode).toBe(200);
    expect(revived.json()).toMatchObject({ status: 'active', live: true });
  });

  it('answers 422 for bad fields and unknown work sectors', async () => {
    const row = await ad(alice.user.id);
    const res = await alice.client.put(`/api/v1/advertisements/${row.id}`, {
      title: 'x',
      status: 'archived',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string; rule: string }) => [e.field, e.rule])).toEqual([
      ['title', 'minLength'],
      ['status', 'enum'],
    ]);
    const sectors = await alice.client.put(`/api/v1/advertisements/${row.id}`, {
      targetWorkSectors: [2_000_000_000],
    });
    expect(sectors.json().errors).toEqual([
      expect.objectContaining({ field: 'targetWorkSectors.0', rule: 'exists' }),
    ]);
    const nul = await alice.client.put(`/api/v1/advertisements/${row.id}`, { text: 'Un texte \u0000 piégé' });
    expect(nul.json().errors).toEqual([
      expect.objectContaining({ field: 'text', rule: 'invalidCharacters' }),
    ]);
  });

  it('deletes a campaign for good (204)', async () => {
    const row = await ad(alice.user.id);
    const res = await alice.client.delete(`/api/v1/advertisements/${row.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await stored(row.id)).toBeUndefined();
    expect((await alice.client.get(`/api/v1/advertisements/${row.id}`)).statusCode).toBe(404);
  });
});

describe('POST /advertisements/{id}/click', () => {
  it('counts clicks of visitors, signed in or not, while the campaign is live', async () => {
    const row = await ad(alice.user.id);
    expect((await click(anonymous(), row.id)).statusCode).toBe(204);
    expect((await click(setter.client, row.id)).statusCode).toBe(204);
    expect((await click(bob.client, row.id)).statusCode).toBe(204);
    expect(await stored(row.id)).toMatchObject({ clicks: 3, updatedAt: row.updatedAt });
  });

  it('does not count the owner’s own clicks', async () => {
    const row = await ad(alice.user.id);
    expect((await click(alice.client, row.id)).statusCode).toBe(204);
    expect((await stored(row.id))!.clicks).toBe(0);
  });

  it('does not count clicks while the campaign is not live', async () => {
    const rows = [
      await ad(alice.user.id, { status: 'draft' }),
      await ad(alice.user.id, { status: 'paused' }),
      await ad(alice.user.id, { status: 'ended' }),
      await ad(alice.user.id, { startsAt: at(HOUR), endsAt: at(DAY) }),
      await ad(alice.user.id, { startsAt: at(-DAY), endsAt: at(-HOUR) }),
    ];
    for (const row of rows) {
      expect((await click(setter.client, row.id)).statusCode).toBe(204);
      expect((await stored(row.id))!.clicks).toBe(0);
    }
  });

  it('answers 404 for an unknown campaign, 403 without CSRF', async () => {
    const res = await click(anonymous(), 2_000_000_000);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'E_NOT_FOUND', message: 'Advertisement not found' });
    const row = await ad(alice.user.id);
    const noCsrf = await click(setter.client, row.id, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect((await stored(row.id))!.clicks).toBe(0);
  });
});

describe('liveSponsorships', () => {
  it('maps each visible promoted mission or service to its most recently started live campaign', async () => {
    const owner = await createUser(ctx.app, { kind: 'infopreneur' });
    const m = await mission(owner.id);
    const older = await ad(owner.id, { missionId: m.id, startsAt: at(-2 * DAY) });
    const newer = await ad(owner.id, { missionId: m.id, startsAt: at(-DAY) });
    const hidden = await mission(owner.id, { status: 'draft' });
    await ad(owner.id, { missionId: hidden.id });
    const filled = await mission(owner.id, { missionStatus: 'filled' });
    await ad(owner.id, { missionId: filled.id });
    const notLive = await mission(owner.id);
    await ad(owner.id, { missionId: notLive.id, status: 'paused' });
    await ad(owner.id, { missionId: notLive.id, startsAt: at(HOUR) });
    await ad(owner.id, { missionId: notLive.id, startsAt: at(-DAY), endsAt: at(-HOUR) });

    const missionsMap = await liveSponsorships(ctx.app.db, 'mission', {});
    expect(missionsMap.get(m.id)).toBe(newer.id);
    expect(missionsMap.get(m.id)).not.toBe(older.id);
    for (const id of [hidden.id, filled.id, notLive.id]) expect(missionsMap.has(id)).toBe(false);

    const s = await service(owner.id);
    const sAd = await ad(owner.id, { serviceId: s.id });
    const pending = await service(owner.id, { validationStatus: 'pending_review' });
    await ad(owner.id, { serviceId: pending.id });
    const deleted = await service(owner.id, { deletedAt: new Date() });
    await ad(owner.id, { serviceId: deleted.id });
    const servicesMap = await liveSponsorships(ctx.app.db, 'service', { workSectorIds: null, role: null });
    expect(servicesMap.get(s.id)).toBe(sAd.id);
    expect(servicesMap.has(pending.id)).toBe(false);
    expect(servicesMap.has(deleted.id)).toBe(false);
  });

  it('keeps the campaigns that suit the audience’s work sectors and role', async () => {
    const owner = await createUser(ctx.app, { kind: 'infopreneur' });
    const [a, b, c] = [await sector(), await sector(), await sector()];
    const promote = async (values: Partial<typeof advertisements.$inferInsert>) => {
      const m = await mission(owner.id);
      const row = await ad(owner.id, { missionId: m.id, ...values });
      return { missionId: m.id, adId: row.id };
    };
    const everyone = await promote({});
    const sectorsAB = await promote({ targetWorkSectorIds: [a.id, b.id] });
    const sectorC = await promote({ targetWorkSectorIds: [c.id] });
    const setters = await promote({ targetRole: 'setter' });
    const closers = await promote({ targetRole: 'closer' });
    const setterClosers = await promote({ targetRole: 'setter_closer' });
    const all = [everyone, sectorsAB, sectorC, setters, closers, setterClosers];

    const suited = async (audience: Parameters<typeof liveSponsorships>[2]) => {
      const map = await liveSponsorships(ctx.app.db, 'mission', audience);
      return all.filter((p) => map.get(p.missionId) === p.adId);
    };
    expect(await suited({})).toEqual(all);
    expect(await suited({ workSectorIds: [] })).toEqual(all);
    expect(await suited({ workSectorIds: [b.id, 2_000_000_000] })).toEqual([
      everyone,
      sectorsAB,
      setters,
      closers,
      setterClosers,
    ]);
    expect(await suited({ workSectorIds: [c.id], role: 'closer' })).toEqual([everyone, sectorC, closers]);
    expect(await suited({ role: 'setter' })).toEqual([everyone, sectorsAB, sectorC, setters]);
    expect(await suited({ role: 'setter_closer' })).toEqual(all);
  });
});

describe('recordImpressions', () => {
  it('counts one impression per campaign and call, written together, leaving updatedAt alone', async () => {
    const first = await ad(alice.user.id);
    const second = await ad(alice.user.id, { impressions: 4 });
    recordImpressions(ctx.app.db, [first.id, second.id, first.id]);
    recordImpressions(ctx.app.db, [first.id]);
    recordImpressions(ctx.app.db, []);
    // Not written yet: one write per second at most, or when the owner reads their campaigns.
    expect((await stored(first.id))!.impressions).toBe(0);
    const listed = await alice.client.get('/api/v1/advertisements?perPage=100');
    const shown = (listed.json().data as { id: number; impressions: number }[]).find(
      (a) => a.id === first.id,
    );
    expect(shown?.impressions).toBe(2);
    expect(await stored(first.id)).toMatchObject({ impressions: 2, updatedAt: first.updatedAt });
    expect((await stored(second.id))!.impressions).toBe(5);
  });

  it('stops at the column’s limit instead of failing', async () => {
    const row = await ad(alice.user.id, { impressions: 2_147_483_647, clicks: 2_147_483_647 });
    recordImpressions(ctx.app.db, [row.id]);
    await flushImpressions(ctx.app.db);
    expect((await click(setter.client, row.id)).statusCode).toBe(204);
    expect(await stored(row.id)).toMatchObject({ impressions: 2_147_483_647, clicks: 2_147_483_647 });
  });
});

function click(client: TestClient, id: number, options?: { csrf?: boolean }) {
  return client.post(`/api/v1/advertisements/${id}/click`, undefined, options);
}
