import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { emptyIntArray, emptyTextArray, timestamps, tsvector } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** Stored lower-cased; unique. */
    email: text().notNull(),
    passwordHash: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    admin: boolean().notNull().default(false),
    suspendedAt: timestamp({ withTimezone: true }),
    /** Role chosen at registration: setter | closer | infopreneur | setter-closer. */
    role: text(),
    profilePicture: text(),
    banner: text(),
    socialLinks: text().array().notNull().default(emptyTextArray),
    videoUrl: text(),
    loom: text(),
    location: text(),
    /** `location` unaccented and lower-cased, kept by a trigger (migration 0009), for the location filter. */
    locationKey: text().notNull().default(''),
    available: boolean().notNull().default(true),
    lastSeenAt: timestamp({ withTimezone: true }),
    /** The user's own referral code, given to others. */
    affiliationCode: text(),
    referrerId: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    googleId: text(),
    googleAccessToken: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_affiliation_code_unique').on(t.affiliationCode),
    uniqueIndex('users_google_id_unique').on(t.googleId),
  ],
);

/**
 * The four sub-profiles of spec §3 (setter, closer, setter-closer, infopreneur) in one table with a
 * `kind` discriminator: a user has at most one, and searching setters and closers is one query.
 * See docs/decisions/002-one-profiles-table.md.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(), // setter | closer | setter_closer | infopreneur
    description: text(),
    workSectorIds: integer().array().notNull().default(emptyIntArray),
    finishedProfileSetup: boolean().notNull().default(false),
    /** Onboarding step the user last completed, to resume there. */
    onboardingStep: text(),
    conversionRate: real(),
    experience: date(),
    skills: text().array().notNull().default(emptyTextArray),
    formations: jsonb().$type<{ name: string; link?: string | null }[]>().notNull().default([]),
    socialLinks: text().array().notNull().default(emptyTextArray),
    videoUrl: text(),
    /** Unaccented, lower-cased name + description + skills, kept by triggers (migration 0004). */
    searchText: text().notNull().default(''),
    /** to_tsvector('french', search_text), kept by the same triggers; GIN indexed. */
    searchVector: tsvector(),
    /**
     * Whether others find this freelancer (a finished setter/closer profile of a user not
     * suspended) and the user's availability, copied by triggers (migration 0014): the freelancer
     * search counts and ranks on `profiles` alone, through a covering partial index.
     */
    listed: boolean().notNull().default(false),
    available: boolean().notNull().default(false),
    /**
     * The skills unaccented and lower-cased, and the user's `location_key`, kept by triggers
     * (migration search_filter_keys): the skills and location filters compare them through GIN
     * indexes on the listed profiles, without unaccenting every row or joining the users.
     */
    skillKeys: text().array().notNull().default(emptyTextArray),
    locationKey: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('profiles_user_unique').on(t.userId), index('profiles_kind_idx').on(t.kind)],
);

export const userActivities = pgTable(
  'user_activities',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text().notNull(),
    description: text(),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_activities_user_idx').on(t.userId, t.createdAt.desc())],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie value: a leaked table does not yield usable cookies. */
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Single-use tokens: e-mail verification, password reset, e-mail change. Only the hash is stored. */
export const tokens = pgTable(
  'tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(), // email_verification | password_reset | email_change
    tokenHash: text().notNull(),
    /** For email_change: the new address. */
    payload: jsonb().$type<Record<string, unknown>>(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tokens_hash_unique').on(t.tokenHash),
    index('tokens_user_type_idx').on(t.userId, t.type),
  ],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** The action link the mail carries (verification, reset), for local use and tests. */
    link: text(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt.desc())],
);

export const favorites = pgTable(
  'favorites',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(), // user | mission | service
    targetId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favorites_unique').on(t.userId, t.kind, t.targetId)],
);

/**
 * `Idempotency-Key` of a signed-in caller's POST, kept 24 h: the answer given the first time is
 * given again to a retry with the same key and body (plugins/idempotency.ts). `status` null: the
 * request is running, or its outcome is unknown (the database went away after the write).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    fingerprint: text().notNull(),
    status: integer(),
    response: text(),
    contentType: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** A user as read from the database (private columns included: never sent as is). */
export type UserRow = typeof users.$inferSelect;
/** A sub-profile (setter, closer, setter-closer, infopreneur) as read from the database. */
export type ProfileRow = typeof profiles.$inferSelect;
