CREATE TABLE "webinar_search" (
	"webinar_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"language" text NOT NULL,
	"free" boolean NOT NULL,
	"search_vector" "tsvector"
);
--> statement-breakpoint
ALTER TABLE "webinar_search" ADD CONSTRAINT "webinar_search_webinar_id_webinars_id_fk" FOREIGN KEY ("webinar_id") REFERENCES "public"."webinars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webinar_search_start_idx" ON "webinar_search" USING btree ("start_time","webinar_id","ends_at");--> statement-breakpoint
CREATE INDEX "webinar_search_owner_idx" ON "webinar_search" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "webinar_search_vector_idx" ON "webinar_search" USING gin ("search_vector");--> statement-breakpoint

-- One narrow row per webinar, kept by every writer of webinars (the API, the seed, the bench
-- generator). `title`, `description`, `target_audience` and `speakers` are in the list because
-- the search trigger (BEFORE) rewrites `search_vector` when they change, and an UPDATE OF list
-- names the statement's columns, not those a trigger set.
CREATE OR REPLACE FUNCTION closia_webinar_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.user_id IS NOT DISTINCT FROM OLD.user_id
     AND NEW.start_time IS NOT DISTINCT FROM OLD.start_time
     AND NEW.duration_minutes IS NOT DISTINCT FROM OLD.duration_minutes
     AND NEW.language IS NOT DISTINCT FROM OLD.language AND NEW.price IS NOT DISTINCT FROM OLD.price
     AND NEW.search_vector IS NOT DISTINCT FROM OLD.search_vector THEN
    RETURN NULL;
  END IF;
  INSERT INTO webinar_search (webinar_id, user_id, start_time, ends_at, language, free, search_vector)
    VALUES (NEW.id, NEW.user_id, NEW.start_time, NEW.start_time + NEW.duration_minutes * interval '1 minute',
            NEW.language, NEW.price = 0, NEW.search_vector)
    ON CONFLICT (webinar_id) DO UPDATE
      SET user_id = EXCLUDED.user_id, start_time = EXCLUDED.start_time, ends_at = EXCLUDED.ends_at,
          language = EXCLUDED.language, free = EXCLUDED.free, search_vector = EXCLUDED.search_vector;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER webinar_search_sync
  AFTER INSERT OR UPDATE OF user_id, start_time, duration_minutes, language, price, search_vector,
    title, description, target_audience, speakers
  ON webinars FOR EACH ROW EXECUTE FUNCTION closia_webinar_search();--> statement-breakpoint
INSERT INTO webinar_search (webinar_id, user_id, start_time, ends_at, language, free, search_vector)
  SELECT id, user_id, start_time, start_time + duration_minutes * interval '1 minute', language, price = 0,
         search_vector FROM webinars;
--> statement-breakpoint
-- Its statistics at once: without them the first plans guessed until autovacuum came by.
ANALYZE webinar_search;
