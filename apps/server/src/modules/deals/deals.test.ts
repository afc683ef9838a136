import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionLines, dealHistories, deals, notifications } from '../../db/schema';
import {
  acceptedOn,
  createdDeal,
  dayFromToday,
  dealBody,
  type OfferPatch,
  offerWithMissions,
  prospectOf,
  salesTeam,
} from '../../test/fixtures';
import { createTestApp, lastMailTo, signedInClient, TestClient, type TestContext } from '../../test/helpers';
import { today } from './ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
});
afterAll(() => ctx.close());

/** An offer, a setter and a closer accepted on its missions, and a prospect of the setter. */
const team = (patch: OfferPatch = {}) => salesTeam(ctx.app, patch);
const created = createdDeal;

const validation = (errors: Record<string, unknown>[]) => ({
  code: 'E_VALIDATION_ERROR',
  message: 'Validation failure',
  errors,
});

async function historyOf(dealId: number) {
  return ctx.app.db
    .select()
    .from(dealHistories)
    .where(eq(dealHistories.dealId, dealId))
    .orderBy(dealHistories.id);
}

async function linesOf(dealId: number) {
  return ctx.app.db
    .select()
    .from(commissionLines)
    .where(eq(commissionLines.dealId, dealId))
    .orderBy(commissionLines.id);
}

describe('creating a deal', () => {
  it('creates it on my prospect and an offer I sell through a mission, with its first history row', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id));
    expect(deal).toMatchObject({
      title: 'Vente formation immobilier',
      observations: 'Intéressé par le financement.',
      status: 'Prospecting',
      probability: 40,
      prospectId: t.prospect.id,
      ownerId: t.setter.user.id,
      setterId: null,
      infopreneurFormationId: t.service.id,
      missionId: t.setterMission.id,
      teamId: null,
      service: { id: t.service.id, price: 1500, commissionRate: 20, infopreneurId: t.infopreneur.id },
      prospect: { id: t.prospect.id, fullName: `Julien ${t.prospect.lastName}`, phone: '+33 6 12 34 56 78' },
      owner: { id: t.setter.user.id, fullName: 'Sofiane Setter' },
      setter: null,
      amountCents: null,
      valueCents: 150_000,
      commissionCents: 30_000,
      daysInStage: 0,
      lostReason: null,
      closedAt: null,
      refundedAt: null,
      viewerRole: 'owner',
      canEdit: true,
    });
    expect(deal.dealHistories).toEqual([
      expect.objectContaining({
        field: 'status',
        fromValue: null,
        toValue: 'Prospecting',
        user: { id: t.setter.user.id, fullName: 'Sofiane Setter' },
      }),
    ]);
  });

  it('lets an infopreneur sell their own approved offer (no mission)', async () => {
    const t = await team();
    const own = await prospectOf(ctx.app, t.infopreneur.id);
    const deal = await created(t.client, dealBody(own.id, t.service.id, { status: 'Role' }));
    expect(deal).toMatchObject({ missionId: null, status: 'Role', ownerId: t.infopreneur.id });
  });

  it('applies the spec §5 rules, each with the exact envelope on its field', async () => {
    const t = await team();
    const at = async (patch: Record<string, unknown>) => {
      const res = await t.setter.client.post('/api/v1/deals', dealBody(t.prospect.id, t.service.id, patch));
      return { status: res.statusCode, body: res.json() };
    };
    expect(await at({ title: 'a' })).toEqual({
      status: 422,
      body: validation([
        {
          field: 'title',
          rule: 'minLength',
          message: 'The title field must have at least 2 characters',
          meta: { min: 2 },
        },
      ]),
    });
    expect((await at({ title: 'ab' })).status).toBe(201);
    expect((await at({ title: 'a'.repeat(100) })).status).toBe(201);
    expect((await at({ title: 'a'.repeat(101) })).body).toEqual(
      validation([
        {
          field: 'title',
          rule: 'maxLength',
          message: 'The title field must not be greater than 100 characters',
          meta: { max: 100 },
        },
      ]),
    );
    expect((await at({ observations: 'o'.repeat(2500) })).status).toBe(201);
    expect((await at({ observations: 'o'.repeat(2501) })).body.errors).toEqual([
      {
        field: 'observations',
        rule: 'maxLength',
        message: 'The observations field must not be greater than 2500 characters',
        meta: { max: 2500 },
      },
    ]);
    expect((await at({ status: 'R2' })).body.errors[0]).toMatchObject({
      field: 'status',
      rule: 'enum',
      message: 'The selected status is invalid',
    });
    for (const status of ['Closed', 'Lost']) {
      expect(await at({ status })).toEqual({
        status: 422,
        body: validation([
          {
            field: 'status',
            rule: 'enum',
            message: 'The selected status is invalid',
            meta: { choices: ['Prospecting', 'Qualification', 'Closing', 'Role', 'Onboarding', 'FollowUp'] },
          },
        ]),
      });
    }
    expect((await at({ expectedCloseDate: '2026-02-30' })).body.errors).toEqual([
      {
        field: 'expectedCloseDate',
        rule: 'date',
        message: 'The expectedCloseDate field must be a valid date',
      },
    ]);
    expect((await at({ probability: 0 })).body.errors).toEqual([
      { field: 'probability', rule: 'positive', message: 'The probability field must be positive' },
    ]);
    expect((await at({ probability: 101 })).body.errors[0]).toMatchObject({
      field: 'probability',
      rule: 'max',
    });
    expect((await at({ probability: 100 })).status).toBe(201);
    expect((await at({ probability: undefined })).status).toBe(201);
    expect((await at({ prospectId: 0 })).body.errors[0]).toMatchObject({
      field: 'prospectId',
      rule: 'positive',
    });
    expect((await at({ infopreneurFormationId: undefined })).body.errors).toEqual([
      {
        field: 'infopreneurFormationId',
        rule: 'required',
        message: 'The infopreneurFormationId field must be defined',
      },
    ]);
  });

  it('refuses a prospect that is not mine and an offer I may not sell (422 on each field)', async () => {
    const t = await team();
    const other = await offerWithMissions(ctx.app);
    const foreignProspect = await prospectOf(ctx.app, t.closer.user.id);
    const res = await t.setter.client.post('/api/v1/deals', dealBody(foreignProspect.id, other.service.id));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      validation([
        { field: 'prospectId', rule: 'exists', message: 'The selected prospectId is invalid' },
        {
          field: 'infopreneurFormationId',
          rule: 'sellable',
          message: 'The selected infopreneurFormationId is not an offer you may sell',
        },
      ]),
    );
    // An offer that is not approved is not sellable, even through an accepted mission.
    const pending = await offerWithMissions(ctx.app, { validationStatus: 'pending_review' });
    await acceptedOn(ctx.app, pending.setterMission.id, 'setter');
    const mine = await t.setter.client.post('/api/v1/deals', dealBody(t.prospect.id, pending.service.id));
    expect(mine.json().errors).toEqual([
      expect.objectContaining({ field: 'infopreneurFormationId', rule: 'sellable' }),
    ]);
  });
});

