import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { emptyTextArray, timestamps, tsvector } from './columns';
import { prospects } from './crm';
import { services } from './marketplace';
import { users } from './users';

export const webinars = pgTable(
  'webinars',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    startTime: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    timezone: text().notNull().default('Europe/Paris'),
    speakers: jsonb()
      .$type<{ name: string; photoUrl?: string | null; bio?: string | null }[]>()
      .notNull()
      .default([]),
    description: text().notNull(),
    agenda: jsonb()
      .$type<{ title: string; duration: number; description?: string | null }[]>()
      .notNull()
      .default([]),
    targetAudience: text(),
    platform: text(),
    platformUrl: text(),
    language: text().notNull().default('fr'),
    price: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    hasReplay: boolean().notNull().default(false),
    replayUrl: text(),
    interactiveElements: text().array().notNull().default(emptyTextArray),
    resources: jsonb().$type<{ title: string; url: string; type: string }[]>().notNull().default([]),
    isRegistrationOpen: boolean().notNull().default(true),
    /** Places; null: no limit. */
    capacity: integer(),
    /** The owner's approved offer that the webinar sells (its missions' setters may get the leads). */
    serviceId: integer().references(() => services.id, { onDelete: 'set null' }),
    /** keep | round_robin: who gets the registrants who agreed to be contacted. */
    leadMode: text().notNull().default('keep'),
    /** Registrations, kept by a trigger (migration 0025) for the lists and the capacity check. */
    registrationCount: integer().notNull().default(0),
    /** Title, description, speakers and audience unaccented (a trigger keeps them, as for missions). */
    searchText: text().notNull().default(''),
    searchVector: tsvector(),
    ...timestamps,
  },
  (t) => [
    // The tabs walk, count and search `webinar_search` (migration 0035), which has the indexes they
    // need; here only an owner's webinars (the plan's limits).
    index('webinars_owner_idx').on(t.userId, t.startTime),
  ],
);

export const webinarRegistrations = pgTable(
  'webinar_registrations',
  {
    webinarId: integer()
      .notNull()
      .references(() => webinars.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The RGPD consent to be contacted by the owner's sales team (an unticked box). */
    consentToContact: boolean().notNull().default(false),
    /** The personal join link's secret (`/w/{token}`). */
    joinToken: text().notNull(),
    /** First time the registrant went through their join link. */
    attendedAt: timestamp({ withTimezone: true }),
    /** The prospect this registration created, while it stands. */
    prospectId: integer().references(() => prospects.id, { onDelete: 'set null' }),
    /** When each reminder and the replay e-mail went to this registrant (each goes once). */
    reminded24hAt: timestamp({ withTimezone: true }),
    reminded1hAt: timestamp({ withTimezone: true }),
    replaySentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.webinarId, t.userId] }),
    uniqueIndex('webinar_registrations_token_idx').on(t.joinToken),
    index('webinar_registrations_user_idx').on(t.userId, t.webinarId),
  ],
);

/**
 * The webinars as narrow rows (kept by a trigger on `webinars`, migration 0035): every tab of
 * `/app/our-webinars` finds, counts and pages its webinars here — a searched tab's count read each
 * match's wide row in `webinars` (description, agenda, speakers: 3 kB) — and reads only its page's
 * rows from `webinars` (ADR 023).
 */
export const webinarSearch = pgTable(
  'webinar_search',
  {
    webinarId: integer()
      .primaryKey()
      .references(() => webinars.id, { onDelete: 'cascade' }),
    userId: integer().notNull(),
    startTime: timestamp({ withTimezone: true }).notNull(),
    /** `start_time` + `duration_minutes`. */
    endsAt: timestamp({ withTimezone: true }).notNull(),
    language: text().notNull(),
    /** `price` = 0. */
    free: boolean().notNull(),
    searchVector: tsvector(),
  },
  (t) => [
    // The tabs walk (start, id); the end beside them lets a tab's total count the index alone.
    index('webinar_search_start_idx').on(t.startTime, t.webinarId, t.endsAt),
    index('webinar_search_owner_idx').on(t.userId, t.startTime),
    index('webinar_search_vector_idx').using('gin', t.searchVector),
  ],
);

