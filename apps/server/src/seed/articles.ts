/**
 * The demo's blog and tutorials (issue 22 §4): ten blog articles (eight published, a draft, one
 * scheduled three days ahead that goes live by itself) and four tutorials in two categories with
 * multi-segment slugs, written by the demo admin. Rendered through the same Markdown pipeline as
 * the API (`renderArticle`), so the pages show exactly what an admin would have published.
 *
 * Idempotent: an article is written when its (kind, slug) is not there yet.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articles, users } from '../db/schema';
import { renderArticle } from '../modules/articles/article-markdown';
import { demoBlogArticles } from './articles-blog';
import { moreDemoBlogArticles } from './articles-blog-more';
import { demoTutorials } from './articles-tutorials';
import type { DemoArticle } from './demo-article';

export type { DemoArticle };

export const demoArticles: DemoArticle[] = [...demoBlogArticles, ...moreDemoBlogArticles, ...demoTutorials];

const DAY_MS = 86_400_000;
/** Links in the texts are to other sites; the site's own address only decides which are external. */
const SITE_URL = 'https://closia.fr';

export async function seedDemoArticles(db: Db, now = new Date()): Promise<boolean> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@closia.fr'));
  if (!admin) return false;
  const existing = await db.select({ kind: articles.kind, slug: articles.slug }).from(articles);
  const present = new Set(existing.map((row) => `${row.kind}:${row.slug}`));
  const missing = demoArticles.filter((article) => !present.has(`${article.kind}:${article.slug}`));
  if (missing.length === 0) return false;
  const rows = [];
  for (const article of missing) {
    const rendered = await renderArticle(article.body, SITE_URL);
    const status = article.status ?? 'published';
    const publishedAt =
      status === 'scheduled'
        ? new Date(now.getTime() + (article.daysAhead ?? 3) * DAY_MS)
        : status === 'published'
          ? new Date(now.getTime() - (article.daysAgo ?? 1) * DAY_MS)
          : null;
    const changedAt = new Date(now.getTime() - (article.daysAgo ?? 1) * DAY_MS);
    rows.push({
      kind: article.kind,
      slug: article.slug,
      title: article.title,
      description: article.description,
      body: article.body,
      html: rendered.html,
      toc: rendered.toc,
      readingMinutes: rendered.readingMinutes,
      category: article.category,
      tags: article.tags,
      status,
      publishedAt,
      authorId: admin.id,
      createdAt: new Date(changedAt.getTime() - DAY_MS),
      updatedAt: status === 'scheduled' ? now : changedAt,
    });
  }
  await db.insert(articles).values(rows).onConflictDoNothing();
  return true;
}