describe('who sees and acts on a deal', () => {
  it('answers 401 to anonymous callers on every endpoint', async () => {
    const anonymous = new TestClient(ctx.app);
    const calls: [string, string][] = [
      ['GET', '/api/v1/deals'],
      ['POST', '/api/v1/deals'],
      ['GET', '/api/v1/deals/1'],
      ['PUT', '/api/v1/deals/1'],
      ['DELETE', '/api/v1/deals/1'],
      ['GET', '/api/v1/deals/1/history'],
      ['POST', '/api/v1/deals/1/move'],
      ['POST', '/api/v1/deals/1/win'],
      ['POST', '/api/v1/deals/1/lose'],
      ['POST', '/api/v1/deals/1/reopen'],
      ['POST', '/api/v1/deals/1/refund'],
      ['POST', '/api/v1/deals/1/handoff'],
      ['GET', '/api/v1/pipeline'],
      ['GET', '/api/v1/commissions'],
      ['POST', '/api/v1/commissions/1/pay'],
      ['GET', '/api/v1/missions/1/commission-split'],
      ['PUT', '/api/v1/missions/1/commission-split'],
    ];
    for (const [method, url] of calls) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const res = await anonymous.request(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('E_UNAUTHORIZED_ACCESS');
    }
  });

  it("answers 404 for another user's deal, whatever the action", async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Role' }));
    const { client: stranger } = await signedInClient(ctx.app, { kind: 'closer' });
    const id = deal.id;
    const calls: [string, string, unknown][] = [
      ['GET', `/api/v1/deals/${id}`, undefined],
      ['GET', `/api/v1/deals/${id}/history`, undefined],
      ['PUT', `/api/v1/deals/${id}`, { id, title: 'Piraté' }],
      ['DELETE', `/api/v1/deals/${id}`, undefined],
      ['POST', `/api/v1/deals/${id}/move`, { status: 'Closing' }],
      ['POST', `/api/v1/deals/${id}/win`, {}],
      ['POST', `/api/v1/deals/${id}/lose`, { reason: 'Pas intéressé' }],
      ['POST', `/api/v1/deals/${id}/reopen`, {}],
      ['POST', `/api/v1/deals/${id}/refund`, {}],
      ['POST', `/api/v1/deals/${id}/handoff`, { closerId: t.closer.user.id }],
    ];
    for (const [method, url, body] of calls) {
      const res = await stranger.request(method as 'GET', url, body as Record<string, unknown>);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 'E_NOT_FOUND', message: 'Deal not found' });
    }
    expect((await stranger.get('/api/v1/deals')).json().meta.total).toBe(0);
    expect((await t.setter.client.get(`/api/v1/deals/${id}`)).json().title).toBe(deal.title);
  });

  it('shows the infopreneur the deals on their offers, read-only', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id));
    const list = (await t.client.get('/api/v1/deals?as=infopreneur')).json();
    expect(list.data.map((d: { id: number }) => d.id)).toEqual([deal.id]);
    expect(list.data[0]).toMatchObject({ viewerRole: 'infopreneur', canEdit: false });
    // Without as=infopreneur: the deals they work themselves (none).
    expect((await t.client.get('/api/v1/deals')).json().meta.total).toBe(0);
    expect((await t.client.get(`/api/v1/deals/${deal.id}`)).statusCode).toBe(200);
    const move = await t.client.post(`/api/v1/deals/${deal.id}/move`, { status: 'Closing' });
    expect(move.statusCode).toBe(403);
    expect(move.json()).toEqual({
      code: 'E_FORBIDDEN',
      message: 'The infopreneur of the offer follows this deal read-only',
      reason: 'DEAL_READ_ONLY',
    });
    expect((await t.client.put(`/api/v1/deals/${deal.id}`, { id: deal.id, title: 'Autre' })).statusCode).toBe(
      403,
    );
    expect((await t.client.post(`/api/v1/deals/${deal.id}/win`, {})).statusCode).toBe(403);
    expect((await t.client.delete(`/api/v1/deals/${deal.id}`)).statusCode).toBe(403);
  });
});

