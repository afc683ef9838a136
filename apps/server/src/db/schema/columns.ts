import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

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
