/**
 * What visitors read (issue 22 §1): the published articles, newest first, and one article by its
 * kind and slug — a draft or a scheduled one only in preview mode (a valid token), an old slug
 * answered with the current one (the route sends the 301). Public means `published`, or
 * `scheduled` with its time passed: compared with `lib/clock.ts`'s now at query time, so a
 * scheduled article goes live by itself. The hot reads (a page of a kind, one article) are
 * prepared once (`lib/prepared.ts`).
 */
import type {
  ArticleKind,
  ArticleLink,
  ArticleListQuery,
  ArticlePublic,
  ArticleSummary,
  Paginated,
} from '@closia/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  articleCounts,
  articleFacetCounts,
  articleSearch,
  articleSlugRedirects,
  articles,
  users,
} from '../../db/schema';
import { now } from '../../lib/clock';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import { preparedPerDatabase, preparedPerShape } from '../../lib/prepared';
import { searchOn, tsQueryText } from '../../lib/text-search';
import {
  type ArticlePageRow,
  type ArticleRowFull,
  type ArticleSummaryRow,
  isPublic,
  presentArticle,
  presentArticleLink,
  presentArticleSummary,
} from './articles.presenter';
import { articleColumns, articleSummaryColumns } from './articles.service';

/**
 * Public at `at` (an ISO instant). `status <> 'draft'` written as is, so that the partial index
 * `articles_public_idx` (same predicate) serves it.
 */
const publicAt = (at: unknown) =>
  sql`(${articles.status} <> 'draft' and ${articles.publishedAt} <= ${at}::timestamptz)`;

/**
 * Newest first, as `articles_public_idx` is ordered (drizzle writes its `.desc()` columns NULLS
 * LAST; a plain `desc` is NULLS FIRST and would not walk the index but sort every row).
 */
const newestFirst = [sql`${articles.publishedAt} desc nulls last`, sql`${articles.id} desc nulls last`];

/**
 * The public articles of a kind (of both: null) at `at`: those that are not drafts and have a
 * publication time, as `article_counts` keeps them (migration 0038), less the scheduled ones still
 * in the future — a few entries of `articles_public_idx`/`articles_public_all_idx` instead of
 * thousands.
 */
const countOf = (kind: SQL | null, at: unknown) =>
  sql<number>`((select coalesce(sum(${articleCounts.n}), 0) from ${articleCounts}${
    kind ? sql` where ${articleCounts.kind} = ${kind}` : sql``
  }) - (select count(*) from ${articles} where ${kind ? sql`${articles.kind} = ${kind} and ` : sql``}${
    articles.status
  } <> 'draft' and ${articles.publishedAt} > ${at}::timestamptz))`.mapWith(Number);

/** A page of one kind, newest first, with the kind's public total. */
const kindPage = preparedPerDatabase((db) => {
  const kind = sql.placeholder('kind');
  const at = sql.placeholder('at');
  return db
    .select({ ...articleSummaryColumns, total: countOf(sql`${kind}`, at) })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(and(sql`${articles.kind} = ${kind}`, publicAt(at)))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('articles_public_kind_page');
});

/** A page of both kinds, newest first, with the public total. */
const allPage = preparedPerDatabase((db) => {
  const at = sql.placeholder('at');
  return db
    .select({ ...articleSummaryColumns, total: countOf(null, at) })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(publicAt(at))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('articles_public_page');
});

type FilterShape = {
  kind: boolean;
  category: boolean;
  tag: boolean;
  text: boolean;
};

/** The rows of `article_search` a shape of filter selects, whatever their date. */
const filtersOf = (shape: FilterShape): SQL[] =>
  [
    shape.kind ? sql`${articleSearch.kind} = ${sql.placeholder('kind')}` : undefined,
    shape.category ? sql`${articleSearch.category} = ${sql.placeholder('category')}` : undefined,
    shape.tag ? sql`${articleSearch.tags} @> array[${sql.placeholder('tag')}]::text[]` : undefined,
    shape.text ? searchOn(articleSearch.searchVector, sql.placeholder('query')).where : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);

/**
 * The public total of one category's or one tag's articles (of a kind, or of both): the count
 * `article_facet_counts` keeps (migration 0041), less those still scheduled in the future (the
 * dates' index from `at` on: a few rows).
 */
function keptTotalOf(shape: FilterShape, facet: 'category' | 'tag'): SQL {
  const c = articleFacetCounts;
  const kept = and(
    sql`${c.facet} = ${facet}`,
    sql`${c.key} = ${sql.placeholder(facet)}`,
    shape.kind ? sql`${c.kind} = ${sql.placeholder('kind')}` : undefined,
  );
  const future = and(
    sql`${articleSearch.publishedAt} > ${sql.placeholder('at')}::timestamptz`,
    ...filtersOf(shape),
  );
  return sql`((select coalesce(sum(${c.n}), 0) from ${c} where ${kept})
    - (select count(*) from ${articleSearch} where ${future}))`;
}

