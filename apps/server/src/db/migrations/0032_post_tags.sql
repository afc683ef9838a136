CREATE TABLE "post_tags" (
	"tag" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"post_id" integer NOT NULL,
	CONSTRAINT "post_tags_tag_published_at_post_id_pk" PRIMARY KEY("tag","published_at","post_id")
);
--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_tags_post_idx" ON "post_tags" USING btree ("post_id");--> statement-breakpoint

-- One row per tag of each public post (published, not hidden), kept by every writer of posts (the
-- API, moderation, the seed, the bench generator): the feed filtered by a tag reads this index alone.
CREATE OR REPLACE FUNCTION closia_post_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.tags IS NOT DISTINCT FROM OLD.tags AND NEW.status IS NOT DISTINCT FROM OLD.status
       AND NEW.hidden_at IS NOT DISTINCT FROM OLD.hidden_at
       AND NEW.published_at IS NOT DISTINCT FROM OLD.published_at THEN
      RETURN NULL;
    END IF;
    DELETE FROM post_tags WHERE post_id = OLD.id;
  END IF;
  IF NEW.status = 'published' AND NEW.hidden_at IS NULL AND NEW.published_at IS NOT NULL THEN
    INSERT INTO post_tags (tag, published_at, post_id)
      SELECT DISTINCT tag, NEW.published_at, NEW.id FROM unnest(NEW.tags) AS tag;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER post_tags_sync AFTER INSERT OR UPDATE OF tags, status, hidden_at, published_at ON posts
  FOR EACH ROW EXECUTE FUNCTION closia_post_tags();--> statement-breakpoint
INSERT INTO post_tags (tag, published_at, post_id)
  SELECT DISTINCT tag, p.published_at, p.id FROM posts p, unnest(p.tags) AS tag
   WHERE p.status = 'published' AND p.hidden_at IS NULL AND p.published_at IS NOT NULL;
