import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { emptyTextArray, timestamps, tsvector } from './columns';
import { users } from './users';

/** One entry of an article's table of contents (`##` to `####`, ids as rendered). */
export interface ArticleTocRow {
  id: string;
  text: string;
  depth: number;
}

/**
 * The blog and the tutorials (issue 22 §1), written by admins in Markdown. The HTML, the table of
 * contents and the reading time are rendered once on write (`modules/articles/article-markdown.ts`).
 * Public: `status` published, or scheduled with `published_at` passed — decided at query time,
 * so a scheduled article goes live at its time with no job and no restart.
 */
export const articles = pgTable(
  'articles',
  {
    id: serial().primaryKey(),
    /** blog | tutorial */
    kind: text().notNull(),
    /** Lower-case words joined by `-`, segments by `/`; unique per kind. */
    slug: text().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    /** The Markdown source. */
    body: text().notNull(),
    /** The sanitised, highlighted HTML of `body`. */
    html: text().notNull(),
    toc: jsonb().$type<ArticleTocRow[]>().notNull().default([]),
    readingMinutes: integer().notNull().default(1),
    category: text().notNull(),
    tags: text().array().notNull().default(emptyTextArray),
    /** draft | scheduled | published */
    status: text().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    /** The stored cover's file name (`articlecovers/…`), or an http(s) URL (seed). */
    coverImage: text(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Title, description, tags and text unaccented (a trigger keeps them, as for missions). */
    searchText: text().notNull().default(''),
    searchVector: tsvector(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('articles_kind_slug_idx').on(t.kind, t.slug),
    index('articles_public_idx')
      .on(t.kind, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} <> 'draft'`),
    // Both kinds at once (`GET /articles` without `kind`, the sitemap).
    index('articles_public_all_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} <> 'draft'`),
    // A category's public articles (of one kind or both), found from the index alone.
    index('articles_public_category_idx')
      .on(t.category, t.kind, t.publishedAt)
      .where(sql`${t.status} <> 'draft'`),
    index('articles_tags_idx').using('gin', t.tags),
    index('articles_search_idx').using('gin', t.searchVector),
    index('articles_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
  ],
);

/**
 * What the public lists filter and search on, one narrow row per article that is not a draft (kept
 * by a trigger on `articles`, migration 0033): a list filtered by a category, a tag or a text finds
 * its matches here, then joins only its page's articles. Found in `articles` itself, each match
 * read a wide row (the Markdown and the HTML): a word in every article read 1,258 pages (36 ms at
 * 5,000 articles), here 2.7 ms (ADR 023).
 */
export const articleSearch = pgTable(
  'article_search',
  {
    articleId: integer()
      .primaryKey()
      .references(() => articles.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    category: text().notNull(),
    tags: text().array().notNull(),
    /** Public once passed (a scheduled article's is in the future until then). */
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    /** The article's vector without positions or weights (`strip`, migration 0036): inline, quick to test. */
    searchVector: tsvector(),
  },
  (t) => [
    // A filtered page walks the dates newest first and tests each row's filter until the page is
    // full: a word in 2,000 of 5,000 articles fills 12 after 35 rows (0.02 ms), where finding every
    // match to sort it took 4 ms. Since the vectors are stripped and inline (migration 0036), even a
    // rare word's walk of every row costs 2 ms (it cost 48 ms before); the planner weighs the GIN
    // indexes against it per query.
    index('article_search_recent_idx').on(t.publishedAt.desc(), t.articleId.desc()),
    index('article_search_category_idx').on(t.category, t.kind),
    index('article_search_tags_idx').using('gin', t.tags),
    index('article_search_vector_idx').using('gin', t.searchVector),
  ],
);

/**
 * How many rows `article_search` holds per kind (a trigger on it keeps the count, migration 0038):
 * the public total of a kind is this minus its scheduled articles still in the future (a few rows
 * of `articles_public_idx`), where counting the kind's thousands of index entries cost the plain
 * list most of its database time.
 */
export const articleCounts = pgTable('article_counts', {
  kind: text().primaryKey(),
  n: integer().notNull(),
});

/**
 * How many rows `article_search` holds per kind and category, and per kind and tag (`facet`
 * 'category' or 'tag', `key` the category or the tag; a trigger keeps them, migration 0041): the
 * public total of a list filtered by one category or one tag is this less its scheduled articles
 * still in the future, where counting the matches scanned the table (a tag in 814 of 4,900
 * articles: 2.2 ms, most of a filtered page's database time).
 */
export const articleFacetCounts = pgTable(
  'article_facet_counts',
  {
    kind: text().notNull(),
    facet: text().notNull(),
    key: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.facet, t.key, t.kind] })],
);

/** The slugs an article had before: `/blog/{old}` answers 301 to its current address. */
export const articleSlugRedirects = pgTable(
  'article_slug_redirects',
  {
    kind: text().notNull(),
    slug: text().notNull(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.slug] }),
    index('article_slug_redirects_article_idx').on(t.articleId),
  ],
);

export type ArticleRow = typeof articles.$inferSelect;