describe('listing deals', () => {
  it('filters by stage, offer, prospect, owner, expected close date and text, sorts and pages', async () => {
    const t = await team();
    const other = await prospectOf(ctx.app, t.setter.user.id, { firstName: 'Émilie', lastName: 'Garçon' });
    const a = await created(
      t.setter.client,
      dealBody(t.prospect.id, t.service.id, {
        title: 'Alpha',
        status: 'Closing',
        expectedCloseDate: dayFromToday(5),
      }),
    );
    const b = await created(
      t.setter.client,
      dealBody(other.id, t.service.id, {
        title: 'Bravo',
        status: 'Role',
        expectedCloseDate: dayFromToday(40),
      }),
    );
    const c = await created(
      t.setter.client,
      dealBody(t.prospect.id, t.service.id, { title: 'Charlie', status: 'Prospecting', probability: null }),
    );
    await t.setter.client.post(`/api/v1/deals/${a.id}/win`, { amount: 1800 });
    const ids = async (query: string) =>
      (await t.setter.client.get(`/api/v1/deals?${query}`)).json().data.map((d: { id: number }) => d.id);

    expect(await ids('status=Closing,Role')).toEqual([b.id]);
    expect(await ids('status=Closed')).toEqual([a.id]);
    expect(await ids(`prospectId=${other.id}`)).toEqual([b.id]);
    expect((await ids(`serviceId=${t.service.id}`)).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(await ids(`expectedCloseFrom=${dayFromToday(30)}&expectedCloseTo=${dayFromToday(60)}`)).toEqual([
      b.id,
    ]);
    // Text on the title or the prospect's name, accents and case aside.
    expect(await ids('query=emilie')).toEqual([b.id]);
    expect(await ids('query=CHARL')).toEqual([c.id]);
    // Won at 1 800 € first; equal values by newest first.
    expect(await ids('sortBy=amount&sortOrder=desc')).toEqual([a.id, c.id, b.id]);
    // Equal probabilities by newest first, no probability last.
    expect(await ids('sortBy=probability&sortOrder=asc')).toEqual([b.id, a.id, c.id]);
    expect(await ids('owner=setter')).toEqual([]);
    const page = (
      await t.setter.client.get('/api/v1/deals?perPage=2&page=2&sortBy=createdAt&sortOrder=asc')
    ).json();
    expect(page.meta).toEqual({ total: 3, perPage: 2, currentPage: 2, lastPage: 2 });
    expect(page.data.map((d: { id: number }) => d.id)).toEqual([c.id]);

    const bad = await t.setter.client.get('/api/v1/deals?status=Won&sortBy=price&owner=them');
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['owner', 'sortBy', 'status.0']);
  });
});

