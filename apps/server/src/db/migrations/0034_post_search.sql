CREATE TABLE "post_search" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"like_count" integer NOT NULL,
	"tags" text[] NOT NULL,
	"search_vector" "tsvector"
);
--> statement-breakpoint
ALTER TABLE "post_search" ADD CONSTRAINT "post_search_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_search_recent_idx" ON "post_search" USING btree ("published_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_search_popular_idx" ON "post_search" USING btree ("like_count" DESC NULLS LAST,"published_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_search_vector_idx" ON "post_search" USING gin ("search_vector");--> statement-breakpoint

-- One narrow row per public post (published, not hidden, with its date: the rows of post_tags),
-- kept by every writer of posts (the API, the seed, the bench generator). `title` and `content` are
-- in the list because the search trigger (BEFORE) rewrites `search_vector` when they change, and an
-- UPDATE OF list names the statement's columns, not those a trigger set.
CREATE OR REPLACE FUNCTION closia_post_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.tags IS NOT DISTINCT FROM OLD.tags AND NEW.status IS NOT DISTINCT FROM OLD.status
     AND NEW.hidden_at IS NOT DISTINCT FROM OLD.hidden_at
     AND NEW.published_at IS NOT DISTINCT FROM OLD.published_at
     AND NEW.like_count IS NOT DISTINCT FROM OLD.like_count
     AND NEW.search_vector IS NOT DISTINCT FROM OLD.search_vector THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'published' AND NEW.hidden_at IS NULL AND NEW.published_at IS NOT NULL THEN
    INSERT INTO post_search (post_id, published_at, like_count, tags, search_vector)
      VALUES (NEW.id, NEW.published_at, NEW.like_count, NEW.tags, NEW.search_vector)
      ON CONFLICT (post_id) DO UPDATE
        SET published_at = EXCLUDED.published_at, like_count = EXCLUDED.like_count,
            tags = EXCLUDED.tags, search_vector = EXCLUDED.search_vector;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM post_search WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER post_search_sync
  AFTER INSERT OR UPDATE OF tags, status, hidden_at, published_at, like_count, search_vector, title, content
  ON posts FOR EACH ROW EXECUTE FUNCTION closia_post_search();--> statement-breakpoint
INSERT INTO post_search (post_id, published_at, like_count, tags, search_vector)
  SELECT id, published_at, like_count, tags, search_vector FROM posts
   WHERE status = 'published' AND hidden_at IS NULL AND published_at IS NOT NULL;
--> statement-breakpoint
-- Its statistics at once: without them the first plans guessed until autovacuum came by.
ANALYZE post_search;