/**
 * A filtered page, found in the narrow `article_search` (ADR 023): its ids newest first, through the
 * dates' index tested row by row until the page is full, or through the filter's index (GIN for the
 * text and the tags, `article_search_category_idx` for a category) when few rows match — the
 * planner weighs both per query; then only the page's rows joined. The total, in the same
 * statement: kept per category and per tag (`keptTotalOf`) for one of them alone; otherwise the
 * matches counted apart (one list of every match, sorted to cut the page and counted, cost a common
 * word 4 ms where the page alone costs 0.02 ms). Prepared once per shape of filter (which of kind,
 * category, tag and text it has: 16 at most).
 */
const filteredPage = preparedPerShape('articles_public', (db, shape: FilterShape, name) => {
  // `article_search` holds no draft: public once its date has passed.
  const where = and(
    sql`${articleSearch.publishedAt} <= ${sql.placeholder('at')}::timestamptz`,
    ...filtersOf(shape),
  );
  const newest = [
    sql`${articleSearch.publishedAt} desc nulls last`,
    sql`${articleSearch.articleId} desc nulls last`,
  ];
  const page = db
    .select({ id: articleSearch.articleId, at: articleSearch.publishedAt })
    .from(articleSearch)
    .where(where)
    .orderBy(...newest)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const oneFacet = !shape.text && shape.category !== shape.tag;
  const total = oneFacet
    ? keptTotalOf(shape, shape.category ? 'category' : 'tag')
    : sql`(${db.select({ n: sql`count(*)` }).from(articleSearch).where(where)})`;
  return db
    .select({ ...articleSummaryColumns, total: sql<number>`${total}`.mapWith(Number) })
    .from(page)
    .innerJoin(articles, eq(articles.id, page.id))
    .leftJoin(users, eq(users.id, articles.authorId))
    .orderBy(sql`${page.at} desc nulls last`, sql`${page.id} desc nulls last`)
    .prepare(name);
});

/** `GET /articles`: published only, newest first; category, tag and French text search. */
export async function listPublicArticles(
  db: DbOrTx,
  query: ArticleListQuery,
): Promise<Paginated<ArticleSummary>> {
  const at = now();
  const params = { at: at.toISOString(), limit: query.perPage, offset: offsetOf(query) };
  let rows: (ArticleSummaryRow & { total: number })[];
  if (!query.category && !query.tag && !query.query) {
    rows = (
      query.kind
        ? await kindPage(db).execute({ ...params, kind: query.kind })
        : await allPage(db).execute(params)
    ) as typeof rows;
  } else {
    const tsQuery = query.query ? await tsQueryText(db, query.query) : null;
    if (query.query && tsQuery === null) return { data: [], meta: paginationMeta(0, query) };
    const shape = {
      kind: Boolean(query.kind),
      category: Boolean(query.category),
      tag: Boolean(query.tag),
      text: tsQuery !== null,
    };
    rows = (await filteredPage(db, shape).execute({
      ...params,
      kind: query.kind ?? null,
      category: query.category ?? null,
      tag: query.tag ?? null,
      query: tsQuery,
    })) as typeof rows;
  }
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: the total still counts what the other pages hold.
    total = (await listPublicArticles(db, { ...query, page: 1, perPage: 1 })).meta.total;
  }
  return {
    data: rows.map((row) => presentArticleSummary(row, at)),
    meta: paginationMeta(total, query),
  };
}

/** What the server-rendered page shows: not the Markdown nor the table of contents (the HTML has its ids). */
const articlePageColumns = { ...articleSummaryColumns, html: articles.html };

/** An article by kind and slug, with `columns`. */
const bySlugWith = (columns: typeof articleColumns | typeof articlePageColumns, name: string) =>
  preparedPerDatabase((db) =>
    db
      .select(columns)
      .from(articles)
      .leftJoin(users, eq(users.id, articles.authorId))
      .where(
        and(
          sql`${articles.kind} = ${sql.placeholder('kind')}`,
          sql`${articles.slug} = ${sql.placeholder('slug')}`,
        ),
      )
      .prepare(name),
  );
const bySlug = bySlugWith(articleColumns, 'article_by_slug');
const pageBySlug = bySlugWith(articlePageColumns, 'article_page_by_slug');

const redirectOf = preparedPerDatabase((db) =>
  db
    .select({ slug: articles.slug, status: articles.status, publishedAt: articles.publishedAt })
    .from(articleSlugRedirects)
    .innerJoin(articles, eq(articles.id, articleSlugRedirects.articleId))
    .where(
      and(
        sql`${articleSlugRedirects.kind} = ${sql.placeholder('kind')}`,
        sql`${articleSlugRedirects.slug} = ${sql.placeholder('slug')}`,
      ),
    )
    .prepare('article_slug_redirect'),
);

export type ArticleLookup<Row = ArticleRowFull> =
  | { found: Row; preview: boolean }
  | { movedTo: string }
  | { missing: true };

/**
 * An article by its address as the caller may read it: public, or any status in preview mode;
 * an old slug → where it moved (when the caller may read it there); otherwise missing.
 */
