-- Freelancers ranked for a mission come in two tiers, those sharing one of its sectors first
-- (lib/tiers.ts): this index finds the first tier without reading every profile.
CREATE INDEX profiles_freelancer_sectors_idx ON profiles USING gin (work_sector_ids)
  WHERE finished_profile_setup AND kind <> 'infopreneur';
