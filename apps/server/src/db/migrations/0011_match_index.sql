-- "Missions pour moi" ranks every listed mission of the freelancer's kind by its match score
-- (lib/matching.ts): the columns the score reads, in a narrow index, so that the ranking and the
-- count of its first tier read the index alone (~100 bytes a mission) instead of the table's wide
-- rows (~1.5 KB with the search text and vector). Measured on 100,000 missions: 70 ms → 30 ms.
CREATE INDEX missions_listed_match_idx ON missions (mission_type, published_at DESC, id DESC)
  INCLUDE (min_conversion_rate, min_experience, offer_sectors, mentioned_skills)
  WHERE listed;
