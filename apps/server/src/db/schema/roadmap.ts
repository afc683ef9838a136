import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/**
 * The public road map (issue 22 §2, `modules/roadmap`): the team's ideas and the members'
 * suggestions. `status`: suggested (waiting for moderation) | planned | in_progress | done |
 * declined; only the middle three are public. The description is plain text (line breaks kept).
 */
export const roadMapItems = pgTable(
  'road_map_items',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    description: text().notNull().default(''),
    status: text().notNull().default('planned'),
    /** One of `roadmapCategories` (@closia/shared). */
    category: text().notNull().default('other'),
    /** Votes, kept by a trigger on `road_map_votes` (this table's migration), for the sort by votes. */
    voteCount: integer().notNull().default(0),
    /** When it went to `done` (cleared if it leaves it). */
    shippedAt: timestamp({ withTimezone: true }),
    /** Why it was declined (told to whoever suggested it). */
    declinedReason: text(),
    /** The member who suggested it; null for the team's own ideas (or a deleted account). */
    suggestedById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('road_map_items_votes_idx').on(t.status, t.voteCount.desc(), t.id.desc()),
    index('road_map_items_suggested_by_idx').on(t.suggestedById),
  ],
);

/** One vote per member and idea. */
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
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('road_map_votes_user_idx').on(t.userId)],
);
