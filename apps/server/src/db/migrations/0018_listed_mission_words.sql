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
-- and joined by id to the covering index of the filters (migration 0017). Kept in the writing
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
