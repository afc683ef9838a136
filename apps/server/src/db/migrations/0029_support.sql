CREATE TABLE "faq_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"category" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_ticket_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author_id" integer,
	"from_staff" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_tickets" DROP CONSTRAINT "support_tickets_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "last_message_from_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faq_entries_category_idx" ON "faq_entries" USING btree ("category","position","id");--> statement-breakpoint
CREATE INDEX "faq_entries_search_idx" ON "faq_entries" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "support_ticket_messages_ticket_idx" ON "support_ticket_messages" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","last_message_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "support_tickets_email_idx" ON "support_tickets" USING btree ("email") WHERE user_id is null;--> statement-breakpoint
CREATE INDEX "support_tickets_assignee_idx" ON "support_tickets" USING btree ("assignee_id","status");--> statement-breakpoint
ALTER TABLE "support_tickets" DROP COLUMN "message";--> statement-breakpoint
-- hand-written:
-- Issue 22: the FAQ is searched the way missions are (migration 0005): its unaccented words in
-- `search_text`, their French vector in `search_vector` — the question weighing more than the
-- answer (A, B) — and the vocabulary taught for the typo tolerance of lib/text-search.ts.
CREATE OR REPLACE FUNCTION closia_faq_entries_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := closia_search_text(NEW.question, NEW.answer);
  NEW.search_vector := setweight(to_tsvector('french', closia_search_text(NEW.question)), 'A')
    || setweight(to_tsvector('french', closia_search_text(NEW.answer)), 'B');
  PERFORM closia_index_words(NEW.search_text);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER faq_entries_search BEFORE INSERT OR UPDATE OF question, answer ON faq_entries
  FOR EACH ROW EXECUTE FUNCTION closia_faq_entries_search();
