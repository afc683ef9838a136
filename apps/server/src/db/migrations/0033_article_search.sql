CREATE TABLE "article_search" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"tags" text[] NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"search_vector" "tsvector"
);
--> statement-breakpoint
ALTER TABLE "article_search" ADD CONSTRAINT "article_search_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_search_category_idx" ON "article_search" USING btree ("category","kind");--> statement-breakpoint
CREATE INDEX "article_search_tags_idx" ON "article_search" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "article_search_vector_idx" ON "article_search" USING gin ("search_vector");--> statement-breakpoint

-- One narrow row per article that is not a draft, kept by every writer of articles (the API, the
-- seed, the bench generator): the public lists filtered by a category, a tag or a text find their
-- matches here instead of reading each match's wide row. `title`, `description` and `body` are in
-- the list because the search trigger (BEFORE) rewrites `search_vector` when they change, and an
-- UPDATE OF list names the statement's columns, not those a trigger set.
CREATE OR REPLACE FUNCTION closia_article_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.kind IS NOT DISTINCT FROM OLD.kind AND NEW.category IS NOT DISTINCT FROM OLD.category
     AND NEW.tags IS NOT DISTINCT FROM OLD.tags AND NEW.status IS NOT DISTINCT FROM OLD.status
     AND NEW.published_at IS NOT DISTINCT FROM OLD.published_at
     AND NEW.search_vector IS NOT DISTINCT FROM OLD.search_vector THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'draft' OR NEW.published_at IS NULL THEN
    DELETE FROM article_search WHERE article_id = NEW.id;
  ELSE
    INSERT INTO article_search (article_id, kind, category, tags, published_at, search_vector)
      VALUES (NEW.id, NEW.kind, NEW.category, NEW.tags, NEW.published_at, NEW.search_vector)
      ON CONFLICT (article_id) DO UPDATE
        SET kind = EXCLUDED.kind, category = EXCLUDED.category, tags = EXCLUDED.tags,
            published_at = EXCLUDED.published_at, search_vector = EXCLUDED.search_vector;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER article_search_sync
  AFTER INSERT OR UPDATE OF kind, category, tags, status, published_at, search_vector, title, description, body
  ON articles FOR EACH ROW EXECUTE FUNCTION closia_article_search();--> statement-breakpoint
INSERT INTO article_search (article_id, kind, category, tags, published_at, search_vector)
  SELECT id, kind, category, tags, published_at, search_vector FROM articles
   WHERE status <> 'draft' AND published_at IS NOT NULL;
--> statement-breakpoint
-- Its statistics at once: without them the first plans guessed (a text search walked an index
-- whole and tested every vector) until autovacuum came by.
ANALYZE article_search;
