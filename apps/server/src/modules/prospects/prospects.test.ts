import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals, prospectActivities, prospects } from '../../db/schema';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../../test/helpers';
import { listProspects } from './prospects.list';
import { phoneKey } from './prospects.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const seller = () => signedInClient(ctx.app, { kind: 'setter' });

async function created(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post('/api/v1/prospects', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const envelope = (...errors: Record<string, unknown>[]) => ({
  code: 'E_VALIDATION_ERROR',
  message: 'Validation failure',
  errors,
});

describe('POST /api/v1/prospects', () => {
  it('creates a prospect with every field and answers it whole', async () => {
    const { client } = await seller();
    const res = await client.post('/api/v1/prospects', {
      firstName: ' Hélène ',
      lastName: 'Dupré',
      contactLinks: ['https://www.linkedin.com/in/helene', 'https://www.linkedin.com/in/helene'],
      observations: 'Intéressée par la formation closing',
      email: 'Helene.Dupre@Exemple.fr',
      phone: '06 12 34 56 78',
      customFields: { budget: '2000 €', source: 'Salon' },
      nextActivityAt: '2030-03-01T09:00:00+01:00',
      state: 'follow_up',
      leadStage: 'qualified',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      firstName: 'Hélène',
      lastName: 'Dupré',
      fullName: 'Hélène Dupré',
      contactLinks: ['https://www.linkedin.com/in/helene'],
      observations: 'Intéressée par la formation closing',
      email: 'helene.dupre@exemple.fr',
      phone: '06 12 34 56 78',
      customFields: { budget: '2000 €', source: 'Salon' },
      nextActivityAt: '2030-03-01T08:00:00.000Z',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      state: 'follow_up',
      leadStage: 'qualified',
      nextActivity: null,
      openActivityCount: 0,
      currentDeal: null,
      duplicates: [],
    });
  });

  it('needs only a first name; lists and maps default to empty, the rest to null', async () => {
    const { client } = await seller();
    const body = await created(client, { firstName: 'Lu' });
    expect(body).toMatchObject({
      firstName: 'Lu',
      lastName: null,
      fullName: 'Lu',
      contactLinks: [],
      customFields: {},
      observations: null,
      email: null,
      phone: null,
      nextActivityAt: null,
      state: null,
      leadStage: null,
    });
    // A cleared form input is null.
    const blank = await created(client, { firstName: 'Léa', lastName: '', email: ' ', phone: '' });
    expect(blank).toMatchObject({ lastName: null, email: null, phone: null });
  });

  it('firstName and lastName are 2–50 characters', async () => {
    const { client } = await seller();
    for (const field of ['firstName', 'lastName']) {
      const base = { firstName: 'Jean', lastName: 'Martin' };
      const short = await client.post('/api/v1/prospects', { ...base, [field]: 'a' });
      expect(short.statusCode).toBe(422);
      expect(short.json()).toEqual(
        envelope({
          message: `The ${field} field must have at least 2 characters`,
          rule: 'minLength',
          field,
          meta: { min: 2 },
        }),
      );
      const long = await client.post('/api/v1/prospects', { ...base, [field]: 'a'.repeat(51) });
      expect(long.json()).toEqual(
        envelope({
          message: `The ${field} field must not be greater than 50 characters`,
          rule: 'maxLength',
          field,
          meta: { max: 50 },
        }),
      );
      expect((await client.post('/api/v1/prospects', { ...base, [field]: 'ab' })).statusCode).toBe(201);
      expect((await client.post('/api/v1/prospects', { ...base, [field]: 'a'.repeat(50) })).statusCode).toBe(
        201,
      );
    }
    const missing = await client.post('/api/v1/prospects', { lastName: 'Martin' });
    expect(missing.json()).toEqual(
      envelope({ message: 'The firstName field must be defined', rule: 'required', field: 'firstName' }),
    );
  });

  it('answers the 422 envelope for each other rule, naming the field', async () => {
    const { client } = await seller();
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { state: 'busy' },
        {
          field: 'state',
          rule: 'enum',
          message: 'The selected state is invalid',
          meta: { choices: expect.arrayContaining(['follow_up', 'success']) },
        },
      ],
      [
        { leadStage: 'hot' },
        {
          field: 'leadStage',
          rule: 'enum',
          message: 'The selected leadStage is invalid',
          meta: expect.any(Object),
        },
      ],
      [
        { contactLinks: ['https://ok.fr', 'linkedin'] },
        {
          field: 'contactLinks.1',
          rule: 'url',
          message: 'The contactLinks field must be a valid URL',
          index: 1,
        },
      ],
      [
        { contactLinks: ['javascript:alert(1)'] },
        {
          field: 'contactLinks.0',
          rule: 'url',
          message: 'The contactLinks field must be a valid URL',
          index: 0,
        },
      ],
      [
        { contactLinks: Array.from({ length: 21 }, (_, i) => `https://exemple.fr/${i}`) },
        {
          field: 'contactLinks',
          rule: 'arrayMaxLength',
          message: 'The contactLinks field must not have more than 20 items',
          meta: { max: 20 },
        },
      ],
      [
        { contactLinks: 'https://exemple.fr' },
        { field: 'contactLinks', rule: 'array', message: 'The contactLinks field must be an array' },
      ],
      [
        { email: 'jean@' },
        { field: 'email', rule: 'email', message: 'The email field must be a valid email address' },
      ],
      [
        { nextActivityAt: 'lundi' },
        { field: 'nextActivityAt', rule: 'date', message: 'The nextActivityAt field must be a valid date' },
      ],
      [
        { customFields: ['a'] },
        { field: 'customFields', rule: 'object', message: 'The customFields field must be an object' },
      ],
      [
        { customFields: { budget: 2000 } },
        { field: 'customFields.budget', rule: 'string', message: 'The budget field must be a string' },
      ],
      [
        { customFields: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, 'v'])) },
        {
          field: 'customFields',
          rule: 'maxKeys',
          message: 'The customFields field must not have more than 30 keys',
          meta: { max: 30 },
        },
      ],
      [
        { customFields: { source: 'x'.repeat(501) } },
        {
          field: 'customFields.source',
          rule: 'maxLength',
          message: 'The source field must not be greater than 500 characters',
          meta: { max: 500 },
        },
      ],
      [
        { customFields: { ['k'.repeat(51)]: 'v' } },
        {
          field: `customFields.${'k'.repeat(51)}`,
          rule: 'maxLength',
          message: `The ${'k'.repeat(51)} field must not be greater than 50 characters`,
          meta: { max: 50 },
        },
      ],
      [
        { observations: 'x'.repeat(2501) },
        {
          field: 'observations',
          rule: 'maxLength',
          message: 'The observations field must not be greater than 2500 characters',
          meta: { max: 2500 },
        },
      ],
      [
        { phone: '0'.repeat(51) },
        {
          field: 'phone',
          rule: 'maxLength',
          message: 'The phone field must not be greater than 50 characters',
          meta: { max: 50 },
        },
      ],
    ];
    for (const [patch, error] of cases) {
      const res = await client.post('/api/v1/prospects', { firstName: 'Jean', ...patch });
      expect(res.statusCode, JSON.stringify(patch).slice(0, 80)).toBe(422);
      expect(res.json()).toEqual(envelope(error));
    }
    // 30 custom fields and 20 links are fine.
    await created(client, {
      firstName: 'Jean',
      customFields: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 'v'])),
      contactLinks: Array.from({ length: 20 }, (_, i) => `https://exemple.fr/${i}`),
    });
  });

  it('anonymous: 401 on every route; CSRF is required', async () => {
    const anonymous = new TestClient(ctx.app);
    const calls = [
      anonymous.get('/api/v1/prospects'),
      anonymous.post('/api/v1/prospects', { firstName: 'Jean' }),
      anonymous.get('/api/v1/prospects/1'),
      anonymous.put('/api/v1/prospects/1', { firstName: 'Jean' }),
      anonymous.delete('/api/v1/prospects/1'),
      anonymous.get('/api/v1/prospects/export'),
      anonymous.post('/api/v1/prospects/1/activities', { title: 'Appel', dueAt: '2030-01-01T10:00:00Z' }),
      anonymous.get('/api/v1/activities'),
      anonymous.put('/api/v1/activities/1', { done: true }),
      anonymous.delete('/api/v1/activities/1'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'E_UNAUTHORIZED_ACCESS', message: 'Unauthorized access' });
    }
    const { client } = await seller();
    expect((await client.post('/api/v1/prospects', { firstName: 'Jean' }, { csrf: false })).statusCode).toBe(
      403,
    );
  });
});

