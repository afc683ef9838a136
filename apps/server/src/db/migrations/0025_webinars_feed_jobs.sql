CREATE TABLE "content_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by_id" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_likes" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
DROP INDEX "webinars_start_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD COLUMN "consent_to_contact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Registrations made before the join links (none in a fresh database) get a random one.
ALTER TABLE "webinar_registrations" ADD COLUMN "join_token" text NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text);--> statement-breakpoint
ALTER TABLE "webinar_registrations" ALTER COLUMN "join_token" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD COLUMN "attended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD COLUMN "prospect_id" integer;--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD COLUMN "reminded24h_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD COLUMN "reminded1h_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD COLUMN "replay_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "service_id" integer;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "lead_mode" text DEFAULT 'keep' NOT NULL;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "registration_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_once_idx" ON "content_reports" USING btree ("reporter_id","kind","target_id");--> statement-breakpoint
CREATE INDEX "content_reports_status_idx" ON "content_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "content_reports_target_idx" ON "content_reports" USING btree ("kind","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_idx" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE done_at is null;--> statement-breakpoint
CREATE INDEX "post_comments_post_idx" ON "post_comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "post_likes_user_idx" ON "post_likes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD CONSTRAINT "webinar_registrations_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinars" ADD CONSTRAINT "webinars_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_feed_recent_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_feed_popular_idx" ON "posts" USING btree ("like_count" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_tags_idx" ON "posts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_registrations_token_idx" ON "webinar_registrations" USING btree ("join_token");--> statement-breakpoint
CREATE INDEX "webinar_registrations_user_idx" ON "webinar_registrations" USING btree ("user_id","webinar_id");--> statement-breakpoint
CREATE INDEX "webinars_owner_idx" ON "webinars" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "webinars_search_idx" ON "webinars" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "webinars_start_idx" ON "webinars" USING btree ("start_time","id");--> statement-breakpoint
-- Issue 21: search on webinars and posts the way missions are searched (migration 0005): the
-- unaccented words in `search_text`, their French vector in `search_vector`, the vocabulary taught.
CREATE OR REPLACE FUNCTION closia_webinars_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := closia_search_text(
    NEW.title,
    NEW.description,
    coalesce(NEW.target_audience, ''),
    coalesce((SELECT string_agg(s->>'name', ' ') FROM jsonb_array_elements(NEW.speakers) AS s), '')
  );
  NEW.search_vector := to_tsvector('french', NEW.search_text);
  PERFORM closia_index_words(NEW.search_text);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER webinars_search BEFORE INSERT OR UPDATE OF title, description, target_audience, speakers ON webinars
  FOR EACH ROW EXECUTE FUNCTION closia_webinars_search();--> statement-breakpoint
UPDATE webinars SET title = title;--> statement-breakpoint

CREATE OR REPLACE FUNCTION closia_posts_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := closia_search_text(
    NEW.title,
    array_to_string(NEW.tags, ' '),
    regexp_replace(NEW.content, '<[^>]*>', ' ', 'g')
  );
  NEW.search_vector := to_tsvector('french', NEW.search_text);
  PERFORM closia_index_words(NEW.search_text);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_search BEFORE INSERT OR UPDATE OF title, tags, content ON posts
  FOR EACH ROW EXECUTE FUNCTION closia_posts_search();--> statement-breakpoint
UPDATE posts SET title = title;--> statement-breakpoint

-- Counters every writer keeps right (the API, the seed, the bench generator).
CREATE OR REPLACE FUNCTION closia_webinar_registration_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE webinars SET registration_count = registration_count + 1 WHERE id = NEW.webinar_id;
  ELSE
    UPDATE webinars SET registration_count = registration_count - 1 WHERE id = OLD.webinar_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER webinar_registration_count AFTER INSERT OR DELETE ON webinar_registrations
  FOR EACH ROW EXECUTE FUNCTION closia_webinar_registration_count();--> statement-breakpoint
UPDATE webinars w SET registration_count = (SELECT count(*) FROM webinar_registrations r WHERE r.webinar_id = w.id);--> statement-breakpoint

CREATE OR REPLACE FUNCTION closia_post_like_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET like_count = like_count + 1 WHERE id = NEW.post_id;
  ELSE
    UPDATE posts SET like_count = like_count - 1 WHERE id = OLD.post_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER post_like_count AFTER INSERT OR DELETE ON post_likes
  FOR EACH ROW EXECUTE FUNCTION closia_post_like_count();--> statement-breakpoint

-- Visible comments only: hiding one (moderation) takes it out of the count, showing it again puts it back.
CREATE OR REPLACE FUNCTION closia_post_comment_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
  target integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    target := NEW.post_id;
    IF NEW.hidden_at IS NULL THEN delta := 1; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    target := OLD.post_id;
    IF OLD.hidden_at IS NULL THEN delta := -1; END IF;
  ELSE
    target := NEW.post_id;
    IF OLD.hidden_at IS NULL AND NEW.hidden_at IS NOT NULL THEN delta := -1;
    ELSIF OLD.hidden_at IS NOT NULL AND NEW.hidden_at IS NULL THEN delta := 1;
    END IF;
  END IF;
  IF delta <> 0 THEN
    UPDATE posts SET comment_count = comment_count + delta WHERE id = target;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER post_comment_count AFTER INSERT OR DELETE OR UPDATE OF hidden_at ON post_comments
  FOR EACH ROW EXECUTE FUNCTION closia_post_comment_count();
