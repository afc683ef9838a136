-- The webinars' tabs read webinar_search (migration 0035) since then: these two indexes served only
-- them, and every write of a webinar still kept them (the GIN one most).
DROP INDEX "webinars_start_idx";--> statement-breakpoint
DROP INDEX "webinars_search_idx";