/** Community feed posts (`/app/posts`). */
export const posts = pgTable(
  'posts',
  {
    id: serial().primaryKey(),
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    /** The body as sanitised HTML (never what the client sent). */
    content: text().notNull(),
    coverImage: text(),
    tags: text().array().notNull().default(emptyTextArray),
    /** draft | published | archived. */
    status: text().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    /** Hidden by moderation: only its author and admins still see it. */
    hiddenAt: timestamp({ withTimezone: true }),
    /** Likes and visible comments, kept by triggers (migration 0025) for the feed and its "popular" sort. */
    likeCount: integer().notNull().default(0),
    commentCount: integer().notNull().default(0),
    searchText: text().notNull().default(''),
    searchVector: tsvector(),
    ...timestamps,
  },
  (t) => [
    index('posts_status_idx').on(t.status, t.publishedAt),
    index('posts_author_idx').on(t.authorId),
    // The feed's public posts only (the condition of `postIsPublic`): its pages walk them, and its
    // total counts them from the index alone (ADR 023).
    index('posts_feed_recent_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published' and ${t.hiddenAt} is null`),
    index('posts_feed_popular_idx')
      .on(t.likeCount.desc(), t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published' and ${t.hiddenAt} is null`),
    index('posts_tags_idx').using('gin', t.tags),
    index('posts_search_idx').using('gin', t.searchVector),
  ],
);

/**
 * The feed's public posts as narrow rows (kept by a trigger on `posts`, migration 0034): a feed
 * searched by text finds and orders its matches here — 26 MB at 100,000 posts where `posts` is
 * 130 MB — and reads only its page's rows from `posts` (ADR 023).
 */
export const postSearch = pgTable(
  'post_search',
  {
    postId: integer()
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    likeCount: integer().notNull(),
    tags: text().array().notNull(),
    searchVector: tsvector(),
  },
  (t) => [
    // The feed's two orders, as on `posts` (an ORDER BY must repeat their `nulls last`).
    index('post_search_recent_idx').on(t.publishedAt.desc(), t.postId.desc()),
    index('post_search_popular_idx').on(t.likeCount.desc(), t.publishedAt.desc(), t.postId.desc()),
    index('post_search_vector_idx').using('gin', t.searchVector),
  ],
);

/**
 * The tags of the feed's public posts, one row per tag (kept by a trigger on `posts`, migration
 * 0032): a feed filtered by tag counts and pages its posts from the index alone, newest first,
 * where the GIN index on `posts.tags` had to read each match's row (ADR 023).
 */
export const postTags = pgTable(
  'post_tags',
  {
    tag: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.tag, t.publishedAt, t.postId] }),
    index('post_tags_post_idx').on(t.postId),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

export const postComments = pgTable(
  'post_comments',
  {
    id: serial().primaryKey(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text. */
    body: text().notNull(),
    hiddenAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('post_comments_post_idx').on(t.postId, t.createdAt, t.id)],
);

/**
 * What users report for moderation (`kind`: post | comment; issue 23 adds profiles, missions,
 * messages). One report per reporter and target.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: serial().primaryKey(),
    reporterId: integer().references(() => users.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    targetId: integer().notNull(),
    reason: text().notNull(),
    /** open | dismissed | hidden */
    status: text().notNull().default('open'),
    resolvedById: integer().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_reports_once_idx').on(t.reporterId, t.kind, t.targetId),
    index('content_reports_status_idx').on(t.status, t.createdAt),
    index('content_reports_target_idx').on(t.kind, t.targetId),
  ],
);

/**
 * The durable job queue (`lib/jobs.ts`): work due at `runAt`, claimed by one instance at a time
 * with `FOR UPDATE SKIP LOCKED`, done once. `key` makes scheduling idempotent (one pending job
 * per key: rescheduling moves it).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    key: text(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    doneAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_key_idx').on(t.key),
    index('jobs_due_idx').on(t.runAt).where(sql`done_at is null`),
  ],
);
