CREATE TABLE "article_slug_redirects" (
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"article_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_slug_redirects_kind_slug_pk" PRIMARY KEY("kind","slug")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"toc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reading_minutes" integer DEFAULT 1 NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"cover_image" text,
	"author_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_slug_redirects" ADD CONSTRAINT "article_slug_redirects_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_slug_redirects_article_idx" ON "article_slug_redirects" USING btree ("article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_kind_slug_idx" ON "articles" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "articles_public_idx" ON "articles" USING btree ("kind","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "articles"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "articles_public_all_idx" ON "articles" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "articles"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "articles_tags_idx" ON "articles" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "articles_updated_idx" ON "articles" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- hand-written:
-- Issue 22: articles searched the way missions, webinars and posts are (migration 0005): the
-- unaccented words of the title, description, tags and Markdown text in `search_text`, their French
-- vector in `search_vector`, the vocabulary taught (typo tolerance).
CREATE OR REPLACE FUNCTION closia_articles_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := closia_search_text(
    NEW.title,
    NEW.description,
    array_to_string(NEW.tags, ' '),
    regexp_replace(NEW.body, '[#*_`>|~\[\]()!]+|<[^>]*>|https?://\S+', ' ', 'g')
  );
  NEW.search_vector := to_tsvector('french', NEW.search_text);
  PERFORM closia_index_words(NEW.search_text);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER articles_search BEFORE INSERT OR UPDATE OF title, description, tags, body ON articles
  FOR EACH ROW EXECUTE FUNCTION closia_articles_search();
