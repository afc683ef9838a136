CREATE TABLE "article_facet_counts" (
	"kind" text NOT NULL,
	"facet" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "article_facet_counts_facet_key_kind_pk" PRIMARY KEY("facet","key","kind")
);
--> statement-breakpoint

-- The rows of `article_search` counted per kind and category and per kind and tag, kept like
-- `article_counts` (0038) through the trigger that keeps `article_search` (0033): an insert, a
-- deletion, and a change of kind, category or tags. A tag written twice counts once.
CREATE OR REPLACE FUNCTION closia_article_facet_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE article_facet_counts SET n = n - 1
     WHERE kind = OLD.kind
       AND ((facet = 'category' AND key = OLD.category) OR (facet = 'tag' AND key = ANY (OLD.tags)));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO article_facet_counts (kind, facet, key, n)
      SELECT NEW.kind, 'category', NEW.category, 1
      UNION ALL SELECT DISTINCT NEW.kind, 'tag', t, 1 FROM unnest(NEW.tags) AS t
      ON CONFLICT (facet, key, kind) DO UPDATE SET n = article_facet_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER article_facet_counts_sync
  AFTER INSERT OR DELETE ON article_search FOR EACH ROW EXECUTE FUNCTION closia_article_facet_counts();--> statement-breakpoint
CREATE TRIGGER article_facet_counts_change
  AFTER UPDATE OF kind, category, tags ON article_search
  FOR EACH ROW WHEN (
    OLD.kind IS DISTINCT FROM NEW.kind OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.tags IS DISTINCT FROM NEW.tags
  ) EXECUTE FUNCTION closia_article_facet_counts();--> statement-breakpoint
INSERT INTO article_facet_counts (kind, facet, key, n)
  SELECT kind, 'category', category, count(*)::int FROM article_search GROUP BY kind, category
  UNION ALL
  SELECT kind, 'tag', t, count(*)::int
    FROM (SELECT DISTINCT s.article_id, s.kind, t FROM article_search s, unnest(s.tags) AS t) d
   GROUP BY kind, t;
