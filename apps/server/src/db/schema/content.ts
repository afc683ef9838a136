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
} from 'drizzle-orm/pg-core';
import { emptyTextArray, timestamps } from './columns';
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
    ...timestamps,
  },
  (t) => [index('webinars_start_idx').on(t.startTime)],
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.webinarId, t.userId] })],
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
    content: text().notNull(),
    coverImage: text(),
    tags: text().array().notNull().default(emptyTextArray),
    /** Item lifecycle: draft | published | archived | deleted. */
    status: text().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('posts_status_idx').on(t.status, t.publishedAt), index('posts_author_idx').on(t.authorId)],
);

export const supportTickets = pgTable('support_tickets', {
  id: serial().primaryKey(),
  userId: integer().references(() => users.id, { onDelete: 'set null' }),
  name: text().notNull(),
  email: text().notNull(),
  subject: text().notNull(),
  message: text().notNull(),
  /** open | answered | closed */
  status: text().notNull().default('open'),
  ...timestamps,
});

export const roadMapItems = pgTable('road_map_items', {
  id: serial().primaryKey(),
  title: text().notNull(),
  description: text(),
  /** planned | in_progress | shipped */
  status: text().notNull().default('planned'),
  ...timestamps,
});

export const roadMapVotes = pgTable(
  'road_map_votes',
  {
    itemId: integer()
      .notNull()
      .references(() => roadMapItems.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] })],
);
