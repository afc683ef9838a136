-- Marketplace search (issue 7): each searchable row keeps `search_text`, its words unaccented and
-- lower-cased, maintained by triggers so that every writer (the API, the seed, the bench generator,
-- SQL by hand) keeps it right. Two GIN indexes serve the two halves of a text query: French
-- full-text search (stems: plurals and conjugations) and trigram word similarity (typos).
CREATE OR REPLACE FUNCTION closia_search_text(VARIADIC parts text[]) RETURNS text
  LANGUAGE sql STABLE AS $$ SELECT lower(unaccent(array_to_string(parts, ' '))) $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION closia_services_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := closia_search_text(NEW.name, NEW.description);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER services_search BEFORE INSERT OR UPDATE OF name, description ON services
  FOR EACH ROW EXECUTE FUNCTION closia_services_search();--> statement-breakpoint

CREATE OR REPLACE FUNCTION closia_missions_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := closia_search_text(
    NEW.title,
    coalesce(NEW.description, ''),
    coalesce((SELECT name FROM services WHERE id = NEW.service_id), '')
  );
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER missions_search BEFORE INSERT OR UPDATE OF title, description, service_id ON missions
  FOR EACH ROW EXECUTE FUNCTION closia_missions_search();--> statement-breakpoint

-- A renamed offer renames the text its missions are found by.
CREATE OR REPLACE FUNCTION closia_services_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE missions SET search_text = closia_search_text(title, coalesce(description, ''), NEW.name)
    WHERE service_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER services_renamed AFTER UPDATE OF name ON services
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION closia_services_renamed();--> statement-breakpoint

CREATE OR REPLACE FUNCTION closia_profiles_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := closia_search_text(
    coalesce((SELECT first_name || ' ' || last_name FROM users WHERE id = NEW.user_id), ''),
    coalesce(NEW.description, ''),
    array_to_string(NEW.skills, ' ')
  );
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_search BEFORE INSERT OR UPDATE OF description, skills, user_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION closia_profiles_search();--> statement-breakpoint

CREATE OR REPLACE FUNCTION closia_users_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET search_text = closia_search_text(
      NEW.first_name || ' ' || NEW.last_name, coalesce(description, ''), array_to_string(skills, ' '))
    WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_renamed AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION closia_users_renamed();--> statement-breakpoint

-- Rows written before this migration.
UPDATE services SET name = name;--> statement-breakpoint
UPDATE missions SET title = title;--> statement-breakpoint
UPDATE profiles SET description = description;--> statement-breakpoint
UPDATE missions SET published_at = updated_at WHERE status = 'published' AND published_at IS NULL;--> statement-breakpoint

CREATE INDEX services_search_fts_idx ON services USING gin (to_tsvector('french', search_text));--> statement-breakpoint
CREATE INDEX services_search_trgm_idx ON services USING gin (search_text gin_trgm_ops);--> statement-breakpoint
CREATE INDEX missions_search_fts_idx ON missions USING gin (to_tsvector('french', search_text));--> statement-breakpoint
CREATE INDEX missions_search_trgm_idx ON missions USING gin (search_text gin_trgm_ops);--> statement-breakpoint
CREATE INDEX missions_listed_idx ON missions (published_at DESC, id DESC)
  WHERE status = 'published' AND mission_status = 'open';--> statement-breakpoint
CREATE INDEX profiles_search_fts_idx ON profiles USING gin (to_tsvector('french', search_text));--> statement-breakpoint
CREATE INDEX profiles_search_trgm_idx ON profiles USING gin (search_text gin_trgm_ops);--> statement-breakpoint
CREATE INDEX profiles_freelancers_idx ON profiles (kind, updated_at DESC)
  WHERE finished_profile_setup AND kind <> 'infopreneur';--> statement-breakpoint
CREATE INDEX services_catalogue_idx ON services (created_at DESC)
  WHERE validation_status = 'approved' AND status = 'active' AND deleted_at IS NULL;
