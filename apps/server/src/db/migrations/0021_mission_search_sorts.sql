-- Sorted by price, commission or commission rate, the mission search walked 0007's narrow sort
-- indexes and tested every other filter on the table's wide rows (~1.5 KB each): a price range
-- sorted by commission (the two go together, so the walk passes most missions before a page is
-- full) read 55,000 rows from the heap, 160–310 ms on 100,000 missions. The same indexes hold the
-- filter columns, as the newest-first one does (0019), so that these walks read the index alone.
DROP INDEX missions_listed_price_idx;--> statement-breakpoint
CREATE INDEX missions_listed_price_idx ON missions (offer_price, id)
  INCLUDE (mission_type, offer_sectors, offer_financing, offer_certifications)
  WHERE listed;--> statement-breakpoint
DROP INDEX missions_listed_commission_idx;--> statement-breakpoint
CREATE INDEX missions_listed_commission_idx ON missions (offer_commission, id)
  INCLUDE (mission_type, offer_sectors, offer_price, offer_financing, offer_certifications)
  WHERE listed;--> statement-breakpoint
DROP INDEX missions_listed_rate_idx;--> statement-breakpoint
CREATE INDEX missions_listed_rate_idx ON missions (offer_commission_rate, id)
  INCLUDE (mission_type, offer_sectors, offer_price, offer_financing, offer_certifications)
  WHERE listed;--> statement-breakpoint
-- A text query's matches are sorted by id lookups in this index: with the commissions too, every
-- sort reads it alone (0019's lacked them, so a sort by commission read the wide rows).
DROP INDEX missions_listed_by_id_idx;--> statement-breakpoint
CREATE INDEX missions_listed_by_id_idx ON missions (id)
  INCLUDE (mission_type, service_id, published_at, min_conversion_rate, min_experience,
    offer_sectors, mentioned_skills, offer_price, offer_commission, offer_commission_rate,
    offer_financing, offer_certifications)
  WHERE listed;--> statement-breakpoint
-- Relevance (`ts_rank`) reads the positions of the words: listed_mission_words now keeps the whole
-- `search_vector` (0019 kept it stripped), so that a text query is matched and ranked in this
-- table alone — ranking up to 2,000 matches read as many wide mission rows (40 ms for 1,400). The
-- matches are the same (the search's queries use no weight nor phrase).
CREATE OR REPLACE FUNCTION closia_listed_mission_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.listed AND NEW.search_vector IS NOT NULL THEN
    INSERT INTO listed_mission_words (mission_id, words) VALUES (NEW.id, NEW.search_vector)
      ON CONFLICT (mission_id) DO UPDATE SET words = EXCLUDED.words;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM listed_mission_words WHERE mission_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP INDEX listed_mission_words_idx;--> statement-breakpoint
TRUNCATE listed_mission_words;--> statement-breakpoint
INSERT INTO listed_mission_words (mission_id, words)
  SELECT id, search_vector FROM missions WHERE listed AND search_vector IS NOT NULL;--> statement-breakpoint
CREATE INDEX listed_mission_words_idx ON listed_mission_words USING gin (words);
--> statement-breakpoint
-- The facets of a search without text (filters on the offer and the type only) read every row of
-- listed_mission_counts and the offers' arrays: the counts, updated at every listing change, had
-- grown to 467 pages for 6,000 rows on the bench's 100,000 missions (each update a new row version
-- on another page), and `services` is read whole for three arrays (300 pages of wide rows): 774
-- pages a request, 46 ms. With room left on each page the counts' updates stay on it (HOT, the
-- count is in no index), and the offers' arrays are read from an index: 102 pages, 10 ms.
ALTER TABLE listed_mission_counts SET (fillfactor = 50);--> statement-breakpoint
TRUNCATE listed_mission_counts;--> statement-breakpoint
INSERT INTO listed_mission_counts (service_id, mission_type, n)
  SELECT service_id, mission_type, count(*)::int FROM missions WHERE listed GROUP BY 1, 2;--> statement-breakpoint
CREATE INDEX services_facets_idx ON services (id)
  INCLUDE (price, work_sector_ids, financing_methods, certifications);
