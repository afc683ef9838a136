import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { emptyIntArray, emptyTextArray, timestamps, tsvector } from './columns';
import { users } from './users';

/** A training offer ("infopreneur formation"). */
export const services = pgTable(
  'services',
  {
    id: serial().primaryKey(),
    infopreneurId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull(),
    price: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text().notNull().default('EUR'),
    commissionRate: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    financingMethods: text().array().notNull().default(emptyTextArray),
    link: text().notNull(),
    /** Length of the training, in hours. */
    duration: integer().notNull(),
    requestValidation: boolean().notNull().default(false),
    location: text(),
    locationType: text().notNull(),
    certifications: text().array().notNull().default(emptyTextArray),
    workSectorIds: integer().array().notNull().default(emptyIntArray),
    /** Activity status: active | under_review | paused. */
    status: text().notNull().default('active'),
    /** Review status: not_submitted | pending_review | approved | rejected. */
    validationStatus: text().notNull().default('not_submitted'),
    rejectionReason: text(),
    /** When the review decision was taken (approved or rejected). */
    reviewedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    /** Unaccented, lower-cased name + description, kept by a trigger (migration 0004); full-text and trigram indexed. */
    searchText: text().notNull().default(''),
    /** to_tsvector('french', search_text), kept by the same triggers; GIN indexed. */
    searchVector: tsvector(),
    ...timestamps,
  },
  (t) => [
    index('services_infopreneur_idx').on(t.infopreneurId),
    index('services_visible_idx').on(t.validationStatus, t.status),
  ],
);

export const missions = pgTable(
  'missions',
  {
    id: serial().primaryKey(),
    infopreneurId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    /** Profile sought: setter | closer | setter_closer. */
    missionType: text().notNull(),
    minConversionRate: numeric({ precision: 5, scale: 2, mode: 'number' }),
    /** Minimum experience in years. */
    minExperience: integer(),
    /** The setter's share of a sale's commission when a setter and a closer both worked it (percent). */
    setterSharePercent: integer().notNull().default(30),
    /** Average deal size the freelancer will handle, in EUR. */
    ticket: numeric({ precision: 12, scale: 2, mode: 'number' }),
    /** Item lifecycle: draft | published | archived | deleted. */
    status: text().notNull().default('draft'),
    /** Hiring state: open | in_progress | filled | closed. */
    missionStatus: text().notNull().default('open'),
    publishedAt: timestamp({ withTimezone: true }),
    /**
     * Copies of the offer's searchable fields and whether the mission is listed (published, open,
     * on an approved, active, undeleted offer), kept by triggers (migration 0007): the mission
     * search filters and sorts on this table alone, through its partial indexes.
     */
    listed: boolean().notNull().default(false),
    offerPrice: numeric({ precision: 12, scale: 2, mode: 'number' }),
    offerCommissionRate: numeric({ precision: 5, scale: 2, mode: 'number' }),
    /** price × rate ÷ 100: what a sale earns the seller. */
    offerCommission: numeric({ precision: 14, scale: 4, mode: 'number' }),
    offerSectors: integer().array().notNull().default(emptyIntArray),
    offerFinancing: text().array().notNull().default(emptyTextArray),
    offerCertifications: text().array().notNull().default(emptyTextArray),
    /** The catalogue's skills that the mission's text names, kept by its trigger (migration 0009). */
    mentionedSkills: text().array().notNull().default(emptyTextArray),
    /** Unaccented, lower-cased title + description + offer name, kept by triggers (migration 0004). */
    searchText: text().notNull().default(''),
    /** to_tsvector('french', search_text), kept by the same triggers; GIN indexed. */
    searchVector: tsvector(),
    ...timestamps,
  },
  (t) => [
    index('missions_infopreneur_idx').on(t.infopreneurId),
    index('missions_service_idx').on(t.serviceId),
    index('missions_listing_idx').on(t.status, t.missionStatus),
  ],
);

/**
 * How many listed missions each offer has, per mission type, kept by a trigger on `missions`
 * (migration 0014): the mission search counts its facets and total over these ≤ 3 rows per offer
 * instead of every listed mission, whenever its filters are the offer's and the type (no text, not
 * "pour moi").
 */
export const listedMissionCounts = pgTable(
  'listed_mission_counts',
  {
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    missionType: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.missionType] })],
);

/**
 * The words of each listed mission (its `search_vector`), kept by a trigger on `missions`
 * (migrations listed_mission_search, mission_search_sorts). The mission search finds and ranks a
 * text's matches here — 46 MB with its index instead of the missions' 155 MB of wide rows on
 * 100,000 missions — and joins them by id to the covering index of the listed missions' filter
 * columns.
 */
export const listedMissionWords = pgTable(
  'listed_mission_words',
  {
    missionId: integer()
      .primaryKey()
      .references(() => missions.id, { onDelete: 'cascade' }),
    words: tsvector().notNull(),
  },
  (t) => [index('listed_mission_words_idx').using('gin', t.words)],
);

/** A freelancer's application (candidature) to a mission. */
export const applications = pgTable(
  'applications',
  {
    id: serial().primaryKey(),
    missionId: integer()
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text(),
    /** pending | accepted | declined | withdrawn */
    status: text().notNull().default('pending'),
    decidedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('applications_mission_user_unique').on(t.missionId, t.userId),
    index('applications_mission_status_idx').on(t.missionId, t.status),
    index('applications_user_idx').on(t.userId),
  ],
);

export const advertisements = pgTable(
  'advertisements',
  {
    id: serial().primaryKey(),
    infopreneurId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer().references(() => services.id, { onDelete: 'cascade' }),
    missionId: integer().references(() => missions.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    text: text().notNull(),
    image: text(),
    targetWorkSectorIds: integer().array().notNull().default(emptyIntArray),
    targetRole: text(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: text().notNull().default('draft'),
    impressions: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('advertisements_infopreneur_idx').on(t.infopreneurId)],
);
