-- Full-text and fuzzy search (used by search features); PGlite loads them from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
