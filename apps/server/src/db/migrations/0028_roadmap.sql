ALTER TABLE "road_map_items" ALTER COLUMN "description" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "road_map_items" ALTER COLUMN "description" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "road_map_items" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "road_map_items" ADD COLUMN "vote_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "road_map_items" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "road_map_items" ADD COLUMN "declined_reason" text;--> statement-breakpoint
ALTER TABLE "road_map_items" ADD COLUMN "suggested_by_id" integer;--> statement-breakpoint
ALTER TABLE "road_map_items" ADD CONSTRAINT "road_map_items_suggested_by_id_users_id_fk" FOREIGN KEY ("suggested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "road_map_items_votes_idx" ON "road_map_items" USING btree ("status","vote_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "road_map_items_suggested_by_idx" ON "road_map_items" USING btree ("suggested_by_id");--> statement-breakpoint
CREATE INDEX "road_map_votes_user_idx" ON "road_map_votes" USING btree ("user_id");--> statement-breakpoint
-- hand-written:
-- The placeholder table named a shipped idea `shipped`; the road map calls it `done`.
UPDATE road_map_items SET status = 'done', shipped_at = coalesce(shipped_at, updated_at) WHERE status = 'shipped';--> statement-breakpoint

-- The votes of an idea, kept by every writer (the API, the seed, a deleted account's cascade).
CREATE OR REPLACE FUNCTION closia_road_map_vote_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE road_map_items SET vote_count = vote_count + 1 WHERE id = NEW.item_id;
  ELSE
    UPDATE road_map_items SET vote_count = vote_count - 1 WHERE id = OLD.item_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER road_map_vote_count AFTER INSERT OR DELETE ON road_map_votes
  FOR EACH ROW EXECUTE FUNCTION closia_road_map_vote_count();--> statement-breakpoint
UPDATE road_map_items i SET vote_count = (SELECT count(*) FROM road_map_votes v WHERE v.item_id = i.id);
