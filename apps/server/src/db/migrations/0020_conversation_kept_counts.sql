ALTER TABLE "conversation_participants" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_message_id" integer;--> statement-breakpoint
-- The conversation list (modules/messages/messages.service.ts) reads, per conversation, its last
-- message and the viewer's unread count. Both are kept here, on write, in the writing transaction,
-- so that the list is one indexed read of the page's rows:
-- - conversations.last_message_id: the greatest id among its messages (null without any);
-- - conversation_participants.unread_count: its messages not sent by the participant and created
--   after their last_read_at (all of them while it is null), the count lib/unread-messages.ts
--   defined. A message that comes or goes moves the count of each participant it is unread for by
--   one; a new last_read_at (or a new participant) counts again, from the index on
--   (conversation_id, created_at). The count runs with its own snapshot after the row lock, so a
--   message committed concurrently is counted once (by the count or by the +1 that waited).
CREATE FUNCTION "messages_keep_conversation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."conversation_id" IS NOT NULL THEN
    UPDATE "conversation_participants" p SET "unread_count" = p."unread_count" - 1
    WHERE p."conversation_id" = OLD."conversation_id"
      AND p."user_id" IS DISTINCT FROM OLD."sender_id"
      AND (p."last_read_at" IS NULL OR OLD."created_at" > p."last_read_at");
    UPDATE "conversations" c SET "last_message_id" =
      (SELECT max(m."id") FROM "messages" m WHERE m."conversation_id" = c."id")
    WHERE c."id" = OLD."conversation_id" AND c."last_message_id" = OLD."id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."conversation_id" IS NOT NULL THEN
    UPDATE "conversation_participants" p SET "unread_count" = p."unread_count" + 1
    WHERE p."conversation_id" = NEW."conversation_id"
      AND p."user_id" IS DISTINCT FROM NEW."sender_id"
      AND (p."last_read_at" IS NULL OR NEW."created_at" > p."last_read_at");
    UPDATE "conversations" c SET "last_message_id" = NEW."id"
    WHERE c."id" = NEW."conversation_id" AND (c."last_message_id" IS NULL OR c."last_message_id" < NEW."id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "messages_keep_conversation"
  AFTER INSERT OR DELETE OR UPDATE OF "conversation_id", "sender_id", "created_at" ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "messages_keep_conversation"();
--> statement-breakpoint
CREATE FUNCTION "conversation_participants_count_unread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."unread_count" := (
    SELECT count(*) FROM "messages" m
    WHERE m."conversation_id" = NEW."conversation_id"
      AND m."sender_id" IS DISTINCT FROM NEW."user_id"
      AND (NEW."last_read_at" IS NULL OR m."created_at" > NEW."last_read_at")
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conversation_participants_count_unread"
  BEFORE INSERT OR UPDATE OF "last_read_at", "conversation_id", "user_id" ON "conversation_participants"
  FOR EACH ROW EXECUTE FUNCTION "conversation_participants_count_unread"();
--> statement-breakpoint
UPDATE "conversations" c SET "last_message_id" = l."id"
FROM (SELECT "conversation_id", max("id") AS "id" FROM "messages" WHERE "conversation_id" IS NOT NULL GROUP BY "conversation_id") l
WHERE c."id" = l."conversation_id";
--> statement-breakpoint
UPDATE "conversation_participants" p SET "unread_count" = (
  SELECT count(*) FROM "messages" m
  WHERE m."conversation_id" = p."conversation_id"
    AND m."sender_id" IS DISTINCT FROM p."user_id"
    AND (p."last_read_at" IS NULL OR m."created_at" > p."last_read_at")
);
