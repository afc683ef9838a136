import { randomBytes } from 'node:crypto';
import { nameMatchRank, nameKey as sharedNameKey } from '@closia/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advertisements,
  profiles,
  referenceProposers,
  services,
  skills,
  validatedItems,
  workSectors,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { nameKey, nameSearch } from '../../lib/name-search';
import { seed } from '../../seed';
import { createTestApp, createUser, signedInClient, TestClient, type TestContext } from '../../test/helpers';
import { assertUsableWorkSectors, ensureSkills, workSectorNames } from './reference.service';

let ctx: TestContext;
let admin: TestClient;
let alice: { user: { id: number }; client: TestClient };
let bob: { user: { id: number }; client: TestClient };
const anonymous = () => new TestClient(ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  await seed(ctx.app.db, { demo: false });
  admin = (await signedInClient(ctx.app, { admin: true })).client;
  alice = await signedInClient(ctx.app);
  bob = await signedInClient(ctx.app);
});
afterAll(() => ctx.close());

/** A word no other test uses, to find this test's items among the seeded ones. */
const token = () => `zq${randomBytes(4).toString('hex')}`;

/** A user with a setter profile holding the given values. */
async function profileWith(values: Partial<typeof profiles.$inferInsert>) {
  const user = await createUser(ctx.app, { kind: 'setter' });
  await ctx.app.db.update(profiles).set(values).where(eq(profiles.userId, user.id));
  return user.id;
}
const profileOf = async (userId: number) =>
  (await ctx.app.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]!;

const validationFailure = (errors: unknown[]) => ({
  code: 'E_VALIDATION_ERROR',
  message: 'Validation failure',
  errors,
});
const nameErrors = [
  [{}, { field: 'name', rule: 'required', message: 'The name field must be defined' }],
  [
    { name: ' a ' },
    {
      field: 'name',
      rule: 'minLength',
      message: 'The name field must have at least 2 characters',
      meta: { min: 2 },
    },
  ],
  [
    { name: 'x'.repeat(101) },
    {
      field: 'name',
      rule: 'maxLength',
      message: 'The name field must not be greater than 100 characters',
      meta: { max: 100 },
    },
  ],
] as const;

interface Item {
  id: number;
  name: string;
  proposedById: number | null;
  usage?: number;
}

/** What differs between the kinds, as far as the API shows it. */
const kinds = [
  {
    path: 'work-sectors',
    flag: 'approved',
    label: 'Work sector',
    use: (item: Item) => profileWith({ workSectorIds: [item.id] }),
  },
  {
    path: 'skills',
    flag: 'isValidated',
    label: 'Skill',
    use: (item: Item) => profileWith({ skills: ['Autre', item.name.toUpperCase()] }),
  },
  {
    path: 'formations',
    flag: 'isValidated',
    label: 'Formation',
    use: (item: Item) => profileWith({ formations: [{ name: item.name.toLowerCase(), link: null }] }),
  },
] as const;

