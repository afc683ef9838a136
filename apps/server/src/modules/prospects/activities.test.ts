import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, type TestClient, type TestContext } from '../../test/helpers';
import { listActivities } from './activities.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const seller = () => signedInClient(ctx.app, { kind: 'closer' });

async function prospectOf(client: TestClient, body: Record<string, unknown> = {}) {
  const res = await client.post('/api/v1/prospects', { firstName: 'Jean', lastName: 'Martin', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; nextActivityAt: string | null };
}

async function planned(client: TestClient, prospectId: number, body: Record<string, unknown>) {
  const res = await client.post(`/api/v1/prospects/${prospectId}/activities`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const nextActivityAt = async (client: TestClient, id: number) =>
  (await client.get(`/api/v1/prospects/${id}`)).json().nextActivityAt as string | null;

describe('POST /api/v1/prospects/{id}/activities', () => {
  it('plans an activity (priority medium by default) and answers it with its prospect', async () => {
    const { user, client } = await seller();
    const prospect = await prospectOf(client);
    const res = await client.post(`/api/v1/prospects/${prospect.id}/activities`, {
      title: '  Appel de découverte ',
      notes: 'Parler du financement CPF',
      dueAt: '2030-03-01T10:00:00+01:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      prospectId: prospect.id,
      prospect: { id: prospect.id, fullName: 'Jean Martin', nextActivityAt: '2030-03-01T09:00:00.000Z' },
      userId: user.id,
      title: 'Appel de découverte',
      notes: 'Parler du financement CPF',
      dueAt: '2030-03-01T09:00:00.000Z',
      priority: 'medium',
      done: false,
      doneAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('answers the 422 envelope: title 2–100, notes ≤ 2500, dueAt a date, priority low|medium|high', async () => {
    const { client } = await seller();
    const prospect = await prospectOf(client);
    const valid = { title: 'Appel', dueAt: '2030-03-01T10:00:00Z' };
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { title: 'A' },
        {
          field: 'title',
          rule: 'minLength',
          message: 'The title field must have at least 2 characters',
          meta: { min: 2 },
        },
      ],
      [
        { title: 'A'.repeat(101) },
        {
          field: 'title',
          rule: 'maxLength',
          message: 'The title field must not be greater than 100 characters',
          meta: { max: 100 },
        },
      ],
      [
        { notes: 'n'.repeat(2501) },
        {
          field: 'notes',
          rule: 'maxLength',
          message: 'The notes field must not be greater than 2500 characters',
          meta: { max: 2500 },
        },
      ],
      [
        { dueAt: '31/02/2030' },
        { field: 'dueAt', rule: 'date', message: 'The dueAt field must be a valid date' },
      ],
      [
        { dueAt: undefined },
        { field: 'dueAt', rule: 'required', message: 'The dueAt field must be defined' },
      ],
      [
        { priority: 'urgent' },
        {
          field: 'priority',
          rule: 'enum',
          message: 'The selected priority is invalid',
          meta: { choices: ['low', 'medium', 'high'] },
        },
      ],
    ];
    for (const [patch, error] of cases) {
      const res = await client.post(`/api/v1/prospects/${prospect.id}/activities`, { ...valid, ...patch });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'E_VALIDATION_ERROR',
        message: 'Validation failure',
        errors: [error],
      });
    }
    await planned(client, prospect.id, { ...valid, title: 'Ab', notes: 'n'.repeat(2500), priority: 'low' });
    await planned(client, prospect.id, { ...valid, title: 'A'.repeat(100) });
  });
});

describe('nextActivityAt follows the open activities', () => {
  it('on create, done, undone, change and delete; a date set directly is kept while nothing is open', async () => {
    const { client } = await seller();
    const prospect = await prospectOf(client, { nextActivityAt: '2030-05-01T08:00:00Z' });
    expect(prospect.nextActivityAt).toBe('2030-05-01T08:00:00.000Z');

    const a = await planned(client, prospect.id, { title: 'Relance', dueAt: '2030-06-10T08:00:00Z' });
    // The activity's date replaces the one set by hand.
    expect(a.prospect.nextActivityAt).toBe('2030-06-10T08:00:00.000Z');
    const b = await planned(client, prospect.id, { title: 'Appel', dueAt: '2030-06-01T08:00:00Z' });
    expect(await nextActivityAt(client, prospect.id)).toBe('2030-06-01T08:00:00.000Z');

    const done = await client.put(`/api/v1/activities/${b.id}`, { done: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ done: true, doneAt: expect.any(String) });
    expect(await nextActivityAt(client, prospect.id)).toBe('2030-06-10T08:00:00.000Z');

    const undone = await client.put(`/api/v1/activities/${b.id}`, { done: false });
    expect(undone.json()).toMatchObject({ done: false, doneAt: null });
    expect(await nextActivityAt(client, prospect.id)).toBe('2030-06-01T08:00:00.000Z');

    await client.put(`/api/v1/activities/${b.id}`, { dueAt: '2030-07-01T08:00:00Z' });
    expect(await nextActivityAt(client, prospect.id)).toBe('2030-06-10T08:00:00.000Z');

    // A date sent with the prospect while activities are open: the earliest activity wins.
    const put = await client.put(`/api/v1/prospects/${prospect.id}`, {
      nextActivityAt: '2030-01-01T00:00:00Z',
    });
    expect(put.json().nextActivityAt).toBe('2030-06-10T08:00:00.000Z');

    expect((await client.delete(`/api/v1/activities/${a.id}`)).statusCode).toBe(204);
    expect(await nextActivityAt(client, prospect.id)).toBe('2030-07-01T08:00:00.000Z');

    // The last open activity done: nothing is planned any more.
    await client.put(`/api/v1/activities/${b.id}`, { done: true });
    const list = (await client.get('/api/v1/prospects')).json().data[0];
    expect(list).toMatchObject({ nextActivityAt: null, nextActivity: null, openActivityCount: 0 });

    // With nothing open, a date set by hand stays, whatever happens to done activities.
    await client.put(`/api/v1/prospects/${prospect.id}`, { nextActivityAt: '2030-09-01T08:00:00Z' });
    await client.put(`/api/v1/activities/${b.id}`, { title: 'Appel fait' });
    expect((await client.delete(`/api/v1/activities/${b.id}`)).statusCode).toBe(204);
    expect(await nextActivityAt(client, prospect.id)).toBe('2030-09-01T08:00:00.000Z');
    await client.put(`/api/v1/prospects/${prospect.id}`, { nextActivityAt: null });
    expect(await nextActivityAt(client, prospect.id)).toBeNull();
  });

  it('keeps the first done date when done is sent again; a partial update changes only what is sent', async () => {
    const { client } = await seller();
    const prospect = await prospectOf(client);
    const a = await planned(client, prospect.id, {
      title: 'Appel',
      dueAt: '2030-06-01T08:00:00Z',
      notes: 'Note',
    });
    const first = (await client.put(`/api/v1/activities/${a.id}`, { done: true })).json();
    const again = (await client.put(`/api/v1/activities/${a.id}`, { done: true, priority: 'high' })).json();
    expect(again).toMatchObject({
      title: 'Appel',
      notes: 'Note',
      priority: 'high',
      done: true,
      doneAt: first.doneAt,
      dueAt: '2030-06-01T08:00:00.000Z',
    });
    const cleared = (await client.put(`/api/v1/activities/${a.id}`, { notes: null })).json();
    expect(cleared.notes).toBeNull();
    const bad = await client.put(`/api/v1/activities/${a.id}`, { done: 'peut-être' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({ field: 'done', rule: 'boolean' });
  });
});

describe('access', () => {
  it("another user's activity is 404 for changing and deleting, and never listed", async () => {
    const { client: owner } = await seller();
    const { client: other } = await seller();
    const prospect = await prospectOf(owner);
    const a = await planned(owner, prospect.id, { title: 'Appel', dueAt: '2030-06-01T08:00:00Z' });
    const notFound = { code: 'E_NOT_FOUND', message: 'Activity not found' };
    for (const res of [
      await other.put(`/api/v1/activities/${a.id}`, { done: true }),
      await other.delete(`/api/v1/activities/${a.id}`),
      await other.put('/api/v1/activities/2147483647', { done: true }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect((await other.get('/api/v1/activities')).json()).toEqual({
      data: [],
      meta: { total: 0, perPage: 50, currentPage: 1, lastPage: 1 },
    });
    expect((await other.get(`/api/v1/activities?prospectId=${prospect.id}`)).json().data).toEqual([]);
    expect((await owner.get(`/api/v1/activities/${a.id}`)).statusCode).toBe(404);
    const mine = (await owner.get('/api/v1/activities')).json();
    expect(mine.data.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect(mine.data[0].done).toBe(false);
  });
});

describe('GET /api/v1/activities', () => {
  it('filters by due (Paris days), done and prospect, ordered by due date', async () => {
    const { user, client } = await seller();
    const jean = await prospectOf(client);
    const zoe = await prospectOf(client, { firstName: 'Zoé', lastName: null });
    // 12 June 2030, 10:00 in Paris.
    const now = new Date('2030-06-12T08:00:00Z');
    const plan = async (prospectId: number, title: string, dueAt: string) =>
      (await planned(client, prospectId, { title, dueAt })).id as number;
    const lateDone = await plan(jean.id, 'Déjà fait', '2030-06-10T08:00:00Z');
    await client.put(`/api/v1/activities/${lateDone}`, { done: true });
    const late = await plan(jean.id, 'En retard', '2030-06-11T08:00:00Z');
    const thisMorning = await plan(zoe.id, 'Ce matin', '2030-06-11T22:30:00Z'); // 00:30 on the 12th
    const tonight = await plan(jean.id, 'Ce soir', '2030-06-12T21:30:00Z'); // 23:30 on the 12th
    const tomorrow = await plan(zoe.id, 'Demain', '2030-06-12T22:30:00Z');
    const sixDays = await plan(jean.id, 'Dans six jours', '2030-06-18T21:59:00Z');
    const sevenDays = await plan(jean.id, 'Dans sept jours', '2030-06-18T22:00:00Z');

    const ids = async (input: Partial<Parameters<typeof listActivities>[2]>) =>
      (
        await listActivities(ctx.app.db, user.id, { due: 'all', page: 1, perPage: 50, ...input }, now)
      ).data.map((a) => a.id);
    expect(await ids({})).toEqual([lateDone, late, thisMorning, tonight, tomorrow, sixDays, sevenDays]);
    expect(await ids({ due: 'overdue' })).toEqual([late, thisMorning]);
    expect(await ids({ due: 'today' })).toEqual([thisMorning, tonight]);
    expect(await ids({ due: 'week' })).toEqual([thisMorning, tonight, tomorrow, sixDays]);
    expect(await ids({ done: true })).toEqual([lateDone]);
    expect(await ids({ done: false, prospectId: zoe.id })).toEqual([thisMorning, tomorrow]);

    // Over HTTP: the query string, the prospect's name, pages.
    const res = await client.get(`/api/v1/activities?prospectId=${zoe.id}&done=0&perPage=1&page=2`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: tomorrow,
        prospect: { id: zoe.id, fullName: 'Zoé', nextActivityAt: '2030-06-11T22:30:00.000Z' },
      }),
    ]);
    expect(res.json().meta).toEqual({ total: 2, perPage: 1, currentPage: 2, lastPage: 2 });
    const bad = await client.get('/api/v1/activities?due=yesterday&done=maybe&prospectId=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.map((e: { field: string; rule: string }) => `${e.field}:${e.rule}`)).toEqual([
      'due:enum',
      'done:boolean',
      'prospectId:number',
    ]);
  });
});