describe('listing the deals a seller works', () => {
  it('merges the deals I own and those I handed off, in one order, paged without overlap', async () => {
    const t = await team();
    const handed = await created(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Role' }));
    const first = await created(
      t.setter.client,
      dealBody(t.prospect.id, t.service.id, { title: 'Premier', status: 'Closing' }),
    );
    const second = await created(
      t.setter.client,
      dealBody(t.prospect.id, t.service.id, { title: 'Second', expectedCloseDate: dayFromToday(3) }),
    );
    const handoff = await t.setter.client.post(`/api/v1/deals/${handed.id}/handoff`, {
      closerId: t.closer.user.id,
    });
    expect(handoff.statusCode, handoff.body).toBe(200);
    // The closer's move makes the handed-off deal the latest changed of the setter's.
    await t.closer.client.post(`/api/v1/deals/${handed.id}/move`, { status: 'Closing' });
    await t.closer.client.post(`/api/v1/deals/${handed.id}/win`, { amount: 5000 });

    const list = async (client: TestClient, query: string) => {
      const res = await client.get(`/api/v1/deals?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: number }[]; meta: { total: number } };
    };
    const ids = async (query: string) => (await list(t.setter.client, query)).data.map((d) => d.id);
    expect(await ids('')).toEqual([handed.id, second.id, first.id]);
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const answer = await list(t.setter.client, `perPage=1&page=${page}`);
      expect(answer.meta.total).toBe(3);
      pages.push(...answer.data.map((d) => d.id));
    }
    expect(pages).toEqual([handed.id, second.id, first.id]);
    // Filters, sorts and counts apply to both halves alike.
    expect(await ids('status=Closed')).toEqual([handed.id]);
    expect((await list(t.setter.client, 'status=Closing,Role')).meta.total).toBe(1);
    expect(await ids('sortBy=amount&sortOrder=desc')).toEqual([handed.id, second.id, first.id]);
    expect(await ids('sortBy=createdAt&sortOrder=asc')).toEqual([handed.id, first.id, second.id]);
    expect((await ids('sortBy=expectedCloseDate&sortOrder=asc'))[0]).toBe(second.id);
    expect(await ids('query=premier')).toEqual([first.id]);
    expect(await ids('owner=me')).toEqual([second.id, first.id]);
    expect(await ids('owner=setter')).toEqual([handed.id]);
    // The closer owns it: listed once, not twice.
    expect((await list(t.closer.client, '')).data.map((d) => d.id)).toEqual([handed.id]);
  });
});

describe('editing and moving', () => {
  it('records every change of stage and probability, with who and when', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id));
    const res = await t.setter.client.put(`/api/v1/deals/${deal.id}`, {
      id: deal.id,
      title: 'Vente révisée',
      status: 'Qualification',
      probability: 60,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Vente révisée', status: 'Qualification', probability: 60 });
    const moved = await t.setter.client.post(`/api/v1/deals/${deal.id}/move`, {
      status: 'Closing',
      note: 'RDV pris',
    });
    expect(moved.json().status).toBe('Closing');
    // The same stage again: no row.
    await t.setter.client.post(`/api/v1/deals/${deal.id}/move`, { status: 'Closing' });
    const history = (await t.setter.client.get(`/api/v1/deals/${deal.id}/history`)).json().data;
    expect(history.map((h: Record<string, unknown>) => [h.field, h.fromValue, h.toValue, h.note])).toEqual([
      ['status', null, 'Prospecting', null],
      ['status', 'Prospecting', 'Qualification', null],
      ['probability', '40', '60', null],
      ['status', 'Qualification', 'Closing', 'RDV pris'],
    ]);
    expect(history[3].user).toEqual({ id: t.setter.user.id, fullName: 'Sofiane Setter' });
    const [row] = await ctx.app.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(Date.now() - row!.stageChangedAt.getTime()).toBeLessThan(60_000);
  });

  it('checks the update: id of the URL, open stages, closed deals, the move body', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id));
    const put = (body: Record<string, unknown>) => t.setter.client.put(`/api/v1/deals/${deal.id}`, body);
    expect((await put({ title: 'Sans id' })).json().errors).toEqual([
      { field: 'id', rule: 'required', message: 'The id field must be defined' },
    ]);
    expect((await put({ id: deal.id + 1000, title: 'Autre' })).json().errors[0]).toMatchObject({
      field: 'id',
      rule: 'sameAs',
    });
    expect((await put({ id: deal.id, status: 'Closed' })).json().errors[0]).toMatchObject({
      field: 'status',
      rule: 'enum',
    });
    const move = await t.setter.client.post(`/api/v1/deals/${deal.id}/move`, { status: 'Lost' });
    expect(move.statusCode).toBe(422);
    expect(move.json().errors[0]).toMatchObject({ field: 'status', rule: 'enum' });
    const note = await t.setter.client.post(`/api/v1/deals/${deal.id}/move`, {
      status: 'Closing',
      note: 'n'.repeat(501),
    });
    expect(note.json().errors[0]).toMatchObject({ field: 'note', rule: 'maxLength' });

    await t.setter.client.post(`/api/v1/deals/${deal.id}/lose`, { reason: 'Budget insuffisant' });
    expect((await put({ id: deal.id, title: 'Toujours modifiable' })).statusCode).toBe(200);
    const closed = await put({ id: deal.id, probability: 10 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'E_CONFLICT', reason: 'DEAL_CLOSED' });
    expect(
      (await t.setter.client.post(`/api/v1/deals/${deal.id}/move`, { status: 'Closing' })).statusCode,
    ).toBe(409);
  });

  it('deletes a deal of mine', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id));
    expect((await t.setter.client.delete(`/api/v1/deals/${deal.id}`)).statusCode).toBe(204);
    expect((await t.setter.client.get(`/api/v1/deals/${deal.id}`)).statusCode).toBe(404);
  });
});

describe('winning, losing, reopening, refunding', () => {
  it('wins at the offer price by default, writes the ledger and e-mails the infopreneur', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Closing' }));
    const res = await t.setter.client.post(`/api/v1/deals/${deal.id}/win`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Closed',
      amountCents: 150_000,
      valueCents: 150_000,
      commissionCents: 30_000,
      daysInStage: 0,
    });
    expect(res.json().closedAt).not.toBeNull();
    const lines = await linesOf(deal.id);
    expect(lines).toEqual([
      expect.objectContaining({
        beneficiaryId: t.setter.user.id,
        payerId: t.infopreneur.id,
        serviceId: t.service.id,
        role: 'seller',
        instalment: 1,
        instalments: 1,
        amountCents: 30_000,
        dueOn: today(),
        status: 'pending',
      }),
    ]);
    const mail = await lastMailTo(ctx.app, t.infopreneur.email);
    expect(mail?.subject).toBe('Nouvelle vente de « Investir dans l’immobilier locatif »');
    expect(mail?.text).toContain('Sofiane Setter a conclu une vente');
    expect(mail?.link).toBe(`http://localhost:3000/dashboard/sales/${deal.id}`);
    expect((await t.setter.client.post(`/api/v1/deals/${deal.id}/win`, {})).statusCode).toBe(409);
    expect(
      (await t.setter.client.post(`/api/v1/deals/${deal.id}/lose`, { reason: 'Trop tard' })).statusCode,
    ).toBe(409);
  });

  it('checks the amount and the instalments', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id));
    const win = (body: Record<string, unknown>) => t.setter.client.post(`/api/v1/deals/${deal.id}/win`, body);
    expect((await win({ amount: 10.005 })).json()).toEqual(
      validation([
        {
          field: 'amount',
          rule: 'decimals',
          message: 'The amount field must not have more than 2 decimal places',
          meta: { decimals: 2 },
        },
      ]),
    );
    expect((await win({ amount: 0 })).json().errors[0]).toMatchObject({ field: 'amount', rule: 'positive' });
    expect((await win({ amount: 10_000_000.01 })).json().errors[0]).toMatchObject({
      field: 'amount',
      rule: 'max',
    });
    for (const instalments of [0, 13]) {
      expect((await win({ instalments })).json().errors).toEqual([
        {
          field: 'instalments',
          rule: 'range',
          message: 'The instalments field must be between 1 and 12',
          meta: { min: 1, max: 12 },
        },
      ]);
    }
    expect((await win({ instalments: 1.5 })).json().errors[0]).toMatchObject({ rule: 'withoutDecimals' });
    const ok = await win({ amount: 1234.56, instalments: 12 });
    expect(ok.json()).toMatchObject({ amountCents: 123_456, commissionCents: 24_691 });
    const lines = await linesOf(deal.id);
    expect(lines).toHaveLength(12);
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(24_691);
  });

  it('loses with a reason (2–500 characters)', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Role' }));
    const lose = (body: Record<string, unknown>) =>
      t.setter.client.post(`/api/v1/deals/${deal.id}/lose`, body);
    expect((await lose({})).json().errors).toEqual([
      { field: 'reason', rule: 'required', message: 'The reason field must be defined' },
    ]);
    expect((await lose({ reason: 'x' })).json().errors[0]).toMatchObject({
      rule: 'minLength',
      meta: { min: 2 },
    });
    expect((await lose({ reason: 'x'.repeat(501) })).json().errors[0]).toMatchObject({
      rule: 'maxLength',
      meta: { max: 500 },
    });
    const lost = await lose({ reason: 'A choisi une autre formation' });
    expect(lost.json()).toMatchObject({ status: 'Lost', lostReason: 'A choisi une autre formation' });
    const history = await historyOf(deal.id);
    expect(history.at(-1)).toMatchObject({
      field: 'status',
      fromValue: 'Role',
      toValue: 'Lost',
      note: 'A choisi une autre formation',
    });
    // Reopened at the stage it had before closing.
    const reopened = await t.setter.client.post(`/api/v1/deals/${deal.id}/reopen`);
    expect(reopened.json()).toMatchObject({ status: 'Role', lostReason: null, closedAt: null });
    expect((await historyOf(deal.id)).at(-1)).toMatchObject({ fromValue: 'Lost', toValue: 'Role' });
    expect((await t.setter.client.post(`/api/v1/deals/${deal.id}/reopen`)).statusCode).toBe(409);
  });

  it('a won deal is 100 %, a lost one 0 % (with their history rows); reopening gives the estimate back', async () => {
    const t = await team();
    const won = await created(
      t.setter.client,
      dealBody(t.prospect.id, t.service.id, { status: 'Closing', probability: 90 }),
    );
    const win = await t.setter.client.post(`/api/v1/deals/${won.id}/win`, {});
    expect(win.json()).toMatchObject({ status: 'Closed', probability: 100 });
    expect((await t.setter.client.get(`/api/v1/deals/${won.id}`)).json().probability).toBe(100);
    const history = await historyOf(won.id);
    expect(history.slice(-2)).toMatchObject([
      { field: 'probability', fromValue: '90', toValue: '100' },
      { field: 'status', fromValue: 'Closing', toValue: 'Closed' },
    ]);
    const reopened = await t.setter.client.post(`/api/v1/deals/${won.id}/reopen`);
    expect(reopened.json()).toMatchObject({ status: 'Closing', probability: 90 });

    const lost = await created(
      t.setter.client,
      dealBody(t.prospect.id, t.service.id, { status: 'Role', probability: null }),
    );
    const lose = await t.setter.client.post(`/api/v1/deals/${lost.id}/lose`, { reason: 'Projet abandonné' });
    expect(lose.json()).toMatchObject({ status: 'Lost', probability: 0 });
    expect((await historyOf(lost.id)).at(-2)).toMatchObject({
      field: 'probability',
      fromValue: null,
      toValue: '0',
    });
    expect((await t.setter.client.post(`/api/v1/deals/${lost.id}/reopen`)).json()).toMatchObject({
      status: 'Role',
      probability: null,
    });

    // A row closed before this rule (its estimate stored) still reads 100 % won, 0 % lost.
    const legacy = await created(t.setter.client, dealBody(t.prospect.id, t.service.id, { probability: 80 }));
    await ctx.app.db.update(deals).set({ status: 'Closed' }).where(eq(deals.id, legacy.id));
    expect((await t.setter.client.get(`/api/v1/deals/${legacy.id}`)).json().probability).toBe(100);
    await ctx.app.db.update(deals).set({ status: 'Lost' }).where(eq(deals.id, legacy.id));
    expect((await t.setter.client.get(`/api/v1/deals/${legacy.id}`)).json().probability).toBe(0);
  });

  it('reopens a won deal without paid lines (its lines go), not one with a paid line', async () => {
    const t = await team();
    const deal = await created(
      t.setter.client,
      dealBody(t.prospect.id, t.service.id, { status: 'FollowUp' }),
    );
    await t.setter.client.post(`/api/v1/deals/${deal.id}/win`, { instalments: 2 });
    expect(await linesOf(deal.id)).toHaveLength(2);
    const reopened = await t.setter.client.post(`/api/v1/deals/${deal.id}/reopen`);
    expect(reopened.json()).toMatchObject({ status: 'FollowUp', amountCents: null, valueCents: 150_000 });
    expect(await linesOf(deal.id)).toEqual([]);

    await t.setter.client.post(`/api/v1/deals/${deal.id}/win`, { instalments: 2 });
    const [first] = await linesOf(deal.id);
    expect((await t.client.post(`/api/v1/commissions/${first!.id}/pay`)).statusCode).toBe(200);
    const refused = await t.setter.client.post(`/api/v1/deals/${deal.id}/reopen`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('COMMISSIONS_PAID');
    expect(refused.json().message).toBe(
      'A sale whose commissions were paid cannot be reopened: declare a refund instead',
    );
    expect((await t.setter.client.delete(`/api/v1/deals/${deal.id}`)).statusCode).toBe(409);
  });

  it('claws back after a partial payment: unpaid lines cancelled, paid ones corrected, sums right', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Closing' }));
    expect((await t.setter.client.post(`/api/v1/deals/${deal.id}/refund`)).statusCode).toBe(409);
    await t.setter.client.post(`/api/v1/deals/${deal.id}/win`, { amount: 1000, instalments: 3 });
    // 20 % of 1 000 € = 20 000 cents in three lines: 6 668 + 6 666 + 6 666.
    const lines = await linesOf(deal.id);
    expect(lines.map((l) => l.amountCents)).toEqual([6_668, 6_666, 6_666]);
    await t.client.post(`/api/v1/commissions/${lines[0]!.id}/pay`);
    const refunded = await t.setter.client.post(`/api/v1/deals/${deal.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().refundedAt).not.toBeNull();
    const after = await linesOf(deal.id);
    expect(after.map((l) => [l.amountCents, l.status])).toEqual([
      [6_668, 'paid'],
      [6_666, 'clawed_back'],
      [6_666, 'clawed_back'],
      [-6_668, 'clawed_back'],
    ]);
    const mine = (await t.setter.client.get('/api/v1/commissions')).json();
    expect(mine.totals).toEqual({
      earnedCents: 20_000,
      pendingCents: 0,
      dueCents: 0,
      paidCents: 6_668,
      clawedBackCents: 20_000,
      netCents: 0,
      balanceCents: -6_668,
    });
    expect((await t.setter.client.post(`/api/v1/deals/${deal.id}/refund`)).statusCode).toBe(409);
    expect((await t.setter.client.post(`/api/v1/deals/${deal.id}/reopen`)).statusCode).toBe(409);
    expect(await lastMailTo(ctx.app, t.infopreneur.email)).toMatchObject({
      subject: 'Vente remboursée : « Vente formation immobilier »',
    });
  });

  it('lets the infopreneur declare the refund (the sellers are notified and e-mailed), not the setter', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Role' }));
    await t.setter.client.post(`/api/v1/deals/${deal.id}/handoff`, { closerId: t.closer.user.id });
    await t.closer.client.post(`/api/v1/deals/${deal.id}/win`, {});
    expect((await t.setter.client.post(`/api/v1/deals/${deal.id}/refund`)).statusCode).toBe(403);
    const res = await t.client.post(`/api/v1/deals/${deal.id}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ viewerRole: 'infopreneur', status: 'Closed' });
    expect((await linesOf(deal.id)).map((l) => l.status)).toEqual(['clawed_back', 'clawed_back']);
    for (const email of [t.closer.user.email, t.setter.user.email]) {
      expect((await lastMailTo(ctx.app, email))?.subject).toBe(
        'Vente remboursée : « Vente formation immobilier »',
      );
    }
    const notices = await ctx.app.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.type, 'deal_refunded'), eq(notifications.link, `/dashboard/sales/${deal.id}`)),
      );
    expect(notices.map((n) => n.userId).sort()).toEqual([t.setter.user.id, t.closer.user.id].sort());
    expect(notices[0]).toMatchObject({
      actorId: t.infopreneur.id,
      title: 'Vente remboursée : « Vente formation immobilier »',
    });
  });
});

