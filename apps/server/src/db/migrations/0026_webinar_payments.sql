CREATE TABLE "webinar_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"webinar_id" integer,
	"webinar_title" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"consent_to_contact" boolean DEFAULT false NOT NULL,
	"amount_ttc" integer NOT NULL,
	"amount_ht" integer NOT NULL,
	"vat_amount" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"payment_ref" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webinar_payments" ADD CONSTRAINT "webinar_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_payments" ADD CONSTRAINT "webinar_payments_webinar_id_webinars_id_fk" FOREIGN KEY ("webinar_id") REFERENCES "public"."webinars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webinar_payments_user_idx" ON "webinar_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "webinar_payments_webinar_idx" ON "webinar_payments" USING btree ("webinar_id");