export function lookUpArticle(
  db: DbOrTx,
  kind: ArticleKind,
  slug: string,
  previewing: boolean,
): Promise<ArticleLookup> {
  return lookUp<ArticleRowFull>(db, bySlug(db), kind, slug, previewing);
}

/** lookUpArticle with what the server-rendered page shows (ArticlePageRow). */
export function lookUpArticlePage(
  db: DbOrTx,
  kind: ArticleKind,
  slug: string,
  previewing: boolean,
): Promise<ArticleLookup<ArticlePageRow>> {
  return lookUp<ArticlePageRow>(db, pageBySlug(db), kind, slug, previewing);
}

async function lookUp<Row extends ArticlePageRow>(
  db: DbOrTx,
  statement: { execute: (values: { kind: string; slug: string }) => Promise<unknown[]> },
  kind: ArticleKind,
  slug: string,
  previewing: boolean,
): Promise<ArticleLookup<Row>> {
  const at = now();
  const [row] = (await statement.execute({ kind, slug })) as Row[];
  if (row) {
    const visible = isPublic(row, at);
    if (visible || previewing) return { found: row, preview: !visible };
    return { missing: true };
  }
  const [moved] = await redirectOf(db).execute({ kind, slug });
  if (moved && (previewing || isPublic(moved, at))) return { movedTo: moved.slug };
  return { missing: true };
}

/** Up to 3 public articles of the same kind sharing the most tags (then the newest), among the latest 200. */
async function relatedOf(db: DbOrTx, article: ArticleRowFull, at: Date): Promise<ArticleSummary[]> {
  if (article.tags.length === 0) return [];
  const tags = sql`array[${sql.join(
    article.tags.map((tag) => sql`${tag}`),
    sql`, `,
  )}]::text[]`;
  const candidates = db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.kind, article.kind),
        sql`${articles.id} <> ${article.id}`,
        publicAt(at.toISOString()),
        sql`${articles.tags} && ${tags}`,
      ),
    )
    .orderBy(...newestFirst)
    .limit(200)
    .as('candidates');
  const rows = await db
    .select(articleSummaryColumns)
    .from(articles)
    .innerJoin(candidates, eq(candidates.id, articles.id))
    .leftJoin(users, eq(users.id, articles.authorId))
    .orderBy(
      sql`cardinality(array(select unnest(${articles.tags}) intersect select unnest(${tags}))) desc`,
      desc(articles.publishedAt),
      desc(articles.id),
    )
    .limit(3);
  return rows.map((row) => presentArticleSummary(row as ArticleSummaryRow, at));
}

/** A tutorial's neighbours in its category, by publication date. */
async function neighboursOf(
  db: DbOrTx,
  article: ArticleRowFull,
  at: Date,
): Promise<{ previous: ArticleLink | null; next: ArticleLink | null }> {
  if (article.kind !== 'tutorial' || article.publishedAt === null) return { previous: null, next: null };
  const when = new Date(article.publishedAt).toISOString();
  const one = async (direction: 'before' | 'after') => {
    const [row] = await rowsOf<{ id: number; kind: string; title: string; slug: string }>(
      db,
      sql`select ${articles.id} as id, ${articles.kind} as kind, ${articles.title} as title, ${articles.slug} as slug
            from ${articles}
           where ${articles.kind} = 'tutorial' and ${articles.category} = ${article.category}
             and ${articles.id} <> ${article.id} and ${publicAt(at.toISOString())}
             and (${articles.publishedAt}, ${articles.id}) ${direction === 'before' ? sql`<` : sql`>`} (${when}::timestamptz, ${article.id})
           order by ${articles.publishedAt} ${direction === 'before' ? sql`desc` : sql`asc`}, ${articles.id} ${direction === 'before' ? sql`desc` : sql`asc`}
           limit 1`,
    );
    return row ? presentArticleLink(row) : null;
  };
  return { previous: await one('before'), next: await one('after') };
}

/** The public answer of an article: itself, related articles, a tutorial's neighbours. */
export async function presentPublicArticle(
  db: DbOrTx,
  article: ArticleRowFull,
  preview: boolean,
): Promise<ArticlePublic> {
  const at = now();
  const [related, neighbours] = await Promise.all([
    relatedOf(db, article, at),
    neighboursOf(db, article, at),
  ]);
  return { ...presentArticle(article, at), related, ...neighbours, preview };
}

/** Every public article's address and last change (the sitemap). */
export async function publicArticleAddresses(db: DbOrTx) {
  return db
    .select({
      kind: articles.kind,
      slug: articles.slug,
      updatedAt: articles.updatedAt,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(publicAt(now().toISOString()))
    .orderBy(...newestFirst);
}

/** The latest public articles of a kind (RSS, the lists for machines). */
export async function latestPublicArticles(db: DbOrTx, kind: ArticleKind, limit: number, page = 1) {
  return listPublicArticles(db, { kind, page, perPage: limit });
}
