import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, sessions, userActivities, users } from '../../db/schema';
import {
  createTestApp,
  createUser,
  DEFAULT_PASSWORD,
  lastMailTo,
  signedInClient,
  TestClient,
  type TestContext,
  tokenFromLink,
} from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const actions = async (userId: number) =>
  (await ctx.app.db.select().from(userActivities).where(eq(userActivities.userId, userId))).map(
    (a) => a.action,
  );

describe('PUT /api/v1/user', () => {
  it('updates the public presentation and answers the current user', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const res = await client.put('/api/v1/user', {
      location: '  Bordeaux ',
      socialLinks: ['https://www.linkedin.com/in/test'],
      available: false,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      loom: 'https://www.loom.com/share/abc',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      location: 'Bordeaux',
      socialLinks: ['https://www.linkedin.com/in/test'],
      available: false,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      loom: 'https://www.loom.com/share/abc',
    });
    expect(await actions(user.id)).toContain('update');
  });

  it('logs a first-name change as such', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const res = await client.put('/api/v1/user', { firstName: 'Élodie' });
    expect(res.json().fullName).toBe(`Élodie ${user.lastName}`);
    expect(await actions(user.id)).toContain('update-first-name');
  });

  it.each([
    [{ firstName: 'A' }, 'firstName', 'minLength'],
    [{ lastName: 'x'.repeat(51) }, 'lastName', 'maxLength'],
    [{ socialLinks: ['pas une url'] }, 'socialLinks.0', 'url'],
    [{ videoUrl: 'youtube' }, 'videoUrl', 'url'],
    [{ available: 'peut-être' }, 'available', 'boolean'],
    [{ location: 'x'.repeat(256) }, 'location', 'maxLength'],
  ])('rejects %j with 422 and keeps what was saved', async (input, field, rule) => {
    const { user, client } = await signedInClient(ctx.app, { location: 'Nantes' });
    const res = await client.put('/api/v1/user', { location: 'Lille', ...input });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([expect.objectContaining({ field, rule })]);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.location).toBe('Nantes');
  });

  it('is refused when anonymous or without CSRF', async () => {
    expect((await new TestClient(ctx.app).put('/api/v1/user', { location: 'x' })).statusCode).toBe(401);
    const { client } = await signedInClient(ctx.app);
    expect((await client.put('/api/v1/user', { location: 'x' }, { csrf: false })).statusCode).toBe(403);
  });
});

