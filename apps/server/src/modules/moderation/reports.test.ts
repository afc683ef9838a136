import { postLimits } from '@closia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof signedInClient>>;
let alice: Signed; // author
let bob: Signed; // reporter
let carol: Signed; // another reporter
let admin: Signed;

async function post(client: TestClient, title = 'Une publication à signaler', status = 'published') {
  const res = await client.post('/api/v1/posts', { title, body: '<p>Un contenu discutable.</p>', status });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function report(client: TestClient, path: string, reason = 'Propos inappropriés') {
  return client.post(`/api/v1/${path}/report`, { reason });
}

const notificationsOf = async (client: TestClient) =>
  (await client.get('/api/v1/notifications')).json().data as {
    type: string;
    body: string;
    link: string | null;
  }[];

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInClient(ctx.app, { kind: 'infopreneur', firstName: 'Alice', lastName: 'Martin' });
  bob = await signedInClient(ctx.app, { kind: 'setter', firstName: 'Bob', lastName: 'Durand' });
  carol = await signedInClient(ctx.app, { kind: 'closer' });
  admin = await signedInClient(ctx.app, { admin: true });
}, 60_000);
afterAll(() => ctx.close());

describe('POST /posts/{id}/report, /comments/{id}/report', () => {
  it('records a report (201) once per reporter (409 CONTENT_ALREADY_REPORTED)', async () => {
    const id = await post(alice.client);
    const res = await report(bob.client, `posts/${id}`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'post',
      targetId: id,
      status: 'open',
      reason: 'Propos inappropriés',
      reporter: { id: bob.user.id, fullName: 'Bob Durand' },
    });
    const again = await report(bob.client, `posts/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('CONTENT_ALREADY_REPORTED');
    expect((await report(carol.client, `posts/${id}`)).statusCode).toBe(201);
  });

  it('refuses one’s own content (403), unseen content (404), a short reason (422), anonymous (401)', async () => {
    const id = await post(alice.client);
    const draft = await post(alice.client, 'Un brouillon à signaler', 'draft');
    expect((await report(alice.client, `posts/${id}`)).statusCode).toBe(403);
    expect((await report(bob.client, `posts/${draft}`)).statusCode).toBe(404);
    expect((await report(bob.client, 'posts/999999')).statusCode).toBe(404);
    expect((await report(bob.client, `posts/${id}`, 'x')).statusCode).toBe(422);
    expect((await report(new TestClient(ctx.app), `posts/${id}`)).statusCode).toBe(401);
  });

  it('counts a member’s attempts: past 20 within the hour, 429 — for them only', async () => {
    const flooder = await signedInClient(ctx.app, { kind: 'setter' });
    const target = await post(alice.client, 'Une publication signalée en boucle');
    for (let i = 0; i < postLimits.reportsPerHour; i++) {
      const res = await report(flooder.client, `posts/${target}`, 'Encore et encore');
      expect(res.statusCode).toBe(i === 0 ? 201 : 409);
    }
    const refused = await report(flooder.client, `posts/${target}`, 'Encore');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('E_TOO_MANY_REQUESTS');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await report(carol.client, `posts/${target}`)).statusCode).toBe(201);
  });

  it('reports a comment; its author cannot', async () => {
    const id = await post(alice.client);
    const comment = (
      await bob.client.post(`/api/v1/posts/${id}/comments`, { body: 'Un commentaire limite' })
    ).json();
    expect((await report(bob.client, `comments/${comment.id}`)).statusCode).toBe(403);
    const res = await report(alice.client, `comments/${comment.id}`);
    expect(res.statusCode).toBe(201);
    expect(res.json().target).toMatchObject({
      title: 'Commentaire sur « Une publication à signaler »',
      excerpt: 'Un commentaire limite',
      author: { id: bob.user.id },
      hidden: false,
    });
    expect((await report(alice.client, 'comments/999999')).statusCode).toBe(404);
  });
});

describe('GET /admin/reports, POST /admin/reports/{id}/resolve', () => {
  it('is for admins only (403 for members, 401 anonymous)', async () => {
    expect((await bob.client.get('/api/v1/admin/reports')).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).get('/api/v1/admin/reports')).statusCode).toBe(401);
    expect((await bob.client.post('/api/v1/admin/reports/1/resolve', { action: 'hide' })).statusCode).toBe(
      403,
    );
  });

  it('lists open reports oldest first with their target, filtered by kind', async () => {
    const list = (await admin.client.get('/api/v1/admin/reports')).json();
    expect(list.data.length).toBeGreaterThanOrEqual(3);
    expect(list.data.every((r: { status: string }) => r.status === 'open')).toBe(true);
    const ids = list.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(list.data[0].target).toMatchObject({
      title: 'Une publication à signaler',
      excerpt: 'Un contenu discutable.',
      author: { id: alice.user.id, fullName: 'Alice Martin' },
      hidden: false,
    });
    expect(list.data[0].target.link).toMatch(/^\/app\/posts\/\d+$/);
    const comments = (await admin.client.get('/api/v1/admin/reports?kind=comment')).json();
    expect(comments.data.map((r: { kind: string }) => r.kind)).toEqual(['comment']);
    expect(comments.meta.total).toBe(1);
  });

  it('hides the target, closes every open report on it, tells each reporter and audits', async () => {
    const id = await post(alice.client, 'Publication qui sera masquée');
    const first = (await report(bob.client, `posts/${id}`)).json();
    const second = (await report(carol.client, `posts/${id}`)).json();
    const res = await admin.client.post(`/api/v1/admin/reports/${first.id}/resolve`, { action: 'hide' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'hidden',
      resolvedBy: { id: admin.user.id },
      target: { hidden: true },
    });
    expect(res.json().resolvedAt).not.toBeNull();

    expect((await bob.client.get(`/api/v1/posts/${id}`)).statusCode).toBe(404);
    expect((await alice.client.get(`/api/v1/posts/${id}`)).json().hidden).toBe(true);
    const hidden = (await admin.client.get('/api/v1/admin/reports?status=hidden')).json();
    expect(hidden.data.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );

    for (const reporter of [bob, carol]) {
      const [note] = await notificationsOf(reporter.client);
      expect(note).toMatchObject({ type: 'report_resolved' });
      expect(note!.body).toContain('a été masquée');
    }
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.hide'), eq(auditLog.targetId, first.id)));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetKind: 'report' });

    const twice = await admin.client.post(`/api/v1/admin/reports/${second.id}/resolve`, {
      action: 'dismiss',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().reason).toBe('REPORT_ALREADY_RESOLVED');
  });

  it('dismisses one report, leaving the content and the other reports as they are', async () => {
    const id = await post(alice.client, 'Publication qui reste en ligne');
    const first = (await report(bob.client, `posts/${id}`)).json();
    const second = (await report(carol.client, `posts/${id}`)).json();
    const res = await admin.client.post(`/api/v1/admin/reports/${first.id}/resolve`, { action: 'dismiss' });
    expect(res.json()).toMatchObject({ status: 'dismissed', target: { hidden: false } });
    expect((await bob.client.get(`/api/v1/posts/${id}`)).statusCode).toBe(200);
    const open = (await admin.client.get('/api/v1/admin/reports?perPage=100')).json();
    expect(open.data.map((r: { id: number }) => r.id)).toContain(second.id);
    expect((await notificationsOf(bob.client))[0]!.body).toContain('reste en ligne');
    expect(
      (await admin.client.post('/api/v1/admin/reports/999999/resolve', { action: 'hide' })).statusCode,
    ).toBe(404);
  });

  it('hides a comment: gone for others, kept for its author; the reporter gets the post’s link', async () => {
    const id = await post(alice.client);
    const comment = (
      await carol.client.post(`/api/v1/posts/${id}/comments`, { body: 'Commentaire à masquer' })
    ).json();
    const filed = (await report(bob.client, `comments/${comment.id}`)).json();
    await admin.client.post(`/api/v1/admin/reports/${filed.id}/resolve`, { action: 'hide' });
    const seenBy = async (client: TestClient) =>
      (await client.get(`/api/v1/posts/${id}/comments`)).json().data.map((c: { id: number }) => c.id);
    expect(await seenBy(bob.client)).not.toContain(comment.id);
    expect(await seenBy(carol.client)).toContain(comment.id);
    expect((await notificationsOf(bob.client))[0]).toMatchObject({
      type: 'report_resolved',
      link: `/app/posts/${id}`,
    });
  });
});
