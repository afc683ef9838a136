/**
 * Articles written by admins (issue 22 §1): create, change (a new slug keeps the old one
 * answering 301), delete, cover, the admin list. The Markdown is rendered once here, on write.
 * Routes check that the caller is an admin; every function here trusts that.
 */
import {
  type Article,
  type ArticleAdminListQuery,
  type ArticleCreateInput,
  type ArticleKind,
  type ArticleStatus,
  type ArticleSummary,
  type ArticleUpdateInput,
  isArticleCategoryOf,
  type Paginated,
  slugify,
} from '@closia/shared';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { articleSlugRedirects, articles, users } from '../../db/schema';
import { now } from '../../lib/clock';
import { conflict, fieldError, fieldIssue, notFound, refusal } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import { textSearch } from '../../lib/text-search';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { renderArticle } from './article-markdown';
import {
  type ArticleRowFull,
  type ArticleSummaryRow,
  coverKey,
  isPublic,
  presentArticle,
  presentArticleSummary,
} from './articles.presenter';

/** The author as answers show them (`users` left-joined: an author may have been deleted). */
export const articleAuthorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicture: users.profilePicture,
};

export const articleSummaryColumns = {
  id: articles.id,
  kind: articles.kind,
  slug: articles.slug,
  title: articles.title,
  description: articles.description,
  category: articles.category,
  tags: articles.tags,
  status: articles.status,
  publishedAt: articles.publishedAt,
  readingMinutes: articles.readingMinutes,
  coverImage: articles.coverImage,
  updatedAt: articles.updatedAt,
  author: articleAuthorColumns,
};

export const articleColumns = {
  ...articleSummaryColumns,
  body: articles.body,
  html: articles.html,
  toc: articles.toc,
};

/** One article for the editor (any status); 404 when there is none. */
export async function getArticle(db: DbOrTx, id: number): Promise<Article> {
  const [row] = await db
    .select(articleColumns)
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(eq(articles.id, id));
  if (!row) throw notFound('Article');
  return presentArticle(row as ArticleRowFull, now());
}

async function articleRow(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: articles.id,
      kind: articles.kind,
      slug: articles.slug,
      title: articles.title,
      category: articles.category,
      status: articles.status,
      publishedAt: articles.publishedAt,
      coverImage: articles.coverImage,
    })
    .from(articles)
    .where(eq(articles.id, id));
  if (!row) throw notFound('Article');
  return row;
}

const slugTaken = () => conflict('Another article of this kind has this slug', 'ARTICLE_SLUG_TAKEN');

/** Postgres' unique_violation, whichever driver raised it (drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

async function requireFreeSlug(db: DbOrTx, kind: ArticleKind, slug: string, exceptId: number | null) {
  const [taken] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.kind, kind),
        eq(articles.slug, slug),
        exceptId === null ? undefined : ne(articles.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw slugTaken();
}

function requireCategoryOf(kind: ArticleKind, category: string) {
  if (!isArticleCategoryOf(kind, category)) {
    throw refusal('ARTICLE_CATEGORY_MISMATCH', [
      fieldIssue('category', 'enum', 'The category is not one of this kind of article'),
    ]);
  }
}

/**
 * The stored status and date for what was asked: `scheduled` needs a date in the future;
 * `published` a date in the past or none (the earlier publication date kept, else now); a draft
 * keeps its planned date.
 */
function publication(
  status: ArticleStatus,
  asked: string | null | undefined,
  before: Date | null,
): { status: ArticleStatus; publishedAt: Date | null } {
  const at = now();
  if (status === 'scheduled') {
    const date = asked === undefined ? before : asked === null ? null : new Date(asked);
    if (!date || date.getTime() <= at.getTime()) {
      throw refusal('ARTICLE_SCHEDULE_DATE_INVALID', [fieldIssue('publishedAt', 'future')]);
    }
    return { status, publishedAt: date };
  }
  if (status === 'published') {
    if (asked) {
      const date = new Date(asked);
      if (date.getTime() > at.getTime()) {
        throw refusal('ARTICLE_PUBLISHED_IN_FUTURE', [
          fieldIssue('publishedAt', 'invalid', 'A published article cannot have a future publication date'),
        ]);
      }
      return { status, publishedAt: date };
    }
    return { status, publishedAt: before && before.getTime() <= at.getTime() ? before : at };
  }
  return { status, publishedAt: asked === undefined ? before : asked === null ? null : new Date(asked) };
}

/** The live slug of `kind` is no longer an old one: its redirect (if any) is dropped. */
async function claimSlug(db: DbOrTx, kind: ArticleKind, slug: string) {
  await db
    .delete(articleSlugRedirects)
    .where(and(eq(articleSlugRedirects.kind, kind), eq(articleSlugRedirects.slug, slug)));
}

