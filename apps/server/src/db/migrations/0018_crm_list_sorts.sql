ALTER TABLE "prospects" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "prospects_owner_created_idx" ON "prospects" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prospects_owner_name_idx" ON "prospects" USING btree ("owner_id","sort_name","id");--> statement-breakpoint
-- The prospects list (modules/prospects/prospects.service.ts): its text search reads `search_text`
-- (names, e-mail, phone, unaccented and lower-cased: closia_search_text of migration 0004) and its
-- sort by name `sort_name`, instead of unaccenting every row of the owner's prospects on each
-- request. Kept by a trigger so that every writer (the API, the import, the seed, the bench's
-- generator, SQL by hand) keeps them right.
CREATE OR REPLACE FUNCTION closia_prospects_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := closia_search_text(NEW.first_name, NEW.last_name, NEW.email, NEW.phone);
  NEW.sort_name := closia_search_text(NEW.first_name, NEW.last_name);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER prospects_search BEFORE INSERT OR UPDATE OF first_name, last_name, email, phone ON prospects
  FOR EACH ROW EXECUTE FUNCTION closia_prospects_search();--> statement-breakpoint
UPDATE prospects SET
  search_text = closia_search_text(first_name, last_name, email, phone),
  sort_name = closia_search_text(first_name, last_name);
--> statement-breakpoint
-- The deals list (modules/deals/deals.service.ts `listDeals`): its default order (latest change first)
-- and the sort by expected close date, as walks of one seller's deals instead of a sort of all of them
-- (the heavy seller owns 20,000). The owner-or-setter list reads them as two walks merged.
CREATE INDEX "deals_owner_updated_idx" ON "deals" USING btree ("owner_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_owner_close_idx" ON "deals" USING btree ("owner_id","expected_close_date","id" DESC NULLS LAST);