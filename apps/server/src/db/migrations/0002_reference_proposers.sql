CREATE TABLE "reference_proposers" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_proposers_kind_item_id_user_id_pk" PRIMARY KEY("kind","item_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "reference_proposers" ADD CONSTRAINT "reference_proposers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;