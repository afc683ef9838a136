DROP INDEX "posts_feed_recent_idx";--> statement-breakpoint
DROP INDEX "posts_feed_popular_idx";--> statement-breakpoint
DROP INDEX "webinars_start_idx";--> statement-breakpoint
CREATE INDEX "posts_feed_recent_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published' and "posts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "posts_feed_popular_idx" ON "posts" USING btree ("like_count" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published' and "posts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "webinars_start_idx" ON "webinars" USING btree ("start_time","id","duration_minutes");