describe('handoff at R2', () => {
  it('refuses before R2 (409) and a closer who is not accepted on the offer (422)', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Closing' }));
    const early = await t.setter.client.post(`/api/v1/deals/${deal.id}/handoff`, {
      closerId: t.closer.user.id,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      code: 'E_CONFLICT',
      message: 'A deal is handed off to a closer at the R2 stage: move it to R2 first',
      reason: 'HANDOFF_STAGE',
    });
    await t.setter.client.post(`/api/v1/deals/${deal.id}/move`, { status: 'Role' });
    const { user: outsider } = await signedInClient(ctx.app, { kind: 'closer' });
    const other = await offerWithMissions(ctx.app);
    const elsewhere = await acceptedOn(ctx.app, other.closerMission.id, 'closer');
    for (const closerId of [outsider.id, elsewhere.user.id, t.setter.user.id, 999_999]) {
      const res = await t.setter.client.post(`/api/v1/deals/${deal.id}/handoff`, { closerId });
      expect(res.json()).toEqual(
        validation([
          {
            field: 'closerId',
            rule: 'handoffCloser',
            message: 'The selected closerId is not a closer accepted on a mission of this offer',
          },
        ]),
      );
    }
    // A setter accepted on the offer is not a closer.
    const otherSetter = await acceptedOn(ctx.app, t.setterMission.id, 'setter');
    expect(
      (await t.setter.client.post(`/api/v1/deals/${deal.id}/handoff`, { closerId: otherSetter.user.id }))
        .statusCode,
    ).toBe(422);
    expect(
      (await t.setter.client.post(`/api/v1/deals/${deal.id}/handoff`, { closerId: 0 })).json().errors[0],
    ).toMatchObject({
      field: 'closerId',
      rule: 'positive',
    });
  });

  it('swaps owner and setter, records it, e-mails the closer; both see it, the setter works it up to R2', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Role' }));
    const res = await t.setter.client.post(`/api/v1/deals/${deal.id}/handoff`, {
      closerId: t.closer.user.id,
      note: 'Très chaud, rappeler mardi',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ownerId: t.closer.user.id,
      setterId: t.setter.user.id,
      owner: { fullName: 'Camille Closer' },
      setter: { fullName: 'Sofiane Setter' },
      viewerRole: 'setter',
      canEdit: true,
    });
    expect((await historyOf(deal.id)).at(-1)).toMatchObject({
      field: 'owner',
      fromValue: String(t.setter.user.id),
      toValue: String(t.closer.user.id),
      note: 'Très chaud, rappeler mardi',
      userId: t.setter.user.id,
    });
    const seen = (await t.closer.client.get(`/api/v1/deals/${deal.id}`)).json();
    expect(seen).toMatchObject({ viewerRole: 'owner', canEdit: true });
    expect(seen.dealHistories.at(-1)).toMatchObject({
      field: 'owner',
      fromUser: { id: t.setter.user.id, fullName: 'Sofiane Setter' },
      toUser: { id: t.closer.user.id, fullName: 'Camille Closer' },
    });
    // The page reads its history in its own query: the same rows as the history's endpoint.
    const history = (await t.closer.client.get(`/api/v1/deals/${deal.id}/history`)).json().data;
    expect(history.length).toBeGreaterThan(1);
    expect(seen.dealHistories).toEqual(history);
    expect((await t.closer.client.get('/api/v1/deals?owner=me')).json().data[0].id).toBe(deal.id);
    expect((await t.setter.client.get('/api/v1/deals?owner=setter')).json().data[0].id).toBe(deal.id);
    expect((await t.setter.client.get('/api/v1/deals?owner=me')).json().meta.total).toBe(0);
    const mail = await lastMailTo(ctx.app, t.closer.user.email);
    expect(mail?.subject).toBe('Un deal vous est confié : « Vente formation immobilier »');
    expect(mail?.text).toContain('Très chaud, rappeler mardi');

    // The setter may move it back and forth up to R2, not further; the owner's actions stay the owner's.
    expect(
      (await t.setter.client.post(`/api/v1/deals/${deal.id}/move`, { status: 'Closing' })).statusCode,
    ).toBe(200);
    const beyond = await t.setter.client.post(`/api/v1/deals/${deal.id}/move`, { status: 'Onboarding' });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().reason).toBe('SETTER_STAGE_LIMIT');
    expect((await t.setter.client.post(`/api/v1/deals/${deal.id}/win`, {})).statusCode).toBe(403);
    expect(
      (await t.setter.client.post(`/api/v1/deals/${deal.id}/handoff`, { closerId: t.closer.user.id }))
        .statusCode,
    ).toBe(403);
    await t.closer.client.post(`/api/v1/deals/${deal.id}/move`, { status: 'Onboarding' });
    const late = await t.setter.client.put(`/api/v1/deals/${deal.id}`, { id: deal.id, title: 'Trop tard' });
    expect(late.statusCode).toBe(403);
    expect((await t.setter.client.get(`/api/v1/deals/${deal.id}`)).json().canEdit).toBe(false);

    // Won by the closer: split 30/70 on the mission's default share.
    await t.closer.client.post(`/api/v1/deals/${deal.id}/win`, { amount: 1000.05 });
    const lines = await linesOf(deal.id);
    expect(lines.map((l) => [l.beneficiaryId, l.role, l.amountCents])).toEqual([
      [t.setter.user.id, 'setter', 6_000],
      [t.closer.user.id, 'closer', 14_001],
    ]);
  });
});

