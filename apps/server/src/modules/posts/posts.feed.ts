/**
 * `GET /api/v1/posts`: the feed. Published posts not hidden by moderation (and, when the caller
 * asks for their own, every one of theirs), searched in French (`lib/text-search.ts` on the
 * trigger-kept `search_vector`), filtered by tag (GIN on `tags`), newest or most liked first.
 *
 * A page walks the order's index (`posts_feed_recent_idx`, `posts_feed_popular_idx`: the ORDER BY
 * repeats their `nulls last`, or PostgreSQL sorts every post instead) and stops at its end; the
 * plain feed's page is a statement prepared once per sort. Its total is counted apart — a window
 * count would read every matching post (ADR 017) — from the partial index of public posts, at
 * most `postTotalCaps.feed` (an infinite scroll never gets that far), and kept (`result-cache`)
 * until a post enters or leaves the feed.
 *
 * A feed searched by text (everyone's posts, with or without a tag) works on `post_search`, one
 * narrow row per public post kept by a trigger (26 MB at 100,000 posts, where `posts` is 130 MB).
 * One prepared statement per sort (with or without a tag) finds the matches, at most
 * `postTotalCaps.filtered` + 1, counts them and reads the page's rows: when the matches are no more
 * than the cap they are the total and the page is sorted among them; when there are more (a
 * frequent word), the total is the cap ("at least") and the page walks the order's index of
 * `post_search`, where matches are dense enough to fill it at once — walking it for a rare word
 * would test every post. Only the page's rows are read from `posts`. (Reading the 1,001 matches
 * into JavaScript to sort them there cost the server 2 ms an answer.)
 *
 * A tag's newest first takes its page's ids from `post_tags` (one row per tag of each public post,
 * kept by a trigger) and its total too: two prepared statements, neither reading a post beyond the
 * page. The other filters (an author's list, a tag's most liked) first read their matches' ids from
 * `posts` the same way, capped.
 */
import { type Paginated, type PostListQuery, type PostSummary, postTotalCaps } from '@closia/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { postSearch, posts, postTags, profiles, users } from '../../db/schema';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import { preparedPerDatabase, preparedPerShape } from '../../lib/prepared';
import { resultCache } from '../../lib/result-cache';
import { searchOn, textSearch, tsQueryText } from '../../lib/text-search';
import type { Viewer } from '../../lib/viewer';
import { type PostSummaryRow, presentPostSummary } from './posts.presenter';
import { postIsPublic, summaryColumns } from './posts.service';
import { postsGeneration } from './posts-generation';

const recentOrder = [sql`${posts.publishedAt} desc nulls last`, sql`${posts.id} desc nulls last`];
const popularOrder = [sql`${posts.likeCount} desc nulls last`, ...recentOrder];

const feedPage = (sort: 'recent' | 'popular') =>
  preparedPerDatabase((db) =>
    db
      .select(summaryColumns(sql.placeholder('viewer')))
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(postIsPublic)
      .orderBy(...(sort === 'popular' ? popularOrder : recentOrder))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`post_feed_${sort}`),
  );
const feedPages = { recent: feedPage('recent'), popular: feedPage('popular') };

/** The ids of the public posts with the tag (`tag`), at most the filtered cap + 1: from `post_tags` alone. */
const tagMatches = preparedPerDatabase((db) =>
  db
    .select({ id: postTags.postId })
    .from(postTags)
    .where(eq(postTags.tag, sql.placeholder('tag')))
    .limit(postTotalCaps.filtered + 1)
    .prepare('post_tag_matches'),
);

/** How many public posts have the tag, at most the filtered cap + 1. */
const tagCount = preparedPerDatabase((db) => {
  const matches = db
    .select({ one: sql`1` })
    .from(postTags)
    .where(eq(postTags.tag, sql.placeholder('tag')))
    .limit(postTotalCaps.filtered + 1)
    .as('matches');
  return db.select({ n: sql<number>`count(*)::int` }).from(matches).prepare('post_tag_count');
});

