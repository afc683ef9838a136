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
-- The same columns by id: a rare word's few matches (listed_mission_words, migration 0018) are
-- looked up one by one from the index alone, instead of joining them to a scan of every listed
-- mission's entry (83,000 without a type filter: 18 ms → 280 ms under load without this index).
CREATE INDEX missions_listed_by_id_idx ON missions (id)
  INCLUDE (mission_type, service_id, published_at, min_conversion_rate, min_experience,
    offer_sectors, mentioned_skills, offer_price, offer_financing, offer_certifications)
  WHERE listed;
