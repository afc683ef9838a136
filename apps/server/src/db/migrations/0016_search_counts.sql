CREATE TABLE "listed_mission_counts" (
	"service_id" integer NOT NULL,
	"mission_type" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "listed_mission_counts_service_id_mission_type_pk" PRIMARY KEY("service_id","mission_type")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "available" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_mission_counts" ADD CONSTRAINT "listed_mission_counts_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The mission search's facets and total, for filters on the offer and the type only, read these
-- counts (≤ 3 rows per offer) instead of every listed mission: 83,000 listed missions of 100,000
-- took 409 ms to count by offer and type (a sequential scan of the wide rows, read from disk).
-- Kept by the trigger below in the writing transaction; `listed` itself is set by the BEFORE
-- trigger missions_search, so the AFTER trigger sees its final value.
CREATE OR REPLACE FUNCTION closia_listed_mission_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.listed THEN
    UPDATE listed_mission_counts SET n = n - 1
      WHERE service_id = OLD.service_id AND mission_type = OLD.mission_type;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.listed THEN
    INSERT INTO listed_mission_counts AS c (service_id, mission_type, n)
      VALUES (NEW.service_id, NEW.mission_type, 1)
      ON CONFLICT (service_id, mission_type) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER missions_listed_counts_write AFTER INSERT OR DELETE ON missions
  FOR EACH ROW EXECUTE FUNCTION closia_listed_mission_counts();--> statement-breakpoint
CREATE TRIGGER missions_listed_counts_update AFTER UPDATE ON missions
  FOR EACH ROW WHEN (
    OLD.listed IS DISTINCT FROM NEW.listed OR OLD.service_id IS DISTINCT FROM NEW.service_id
    OR OLD.mission_type IS DISTINCT FROM NEW.mission_type
  ) EXECUTE FUNCTION closia_listed_mission_counts();--> statement-breakpoint
INSERT INTO listed_mission_counts (service_id, mission_type, n)
  SELECT service_id, mission_type, count(*)::int FROM missions WHERE listed GROUP BY 1, 2;
--> statement-breakpoint
-- GET /freelancers counted and ranked 30,000 profiles joined with their users (a hash join over
-- both tables, ~250 ms per count on 50,000 freelancers): whether a profile is listed and its user's
-- availability are copied on the profile, and a covering partial index holds what the filters and
-- the match score read, so that counts and rankings read the index alone.
CREATE OR REPLACE FUNCTION closia_profiles_listing() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  suspended timestamptz;
  free boolean;
BEGIN
  SELECT suspended_at, available INTO suspended, free FROM users WHERE id = NEW.user_id;
  NEW.listed := NEW.kind IN ('setter', 'closer', 'setter_closer') AND NEW.finished_profile_setup
    AND suspended IS NULL;
  NEW.available := coalesce(free, false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_listing BEFORE INSERT OR UPDATE OF kind, finished_profile_setup, user_id
  ON profiles FOR EACH ROW EXECUTE FUNCTION closia_profiles_listing();--> statement-breakpoint
CREATE OR REPLACE FUNCTION closia_users_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET user_id = user_id WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_listing AFTER UPDATE OF suspended_at, available ON users
  FOR EACH ROW WHEN (
    OLD.suspended_at IS DISTINCT FROM NEW.suspended_at OR OLD.available IS DISTINCT FROM NEW.available
  ) EXECUTE FUNCTION closia_users_listing();--> statement-breakpoint
UPDATE profiles p SET
  listed = p.kind IN ('setter', 'closer', 'setter_closer') AND p.finished_profile_setup AND u.suspended_at IS NULL,
  available = u.available
  FROM users u WHERE u.id = p.user_id;--> statement-breakpoint
CREATE INDEX profiles_listed_match_idx ON profiles (kind, available DESC, updated_at DESC, id DESC)
  INCLUDE (conversion_rate, experience, work_sector_ids, skills)
  WHERE listed;
--> statement-breakpoint
-- "Missions pour moi" counts its facets over the missions the freelancer may apply to (type and
-- minimums): per offer and type from this index alone, instead of a sequential scan of the wide rows
-- (30,000 eligible of 100,000 missions: 850 ms).
CREATE INDEX missions_listed_eligible_idx ON missions (mission_type, service_id)
  INCLUDE (min_conversion_rate, min_experience)
  WHERE listed;
