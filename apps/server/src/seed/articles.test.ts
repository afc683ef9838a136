import { articleCreateSchema } from '@closia/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../db/schema';
import { setClock } from '../lib/clock';
import { createTestApp, TestClient, type TestContext } from '../test/helpers';
import { demoArticles } from './articles';
import { seed } from './index';

// The demo's blog and tutorials (seed/articles.ts), as a visitor reads them.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  await seed(ctx.app.db, { demo: true });
}, 120_000);
afterAll(() => ctx.close());

const visitor = () => new TestClient(ctx.app);
const slugsOf = (list: { data: { slug: string }[] }) => list.data.map((a) => a.slug);

describe('the demo articles', () => {
  it('are each what an admin could write (the create schema), with a real body', () => {
    for (const article of demoArticles) {
      const parsed = articleCreateSchema.safeParse({ ...article, publishedAt: undefined });
      expect(parsed.success, `${article.slug}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    const published = demoArticles.filter((a) => (a.status ?? 'published') === 'published');
    for (const article of published) expect(article.body.length, article.slug).toBeGreaterThan(1000);
  });

  it('publish eight blog articles and four tutorials in two categories with multi-segment slugs', async () => {
    const blog = (await visitor().get('/api/v1/articles?kind=blog&perPage=50')).json();
    expect(blog.meta.total).toBe(8);
    expect(slugsOf(blog)).toContain('bien-demarrer-en-closing');
    expect(new Set(blog.data.map((a: { category: string }) => a.category)).size).toBeGreaterThanOrEqual(5);
    const tutorials = (await visitor().get('/api/v1/articles?kind=tutorial&perPage=50')).json();
    expect(tutorials.meta.total).toBe(4);
    expect(new Set(tutorials.data.map((a: { category: string }) => a.category))).toEqual(
      new Set(['premiers_pas', 'crm_pipeline']),
    );
    expect(tutorials.data.every((a: { slug: string }) => a.slug.includes('/'))).toBe(true);
    const read = (await visitor().get('/api/v1/articles/tutorial/premiers-pas/creer-son-profil')).json();
    expect(read.toc.length).toBeGreaterThanOrEqual(3);
    expect(read.html).toContain('<table>');
    expect(read.next).toMatchObject({ path: '/tutorials/premiers-pas/trouver-sa-premiere-mission' });
  });

  it('keep the draft hidden and the scheduled one until its day', async () => {
    expect((await visitor().get('/api/v1/articles/blog/script-appel-de-decouverte')).statusCode).toBe(404);
    expect((await visitor().get('/api/v1/articles/blog/bilan-commissions-fin-d-annee')).statusCode).toBe(404);
    setClock(() => new Date(Date.now() + 4 * 86_400_000));
    try {
      const later = (await visitor().get('/api/v1/articles?kind=blog&perPage=50')).json();
      expect(slugsOf(later)).toContain('bilan-commissions-fin-d-annee');
      expect(slugsOf(later)).not.toContain('script-appel-de-decouverte');
    } finally {
      setClock(null);
    }
  });

  it('are written once: seeding again changes nothing', async () => {
    const before = (await ctx.app.db.select({ n: count() }).from(articles))[0]!.n;
    expect(before).toBe(demoArticles.length);
    await seed(ctx.app.db, { demo: true });
    expect((await ctx.app.db.select({ n: count() }).from(articles))[0]!.n).toBe(before);
  });
});
