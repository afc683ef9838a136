CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
-- Search, second version (issue 7, measured on 100,000 missions): a word-similarity test on every
-- candidate row cost ~60 µs a row (1–2 s for a typo matching thousands of rows). Now a misspelt
-- word is first corrected against `search_words` (the vocabulary, a few thousand words), then the
-- stored `search_vector` answers the full-text query through its GIN index, and ranks.
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);--> statement-breakpoint

CREATE OR REPLACE FUNCTION closia_index_words(content text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(content, '[^[:alnum:]]+') AS w WHERE length(w) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION closia_services_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := closia_search_text(NEW.name, NEW.description);
  NEW.search_vector := to_tsvector('french', NEW.search_text);
  PERFORM closia_index_words(NEW.search_text);
  RETURN NEW;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION closia_missions_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := closia_search_text(
    NEW.title,
    coalesce(NEW.description, ''),
    coalesce((SELECT name FROM services WHERE id = NEW.service_id), '')
  );
  NEW.search_vector := to_tsvector('french', NEW.search_text);
  PERFORM closia_index_words(NEW.search_text);
  RETURN NEW;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION closia_profiles_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := closia_search_text(
    coalesce((SELECT first_name || ' ' || last_name FROM users WHERE id = NEW.user_id), ''),
    coalesce(NEW.description, ''),
    array_to_string(NEW.skills, ' ')
  );
  NEW.search_vector := to_tsvector('french', NEW.search_text);
  PERFORM closia_index_words(NEW.search_text);
  RETURN NEW;
END $$;--> statement-breakpoint

-- Renames go through the rows' own triggers, which rebuild text, vector and words.
CREATE OR REPLACE FUNCTION closia_services_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE missions SET service_id = service_id WHERE service_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION closia_users_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET user_id = user_id WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint

UPDATE services SET name = name;--> statement-breakpoint
UPDATE missions SET title = title;--> statement-breakpoint
UPDATE profiles SET description = description;--> statement-breakpoint

DROP INDEX IF EXISTS services_search_fts_idx;--> statement-breakpoint
DROP INDEX IF EXISTS services_search_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS missions_search_fts_idx;--> statement-breakpoint
DROP INDEX IF EXISTS missions_search_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS profiles_search_fts_idx;--> statement-breakpoint
DROP INDEX IF EXISTS profiles_search_trgm_idx;--> statement-breakpoint
CREATE INDEX services_search_idx ON services USING gin (search_vector);--> statement-breakpoint
CREATE INDEX missions_search_idx ON missions USING gin (search_vector);--> statement-breakpoint
CREATE INDEX profiles_search_idx ON profiles USING gin (search_vector);
