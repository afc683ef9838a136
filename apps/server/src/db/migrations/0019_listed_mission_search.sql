CREATE TABLE "listed_mission_words" (
	"mission_id" integer PRIMARY KEY NOT NULL,
	"words" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listed_mission_words" ADD CONSTRAINT "listed_mission_words_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listed_mission_words_idx" ON "listed_mission_words" USING gin ("words");--> statement-breakpoint
-- A text search read the wide mission rows (~1.5 KB each with the search text and vector) to test
-- the text: a broad word was a sequential scan of 155 MB on 100,000 missions (250–550 ms, the table
-- being out of the shared buffers). The words of the listed missions only, without positions (the
-- search's queries use no phrase nor weight, so `strip` changes no match; the relevance rank still
-- reads `missions.search_vector`, for at most 2,000 rows), are 23 MB: their matches are found here
-- and joined by id to the covering index of the filters (below). Kept in the writing
-- transaction by the trigger below; `listed` and `search_vector` are set by the BEFORE trigger
-- missions_search, so the AFTER trigger sees their final values. A deleted mission's row goes by
-- the cascade.
CREATE OR REPLACE FUNCTION closia_listed_mission_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.listed AND NEW.search_vector IS NOT NULL THEN
    INSERT INTO listed_mission_words (mission_id, words) VALUES (NEW.id, strip(NEW.search_vector))
      ON CONFLICT (mission_id) DO UPDATE SET words = EXCLUDED.words;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM listed_mission_words WHERE mission_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER missions_listed_words_insert AFTER INSERT ON missions
  FOR EACH ROW WHEN (NEW.listed) EXECUTE FUNCTION closia_listed_mission_words();--> statement-breakpoint
CREATE TRIGGER missions_listed_words_update AFTER UPDATE ON missions
  FOR EACH ROW WHEN (
    OLD.listed IS DISTINCT FROM NEW.listed OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
  ) EXECUTE FUNCTION closia_listed_mission_words();--> statement-breakpoint
INSERT INTO listed_mission_words (mission_id, words)
  SELECT id, strip(search_vector) FROM missions WHERE listed AND search_vector IS NOT NULL;
--> statement-breakpoint
-- The mission search filters listed missions by type, minimums, price, sectors, financing and
-- certifications, and "pour moi" scores them (lib/matching.ts); a text search joins its matches
-- (listed_mission_words) to it by id and counts them per offer and type. Migration 0011's covering index
-- held the score's columns but not the offer filters': a "pour moi" search with a price or a
-- financing method read the wide rows (~1.5 KB each, with the search text and vector) of every
-- mission of a sector, 15,000 heap pages for 1,500 matches (625 ms on 100,000 missions, with the
-- table out of the shared buffers). The same index with the offer's columns answers every filter
-- but the text from the index alone (37 ms, no heap fetch); it replaces 0011's.
CREATE INDEX missions_listed_filter_idx ON missions (mission_type, published_at DESC, id DESC)
  INCLUDE (min_conversion_rate, min_experience, offer_sectors, mentioned_skills, offer_price,
    offer_financing, offer_certifications, service_id)
  WHERE listed;--> statement-breakpoint
DROP INDEX missions_listed_match_idx;--> statement-breakpoint
-- Newest first (the default order) with any filter but the text: walked from the index alone
-- instead of testing each row's offer columns on the table (replaces 0007's narrow index).
CREATE INDEX missions_listed_newest_filter_idx ON missions (published_at DESC, id DESC)
  INCLUDE (mission_type, min_conversion_rate, min_experience, offer_sectors, offer_price,
    offer_financing, offer_certifications)
  WHERE listed;--> statement-breakpoint
DROP INDEX missions_listed_newest_idx;
--> statement-breakpoint
-- The same columns by id: a rare word's few matches (listed_mission_words, above) are
-- looked up one by one from the index alone, instead of joining them to a scan of every listed
-- mission's entry (83,000 without a type filter: 18 ms → 280 ms under load without this index).
CREATE INDEX missions_listed_by_id_idx ON missions (id)
  INCLUDE (mission_type, service_id, published_at, min_conversion_rate, min_experience,
    offer_sectors, mentioned_skills, offer_price, offer_financing, offer_certifications)
  WHERE listed;
