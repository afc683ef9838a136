-- The deals list (modules/deals/deals.service.ts `listDeals`): its default order (latest change first)
-- and the sort by expected close date, as walks of one seller's deals instead of a sort of all of them
-- (the heavy seller owns 20,000). The owner-or-setter list reads them as two walks merged.
CREATE INDEX "deals_owner_updated_idx" ON "deals" USING btree ("owner_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_owner_close_idx" ON "deals" USING btree ("owner_id","expected_close_date","id" DESC NULLS LAST);