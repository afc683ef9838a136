ALTER TABLE "missions" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "offer_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "offer_commission_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "offer_commission" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "offer_sectors" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "offer_financing" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "offer_certifications" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The mission search on 100,000 missions (bench, issue 7): filtering and sorting on the offer's
-- columns joined every listed mission to its offer and sorted them all (130–230 ms a request).
-- Each mission now carries copies of its offer's searchable fields and a `listed` flag, kept by
-- the mission's own trigger (the offer's trigger re-fires it), so that the search reads one table
-- through partial indexes that already hold the order asked for.
CREATE OR REPLACE FUNCTION closia_missions_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  offer services%ROWTYPE;
BEGIN
  SELECT * INTO offer FROM services WHERE id = NEW.service_id;
  NEW.search_text := closia_search_text(NEW.title, coalesce(NEW.description, ''), coalesce(offer.name, ''));
  NEW.search_vector := to_tsvector('french', NEW.search_text);
  PERFORM closia_index_words(NEW.search_text);
  IF NEW.status = 'published' AND NEW.published_at IS NULL THEN
    NEW.published_at := now();
  END IF;
  NEW.offer_price := offer.price;
  NEW.offer_commission_rate := offer.commission_rate;
  NEW.offer_commission := offer.price * offer.commission_rate / 100;
  NEW.offer_sectors := coalesce(offer.work_sector_ids, '{}');
  NEW.offer_financing := coalesce(offer.financing_methods, '{}');
  NEW.offer_certifications := coalesce(offer.certifications, '{}');
  NEW.listed := NEW.status = 'published' AND NEW.mission_status = 'open'
    AND coalesce(offer.validation_status = 'approved' AND offer.status = 'active' AND offer.deleted_at IS NULL, false);
  RETURN NEW;
END $$;--> statement-breakpoint

DROP TRIGGER IF EXISTS missions_search ON missions;--> statement-breakpoint
CREATE TRIGGER missions_search BEFORE INSERT OR UPDATE OF title, description, service_id, status, mission_status
  ON missions FOR EACH ROW EXECUTE FUNCTION closia_missions_search();--> statement-breakpoint

-- An offer's change that a mission copies (name, listing, price, filters) re-fires its missions' trigger.
DROP TRIGGER IF EXISTS services_renamed ON services;--> statement-breakpoint
CREATE OR REPLACE FUNCTION closia_services_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE missions SET service_id = service_id WHERE service_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER services_changed AFTER UPDATE OF name, validation_status, status, deleted_at, price,
  commission_rate, work_sector_ids, financing_methods, certifications ON services
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.validation_status IS DISTINCT FROM NEW.validation_status
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.price IS DISTINCT FROM NEW.price OR OLD.commission_rate IS DISTINCT FROM NEW.commission_rate
    OR OLD.work_sector_ids IS DISTINCT FROM NEW.work_sector_ids
    OR OLD.financing_methods IS DISTINCT FROM NEW.financing_methods
    OR OLD.certifications IS DISTINCT FROM NEW.certifications
  ) EXECUTE FUNCTION closia_services_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS closia_services_renamed();--> statement-breakpoint

UPDATE missions SET service_id = service_id;--> statement-breakpoint

DROP INDEX IF EXISTS missions_listed_idx;--> statement-breakpoint
DROP INDEX IF EXISTS missions_listed_offer_type_idx;--> statement-breakpoint
CREATE INDEX missions_listed_newest_idx ON missions (published_at DESC, id DESC) WHERE listed;--> statement-breakpoint
CREATE INDEX missions_listed_price_idx ON missions (offer_price, id) WHERE listed;--> statement-breakpoint
CREATE INDEX missions_listed_commission_idx ON missions (offer_commission, id) WHERE listed;--> statement-breakpoint
CREATE INDEX missions_listed_rate_idx ON missions (offer_commission_rate, id) WHERE listed;--> statement-breakpoint
CREATE INDEX missions_listed_sectors_idx ON missions USING gin (offer_sectors) WHERE listed;--> statement-breakpoint
CREATE INDEX missions_listed_offer_type_idx ON missions (service_id, mission_type) WHERE listed;
