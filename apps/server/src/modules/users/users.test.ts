import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActivities } from '../../db/schema';
import { createTestApp, createUser, signedInClient, TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/v1/user', () => {
  it('returns the signed-in user with the sub-profile of their type and no secret', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'closer', location: 'Lyon' });
    const res = await client.get('/api/v1/user');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: user.id,
      fullName: `${user.firstName} ${user.lastName}`,
      emailVerified: true,
      location: 'Lyon',
      online: true,
      unreadMessageCount: 0,
      setter: null,
      setterCloser: null,
      infopreneur: null,
      closer: { userId: user.id, finishedProfileSetup: true, skills: [], formations: [], workSectors: [] },
    });
    expect(Object.keys(body)).not.toContain('passwordHash');
    expect(Object.keys(body)).not.toContain('googleAccessToken');
  });
});

describe('GET /api/v1/user/activities', () => {
  it('is refused when anonymous', async () => {
    const res = await new TestClient(ctx.app).get('/api/v1/user/activities');
    expect(res.statusCode).toBe(401);
  });

  it('lists only the own activities, newest first, paginated', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const other = await createUser(ctx.app);
    await ctx.app.db.insert(userActivities).values([
      { userId: user.id, action: 'update', createdAt: new Date(Date.now() + 1000) },
      { userId: user.id, action: 'change_password', createdAt: new Date(Date.now() + 2000) },
      { userId: other.id, action: 'login' },
    ]);
    const first = await client.get('/api/v1/user/activities?page=1&perPage=2');
    expect(first.json()).toMatchObject({
      data: [{ action: 'change_password' }, { action: 'update' }],
      meta: { total: 3, perPage: 2, currentPage: 1, lastPage: 2 },
    });
    const second = await client.get('/api/v1/user/activities?page=2&perPage=2');
    expect(second.json().data).toEqual([expect.objectContaining({ action: 'login', userId: user.id })]);
  });

  it('answers 422 for a bad page', async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.get('/api/v1/user/activities?page=0&perPage=500');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string; rule: string }) => [e.field, e.rule])).toEqual([
      ['page', 'min'],
      ['perPage', 'max'],
    ]);
  });
});
