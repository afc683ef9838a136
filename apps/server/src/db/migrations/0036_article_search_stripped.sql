-- The public lists' text search tests `article_search.search_vector` without positions or weights
-- (`strip`): they match the same queries (`lib/text-search.ts` writes no phrase and no weight) and
-- the lists order by date, not by rank. A whole vector is ~2.9 kB, kept out of line (TOAST): the
-- planner, which does not count that, read the table whole and unpacked every vector (13–14 ms at
-- 4,900 articles). Stripped it is ~0.8 kB, inline: the same scan costs 2.6–3.2 ms (ADR 023).
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
      VALUES (NEW.id, NEW.kind, NEW.category, NEW.tags, NEW.published_at, strip(NEW.search_vector))
      ON CONFLICT (article_id) DO UPDATE
        SET kind = EXCLUDED.kind, category = EXCLUDED.category, tags = EXCLUDED.tags,
            published_at = EXCLUDED.published_at, search_vector = EXCLUDED.search_vector;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE article_search s SET search_vector = strip(a.search_vector) FROM articles a WHERE a.id = s.article_id;
--> statement-breakpoint
ANALYZE article_search;