export async function createArticle(
  db: Db,
  siteUrl: string,
  authorId: number,
  input: ArticleCreateInput,
): Promise<Article> {
  requireCategoryOf(input.kind, input.category);
  const slug = input.slug ?? slugify(input.title);
  if (!slug) throw fieldError('slug', 'required', 'The slug cannot be made from this title: give one');
  const { status, publishedAt } = publication(input.status, input.publishedAt, null);
  const rendered = await renderArticle(input.body, siteUrl);
  try {
    const id = await db.transaction(async (tx) => {
      await requireFreeSlug(tx, input.kind, slug, null);
      await claimSlug(tx, input.kind, slug);
      const [row] = await tx
        .insert(articles)
        .values({
          kind: input.kind,
          slug,
          title: input.title,
          description: input.description,
          body: input.body,
          html: rendered.html,
          toc: rendered.toc,
          readingMinutes: rendered.readingMinutes,
          category: input.category,
          tags: input.tags,
          status,
          publishedAt,
          authorId,
        })
        .returning({ id: articles.id });
      return row!.id;
    });
    return getArticle(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function updateArticle(
  db: Db,
  siteUrl: string,
  id: number,
  input: ArticleUpdateInput,
): Promise<Article> {
  const before = await articleRow(db, id);
  const kind = before.kind as ArticleKind;
  if (input.category !== undefined) requireCategoryOf(kind, input.category);
  const changes: Partial<typeof articles.$inferInsert> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = input.description;
  if (input.category !== undefined) changes.category = input.category;
  if (input.tags !== undefined) changes.tags = input.tags;
  if (input.body !== undefined) {
    const rendered = await renderArticle(input.body, siteUrl);
    Object.assign(changes, {
      body: input.body,
      html: rendered.html,
      toc: rendered.toc,
      readingMinutes: rendered.readingMinutes,
    });
  }
  if (input.status !== undefined || input.publishedAt !== undefined) {
    // A scheduled article whose time has passed is published: changed, it stays so.
    const current: ArticleStatus =
      before.status === 'draft' ? 'draft' : isPublic(before, now()) ? 'published' : 'scheduled';
    Object.assign(changes, publication(input.status ?? current, input.publishedAt, before.publishedAt));
  }
  const newSlug = input.slug !== undefined && input.slug !== before.slug ? input.slug : null;
  if (newSlug !== null) changes.slug = newSlug;
  if (Object.keys(changes).length === 0) return getArticle(db, id);
  changes.updatedAt = now();
  try {
    await db.transaction(async (tx) => {
      if (newSlug !== null) {
        await requireFreeSlug(tx, kind, newSlug, id);
        await claimSlug(tx, kind, newSlug);
        // The old address answers 301 to the new one from now on.
        await tx
          .insert(articleSlugRedirects)
          .values({ kind, slug: before.slug, articleId: id })
          .onConflictDoUpdate({
            target: [articleSlugRedirects.kind, articleSlugRedirects.slug],
            set: { articleId: id, createdAt: now() },
          });
      }
      await tx.update(articles).set(changes).where(eq(articles.id, id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  return getArticle(db, id);
}

export async function deleteArticle(db: Db, work: UnitOfWork, id: number): Promise<void> {
  const before = await articleRow(db, id);
  await db.delete(articles).where(eq(articles.id, id));
  const stored = coverKey(before.coverImage);
  if (stored) work.deleteFile(stored);
}

/** Sets (a stored file's name) or removes (null) the cover; the previous file deleted after the commit. */
export async function setArticleCover(
  db: Db,
  work: UnitOfWork,
  id: number,
  name: string | null,
): Promise<Article> {
  const before = await articleRow(db, id);
  await db.update(articles).set({ coverImage: name, updatedAt: now() }).where(eq(articles.id, id));
  const replaced = before.coverImage !== name ? coverKey(before.coverImage) : null;
  if (replaced) work.deleteFile(replaced);
  return getArticle(db, id);
}

/** Throws 404 unless the article exists (before a cover is stored for it). */
export async function requireArticle(db: DbOrTx, id: number): Promise<void> {
  await articleRow(db, id);
}

/** The condition of an answer's status at `at` (a scheduled article whose time passed is published). */
export function statusCondition(status: ArticleStatus, at: Date): SQL {
  const instant = sql`${at.toISOString()}::timestamptz`;
  switch (status) {
    case 'draft':
      return sql`${articles.status} = 'draft'`;
    case 'scheduled':
      return sql`(${articles.status} = 'scheduled' and (${articles.publishedAt} is null or ${articles.publishedAt} > ${instant}))`;
    case 'published':
      return sql`(${articles.status} <> 'draft' and ${articles.publishedAt} <= ${instant})`;
  }
}

/** `GET /admin/articles`: every status, the latest changed first. */
export async function listAdminArticles(
  db: DbOrTx,
  query: ArticleAdminListQuery,
): Promise<Paginated<ArticleSummary>> {
  const at = now();
  const conditions: (SQL | undefined)[] = [];
  if (query.kind) conditions.push(eq(articles.kind, query.kind));
  if (query.status) conditions.push(statusCondition(query.status, at));
  if (query.query) {
    const search = await textSearch(db, articles.searchVector, query.query);
    if (!search) return { data: [], meta: paginationMeta(0, query) };
    conditions.push(search.where);
  }
  const rows = await db
    .select({ ...articleSummaryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(and(...conditions))
    // As `articles_updated_idx` is ordered (NULLS LAST: a plain `desc` would sort every row).
    .orderBy(sql`${articles.updatedAt} desc nulls last`, sql`${articles.id} desc nulls last`)
    .limit(query.perPage)
    .offset(offsetOf(query));
  const total = rows[0]?.total ?? (query.page > 1 ? await countAdmin(db, conditions) : 0);
  return {
    data: rows.map((row) => presentArticleSummary(row as ArticleSummaryRow, at)),
    meta: paginationMeta(total, query),
  };
}

async function countAdmin(db: DbOrTx, conditions: (SQL | undefined)[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(articles)
    .where(and(...conditions));
  return row?.total ?? 0;
}
