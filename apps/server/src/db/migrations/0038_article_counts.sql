CREATE TABLE "article_counts" (
	"kind" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint

-- The rows of `article_search` (the articles that are not drafts and have a publication time) counted
-- per kind, kept by every writer through the trigger that keeps `article_search` itself (0033): an
-- insert, a deletion (an article deleted, or back to draft) and a change of kind.
CREATE OR REPLACE FUNCTION closia_article_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE article_counts SET n = n - 1 WHERE kind = OLD.kind;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO article_counts (kind, n) VALUES (NEW.kind, 1)
      ON CONFLICT (kind) DO UPDATE SET n = article_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER article_counts_sync
  AFTER INSERT OR DELETE ON article_search FOR EACH ROW EXECUTE FUNCTION closia_article_counts();--> statement-breakpoint
CREATE TRIGGER article_counts_kind
  AFTER UPDATE OF kind ON article_search
  FOR EACH ROW WHEN (OLD.kind IS DISTINCT FROM NEW.kind) EXECUTE FUNCTION closia_article_counts();--> statement-breakpoint
INSERT INTO article_counts (kind, n) SELECT kind, count(*)::int FROM article_search GROUP BY kind;
