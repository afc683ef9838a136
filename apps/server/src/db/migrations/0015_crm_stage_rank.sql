ALTER TABLE "deals" ADD COLUMN "history_stage_rank" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The stats' funnel (modules/stats/stats.service.ts): a deal reached a stage when its current stage
-- or its status history shows that stage or a later one. The history's part is kept here, on write,
-- in the transaction that inserts the history rows (one statement-level trigger: a bulk insert
-- updates each deal once). History rows are never updated; deleting a deal deletes its rows.
CREATE FUNCTION "deal_histories_stage_rank"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "deals" d SET "history_stage_rank" = r.rank
  FROM (
    SELECT "deal_id", max(array_position(
      array['Prospecting','Qualification','Closing','Role','Onboarding','FollowUp','Closed']::text[],
      "to_value"))::smallint AS rank
    FROM inserted WHERE "field" = 'status' GROUP BY "deal_id"
  ) r
  WHERE d."id" = r."deal_id" AND r.rank > d."history_stage_rank";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deal_histories_stage_rank" AFTER INSERT ON "deal_histories"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "deal_histories_stage_rank"();
--> statement-breakpoint
UPDATE "deals" d SET "history_stage_rank" = r.rank
FROM (
  SELECT "deal_id", max(array_position(
    array['Prospecting','Qualification','Closing','Role','Onboarding','FollowUp','Closed']::text[],
    "to_value"))::smallint AS rank
  FROM "deal_histories" WHERE "field" = 'status' GROUP BY "deal_id"
) r
WHERE d."id" = r."deal_id" AND r.rank > 0;
