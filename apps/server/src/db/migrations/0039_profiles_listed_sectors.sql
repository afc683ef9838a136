-- The freelancer search filters and ranks the listed profiles (`listed`, migration 0016), but the
-- sectors' GIN index of migration 0008 is over `finished_profile_setup AND kind <> 'infopreneur'`,
-- which `listed` does not imply: no plan could use it, and every `work_sector_ids && …` or `@> …`
-- (the `workSectors` filter, a mission's first tier, the floors of the ranking) read the 30,000
-- profiles of a role through the covering index. A ranking floor holding 2 sectors: 12 ms → 0.9 ms.
DROP INDEX IF EXISTS profiles_freelancer_sectors_idx;--> statement-breakpoint
CREATE INDEX profiles_listed_sectors_idx ON profiles USING gin (work_sector_ids) WHERE listed;