describe('the commission ledger', () => {
  it('follows the mission’s custom split, which only its owner may change', async () => {
    const t = await team();
    const url = `/api/v1/missions/${t.setterMission.id}/commission-split`;
    expect((await t.client.get(url)).json()).toEqual({
      missionId: t.setterMission.id,
      setterSharePercent: 30,
    });
    for (const setterSharePercent of [-1, 101]) {
      expect((await t.client.put(url, { setterSharePercent })).json().errors).toEqual([
        {
          field: 'setterSharePercent',
          rule: 'range',
          message: 'The setterSharePercent field must be between 0 and 100',
          meta: { min: 0, max: 100 },
        },
      ]);
    }
    expect((await t.setter.client.put(url, { setterSharePercent: 50 })).statusCode).toBe(404);
    expect((await t.setter.client.get(url)).statusCode).toBe(404);
    expect((await t.client.put(url, { setterSharePercent: 45 })).json()).toEqual({
      missionId: t.setterMission.id,
      setterSharePercent: 45,
    });

    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Role' }));
    await t.setter.client.post(`/api/v1/deals/${deal.id}/handoff`, { closerId: t.closer.user.id });
    await t.closer.client.post(`/api/v1/deals/${deal.id}/win`, { amount: 999.99, instalments: 3 });
    // Commission 19 999.8 → 20 000 cents; setter 45 % = 9 000, closer 11 000; three lines each.
    const lines = await linesOf(deal.id);
    const sum = (role: string) => lines.filter((l) => l.role === role).reduce((s, l) => s + l.amountCents, 0);
    expect([sum('setter'), sum('closer')]).toEqual([9_000, 11_000]);
    expect(lines.filter((l) => l.role === 'closer').map((l) => l.amountCents)).toEqual([3_668, 3_666, 3_666]);
  });

  it('answers each side its lines, months and totals; only the payer pays, once', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Role' }));
    await t.setter.client.post(`/api/v1/deals/${deal.id}/handoff`, { closerId: t.closer.user.id });
    await t.closer.client.post(`/api/v1/deals/${deal.id}/win`, { instalments: 3 });
    // 30 000 cents: setter 9 000 (3 × 3 000), closer 21 000 (3 × 7 000); the first instalments due today.
    const freelancer = (await t.closer.client.get('/api/v1/commissions')).json();
    expect(freelancer.role).toBe('freelancer');
    expect(freelancer.owed).toBeUndefined();
    expect(freelancer.lines).toHaveLength(3);
    expect(freelancer.lines.at(-1)).toMatchObject({
      dealId: deal.id,
      dealTitle: 'Vente formation immobilier',
      beneficiary: { id: t.closer.user.id, fullName: 'Camille Closer' },
      payer: { id: t.infopreneur.id, fullName: 'Inès Formatrice' },
      service: { id: t.service.id, name: 'Investir dans l’immobilier locatif' },
      role: 'closer',
      instalment: 1,
      instalments: 3,
      amountCents: 7_000,
      dueOn: today(),
      status: 'due',
    });
    expect(freelancer.totals).toMatchObject({ earnedCents: 21_000, dueCents: 7_000, pendingCents: 14_000 });
    expect(freelancer.months).toHaveLength(24);
    expect(freelancer.months.find((m: { month: string }) => m.month === today().slice(0, 7))).toMatchObject({
      earnedCents: 7_000,
      dueCents: 7_000,
    });

    const owner = (await t.client.get('/api/v1/commissions')).json();
    expect(owner.role).toBe('infopreneur');
    expect(owner.owed).toEqual([
      expect.objectContaining({
        beneficiary: { id: t.closer.user.id, fullName: 'Camille Closer' },
        dueCents: 7_000,
        pendingCents: 14_000,
        paidCents: 0,
      }),
      expect.objectContaining({
        beneficiary: { id: t.setter.user.id, fullName: 'Sofiane Setter' },
        dueCents: 3_000,
        pendingCents: 6_000,
        paidCents: 0,
      }),
    ]);
    expect(owner.totals.earnedCents).toBe(30_000);

    const due = owner.lines.find(
      (l: { status: string; role: string }) => l.status === 'due' && l.role === 'closer',
    );
    expect((await t.closer.client.post(`/api/v1/commissions/${due.id}/pay`)).statusCode).toBe(404);
    const paid = await t.client.post(`/api/v1/commissions/${due.id}/pay`);
    expect(paid.json()).toMatchObject({ id: due.id, status: 'paid' });
    expect(paid.json().paidAt).not.toBeNull();
    const again = await t.client.post(`/api/v1/commissions/${due.id}/pay`);
    expect(again.statusCode).toBe(409);
    expect((await t.closer.client.get('/api/v1/commissions')).json().totals).toMatchObject({
      paidCents: 7_000,
      dueCents: 0,
      balanceCents: 14_000,
    });
    const pending = owner.lines.find((l: { status: string }) => l.status === 'pending');
    expect((await t.client.post(`/api/v1/commissions/${pending.id}/pay`)).json().status).toBe('paid');

    const range = await t.closer.client.get(
      `/api/v1/commissions?from=${dayFromToday(200)}&to=${dayFromToday(100)}`,
    );
    expect(range.json().errors[0]).toMatchObject({ field: 'to', rule: 'afterOrEqual' });
    const long = await t.closer.client.get('/api/v1/commissions?from=2000-01-01&to=2026-01-01');
    expect(long.json().errors[0]).toMatchObject({
      field: 'to',
      rule: 'dateSpan',
      meta: { max: 1830, otherField: 'from' },
    });
    const narrow = (await t.closer.client.get(`/api/v1/commissions?from=${today()}&to=${today()}`)).json();
    expect(narrow.lines).toHaveLength(1);
  });

  it('pays a lone seller 100 % and an infopreneur selling their own offer nothing', async () => {
    const t = await team({ price: 333.33, commissionRate: 33.33 });
    const deal = await created(
      t.closer.client,
      dealBody((await prospectOf(ctx.app, t.closer.user.id)).id, t.service.id),
    );
    await t.closer.client.post(`/api/v1/deals/${deal.id}/win`, {});
    // 33 333 cents × 33.33 % = 11 109.8889 → 11 110.
    expect((await linesOf(deal.id)).map((l) => [l.role, l.amountCents])).toEqual([['seller', 11_110]]);
    const own = await created(
      t.client,
      dealBody((await prospectOf(ctx.app, t.infopreneur.id)).id, t.service.id),
    );
    const won = await t.client.post(`/api/v1/deals/${own.id}/win`, {});
    expect(won.json()).toMatchObject({ status: 'Closed', commissionCents: 11_110 });
    expect(await linesOf(own.id)).toEqual([]);
  });
});

