import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** createdAt / updatedAt as every table carries them (UTC, with time zone). */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const emptyTextArray = sql`'{}'::text[]`;
export const emptyIntArray = sql`'{}'::integer[]`;

/**
 * A PostgreSQL `tsvector`, written by the search triggers (migration 0005) and only read in SQL
 * (`@@`, `ts_rank`): the application never maps its value.
 */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