/** A page of the public posts with the tag, newest first: the page's ids from `post_tags`, then their rows. */
const tagPage = preparedPerDatabase((db) => {
  const page = db
    .select({ postId: postTags.postId })
    .from(postTags)
    .where(eq(postTags.tag, sql.placeholder('tag')))
    .orderBy(desc(postTags.publishedAt), desc(postTags.postId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select(summaryColumns(sql.placeholder('viewer')))
    .from(page)
    .innerJoin(posts, eq(posts.id, page.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .orderBy(...recentOrder)
    .prepare('post_feed_tag_recent');
});

/** The feed's orders on `post_search`'s columns (the `nulls last` of its indexes). */
const searchOrder = {
  recent: sql.raw('published_at desc nulls last, post_id desc nulls last'),
  popular: sql.raw('like_count desc nulls last, published_at desc nulls last, post_id desc nulls last'),
};

/** A text search on `post_search` (`query`: a `tsQueryText`), and a tag (`tag`) when `tagged`. */
const searchMatch = (tagged: boolean) =>
  and(
    searchOn(postSearch.searchVector, sql.placeholder('query')).where,
    tagged ? sql`${postSearch.tags} @> array[${sql.placeholder('tag')}]::text[]` : undefined,
  );

/**
 * A page of everyone's posts matching a text (and a tag), in one statement: the matches on
 * `post_search` at most the cap + 1, their count, and the page's ids — sorted among the matches
 * when they are no more than the cap, else walked on the order's index (PostgreSQL runs only the
 * branch it needs) — whose rows alone are read from `posts`.
 */
const searchPage = preparedPerShape(
  'post_search',
  (db, { sort, tag }: { sort: 'recent' | 'popular'; tag: boolean }, name) => {
    const match = searchMatch(tag);
    const order = searchOrder[sort];
    const page = sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
    const matches = db.$with('matches').as(
      db
        .select({
          postId: postSearch.postId,
          publishedAt: postSearch.publishedAt,
          likeCount: postSearch.likeCount,
        })
        .from(postSearch)
        .where(match)
        .limit(postTotalCaps.filtered + 1),
    );
    return db
      .with(matches)
      .select({
        ...summaryColumns(sql.placeholder('viewer')),
        matched: sql<number>`(select count(*)::int from ${matches})`,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(
        sql`${posts.id} = any(case when (select count(*) from ${matches}) <= ${postTotalCaps.filtered}
        then array(select post_id from ${matches} order by ${order} ${page})
        else array(select post_id from ${postSearch} where ${match} order by ${order} ${page}) end)`,
      )
      .orderBy(...(sort === 'popular' ? popularOrder : recentOrder))
      .prepare(name);
  },
);

/** How many posts match, at most the cap + 1: the total past the last page, where no row carries it. */
const searchCount = preparedPerShape('post_search_count', (db, { tag }: { tag: boolean }, name) => {
  const matches = db
    .select({ one: sql`1` })
    .from(postSearch)
    .where(searchMatch(tag))
    .limit(postTotalCaps.filtered + 1)
    .as('matches');
  return db.select({ n: sql<number>`count(*)::int` }).from(matches).prepare(name);
});

/** Everyone's posts matching a text (and a tag): one prepared statement (two past the last page). */
async function searchedFeed(
  db: DbOrTx,
  viewer: Viewer,
  query: PostListQuery & { query: string },
): Promise<Paginated<PostSummary>> {
  const tsQuery = await tsQueryText(db, query.query);
  if (tsQuery === null) return { data: [], meta: paginationMeta(0, query) };
  const tagged = Boolean(query.tag);
  const values = {
    query: tsQuery,
    tag: query.tag ?? null,
    viewer: viewer.id,
    limit: query.perPage,
    offset: offsetOf(query),
  };
  const statement = searchPage(db, { sort: query.sort, tag: tagged });
  const rows = (await statement.execute(values)) as (PostSummaryRow & { matched: number })[];
  const counted =
    rows.length > 0
      ? Number(rows[0]!.matched)
      : query.page > 1
        ? Number((await searchCount(db, { tag: tagged }).execute(values))[0]?.n ?? 0)
        : 0;
  return {
    data: rows.map(presentPostSummary),
    meta: paginationMeta(Math.min(counted, postTotalCaps.filtered), query),
  };
}

/** Counted totals by filter, forgotten when a post enters or leaves the feed. */
const totals = resultCache<number>({
  name: 'post-feed-total',
  generation: postsGeneration,
  maxEntries: 1_000,
});

/** How many posts the conditions select, at most the feed's cap (no join: the conditions are on `posts`). */
async function countOf(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const inner = db.select({ one: sql`1` }).from(posts).where(where).limit(postTotalCaps.feed).as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return Number(row?.n ?? 0);
}

export async function listPosts(
  db: DbOrTx,
  viewer: Viewer,
  query: PostListQuery,
): Promise<Paginated<PostSummary>> {
  const limit = query.perPage;
  const offset = offsetOf(query);
  if (!query.query && !query.tag && query.authorId === undefined) {
    const [rows, total] = await Promise.all([
      feedPages[query.sort](db).execute({ viewer: viewer.id, limit, offset }),
      totals.get(db, 'feed', () => countOf(db, postIsPublic)),
    ]);
    return { data: (rows as PostSummaryRow[]).map(presentPostSummary), meta: paginationMeta(total, query) };
  }

  if (query.query && query.authorId === undefined)
    return searchedFeed(db, viewer, { ...query, query: query.query });

  // Everyone's posts with a tag, newest first: ids and total from `post_tags`.
  const byTagOnly = query.tag && query.authorId === undefined;
  if (byTagOnly && query.sort === 'recent') {
    const [rows, [counted]] = await Promise.all([
      tagPage(db).execute({ tag: query.tag, viewer: viewer.id, limit, offset }),
      tagCount(db).execute({ tag: query.tag }),
    ]);
    const total = Math.min(Number(counted?.n ?? 0), postTotalCaps.filtered);
    return { data: (rows as PostSummaryRow[]).map(presentPostSummary), meta: paginationMeta(total, query) };
  }

  const own = query.authorId === viewer.id;
  const conditions: SQL[] = [];
  if (query.authorId !== undefined) conditions.push(eq(posts.authorId, query.authorId));
  // Their own list shows the caller's drafts, archived and hidden posts too.
  if (!own) conditions.push(postIsPublic);
  if (query.tag) conditions.push(sql`${posts.tags} @> ${sql.param([query.tag])}::text[]`);
  if (query.query) {
    // An author's posts searched: few enough to test on `posts` (the caller's own are not all public).
    const search = await textSearch(db, posts.searchVector, query.query);
    if (!search) return { data: [], meta: paginationMeta(0, query) };
    conditions.push(search.where);
  }
  let where = and(...conditions);
  let matched: number | null = null;
  if (query.query || query.tag) {
    const matches = byTagOnly
      ? await tagMatches(db).execute({ tag: query.tag })
      : await db
          .select({ id: posts.id })
          .from(posts)
          .where(where)
          .limit(postTotalCaps.filtered + 1);
    if (matches.length === 0) return { data: [], meta: paginationMeta(0, query) };
    if (matches.length <= postTotalCaps.filtered) {
      matched = matches.length;
      where = sql`${posts.id} = any(${sql.param(matches.map((m) => m.id))}::int[])`;
    } else {
      matched = postTotalCaps.filtered;
    }
  }
  const order =
    query.sort === 'popular'
      ? popularOrder
      : own
        ? [sql`coalesce(${posts.publishedAt}, ${posts.createdAt}) desc`, desc(posts.id)]
        : recentOrder;
  const [rows, total] = await Promise.all([
    db
      .select(summaryColumns(viewer.id))
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    // Counted only for an author's list (a tag or a text counted its matches above).
    matched ?? totals.get(db, `author:${query.authorId}:${own}`, () => countOf(db, where)),
  ]);
  return { data: (rows as PostSummaryRow[]).map(presentPostSummary), meta: paginationMeta(total, query) };
}