describe('the pipeline', () => {
  it('sums my open deals per stage, weighted by probability (none: 0)', async () => {
    const t = await team();
    const other = await prospectOf(ctx.app, t.setter.user.id);
    await created(
      t.setter.client,
      dealBody(t.prospect.id, t.service.id, { status: 'Closing', probability: 40 }),
    );
    await created(t.setter.client, dealBody(other.id, t.service.id, { status: 'Closing', probability: 25 }));
    await created(t.setter.client, dealBody(other.id, t.service.id, { status: 'Role', probability: null }));
    const handed = await created(
      t.setter.client,
      dealBody(other.id, t.service.id, { status: 'Role', probability: 90 }),
    );
    await t.setter.client.post(`/api/v1/deals/${handed.id}/handoff`, { closerId: t.closer.user.id });
    const won = await created(t.setter.client, dealBody(other.id, t.service.id, { status: 'Closing' }));
    await t.setter.client.post(`/api/v1/deals/${won.id}/win`, {});
    const res = await t.setter.client.get('/api/v1/pipeline');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      stages: [
        { status: 'Prospecting', count: 0, sumCents: 0, weightedCents: 0 },
        { status: 'Qualification', count: 0, sumCents: 0, weightedCents: 0 },
        // 150 000 × 40 % + 150 000 × 25 % = 97 500.
        { status: 'Closing', count: 2, sumCents: 300_000, weightedCents: 97_500 },
        // The handed-off deal counts for its setter too: 150 000 × 90 %.
        { status: 'Role', count: 2, sumCents: 300_000, weightedCents: 135_000 },
        { status: 'Onboarding', count: 0, sumCents: 0, weightedCents: 0 },
        { status: 'FollowUp', count: 0, sumCents: 0, weightedCents: 0 },
      ],
      totals: { count: 4, sumCents: 600_000, weightedCents: 232_500 },
    });
    const closer = (await t.closer.client.get('/api/v1/pipeline')).json();
    expect(closer.totals).toEqual({ count: 1, sumCents: 150_000, weightedCents: 135_000 });
  });
});

describe('history rows live in the same transaction as the change', () => {
  it('leaves no history row when the change fails', async () => {
    const t = await team();
    const deal = await created(t.setter.client, dealBody(t.prospect.id, t.service.id));
    const before = await historyOf(deal.id);
    const other = await offerWithMissions(ctx.app);
    const res = await t.setter.client.put(`/api/v1/deals/${deal.id}`, {
      id: deal.id,
      status: 'Closing',
      infopreneurFormationId: other.service.id,
    });
    expect(res.statusCode).toBe(422);
    expect(await historyOf(deal.id)).toEqual(before);
    const [row] = await ctx.app.db
      .select()
      .from(deals)
      .where(and(eq(deals.id, deal.id)));
    expect(row!.status).toBe('Prospecting');
  });
});