describe('one prospect', () => {
  it("another user's prospect is 404 (not 403) for reading, changing, deleting and planning", async () => {
    const { client: owner } = await seller();
    const { client: other } = await seller();
    const prospect = await created(owner, { firstName: 'Jean' });
    const notFound = { code: 'E_NOT_FOUND', message: 'Prospect not found' };
    for (const res of [
      await other.get(`/api/v1/prospects/${prospect.id}`),
      await other.put(`/api/v1/prospects/${prospect.id}`, { firstName: 'Pirate' }),
      await other.delete(`/api/v1/prospects/${prospect.id}`),
      await other.post(`/api/v1/prospects/${prospect.id}/activities`, {
        title: 'Appel',
        dueAt: '2030-01-01T10:00:00Z',
      }),
      await other.get('/api/v1/prospects/2147483647'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect((await owner.get(`/api/v1/prospects/${prospect.id}`)).json().firstName).toBe('Jean');
  });

  it('PUT changes only the fields sent; null clears; an id in the body must be the path id', async () => {
    const { client } = await seller();
    const prospect = await created(client, {
      firstName: 'Jean',
      lastName: 'Martin',
      email: 'jean@exemple.fr',
      state: 'prospecting',
      leadStage: 'contact',
      customFields: { source: 'Salon' },
      contactLinks: ['https://exemple.fr/jean'],
    });
    const res = await client.put(`/api/v1/prospects/${prospect.id}`, { state: 'success', lastName: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Jean',
      lastName: null,
      fullName: 'Jean',
      email: 'jean@exemple.fr',
      state: 'success',
      leadStage: 'contact',
      customFields: { source: 'Salon' },
      contactLinks: ['https://exemple.fr/jean'],
      duplicates: [],
    });
    const withId = await client.put(`/api/v1/prospects/${prospect.id}`, { id: prospect.id, leadStage: null });
    expect(withId.statusCode).toBe(200);
    expect(withId.json().leadStage).toBeNull();

    const wrong = await client.put(`/api/v1/prospects/${prospect.id}`, {
      id: prospect.id + 1,
      firstName: 'Zoé',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(
      envelope({ field: 'id', rule: 'sameAs', message: 'The id field must match the URL' }),
    );
    const bad = await client.put(`/api/v1/prospects/${prospect.id}`, { firstName: 'Z' });
    expect(bad.json().errors).toEqual([
      {
        field: 'firstName',
        rule: 'minLength',
        message: 'The firstName field must have at least 2 characters',
        meta: { min: 2 },
      },
    ]);
    expect((await client.get(`/api/v1/prospects/${prospect.id}`)).json().firstName).toBe('Jean');
    // An empty body changes nothing.
    expect((await client.put(`/api/v1/prospects/${prospect.id}`, {})).json().state).toBe('success');
  });

  it('refuses a contact status that contradicts the qualification (Succès and Perdu…), on create and update', async () => {
    const { client } = await seller();
    const contradiction = {
      field: 'leadStage',
      rule: 'leadStageState',
      message: 'The selected leadStage contradicts the contact status success',
      meta: { state: 'success' },
    };
    const lost = await client.post('/api/v1/prospects', {
      firstName: 'Luc',
      state: 'success',
      leadStage: 'lost',
    });
    expect(lost.statusCode).toBe(422);
    expect(lost.json()).toEqual(envelope(contradiction));
    const won = await client.post('/api/v1/prospects', {
      firstName: 'Luc',
      state: 'not_interested',
      leadStage: 'closed',
    });
    expect(won.json().errors[0]).toMatchObject({ field: 'leadStage', rule: 'leadStageState' });

    // An update is checked against what is stored: a field not sent keeps its value.
    const prospect = await created(client, { firstName: 'Luc', state: 'success', leadStage: 'closed' });
    const update = await client.put(`/api/v1/prospects/${prospect.id}`, { leadStage: 'lost' });
    expect(update.json()).toEqual(envelope(contradiction));
    expect((await client.get(`/api/v1/prospects/${prospect.id}`)).json().leadStage).toBe('closed');
    const both = await client.put(`/api/v1/prospects/${prospect.id}`, {
      state: 'not_interested',
      leadStage: 'lost',
    });
    expect(both.statusCode, both.body).toBe(200);
    const cleared = await client.put(`/api/v1/prospects/${prospect.id}`, {
      state: 'success',
      leadStage: null,
    });
    expect(cleared.json()).toMatchObject({ state: 'success', leadStage: null });
  });

  it('DELETE answers 204 and takes the prospect’s activities and deals with it (cascade)', async () => {
    const { user, client } = await seller();
    const prospect = await created(client, { firstName: 'Jean' });
    const activity = await client.post(`/api/v1/prospects/${prospect.id}/activities`, {
      title: 'Appel',
      dueAt: '2030-01-01T10:00:00Z',
    });
    expect(activity.statusCode).toBe(201);
    const [deal] = await ctx.app.db
      .insert(deals)
      .values({ title: 'Formation closing', prospectId: prospect.id, ownerId: user.id })
      .returning();
    const res = await client.delete(`/api/v1/prospects/${prospect.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await client.get(`/api/v1/prospects/${prospect.id}`)).statusCode).toBe(404);
    expect(await ctx.app.db.select().from(deals).where(eq(deals.id, deal!.id))).toEqual([]);
    expect(
      await ctx.app.db
        .select()
        .from(prospectActivities)
        .where(eq(prospectActivities.prospectId, prospect.id)),
    ).toEqual([]);
    expect((await client.delete(`/api/v1/prospects/${prospect.id}`)).statusCode).toBe(404);
  });

  it('DELETE refuses a prospect with a won deal (409): its commission lines must not vanish', async () => {
    const { user, client } = await seller();
    const prospect = await created(client, { firstName: 'Jeanne' });
    await ctx.app.db
      .insert(deals)
      .values({ title: 'Vente gagnée', prospectId: prospect.id, ownerId: user.id, status: 'Closed' });
    const res = await client.delete(`/api/v1/prospects/${prospect.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/won deal/);
    expect(res.json().reason).toBe('PROSPECT_HAS_WON_DEAL');
    expect((await client.get(`/api/v1/prospects/${prospect.id}`)).statusCode).toBe(200);
  });
});

describe('duplicate warning', () => {
  it('phoneKey reads the French prefixes as one number', () => {
    const key = '0612345678';
    for (const phone of [
      '06 12 34 56 78',
      '06.12.34.56.78',
      '+33 6 12 34 56 78',
      '+33 (0)6 12 34 56 78',
      '0033612345678',
      '33612345678',
      '6 12 34 56 78',
    ])
      expect(phoneKey(phone), phone).toBe(key);
    expect(phoneKey('+44 20 7946 0958')).toBe('+442079460958');
    expect(phoneKey('0044 20 7946 0958')).toBe('+442079460958');
    expect(phoneKey('12')).toBeNull();
    expect(phoneKey('')).toBeNull();
  });

  it("lists the caller's other prospects with the same e-mail (any case) or phone, never refuses", async () => {
    const { client } = await seller();
    const { client: other } = await seller();
    await created(other, { firstName: 'Autre', email: 'jean@exemple.fr', phone: '0612345678' });
    const a = await created(client, {
      firstName: 'Jean',
      lastName: 'Martin',
      email: 'Jean@Exemple.fr',
      phone: '06 12 34 56 78',
    });
    expect(a.duplicates).toEqual([]);
    const b = await created(client, { firstName: 'Jeannot', email: 'JEAN@exemple.fr' });
    expect(b.duplicates).toEqual([
      { id: a.id, fullName: 'Jean Martin', email: 'jean@exemple.fr', phone: '06 12 34 56 78' },
    ]);
    const c = await created(client, { firstName: 'Jean-Marc', phone: '+33 6 12 34 56 78' });
    expect(c.duplicates.map((d: { id: number }) => d.id)).toEqual([a.id]);
    // The prospect itself is never its own duplicate; GET and PUT carry the warning too.
    const got = await client.get(`/api/v1/prospects/${a.id}`);
    expect(got.json().duplicates.map((d: { id: number }) => d.id)).toEqual([b.id, c.id]);
    const put = await client.put(`/api/v1/prospects/${b.id}`, {
      email: 'autre@exemple.fr',
      phone: '0033612345678',
    });
    expect(put.json().duplicates.map((d: { id: number }) => d.id)).toEqual([a.id, c.id]);
    const none = await client.put(`/api/v1/prospects/${b.id}`, { phone: null });
    expect(none.json().duplicates).toEqual([]);
  });
});

describe('GET /api/v1/prospects', () => {
  it('lists only my prospects, with search, filters, sort and pages', async () => {
    const { client } = await seller();
    const { client: other } = await seller();
    await created(other, { firstName: 'Hélène', lastName: 'Autre' });
    const helene = await created(client, {
      firstName: 'Hélène',
      lastName: 'Dupré',
      email: 'h.dupre@exemple.fr',
      phone: '+33 6 12 34 56 78',
      state: 'follow_up',
      leadStage: 'demo',
    });
    const zoe = await created(client, {
      firstName: 'Zoé',
      lastName: 'Arnaud',
      email: 'zoe@exemple.fr',
      state: 'success',
    });
    const bob = await created(client, {
      firstName: 'bob',
      email: 'bob_smith@mail.com',
      phone: '07 00 00 00 01',
    });

    const ids = async (query: string) => {
      const res = await client.get(`/api/v1/prospects?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((p: { id: number }) => p.id);
    };
    expect(await ids('')).toEqual([bob.id, zoe.id, helene.id]);
    // Accents and case ignored, words in any order, e-mail and phone searched.
    expect(await ids('query=helene')).toEqual([helene.id]);
    expect(await ids('query=DUPRE%20h%C3%A9l%C3%A8ne')).toEqual([helene.id]);
    expect(await ids('query=exemple.fr')).toEqual([zoe.id, helene.id]);
    expect(await ids('query=06%2012%2034')).toEqual([helene.id]);
    expect(await ids('query=0612345678')).toEqual([helene.id]);
    expect(await ids('query=bob_')).toEqual([bob.id]);
    expect(await ids('query=%25')).toEqual([]);
    expect(await ids('state=success')).toEqual([zoe.id]);
    expect(await ids('state=success,follow_up')).toEqual([zoe.id, helene.id]);
    expect(await ids('leadStage=demo')).toEqual([helene.id]);
    expect(await ids('sortBy=name')).toEqual([bob.id, helene.id, zoe.id]);
    expect(await ids('sortBy=name&sortOrder=desc')).toEqual([zoe.id, helene.id, bob.id]);
    expect(await ids('sortBy=createdAt&sortOrder=asc')).toEqual([helene.id, zoe.id, bob.id]);

    const page = await client.get('/api/v1/prospects?perPage=2&page=2&sortBy=name');
    expect(page.json().data.map((p: { id: number }) => p.id)).toEqual([zoe.id]);
    expect(page.json().meta).toEqual({ total: 3, perPage: 2, currentPage: 2, lastPage: 2 });
    // Past the last page: no row, the total still counted.
    const past = await client.get('/api/v1/prospects?perPage=2&page=5&state=success,follow_up');
    expect(past.json()).toEqual({ data: [], meta: { total: 2, perPage: 2, currentPage: 5, lastPage: 1 } });

    const bad = await client.get('/api/v1/prospects?state=busy&sortBy=age&nextActivity=tomorrow');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.map((e: { field: string; rule: string }) => `${e.field}:${e.rule}`)).toEqual([
      'state.0:enum',
      'nextActivity:enum',
      'sortBy:enum',
    ]);
  });

  it('finds and sorts a prospect by its new name, e-mail and phone once changed', async () => {
    const { client } = await seller();
    const anne = await created(client, { firstName: 'Anne', lastName: 'Zola', email: 'anne@exemple.fr' });
    const marc = await created(client, { firstName: 'Marc', lastName: 'Bréval' });
    const ids = async (query: string) =>
      (await client.get(`/api/v1/prospects?${query}`)).json().data.map((p: { id: number }) => p.id);
    expect(await ids('sortBy=name')).toEqual([anne.id, marc.id]);

    const res = await client.put(`/api/v1/prospects/${anne.id}`, {
      firstName: 'Ùrsula',
      email: 'ursula@ailleurs.fr',
      phone: '06 98 76 54 32',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ids('query=anne')).toEqual([]);
    expect(await ids('query=URSULA%20zola')).toEqual([anne.id]);
    expect(await ids('query=ailleurs')).toEqual([anne.id]);
    expect(await ids('query=0698765432')).toEqual([anne.id]);
    // "ursula zola" after "marc breval": by the new first name, accents aside.
    expect(await ids('sortBy=name')).toEqual([marc.id, anne.id]);
    expect(await ids('sortBy=name&sortOrder=desc')).toEqual([anne.id, marc.id]);
  });

  it('shows each prospect’s next activity, open activity count and my latest deal on it', async () => {
    const { user, client } = await seller();
    const { user: otherUser } = await seller();
    const prospect = await created(client, { firstName: 'Jean' });
    for (const [title, dueAt] of [
      ['Relance', '2030-02-01T09:00:00Z'],
      ['Appel découverte', '2030-01-15T09:00:00Z'],
    ]) {
      await client.post(`/api/v1/prospects/${prospect.id}/activities`, { title, dueAt, priority: 'high' });
    }
    const [older, newer] = await ctx.app.db
      .insert(deals)
      .values([
        { title: 'Ancien deal', prospectId: prospect.id, ownerId: user.id, status: 'Lost' },
        { title: 'Deal en cours', prospectId: prospect.id, ownerId: user.id, status: 'Role' },
      ])
      .returning();
    await ctx.app.db
      .update(deals)
      .set({ updatedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(deals.id, older!.id));
    // Someone else's deal on my prospect (a team-mate, later) is not my current deal.
    await ctx.app.db
      .insert(deals)
      .values({ title: 'Pas le mien', prospectId: prospect.id, ownerId: otherUser.id });

    const [listed] = (await client.get('/api/v1/prospects')).json().data;
    expect(listed).toMatchObject({
      id: prospect.id,
      nextActivityAt: '2030-01-15T09:00:00.000Z',
      nextActivity: {
        id: expect.any(Number),
        title: 'Appel découverte',
        dueAt: '2030-01-15T09:00:00.000Z',
        priority: 'high',
      },
      openActivityCount: 2,
      currentDeal: { id: newer!.id, title: 'Deal en cours', status: 'Role' },
    });
  });

  it('nextActivity=overdue|today|week counts Europe/Paris calendar days', async () => {
    const { user, client } = await seller();
    // 12 June 2030, 10:00 in Paris (08:00 UTC).
    const now = new Date('2030-06-12T08:00:00Z');
    const at = async (firstName: string, nextActivityAt: string | null) =>
      (await created(client, { firstName, nextActivityAt })).id as number;
    const yesterday = await at('Hier', '2030-06-11T09:00:00Z');
    const earlyToday = await at('Tôt', '2030-06-11T22:30:00Z'); // 00:30 on the 12th in Paris
    const laterToday = await at('Plus tard', '2030-06-12T21:30:00Z'); // 23:30 on the 12th
    const tomorrow = await at('Demain', '2030-06-12T22:30:00Z'); // 00:30 on the 13th
    const inSixDays = await at('Dans six jours', '2030-06-18T21:00:00Z'); // 23:00 on the 18th
    const inSevenDays = await at('Dans sept jours', '2030-06-18T22:00:00Z'); // 00:00 on the 19th
    await at('Sans date', null);
    const ids = async (nextActivity: 'overdue' | 'today' | 'week') =>
      (
        await listProspects(
          ctx.app.db,
          user.id,
          { nextActivity, sortBy: 'nextActivityAt', page: 1, perPage: 50 },
          now,
        )
      ).data.map((p) => p.id);
    expect(await ids('overdue')).toEqual([yesterday, earlyToday]);
    expect(await ids('today')).toEqual([earlyToday, laterToday]);
    expect(await ids('week')).toEqual([earlyToday, laterToday, tomorrow, inSixDays]);
    expect(inSevenDays).toBeGreaterThan(0);
    // Sorting by next activity puts prospects without one last, in both directions.
    const all = await listProspects(
      ctx.app.db,
      user.id,
      { sortBy: 'nextActivityAt', sortOrder: 'desc', page: 1, perPage: 50 },
      now,
    );
    expect(all.data.at(-1)?.firstName).toBe('Sans date');
    expect(all.data[0]?.id).toBe(inSevenDays);
    // Over HTTP with the real clock.
    const past = await created(client, { firstName: 'Passé', nextActivityAt: '2020-01-01T00:00:00Z' });
    const res = await client.get('/api/v1/prospects?nextActivity=overdue');
    expect(res.json().data.map((p: { id: number }) => p.id)).toContain(past.id);
    expect(await ctx.app.db.select().from(prospects).where(eq(prospects.ownerId, user.id))).toHaveLength(8);
  });
});
