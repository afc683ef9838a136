/**
 * Every plan limit at its edge, on both sides, through the API (issue 20 §1): Gratuit with one
 * less than the limit may add one, at the limit gets the 402 envelope, the same user on a higher
 * plan may add; after a downgrade, what is above the limit stays readable and editable.
 */
import type { Deal, Team } from '@closia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missions, prospects, teamInvitations, teamMembers } from '../db/schema';
import { approvedOffer, dealBody, prospectOf, salesTeam, teamWithMembers } from '../test/fixtures';
import { createTestApp, signedInClient, type TestClient, type TestContext } from '../test/helpers';
import { givePlan } from '../test/plans';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** The 402 envelope a caller reads. */
function planLimit(message: string, meta: Record<string, unknown>) {
  return { code: 'E_PLAN_LIMIT', message, meta };
}

async function expectRefused(
  response: Promise<{ statusCode: number; json(): unknown; body: string }>,
  envelope: ReturnType<typeof planLimit>,
) {
  const res = await response;
  expect(res.statusCode, res.body).toBe(402);
  expect(res.json()).toEqual(envelope);
}

describe('published missions', () => {
  async function infopreneurWithDrafts(count: number) {
    const signed = await signedInClient(ctx.app, { kind: 'infopreneur' });
    const service = await approvedOffer(ctx.app, signed.user.id);
    const rows = await ctx.app.db
      .insert(missions)
      .values(
        Array.from({ length: count }, (_, i) => ({
          infopreneurId: signed.user.id,
          serviceId: service.id,
          title: `Closer immobilier ${i + 1}`,
          missionType: 'closer',
        })),
      )
      .returning({ id: missions.id });
    return { ...signed, service, ids: rows.map((r) => r.id) };
  }
  const publish = (client: TestClient, id: number) => client.post(`/api/v1/missions/${id}/publish`);

  it('Gratuit publishes one mission, is refused the second; Pro publishes it', async () => {
    const { user, client, ids } = await infopreneurWithDrafts(3);
    expect((await publish(client, ids[0]!)).statusCode).toBe(200);
    await expectRefused(
      publish(client, ids[1]!),
      planLimit('Votre offre Gratuit permet 1 mission publiée. Passez à l’offre Pro pour aller au-delà.', {
        limit: 'publishedMissions',
        current: 1,
        max: 1,
        planId: 'gratuit',
        upgradeTo: 'pro',
      }),
    );
    const [draft] = await ctx.app.db.select().from(missions).where(eq(missions.id, ids[1]!));
    expect(draft!.status).toBe('draft');

    await givePlan(ctx.app.db, user.id, 'pro');
    expect((await publish(client, ids[1]!)).statusCode).toBe(200);

    // Back on Gratuit: both stay published, readable and editable; a third is refused.
    await givePlan(ctx.app.db, user.id, 'gratuit');
    for (const id of ids.slice(0, 2)) {
      expect((await client.get(`/api/v1/missions/${id}`)).json().status).toBe('published');
      const edited = await client.put(`/api/v1/missions/${id}`, { title: 'Closer immobilier senior' });
      expect(edited.statusCode, edited.body).toBe(200);
      // Publishing what is published already adds nothing.
      expect((await publish(client, id)).statusCode).toBe(200);
    }
    const third = await publish(client, ids[2]!);
    expect(third.statusCode).toBe(402);
    expect(third.json().meta).toMatchObject({ current: 2, max: 1, planId: 'gratuit' });
  });

  it('Pro stops at 10 and points to Équipe; a deleted mission frees its place', async () => {
    const { user, client, ids } = await infopreneurWithDrafts(11);
    await givePlan(ctx.app.db, user.id, 'pro');
    for (const id of ids.slice(0, 10)) expect((await publish(client, id)).statusCode).toBe(200);
    await expectRefused(
      publish(client, ids[10]!),
      planLimit('Votre offre Pro permet 10 missions publiées. Passez à l’offre Équipe pour aller au-delà.', {
        limit: 'publishedMissions',
        current: 10,
        max: 10,
        planId: 'pro',
        upgradeTo: 'equipe',
      }),
    );
    expect((await client.delete(`/api/v1/missions/${ids[0]}`)).statusCode).toBe(204);
    expect((await publish(client, ids[10]!)).statusCode).toBe(200);
  });

  it('two publications at once at N-1: one passes, the other is refused', async () => {
    const { client, ids } = await infopreneurWithDrafts(2);
    const answers = await Promise.all(ids.map((id) => publish(client, id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 402]);
  });
});

describe('prospects', () => {
  async function sellerWith(count: number) {
    const signed = await signedInClient(ctx.app, { kind: 'setter_closer' });
    if (count > 0) {
      await ctx.app.db.insert(prospects).values(
        Array.from({ length: count }, (_, i) => ({
          ownerId: signed.user.id,
          firstName: 'Prospect',
          lastName: `Numéro ${i + 1}`,
        })),
      );
    }
    return signed;
  }
  const countOf = async (ownerId: number) =>
    (await ctx.app.db.select({ id: prospects.id }).from(prospects).where(eq(prospects.ownerId, ownerId)))
      .length;
  const create = (client: TestClient, firstName = 'Julie') =>
    client.post('/api/v1/prospects', { firstName, lastName: 'Martin', contactLinks: [] });

  it('Gratuit adds its 100th prospect, is refused the 101st; Pro adds it', async () => {
    const { user, client } = await sellerWith(99);
    expect((await create(client)).statusCode).toBe(201);
    await expectRefused(
      create(client, 'Refusé'),
      planLimit('Votre offre Gratuit permet 100 prospects. Passez à l’offre Pro pour aller au-delà.', {
        limit: 'prospects',
        current: 100,
        max: 100,
        planId: 'gratuit',
        upgradeTo: 'pro',
      }),
    );
    expect(await countOf(user.id)).toBe(100);

    await givePlan(ctx.app.db, user.id, 'pro');
    const added = await create(client, 'Ajouté');
    expect(added.statusCode).toBe(201);

    // Back on Gratuit with 101: all listed, each editable and deletable; adding is refused.
    await givePlan(ctx.app.db, user.id, 'gratuit');
    const list = await client.get('/api/v1/prospects?perPage=20');
    expect(list.json().meta.total).toBe(101);
    const id = added.json().id as number;
    const edited = await client.put(`/api/v1/prospects/${id}`, { observations: 'Rappeler lundi' });
    expect(edited.statusCode, edited.body).toBe(200);
    const refused = await create(client, 'Encore');
    expect(refused.statusCode).toBe(402);
    expect(refused.json().meta).toMatchObject({ current: 101, max: 100 });
    // Two deleted: 99, room for one again.
    expect((await client.delete(`/api/v1/prospects/${id}`)).statusCode).toBe(204);
    const [other] = await ctx.app.db
      .select({ id: prospects.id })
      .from(prospects)
      .where(eq(prospects.ownerId, user.id))
      .limit(1);
    expect((await client.delete(`/api/v1/prospects/${other!.id}`)).statusCode).toBe(204);
    expect((await create(client, 'Revenu')).statusCode).toBe(201);
  });

  function importCsv(client: TestClient, csv: string, fields: Record<string, string> = {}) {
    const boundary = `----closia${Math.random().toString(16).slice(2)}`;
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const payload = Buffer.from(
      `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prospects.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    return client.request('POST', '/api/v1/prospects/import', payload, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }
  const emailOf = (name: string) => `${name.normalize('NFD').replace(/\W/g, '').toLowerCase()}@exemple.fr`;
  const csvOf = (names: string[]) =>
    `Prénom;Nom;E-mail\n${names.map((n) => `${n};Importé;${emailOf(n)}`).join('\n')}\n`;

  it('refuses a whole import that would cross the limit, and says how many would fit', async () => {
    const { user, client } = await sellerWith(98);
    const three = csvOf(['Anne', 'Bruno', 'Chloé']);
    // The dry run only analyses.
    const dry = await importCsv(client, three, { dryRun: 'true' });
    expect(dry.statusCode, dry.body).toBe(200);

    await expectRefused(
      importCsv(client, three),
      planLimit('Votre offre Gratuit permet 100 prospects. Passez à l’offre Pro pour aller au-delà.', {
        limit: 'prospects',
        current: 98,
        max: 100,
        planId: 'gratuit',
        upgradeTo: 'pro',
        remaining: 2,
      }),
    );
    expect(await countOf(user.id)).toBe(98);

    const two = await importCsv(client, csvOf(['Anne', 'Bruno']));
    expect(two.statusCode, two.body).toBe(201);
    expect(two.json().imported).toBe(2);
    expect(await countOf(user.id)).toBe(100);

    const full = await importCsv(client, csvOf(['Chloé']));
    expect(full.statusCode).toBe(402);
    expect(full.json().meta).toMatchObject({ current: 100, remaining: 0 });

    await givePlan(ctx.app.db, user.id, 'pro');
    const many = await importCsv(client, csvOf(['Chloé', 'David', 'Emma']));
    expect(many.statusCode, many.body).toBe(201);
    expect(await countOf(user.id)).toBe(103);
  });

  it('an import made only of duplicates adds nothing and is not refused', async () => {
    const { client } = await sellerWith(99);
    expect((await importCsv(client, csvOf(['Zoé']))).statusCode).toBe(201);
    const again = await importCsv(client, csvOf(['Zoé']));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().imported).toBe(0);
  });
});

describe('advertisements', () => {
  async function adBody(ownerId: number) {
    const service = await approvedOffer(ctx.app, ownerId);
    return {
      title: 'Devenez closer',
      text: 'Rejoignez notre équipe de vente.',
      serviceId: service.id,
      startsAt: iso(DAY),
      endsAt: iso(8 * DAY),
    };
  }

  it('Gratuit has none; Pro creates them; after a downgrade they stay editable', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'infopreneur' });
    const body = await adBody(user.id);
    await expectRefused(
      client.post('/api/v1/advertisements', body),
      planLimit(
        'Votre offre Gratuit ne comprend pas les annonces sponsorisées. Passez à l’offre Pro pour en profiter.',
        { limit: 'advertisements', current: 0, max: 0, planId: 'gratuit', upgradeTo: 'pro' },
      ),
    );
    expect((await client.get('/api/v1/advertisements')).json().meta.total).toBe(0);

    await givePlan(ctx.app.db, user.id, 'pro');
    const created = await client.post('/api/v1/advertisements', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;

    await givePlan(ctx.app.db, user.id, 'gratuit');
    expect((await client.get(`/api/v1/advertisements/${id}`)).statusCode).toBe(200);
    const paused = await client.put(`/api/v1/advertisements/${id}`, {
      title: 'Devenez setter',
      status: 'paused',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const again = await client.post('/api/v1/advertisements', body);
    expect(again.statusCode).toBe(402);
    expect(again.json().meta).toMatchObject({ current: 1, max: 0 });

    // An ended campaign brought back counts again.
    expect((await client.put(`/api/v1/advertisements/${id}`, { status: 'ended' })).statusCode).toBe(200);
    expect((await client.put(`/api/v1/advertisements/${id}`, { status: 'draft' })).statusCode).toBe(402);
  });
});

describe('teams', () => {
  const create = (client: TestClient, name: string) => client.post('/api/v1/teams', { name });

  it('Gratuit and Pro create one team, Équipe up to five', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'closer' });
    expect((await create(client, 'Équipe Une')).statusCode).toBe(201);
    const refusal = planLimit(
      'Votre offre Gratuit permet 1 équipe. Passez à l’offre Équipe pour aller au-delà.',
      {
        limit: 'teams',
        current: 1,
        max: 1,
        planId: 'gratuit',
        upgradeTo: 'equipe',
      },
    );
    await expectRefused(create(client, 'Équipe Deux'), refusal);
    await givePlan(ctx.app.db, user.id, 'pro');
    expect((await create(client, 'Équipe Deux')).statusCode).toBe(402);

    await givePlan(ctx.app.db, user.id, 'equipe');
    for (const name of ['Deux', 'Trois', 'Quatre', 'Cinq']) {
      expect((await create(client, `Équipe ${name}`)).statusCode).toBe(201);
    }
    await expectRefused(
      create(client, 'Équipe Six'),
      planLimit('Votre offre Équipe permet 5 équipes. Aucune offre ne va au-delà.', {
        limit: 'teams',
        current: 5,
        max: 5,
        planId: 'equipe',
        upgradeTo: null,
      }),
    );
    // Back on Gratuit: the five stay readable and editable.
    await givePlan(ctx.app.db, user.id, 'gratuit');
    const list = await client.get('/api/v1/teams');
    expect(list.statusCode).toBe(200);
    const teams = list.json().data as Team[];
    expect(teams).toHaveLength(5);
    const renamed = await client.put(`/api/v1/teams/${teams[0]!.id}`, { name: 'Équipe renommée' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('a team handed over', () => {
  it('counts against the receiver’s plan, and the refusal names the receiver', async () => {
    const creator = await signedInClient(ctx.app, { kind: 'closer' });
    const receiver = await signedInClient(ctx.app, { kind: 'setter', firstName: 'Léa', lastName: 'Martin' });
    await teamWithMembers(ctx.app, receiver.client, { name: 'Équipe de Léa' });
    const team = await teamWithMembers(ctx.app, creator.client, { name: 'Équipe à transmettre' });
    const invited = await creator.client.post(`/api/v1/teams/${team.id}/invitations`, {
      userId: receiver.user.id,
    });
    expect(
      (await receiver.client.post(`/api/v1/team-invitations/${invited.json().id}/accept`)).statusCode,
    ).toBe(200);
    const transfer = () =>
      creator.client.post(`/api/v1/teams/${team.id}/transfer`, { userId: receiver.user.id });
    await expectRefused(
      transfer(),
      planLimit(
        'L’offre Gratuit de Léa Martin permet 1 équipe. Cette personne peut passer à l’offre Équipe pour en recevoir davantage.',
        { limit: 'teams', current: 1, max: 1, planId: 'gratuit', upgradeTo: 'equipe' },
      ),
    );
    await givePlan(ctx.app.db, receiver.user.id, 'equipe');
    const done = await transfer();
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('team members', () => {
  const invite = (client: TestClient, teamId: number, userId: number) =>
    client.post(`/api/v1/teams/${teamId}/invitations`, { userId });

  it('a Gratuit team holds 3 people, invitations included; Équipe holds more', async () => {
    const creator = await signedInClient(ctx.app, { kind: 'closer' });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signedInClient(ctx.app, { kind: 'setter' })));
    const team = await teamWithMembers(ctx.app, creator.client, { name: 'Équipe trois' });
    const first = await invite(creator.client, team.id, a!.user.id);
    expect(first.statusCode, first.body).toBe(201);
    expect((await invite(creator.client, team.id, b!.user.id)).statusCode).toBe(201);
    const refusal = planLimit(
      'Votre offre Gratuit permet 3 membres par équipe. Passez à l’offre Équipe pour aller au-delà.',
      { limit: 'teamMembers', current: 3, max: 3, planId: 'gratuit', upgradeTo: 'equipe' },
    );
    await expectRefused(invite(creator.client, team.id, c!.user.id), refusal);

    // Accepting fills a seat already held by the invitation.
    const accepted = await a!.client.post(`/api/v1/team-invitations/${first.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await expectRefused(invite(creator.client, team.id, c!.user.id), refusal);

    await givePlan(ctx.app.db, creator.user.id, 'equipe');
    expect((await invite(creator.client, team.id, c!.user.id)).statusCode).toBe(201);
  });

  it('after the creator’s downgrade, members stay and a pending invitation cannot join', async () => {
    const creator = await signedInClient(ctx.app, { kind: 'closer' });
    await givePlan(ctx.app.db, creator.user.id, 'equipe');
    const people = await Promise.all([1, 2, 3, 4].map(() => signedInClient(ctx.app, { kind: 'setter' })));
    const team = await teamWithMembers(ctx.app, creator.client, { name: 'Équipe cinq' }, [
      { user: people[0]!.user, role: 'member' },
      { user: people[1]!.user, role: 'member' },
      { user: people[2]!.user, role: 'member' },
    ]);
    const pending = await invite(creator.client, team.id, people[3]!.user.id);
    expect(pending.statusCode).toBe(201);

    await givePlan(ctx.app.db, creator.user.id, 'gratuit');
    const members = await people[0]!.client.get(`/api/v1/teams/${team.id}/members`);
    expect(members.statusCode).toBe(200);
    await expectRefused(
      people[3]!.client.post(`/api/v1/team-invitations/${pending.json().id}/accept`),
      planLimit(
        'L’offre Gratuit du créateur de l’équipe permet 3 membres par équipe. Le créateur de l’équipe peut passer à l’offre Équipe pour aller au-delà.',
        { limit: 'teamMembers', current: 4, max: 3, planId: 'gratuit', upgradeTo: 'equipe' },
      ),
    );
    const [row] = await ctx.app.db
      .select({ status: teamInvitations.status })
      .from(teamInvitations)
      .where(eq(teamInvitations.id, pending.json().id));
    expect(row!.status).toBe('pending');
    // Declining is always possible.
    expect(
      (await people[3]!.client.post(`/api/v1/team-invitations/${pending.json().id}/decline`)).statusCode,
    ).toBe(200);
    const count = await ctx.app.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(count).toHaveLength(4);
  });
});

describe('the shared pipeline', () => {
  async function sellerInTeam(creatorPlan: 'gratuit' | 'equipe') {
    const t = await salesTeam(ctx.app);
    const team = await teamWithMembers(ctx.app, t.setter.client, { name: 'Équipe pipeline' }, [
      { user: t.closer.user, role: 'member' },
    ]);
    await givePlan(ctx.app.db, t.setter.user.id, creatorPlan);
    return { ...t, team };
  }
  const refusalForCreator = planLimit(
    'Votre offre Gratuit ne comprend pas le pipeline partagé. Passez à l’offre Équipe pour en profiter.',
    { limit: 'sharedPipeline', current: 0, max: 0, planId: 'gratuit', upgradeTo: 'equipe' },
  );

  it('needs the team creator on Équipe to put a deal in the team', async () => {
    const t = await sellerInTeam('gratuit');
    await expectRefused(
      t.setter.client.post('/api/v1/deals', dealBody(t.prospect.id, t.service.id, { teamId: t.team.id })),
      refusalForCreator,
    );
    await givePlan(ctx.app.db, t.setter.user.id, 'pro');
    const pro = await t.setter.client.post(
      '/api/v1/deals',
      dealBody(t.prospect.id, t.service.id, { teamId: t.team.id }),
    );
    expect(pro.statusCode).toBe(402);
    expect(pro.json().meta).toMatchObject({ planId: 'pro', upgradeTo: 'equipe' });

    // A deal outside any team is always fine; moving it into the team is the refused write.
    const solo = await t.setter.client.post('/api/v1/deals', dealBody(t.prospect.id, t.service.id));
    expect(solo.statusCode).toBe(201);
    const into = await t.setter.client.put(`/api/v1/deals/${solo.json().id}`, {
      id: solo.json().id,
      teamId: t.team.id,
    });
    expect(into.statusCode).toBe(402);

    await givePlan(ctx.app.db, t.setter.user.id, 'equipe');
    const shared = await t.setter.client.put(`/api/v1/deals/${solo.json().id}`, {
      id: solo.json().id,
      teamId: t.team.id,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((shared.json() as Deal).teamId).toBe(t.team.id);
  });

  it('a member whose team creator is on Gratuit reads who must upgrade', async () => {
    const t = await salesTeam(ctx.app);
    const creator = await signedInClient(ctx.app, { kind: 'closer' });
    await givePlan(ctx.app.db, t.setter.user.id, 'equipe');
    const team = await teamWithMembers(ctx.app, creator.client, { name: 'Équipe d’un autre' }, [
      { user: t.setter.user, role: 'member' },
    ]);
    await expectRefused(
      t.setter.client.post('/api/v1/deals', dealBody(t.prospect.id, t.service.id, { teamId: team.id })),
      planLimit(
        'L’offre Gratuit du créateur de l’équipe ne comprend pas le pipeline partagé. Le créateur de l’équipe peut passer à l’offre Équipe pour en profiter.',
        { limit: 'sharedPipeline', current: 0, max: 0, planId: 'gratuit', upgradeTo: 'equipe' },
      ),
    );
  });

  it('after the creator’s downgrade, shared deals stay readable and workable; new ones are refused', async () => {
    const t = await sellerInTeam('equipe');
    const created = await t.setter.client.post(
      '/api/v1/deals',
      dealBody(t.prospect.id, t.service.id, { teamId: t.team.id }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/v1/deals/${created.json().id}`;

    await givePlan(ctx.app.db, t.setter.user.id, 'gratuit');
    expect((await t.closer.client.get(url)).json().teamId).toBe(t.team.id);
    const edited = await t.closer.client.put(url, {
      id: created.json().id,
      title: 'Vente équipe',
      probability: 70,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await t.closer.client.post(`${url}/move`, { status: 'Onboarding' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.setter.client.get(`/api/v1/pipeline?teamId=${t.team.id}`)).statusCode).toBe(200);

    const other = await prospectOf(ctx.app, t.setter.user.id);
    await expectRefused(
      t.setter.client.post('/api/v1/deals', dealBody(other.id, t.service.id, { teamId: t.team.id })),
      refusalForCreator,
    );
    // Taking it out of the team is not adding: allowed.
    const out = await t.setter.client.put(url, { id: created.json().id, teamId: null });
    expect(out.statusCode, out.body).toBe(200);
  });
});
