import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentReports, postComments, postLikes, posts, prospects, users, webinars } from '../db/schema';
import { usageOf } from '../lib/plan-usage';
import { createTestApp, TestClient, type TestContext } from '../test/helpers';
import { DEMO_SETTER_PROSPECTS } from './billing';
import { DEMO_PASSWORD, seed } from './index';

// The demo's webinars (seed/webinars.ts) and community feed (seed/feed.ts), as the demo accounts see them.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  await seed(ctx.app.db, { demo: true });
}, 120_000);
afterAll(() => ctx.close());

const signIn = async (email: string) => {
  const client = new TestClient(ctx.app);
  await client.login(email, DEMO_PASSWORD);
  return client;
};
const idOf = async (email: string) =>
  (await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const webinarLeadsOf = async (email: string) =>
  (
    await ctx.app.db
      .select({ n: count() })
      .from(prospects)
      .where(
        sql`${prospects.ownerId} = ${await idOf(email)} and ${prospects.customFields} ? 'Webinaire' and ${prospects.observations} like 'A accepté%'`,
      )
  )[0]!.n;

describe('the demo webinars', () => {
  it('shows three upcoming webinars (one paid, one nearly full) and two past ones with a replay', async () => {
    const setter = await signIn('setter@closia.fr');
    const upcoming = (await setter.get('/api/v1/webinars?when=upcoming')).json();
    expect(upcoming.meta.total).toBe(3);
    expect(upcoming.data.some((w: { price: number }) => w.price === 49)).toBe(true);
    expect(
      upcoming.data.some(
        (w: { capacity: number | null; registrationCount: number }) =>
          w.capacity !== null && w.capacity - w.registrationCount <= 5,
      ),
    ).toBe(true);
    const past = (await setter.get('/api/v1/webinars?when=past')).json();
    expect(past.meta.total).toBe(2);
    expect(past.data.some((w: { hasReplay: boolean }) => w.hasReplay)).toBe(true);
    // The demo setter registered to one upcoming and one past webinar (the past one with its replay).
    const registered = (await setter.get('/api/v1/webinars?when=registered')).json();
    expect(registered.meta.total).toBeGreaterThanOrEqual(2);
    const replayed = past.data.find((w: { hasReplay: boolean }) => w.hasReplay);
    expect((await setter.get(`/api/v1/webinars/${replayed.id}/replay`)).statusCode).toBe(200);

    const owner = await signIn('infopreneur@closia.fr');
    const mine = (await owner.get('/api/v1/webinars?when=mine')).json();
    expect(mine.meta.total).toBe(5);
    const withRegistrants = (await owner.get(`/api/v1/webinars/${replayed.id}/registrations`)).json();
    expect(withRegistrants.data.some((r: { attendedAt: string | null }) => r.attendedAt !== null)).toBe(true);
  });

  it('shares the consenting registrants of the round-robin webinar: the demo setter has webinar leads', async () => {
    expect(await webinarLeadsOf('setter@closia.fr')).toBeGreaterThanOrEqual(2);
    expect(await webinarLeadsOf('thomas.bernard@demo.closia.fr')).toBeGreaterThanOrEqual(2);
    expect(await webinarLeadsOf('infopreneur@closia.fr')).toBeGreaterThanOrEqual(3);
    // Still near the limit, not at it: the plans' top-up counts these leads.
    expect(await usageOf(ctx.app.db, await idOf('setter@closia.fr'), 'prospects')).toBe(
      DEMO_SETTER_PROSPECTS,
    );
    const setter = await signIn('setter@closia.fr');
    const bell = (await setter.get('/api/v1/notifications')).json();
    expect(bell.data.some((n: { title: string }) => n.title.startsWith('Nouveau prospect'))).toBe(true);
  });
});

describe('the demo feed', () => {
  it('shows a lively feed: posts with likes and comments, recent and popular, by tag', async () => {
    const closer = await signIn('closer@closia.fr');
    const feed = (await closer.get('/api/v1/posts?perPage=50')).json();
    expect(feed.meta.total).toBeGreaterThanOrEqual(20);
    expect(feed.data.every((p: { status: string }) => p.status === 'published')).toBe(true);
    expect(feed.data.filter((p: { likeCount: number }) => p.likeCount > 0).length).toBeGreaterThan(15);
    expect(feed.data.filter((p: { commentCount: number }) => p.commentCount > 0).length).toBeGreaterThan(15);
    const popular = (await closer.get('/api/v1/posts?sort=popular&perPage=3')).json();
    expect(popular.data[0].likeCount).toBeGreaterThanOrEqual(popular.data[1].likeCount);
    const tagged = (await closer.get('/api/v1/posts?tag=webinaire')).json();
    expect(tagged.meta.total).toBeGreaterThanOrEqual(3);
    const searched = (await closer.get('/api/v1/posts?query=objection')).json();
    expect(searched.meta.total).toBeGreaterThanOrEqual(1);
    // The counters the triggers keep match the rows.
    const [likes] = await ctx.app.db.select({ n: count() }).from(postLikes);
    const [kept] = await ctx.app.db.select({ n: sql<number>`sum(${posts.likeCount})::int` }).from(posts);
    expect(kept!.n).toBe(likes!.n);
    const [comments] = await ctx.app.db.select({ n: count() }).from(postComments);
    expect(comments!.n).toBeGreaterThanOrEqual(35);
  });

  it('keeps the demo setter’s draft to themself and one archived post out of the feed', async () => {
    const setter = await signIn('setter@closia.fr');
    const me = await idOf('setter@closia.fr');
    const own = (await setter.get(`/api/v1/posts?authorId=${me}`)).json();
    expect(own.data.some((p: { status: string }) => p.status === 'draft')).toBe(true);
    const closer = await signIn('closer@closia.fr');
    const theirs = (await closer.get(`/api/v1/posts?authorId=${me}`)).json();
    expect(theirs.data.every((p: { status: string }) => p.status === 'published')).toBe(true);
    const archived = await ctx.app.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.status, 'archived'));
    expect(archived).toHaveLength(1);
  });

  it('leaves one report of a comment waiting for the admin', async () => {
    const admin = await signIn('admin@closia.fr');
    const open = (await admin.get('/api/v1/admin/reports?status=open')).json();
    expect(open.meta.total).toBe(1);
    expect(open.data[0]).toMatchObject({ kind: 'comment', status: 'open' });
  });

  it('runs once: seeding again adds nothing', async () => {
    const totals = async () => ({
      webinars: (await ctx.app.db.select({ n: count() }).from(webinars))[0]!.n,
      posts: (await ctx.app.db.select({ n: count() }).from(posts))[0]!.n,
      reports: (await ctx.app.db.select({ n: count() }).from(contentReports))[0]!.n,
      users: (await ctx.app.db.select({ n: count() }).from(users))[0]!.n,
    });
    const before = await totals();
    await seed(ctx.app.db, { demo: true });
    expect(await totals()).toEqual(before);
  });
});