describe.each(kinds)('$path', ({ path, flag, label, use }) => {
  const list = `/api/v1/${path}`;
  const adminList = `/api/v1/admin/${path}`;
  const create = async (name: string) => {
    const res = await admin.post(adminList, { name });
    expect(res.statusCode).toBe(201);
    return res.json() as Item;
  };
  const propose = async (client: TestClient, name: string) =>
    (await client.post(list, { name })).json() as Item;
  const names = (body: { data: Item[] }) => body.data.map((i) => i.name);

  describe(`GET /${path}`, () => {
    it('lists approved items by name (case- and accent-insensitive), paginated', async () => {
      const t = token();
      await create(`Ec ${t}`);
      await create(`ea ${t}`);
      await create(`Éb ${t}`);
      const res = await anonymous().get(`${list}?search=${t}`);
      expect(res.statusCode).toBe(200);
      expect(names(res.json())).toEqual([`ea ${t}`, `Éb ${t}`, `Ec ${t}`]);
      expect(res.json().meta).toEqual({ total: 3, perPage: 100, currentPage: 1, lastPage: 1 });
      expect(res.json().data[0]).toEqual({
        id: expect.any(Number),
        name: `ea ${t}`,
        [flag]: true,
        proposedById: expect.any(Number),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });

      const page2 = (await anonymous().get(`${list}?search=${t}&page=2&perPage=2`)).json();
      expect(names(page2)).toEqual([`Ec ${t}`]);
      expect(page2.meta).toEqual({ total: 3, perPage: 2, currentPage: 2, lastPage: 2 });
    });

    it('searches anywhere in the name, ignoring accents and case; wildcards are no wildcards', async () => {
      const t = token();
      await create(`Développement ${t} avancé`);
      await create(`Autre ${t}`);
      const found = (
        await anonymous().get(`${list}?search=${encodeURIComponent(`DEVELOPPEMENT ${t} AVANCE`)}`)
      ).json();
      expect(names(found)).toEqual([`Développement ${t} avancé`]);
      // Punctuation separates words, as a space does: "%" matches nothing by itself.
      const wildcard = (await anonymous().get(`${list}?search=${encodeURIComponent(`a%e ${t}`)}`)).json();
      expect(wildcard.data).toEqual([]);
    });

    it('finds names despite punctuation, unfinished words and small typos, the closest first', async () => {
      const t = token();
      await create(`Bien-être & santé ${t}`);
      await create(`Santé ${t} mentale`);
      const search = async (query: string) =>
        names((await anonymous().get(`${list}?search=${encodeURIComponent(query)}`)).json());
      for (const query of [`bien etre ${t}`, `BIEN-ETRE ${t}`, `bien etr ${t}`, `${t} bien-etre santee`]) {
        expect(await search(query), query).toEqual([`Bien-être & santé ${t}`]);
      }
      expect(await search(`${t} sante`)).toEqual([`Bien-être & santé ${t}`, `Santé ${t} mentale`]);
      // The same name first, then the names beginning with the query.
      expect(await search(`sante ${t} mentale`)).toEqual([`Santé ${t} mentale`]);
      expect(await search(`sante ${t}`)).toEqual([`Santé ${t} mentale`, `Bien-être & santé ${t}`]);
      expect(await search(`bien ${t} fitness`)).toEqual([]);
    });

    it('shows a pending proposal to its author only, until it is approved', async () => {
      const t = token();
      const pending = await propose(alice.client, `Proposition ${t}`);
      expect(pending).toMatchObject({ [flag]: false, proposedById: alice.user.id });
      expect(names((await alice.client.get(`${list}?search=${t}`)).json())).toEqual([`Proposition ${t}`]);
      expect((await bob.client.get(`${list}?search=${t}`)).json().data).toEqual([]);
      expect((await anonymous().get(`${list}?search=${t}`)).json().data).toEqual([]);

      await admin.put(`${adminList}/${pending.id}`, { approved: true });
      expect(names((await anonymous().get(`${list}?search=${t}`)).json())).toEqual([`Proposition ${t}`]);
    });

    it('answers 422 for bad paging', async () => {
      const res = await anonymous().get(`${list}?page=0&perPage=101`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.map((e: { field: string; rule: string }) => [e.field, e.rule])).toEqual([
        ['page', 'min'],
        ['perPage', 'max'],
      ]);
    });
  });

  describe(`POST /${path}`, () => {
    it('creates a pending proposal of the caller (201)', async () => {
      const name = `Nouveau ${token()}`;
      const res = await alice.client.post(list, { name: `  ${name} ` });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name, [flag]: false, proposedById: alice.user.id });
    });

    it('answers 200 with the existing item of that name (case- and accent-insensitive)', async () => {
      const t = token();
      const approved = await create(`Éloquence ${t}`);
      const res = await alice.client.post(list, { name: `ELOQUENCE ${t}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: approved.id, name: `Éloquence ${t}`, [flag]: true });

      const own = await propose(alice.client, `Mienne ${t}`);
      const again = await alice.client.post(list, { name: `mienne ${t}` });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(own.id);
    });

    it("shares another user's pending proposal with the new proposer", async () => {
      const t = token();
      const first = await propose(alice.client, `Partagée ${t}`);
      const res = await bob.client.post(list, { name: `partagee ${t}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: first.id, [flag]: false, proposedById: alice.user.id });
      expect(names((await bob.client.get(`${list}?search=${t}`)).json())).toEqual([`Partagée ${t}`]);
      expect((await anonymous().get(`${list}?search=${t}`)).json().data).toEqual([]);
    });

    it('creates it approved when the caller is an admin', async () => {
      const res = await admin.post(list, { name: `Par un admin ${token()}` });
      expect(res.statusCode).toBe(201);
      expect(res.json()[flag]).toBe(true);
    });

    it.each(nameErrors)('answers 422 for %j', async (body, error) => {
      const res = await alice.client.post(list, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(validationFailure([error]));
    });

    it('answers 401 when anonymous', async () => {
      const res = await anonymous().post(list, { name: `Anonyme ${token()}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'E_UNAUTHORIZED_ACCESS', message: 'Unauthorized access' });
    });

    it('answers 403 without the CSRF header', async () => {
      const res = await alice.client.post(list, { name: `Sans CSRF ${token()}` }, { csrf: false });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('E_BAD_CSRF_TOKEN');
    });
  });

  describe(`GET /admin/${path}`, () => {
    it('lists every item with its usage, filtered by status', async () => {
      const t = token();
      const used = await create(`Utilisé ${t}`);
      await use(used);
      await use(used);
      const pending = await propose(alice.client, `En attente ${t}`);

      const all = await admin.get(`${adminList}?search=${t}`);
      expect(all.statusCode).toBe(200);
      expect(all.json()).toEqual({
        data: [
          expect.objectContaining({ id: pending.id, [flag]: false, usage: 0 }),
          expect.objectContaining({ id: used.id, [flag]: true, usage: 2 }),
        ],
        meta: { total: 2, perPage: 20, currentPage: 1, lastPage: 1 },
      });
      const onlyPending = (await admin.get(`${adminList}?search=${t}&status=pending`)).json();
      expect(onlyPending.data.map((i: Item) => i.id)).toEqual([pending.id]);
      const onlyApproved = (await admin.get(`${adminList}?search=${t}&status=approved`)).json();
      expect(onlyApproved.data.map((i: Item) => i.id)).toEqual([used.id]);
    });

    it('answers 422 for an unknown status', async () => {
      const res = await admin.get(`${adminList}?status=rejected`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field: 'status', rule: 'enum' });
    });

    it('answers 401 when anonymous and 403 to a non-admin', async () => {
      expect((await anonymous().get(adminList)).statusCode).toBe(401);
      const res = await alice.client.get(adminList);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'E_FORBIDDEN', message: 'Access denied' });
    });
  });

  describe(`POST /admin/${path}`, () => {
    it('creates an approved item (201)', async () => {
      const name = `Créé ${token()}`;
      const res = await admin.post(adminList, { name });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name, [flag]: true, usage: 0 });
    });

    it('answers 422 unique for a name taken (case- and accent-insensitive)', async () => {
      const t = token();
      await create(`Déjà là ${t}`);
      const res = await admin.post(adminList, { name: `DEJA LA ${t}` });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(
        validationFailure([{ field: 'name', rule: 'unique', message: 'The name has already been taken' }]),
      );
    });

    it('takes a name differing only by punctuation and spacing for the same name', async () => {
      const t = token();
      const item = await create(`Bien-être & santé ${t}`);
      const res = await admin.post(adminList, { name: `bien etre  sante ${t}` });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field: 'name', rule: 'unique' });
      // A user's proposal of it gets the existing item.
      const proposal = await alice.client.post(list, { name: `BIEN ÊTRE, SANTÉ ${t}` });
      expect(proposal.statusCode).toBe(200);
      expect(proposal.json()).toMatchObject({ id: item.id, name: `Bien-être & santé ${t}` });
    });

    it.each(nameErrors)('answers 422 for %j', async (body, error) => {
      const res = await admin.post(adminList, body);
      expect(res.json()).toEqual(validationFailure([error]));
    });

    it('answers 401, 403 to a non-admin, 403 without CSRF', async () => {
      expect((await anonymous().post(adminList, { name: 'Anonyme' })).statusCode).toBe(401);
      expect((await alice.client.post(adminList, { name: 'Pas admin' })).statusCode).toBe(403);
      const res = await admin.post(adminList, { name: `Sans CSRF ${token()}` }, { csrf: false });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('E_BAD_CSRF_TOKEN');
    });
  });

  describe(`PUT /admin/${path}/:id`, () => {
    it('renames and approves', async () => {
      const t = token();
      const pending = await propose(alice.client, `Brouillon ${t}`);
      const res = await admin.put(`${adminList}/${pending.id}`, { name: `Validé ${t}`, approved: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: pending.id,
        name: `Validé ${t}`,
        [flag]: true,
        proposedById: alice.user.id,
        usage: 0,
      });
      const unapproved = await admin.put(`${adminList}/${pending.id}`, { approved: false });
      expect(unapproved.json()).toMatchObject({ name: `Validé ${t}`, [flag]: false });
    });

    it('allows changing only the case or the accents of its own name', async () => {
      const t = token();
      const item = await create(`developpement ${t}`);
      const res = await admin.put(`${adminList}/${item.id}`, { name: `Développement ${t}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().name).toBe(`Développement ${t}`);
    });

    it('answers 422 unique when the new name is taken', async () => {
      const t = token();
      await create(`Premier ${t}`);
      const second = await create(`Second ${t}`);
      const res = await admin.put(`${adminList}/${second.id}`, { name: `PREMIER ${t}` });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(
        validationFailure([{ field: 'name', rule: 'unique', message: 'The name has already been taken' }]),
      );
    });

    it.each(nameErrors.slice(1))('answers 422 for %j', async (body, error) => {
      const item = await create(`Valide ${token()}`);
      const res = await admin.put(`${adminList}/${item.id}`, body);
      expect(res.json()).toEqual(validationFailure([error]));
    });

    it('answers 404 for an unknown id, 401, 403 to a non-admin, 403 without CSRF', async () => {
      const notFound = await admin.put(`${adminList}/999999`, { approved: true });
      expect(notFound.statusCode).toBe(404);
      expect(notFound.json()).toEqual({ code: 'E_NOT_FOUND', message: `${label} not found` });
      const item = await create(`Protégé ${token()}`);
      expect((await anonymous().put(`${adminList}/${item.id}`, { approved: false })).statusCode).toBe(401);
      expect((await alice.client.put(`${adminList}/${item.id}`, { approved: false })).statusCode).toBe(403);
      const noCsrf = await admin.put(`${adminList}/${item.id}`, { approved: false }, { csrf: false });
      expect(noCsrf.statusCode).toBe(403);
    });
  });

  describe(`DELETE /admin/${path}/:id`, () => {
    it('deletes an unused item (204)', async () => {
      const t = token();
      const item = await create(`Inutile ${t}`);
      const res = await admin.delete(`${adminList}/${item.id}`);
      expect(res.statusCode).toBe(204);
      expect((await admin.get(`${adminList}?search=${t}`)).json().data).toEqual([]);
    });

    it('refuses while the item is used (409) and keeps it', async () => {
      const t = token();
      const item = await create(`Utile ${t}`);
      await use(item);
      const res = await admin.delete(`${adminList}/${item.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'E_CONFLICT',
        message: 'This item is used by 1 profiles or offers and cannot be deleted',
        reason: 'IN_USE',
      });
      expect((await admin.get(`${adminList}?search=${t}`)).json().data).toHaveLength(1);
    });

    it('answers 404 for an unknown id, 401, 403 to a non-admin, 403 without CSRF', async () => {
      const notFound = await admin.delete(`${adminList}/999999`);
      expect(notFound.statusCode).toBe(404);
      expect(notFound.json()).toEqual({ code: 'E_NOT_FOUND', message: `${label} not found` });
      const item = await create(`Gardé ${token()}`);
      expect((await anonymous().delete(`${adminList}/${item.id}`)).statusCode).toBe(401);
      expect((await alice.client.delete(`${adminList}/${item.id}`)).statusCode).toBe(403);
      expect((await admin.delete(`${adminList}/${item.id}`, undefined, { csrf: false })).statusCode).toBe(
        403,
      );
      expect((await admin.get(`${adminList}?search=${item.name.split(' ')[1]}`)).json().data).toHaveLength(1);
    });

    it('answers 422 for an id that is not a positive integer', async () => {
      const res = await admin.delete(`${adminList}/abc`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field: 'id' });
    });
  });
});

describe('usage and renames specific to a kind', () => {
  it('counts profiles, training offers and advertisements using a work sector', async () => {
    const t = token();
    const sector = (await admin.post('/api/v1/admin/work-sectors', { name: `Secteur ${t}` })).json() as Item;
    await profileWith({ workSectorIds: [sector.id] });
    const infopreneur = await createUser(ctx.app, { kind: 'infopreneur' });
    const offer = {
      infopreneurId: infopreneur.id,
      description: 'Une formation',
      price: 990,
      commissionRate: 20,
      link: 'https://example.com',
      duration: 10,
      locationType: 'online',
      workSectorIds: [sector.id],
    };
    await ctx.app.db.insert(services).values([
      { ...offer, name: 'Offre' },
      { ...offer, name: 'Offre supprimée', deletedAt: new Date() },
    ]);
    await ctx.app.db.insert(advertisements).values({
      infopreneurId: infopreneur.id,
      title: 'Annonce',
      text: 'Texte',
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 86_400_000),
      targetWorkSectorIds: [sector.id],
    });
    const listed = (await admin.get(`/api/v1/admin/work-sectors?search=${t}`)).json();
    expect(listed.data[0].usage).toBe(3);
    const res = await admin.delete(`/api/v1/admin/work-sectors/${sector.id}`);
    expect(res.json().message).toBe('This item is used by 3 profiles or offers and cannot be deleted');
  });

  it('renames a skill inside every profile using it (any case), keeping the order', async () => {
    const t = token();
    const skill = (await admin.post('/api/v1/admin/skills', { name: `Relance ${t}` })).json() as Item;
    const user1 = await profileWith({ skills: ['Upsell', `relance ${t}`, 'Storytelling'] });
    const user2 = await profileWith({ skills: ['Upsell'] });
    const res = await admin.put(`/api/v1/admin/skills/${skill.id}`, { name: `Relances ${t}` });
    expect(res.json()).toMatchObject({ name: `Relances ${t}`, usage: 1 });
    expect((await profileOf(user1)).skills).toEqual(['Upsell', `Relances ${t}`, 'Storytelling']);
    expect((await profileOf(user2)).skills).toEqual(['Upsell']);
  });

  it('renames a formation inside every profile using it, keeping the link', async () => {
    const t = token();
    const formation = (await admin.post('/api/v1/admin/formations', { name: `Closer ${t}` })).json() as Item;
    const userId = await profileWith({
      formations: [
        { name: 'Autre', link: null },
        { name: `CLOSER ${t}`, link: 'https://example.com/certificat' },
      ],
    });
    const res = await admin.put(`/api/v1/admin/formations/${formation.id}`, { name: `Closer pro ${t}` });
    expect(res.json()).toMatchObject({ name: `Closer pro ${t}`, usage: 1 });
    expect((await profileOf(userId)).formations).toEqual([
      { name: 'Autre', link: null },
      { name: `Closer pro ${t}`, link: 'https://example.com/certificat' },
    ]);
  });

  it('keeps other validated items out of the formations catalogue', async () => {
    const t = token();
    const [other] = await ctx.app.db
      .insert(validatedItems)
      .values({ kind: 'certification', name: `Certif ${t}`, isValidated: true })
      .returning();
    expect((await admin.get(`/api/v1/admin/formations?search=${t}`)).json().data).toEqual([]);
    expect((await admin.put(`/api/v1/admin/formations/${other!.id}`, { approved: false })).statusCode).toBe(
      404,
    );
    // The same name is free for a formation.
    expect((await admin.post('/api/v1/admin/formations', { name: `Certif ${t}` })).statusCode).toBe(201);
  });

  it.each(['bien etre', 'BIEN-ETRE', 'bien etr', 'bien-etre sante', 'bien etre santee'])(
    'finds the seeded "Bien-être & santé" when searching %j',
    async (query) => {
      const res = await anonymous().get(`/api/v1/work-sectors?search=${encodeURIComponent(query)}`);
      expect(res.json().data.map((i: Item) => i.name)).toContain('Bien-être & santé');
    },
  );

  it('finds "Immobilier" misspelt and "Prospection LinkedIn" unfinished', async () => {
    const sectors = (await anonymous().get('/api/v1/work-sectors?search=imobilier')).json();
    expect(sectors.data.map((i: Item) => i.name)).toEqual(['Immobilier']);
    const skillsFound = (await anonymous().get('/api/v1/skills?search=prospection%20linked')).json();
    expect(skillsFound.data.map((i: Item) => i.name)).toEqual(['Prospection LinkedIn']);
  });

  it('searches in SQL exactly as the pickers filter in the browser (@closia/shared)', async () => {
    const cases: [string, string][] = [
      ['Bien-être & santé', 'bien etre'],
      ['Bien-être & santé', 'BIEN-ETRE'],
      ['Bien-être & santé', 'bien etr'],
      ['Bien-être & santé', 'santé bien'],
      ['Bien-être & santé', 'bien-être & santé'],
      ['Bien-être & santé', 'bien fitness'],
      ['Immobilier', 'imobilier'],
      ['Immobilier', 'mobili'],
      ['Immobilier', 'imm'],
      ['Immobilier', 'inmo'],
      ['Cœur de métier', 'COEUR'],
      ['Développement personnel', 'developement perso'],
      ['Développement personnel', 'dev pers'],
      ['Éducation & soutien scolaire', 'education/soutien'],
      ['Prise de parole en public', 'parle'],
      ['Sport & fitness', 'sport  fitnes'],
      ['Sport & fitness', 'spor'],
      ['Sport & fitness', 'sprot'],
      ['E-commerce', 'ecommerce'],
      ['E-commerce', 'e commerce'],
      ['C++ & Java', 'c java'],
    ];
    for (const [name, query] of cases) {
      const search = nameSearch(sql`t.name`, query);
      const [row] = await ctx.app.db
        .select({
          key: nameKey(sql`t.name`).mapWith(String),
          found: search.where.mapWith(Boolean),
          rank: search.rank.mapWith(Number),
        })
        .from(sql`(select ${name}::text as name) as t`);
      const expected = nameMatchRank(name, query);
      expect({ name, query, key: row!.key, rank: row!.found ? row!.rank : null }).toEqual({
        name,
        query,
        key: sharedNameKey(name),
        rank: expected,
      });
    }
  });

  it('finds the seeded "Développement personnel" when searching "developpement"', async () => {
    const res = await anonymous().get('/api/v1/work-sectors?search=developpement');
    expect(res.json().data.map((i: Item) => i.name)).toContain('Développement personnel');
  });
});

describe('assertUsableWorkSectors', () => {
  it('accepts approved sectors and the user’s own or shared proposals', async () => {
    const t = token();
    const approved = (await admin.post('/api/v1/admin/work-sectors', { name: `Ok ${t}` })).json() as Item;
    const own = (await alice.client.post('/api/v1/work-sectors', { name: `À moi ${t}` })).json() as Item;
    const shared = (await bob.client.post('/api/v1/work-sectors', { name: `Commun ${t}` })).json() as Item;
    await alice.client.post('/api/v1/work-sectors', { name: `commun ${t}` });
    await expect(
      assertUsableWorkSectors(ctx.app.db, [approved.id, own.id, shared.id], alice.user.id),
    ).resolves.toBeUndefined();
    await expect(assertUsableWorkSectors(ctx.app.db, [], alice.user.id)).resolves.toBeUndefined();
  });

  it('throws a 422 `exists` for each other user’s proposal or unknown id, with its index', async () => {
    const t = token();
    const approved = (await admin.post('/api/v1/admin/work-sectors', { name: `Ok ${t}` })).json() as Item;
    const others = (await bob.client.post('/api/v1/work-sectors', { name: `À Bob ${t}` })).json() as Item;
    const error = await assertUsableWorkSectors(
      ctx.app.db,
      [approved.id, others.id, 999999],
      alice.user.id,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 422,
      code: 'E_VALIDATION_ERROR',
      message: 'Validation failure',
      errors: [
        { field: 'workSectors.1', rule: 'exists', message: 'The selected workSectors is invalid', index: 1 },
        { field: 'workSectors.2', rule: 'exists', message: 'The selected workSectors is invalid', index: 2 },
      ],
    });
  });
});

describe('ensureSkills', () => {
  it('answers the catalogue spelling, adds unknown names as the user’s proposals, without duplicates', async () => {
    const t = token();
    const names = await ensureSkills(
      ctx.app.db,
      ['prospection linkedin', ' ECOUTE ACTIVE ', `Nouvelle ${t}`, `nouvelle ${t}`, ''],
      alice.user.id,
    );
    expect(names).toEqual(['Prospection LinkedIn', 'Écoute active', `Nouvelle ${t}`]);
    const [created] = await ctx.app.db
      .select()
      .from(skills)
      .where(eq(skills.name, `Nouvelle ${t}`));
    expect(created).toMatchObject({ isValidated: false, proposedById: alice.user.id });
    expect((await alice.client.get(`/api/v1/skills?search=${t}`)).json().data).toHaveLength(1);
    expect((await bob.client.get(`/api/v1/skills?search=${t}`)).json().data).toHaveLength(0);
  });

  it("shares another user's pending skill and is race-safe", async () => {
    const t = token();
    const results = await Promise.all([
      ensureSkills(ctx.app.db, [`Course ${t}`], alice.user.id),
      ensureSkills(ctx.app.db, [`COURSE ${t}`], bob.user.id),
    ]);
    const rows = await ctx.app.db.select().from(skills).where(eq(skills.name, results[0]![0]!));
    expect(rows).toHaveLength(1);
    expect(results[1]).toEqual(results[0]);
    const proposers = await ctx.app.db
      .select()
      .from(referenceProposers)
      .where(and(eq(referenceProposers.kind, 'skill'), eq(referenceProposers.itemId, rows[0]!.id)));
    // The loser of the race proposed it too.
    expect(proposers).toHaveLength(1);
    for (const client of [alice.client, bob.client]) {
      expect((await client.get(`/api/v1/skills?search=${t}`)).json().data).toHaveLength(1);
    }
  });
});

describe('workSectorNames', () => {
  it('answers id and name in the order asked, skipping unknown ids', async () => {
    const t = token();
    const a = (await admin.post('/api/v1/admin/work-sectors', { name: `A ${t}` })).json() as Item;
    const b = (await admin.post('/api/v1/admin/work-sectors', { name: `B ${t}` })).json() as Item;
    expect(await workSectorNames(ctx.app.db, [b.id, 999999, a.id])).toEqual([
      { id: b.id, name: `B ${t}` },
      { id: a.id, name: `A ${t}` },
    ]);
    expect(await workSectorNames(ctx.app.db, [])).toEqual([]);
  });
});

describe('seed', () => {
  it('provides approved French work sectors, sales skills and formations, once', async () => {
    const fresh = await createTestApp();
    try {
      const { db } = fresh.app;
      const counts = async () => ({
        sectors: (await db.select({ n: count() }).from(workSectors).where(eq(workSectors.approved, true)))[0]!
          .n,
        skills: (await db.select({ n: count() }).from(skills).where(eq(skills.isValidated, true)))[0]!.n,
        formations: (
          await db
            .select({ n: count() })
            .from(validatedItems)
            .where(and(eq(validatedItems.kind, 'formation'), eq(validatedItems.isValidated, true)))
        )[0]!.n,
      });
      await seed(db, { demo: false });
      const seeded = await counts();
      expect(seeded.sectors).toBeGreaterThanOrEqual(30);
      expect(seeded.skills).toBeGreaterThanOrEqual(40);
      expect(seeded.formations).toBeGreaterThanOrEqual(10);

      // Seeding again adds nothing, and does not bring back what an admin deleted.
      await db.delete(workSectors).where(eq(workSectors.name, 'Voyage'));
      await seed(db, { demo: false });
      expect(await counts()).toEqual({ ...seeded, sectors: seeded.sectors - 1 });
    } finally {
      await fresh.close();
    }
  });
});