describe('e-mail change', () => {
  it('sends a link to the new address, notifies the old one, and changes the login once confirmed', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const res = await client.post('/api/v1/user/email', {
      email: 'Nouvelle@Example.com',
      password: DEFAULT_PASSWORD,
    });
    expect(res.statusCode).toBe(202);
    expect((await lastMailTo(ctx.app, user.email))?.subject).toBe('Changement d’adresse e-mail demandé');
    const mail = await lastMailTo(ctx.app, 'nouvelle@example.com');
    expect(mail?.link).toContain('type=email-change');
    // Nothing changes before the link is followed.
    expect((await client.get('/api/v1/user')).json().email).toBe(user.email);

    const confirm = await new TestClient(ctx.app).post('/api/v1/user/email/confirm', {
      token: tokenFromLink(mail?.link),
    });
    expect(confirm.statusCode).toBe(200);
    expect((await client.get('/api/v1/user')).json()).toMatchObject({
      email: 'nouvelle@example.com',
      emailVerified: true,
    });
    await new TestClient(ctx.app).login('nouvelle@example.com');
    expect(await actions(user.id)).toContain('update-email');

    const again = await new TestClient(ctx.app).post('/api/v1/user/email/confirm', {
      token: tokenFromLink(mail?.link),
    });
    expect(again.statusCode).toBe(400);
  });

  it('requires the password and a free, different address', async () => {
    const taken = await createUser(ctx.app);
    const { user, client } = await signedInClient(ctx.app);
    const wrong = await client.post('/api/v1/user/email', {
      email: 'libre@example.com',
      password: 'mauvais',
    });
    expect(wrong.json().errors).toEqual([
      { field: 'password', rule: 'currentPassword', message: 'The current password is incorrect' },
    ]);
    const dup = await client.post('/api/v1/user/email', { email: taken.email, password: DEFAULT_PASSWORD });
    expect(dup.json().errors).toEqual([
      { field: 'email', rule: 'unique', message: 'The email has already been taken' },
    ]);
    const same = await client.post('/api/v1/user/email', { email: user.email, password: DEFAULT_PASSWORD });
    expect(same.json().errors[0]).toMatchObject({ field: 'email', rule: 'notSameAs' });
    const bad = await client.post('/api/v1/user/email', { email: 'nope', password: DEFAULT_PASSWORD });
    expect(bad.json().errors[0]).toMatchObject({ field: 'email', rule: 'email' });
    expect(
      (await new TestClient(ctx.app).post('/api/v1/user/email', { email: 'a@b.fr', password: 'x' }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a confirmation when the address was taken in the meantime', async () => {
    const { client } = await signedInClient(ctx.app);
    await client.post('/api/v1/user/email', { email: 'convoitee@example.com', password: DEFAULT_PASSWORD });
    const link = (await lastMailTo(ctx.app, 'convoitee@example.com'))?.link;
    await createUser(ctx.app, { email: 'convoitee@example.com' });
    const res = await new TestClient(ctx.app).post('/api/v1/user/email/confirm', {
      token: tokenFromLink(link),
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('DELETE /api/v1/user', () => {
  it('deletes the account, its data and pictures, ends every session; sign-in then fails', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'setter' });
    const other = new TestClient(ctx.app);
    await other.login(user.email);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const { profilePicture } = (
      await client.upload('/api/v1/user/profile', 'photo', { name: 'a.png', type: 'image/png', data: png })
    ).json();

    const res = await client.delete('/api/v1/user');
    expect(res.statusCode).toBe(204);
    expect(client.cookies.closia_session).toBeUndefined();
    expect((await other.get('/api/v1/user')).statusCode).toBe(401);
    expect(await ctx.app.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await ctx.app.db.select().from(profiles).where(eq(profiles.userId, user.id))).toEqual([]);
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await ctx.app.db.select().from(userActivities).where(eq(userActivities.userId, user.id))).toEqual(
      [],
    );
    expect((await other.get(`/api/v1/user/upload/${profilePicture}?type=profile`)).statusCode).toBe(404);

    const login = await new TestClient(ctx.app).post('/api/v1/auth/login', {
      email: user.email,
      password: DEFAULT_PASSWORD,
    });
    expect(login.statusCode).toBe(400);
  });

  it('is refused when anonymous or without CSRF (another site cannot delete an account)', async () => {
    expect((await new TestClient(ctx.app).delete('/api/v1/user')).statusCode).toBe(401);
    const { user, client } = await signedInClient(ctx.app);
    expect((await client.delete('/api/v1/user', undefined, { csrf: false })).statusCode).toBe(403);
    expect(await ctx.app.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });
});

describe('GET /api/v1/user/export', () => {
  it('downloads everything stored about the user, without secrets', async () => {
    const { user, client } = await signedInClient(ctx.app, {
      kind: 'closer',
      googleAccessToken: 'google-secret',
    });
    await client.put('/api/v1/user', { location: 'Marseille' });
    const res = await client.get('/api/v1/user/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="closia-export.json"');
    const data = res.json();
    expect(data.user).toMatchObject({ id: user.id, email: user.email, location: 'Marseille' });
    expect(data.profile).toMatchObject({ kind: 'closer' });
    expect(data.activities.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['login', 'update']),
    );
    expect(data.sessions).toHaveLength(1);
    for (const key of [
      'services',
      'missions',
      'prospects',
      'deals',
      'posts',
      'messages',
      'teamMemberships',
      'favorites',
    ]) {
      expect(Array.isArray(data[key])).toBe(true);
    }
    const raw = res.body;
    expect(raw).not.toContain(user.passwordHash!);
    expect(raw).not.toContain('google-secret');
    expect(raw).not.toMatch(/"passwordHash"|"tokenHash"/);
  });

  it('is refused when anonymous', async () => {
    expect((await new TestClient(ctx.app).get('/api/v1/user/export')).statusCode).toBe(401);
  });
});
