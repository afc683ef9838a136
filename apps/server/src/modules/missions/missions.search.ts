/**
 * `GET /api/v1/missions`: published, open missions of listed offers, filtered (spec §5 filters),
 * searched in French (accents, case, plurals and one-letter typos do not matter), with live
 * sponsored missions first, facet counts for the current filters, and — `forMe=1` — ranked by
 * their match with the signed-in freelancer.
 */
import {
  certifications,
  financingMethods,
  type MissionSearchQuery,
  type MissionSearchResult,
  type MissionSortField,
  type MissionType,
  missionTypes,
} from '@closia/shared';
import { and, asc, count, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { listedMissionWords, missions } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { estimatedRows, roughly } from '../../lib/estimates';
import { listingsGeneration } from '../../lib/listing-changes';
import { type FreelancerFacts, missionScoreSql } from '../../lib/matching';
import { paginationMeta } from '../../lib/pagination';
import { resultCache } from '../../lib/result-cache';
import { searchOn, type TextSearch, tsQueryText } from '../../lib/text-search';
import { loadInTiers } from '../../lib/tiers';
import type { Viewer } from '../../lib/viewer';
import { liveSponsorships, recordImpressions } from '../advertisements/sponsorships.service';
import { workSectorNameMap } from '../reference/reference.service';
import {
  freelancerOf,
  loadListedMissions,
  missionColumns,
  missionIsListed,
  presentMissions,
} from './missions.service';

/** Each sort is the order of a partial index on `missions` (migration 0007), ties broken by id. */
const sorts: Record<Exclude<MissionSortField, 'match'>, SQL> = {
  newest: sql`${missions.publishedAt}`,
  price: sql`${missions.offerPrice}`,
  commissionAmount: sql`${missions.offerCommission}`,
  commissionRate: sql`${missions.offerCommissionRate}`,
};

/**
 * Ranking by relevance reads every match: above this many (a broad word such as "formation"),
 * results come newest first instead.
 */
const RANKED_MATCHES_MAX = 2_000;

/**
 * A text query matching at most this many missions has its matches found through the full-text
 * index first, then sorted. Otherwise PostgreSQL may walk a sort's index and test the text on every
 * listed row until a page is full: a rare word sorted by commission read all 83,000 listed
 * missions (0.7 s) to find none.
 */
const MATCHES_FIRST_MAX = 5_000;

/**
 * A text query's total and facets are counted on a sample of at most this many of its matches
 * (every filter applied). A full sample means more: the counts are then estimated
 * (`meta.totalIsApproximate`) unless the caller asks for `exactCounts`, since counting a broad
 * word ("objectifs" with its prefix: 35,000 matches) read every match. One more than
 * RANKED_MATCHES_MAX: an estimated total is always above it, so the order (relevance or newest)
 * never depends on the estimate, nor on `exactCounts`. A sample that is not full holds every
 * match: the page is then ranked among its ids, without matching the text a second time.
 */
const SAMPLED_MATCHES = RANKED_MATCHES_MAX + 1;

/** The filters as SQL conditions (the listing condition first); `text`: a text query's condition. */
function conditionsOf(input: MissionSearchQuery, text: SQL | null): SQL[] {
  const conditions: SQL[] = [missionIsListed];
  if (text) conditions.push(text);
  if (input.missionType) conditions.push(eq(missions.missionType, input.missionType));
  if (input.priceRange) {
    const [min, max] = input.priceRange as [number, number];
    conditions.push(sql`${missions.offerPrice} between ${min} and ${max}`);
  }
  if (input.workSectors?.length)
    conditions.push(sql`${missions.offerSectors} && ${sql.param(input.workSectors)}::int[]`);
  if (input.certifications?.length)
    conditions.push(sql`${missions.offerCertifications} @> ${sql.param(input.certifications)}::text[]`);
  if (input.financingMethods?.length)
    conditions.push(sql`${missions.offerFinancing} && ${sql.param(input.financingMethods)}::text[]`);
  return conditions;
}

interface FacetRow {
  dim: 'missionType' | 'workSectors' | 'financingMethods' | 'certifications';
  key: string;
  n: number;
}

/**
 * The offers' arrays of a facet count, with the number of missions of each row (`offers` CTE:
 * mission_type, n, work_sector_ids, financing_methods, certifications):
 * - `selected` null (no text, not "pour moi": every filter is the offer's or the type — the
 *   missions' offer columns are copies of the offer's): the counts per offer and type that a
 *   trigger keeps (`listed_mission_counts`, migration 0014), ≤ 3 rows per offer, filtered as
 *   offers;
 * - a text query's sampled missions: their counts per offer and type (`Sampled`), as parameters;
 * - otherwise the missions `selected` selects (every filter) are counted per offer and type first,
 *   through the covering indexes of the filter columns (migration 0017), so that the offers'
 *   arrays are unnested once per offer, not once per mission.
 */
function offersOf(input: MissionSearchQuery, selected: SQL | Sampled | null): SQL {
  if (selected && 'ids' in selected) {
    return sql`
      select p.mission_type, p.n, s.work_sector_ids, s.financing_methods, s.certifications
      from unnest(${sql.param(selected.types)}::text[], ${sql.param(selected.services)}::int[],
        ${sql.param(selected.counts)}::int[]) as p(mission_type, service_id, n)
      join services s on s.id = p.service_id`;
  }
  if (selected) {
    return sql`
      select p.mission_type, p.n, s.work_sector_ids, s.financing_methods, s.certifications
      from (
        select ${missions.missionType} as mission_type, ${missions.serviceId} as service_id, count(*)::int as n
        from ${missions} where ${selected}
        group by 1, 2
      ) p join services s on s.id = p.service_id`;
  }
  const conditions: SQL[] = [sql`c.n > 0`];
  if (input.priceRange) {
    const [min, max] = input.priceRange as [number, number];
    conditions.push(sql`s.price between ${min} and ${max}`);
  }
  if (input.workSectors?.length)
    conditions.push(sql`s.work_sector_ids && ${sql.param(input.workSectors)}::int[]`);
  if (input.certifications?.length)
    conditions.push(sql`s.certifications @> ${sql.param(input.certifications)}::text[]`);
  if (input.financingMethods?.length)
    conditions.push(sql`s.financing_methods && ${sql.param(input.financingMethods)}::text[]`);
  if (input.missionType) conditions.push(sql`c.mission_type = ${input.missionType}`);
  return sql`
    select c.mission_type, c.n, s.work_sector_ids, s.financing_methods, s.certifications
    from listed_mission_counts c join services s on s.id = c.service_id
    where ${sql.join(conditions, sql` and `)}`;
}

interface Counts {
  total: number;
  facets: MissionSearchResult['facets'];
  /** The total and facets were estimated from a sample (a full sample: more matches than SAMPLED_MATCHES - 1). */
  approximate: boolean;
}

/**
 * Counts per mission type, work sector, financing method and certification among the missions
 * the filters select (their sum over types is the total). `estimate`: the missions counted are a
 * sample of at most `sample` of those `selected` selects; when the sample is full, every count is
 * scaled by the estimated number of selected missions over the sample's size, rounded, and marked
 * approximate.
 */
async function facetsOf(
  db: DbOrTx,
  offers: SQL,
  estimate: { selected: SQL; sample: number } | null,
): Promise<Counts> {
  const rows = (await db.execute(sql`
    with offers as (${offers})
    select 'missionType' as dim, mission_type as key, sum(n)::int as n from offers group by 2
    union all select 'workSectors', x::text, sum(n)::int from offers, unnest(work_sector_ids) x group by 2
    union all select 'financingMethods', x, sum(n)::int from offers, unnest(financing_methods) x group by 2
    union all select 'certifications', x, sum(n)::int from offers, unnest(certifications) x group by 2
  `)) as unknown as FacetRow[] | { rows: FacetRow[] };
  const list = Array.isArray(rows) ? rows : rows.rows;
  const sampled = list.reduce((sum, row) => sum + (row.dim === 'missionType' ? Number(row.n) : 0), 0);
  // A full sample: more missions match than were counted; scale the counts to the planner's
  // estimate (never below what the sample found).
  const approximate = estimate !== null && sampled >= estimate.sample;
  const scale = approximate
    ? Math.max(
        1,
        (await estimatedRows(db, sql`select 1 from ${missions} where ${estimate.selected}`)) / sampled,
      )
    : 1;
  // Rounded, an estimate never falls under what the sample counted.
  const scaled = (n: number) => (approximate ? Math.max(n, roughly(n * scale)) : n);
  const zeros = <T extends string>(keys: readonly T[]) =>
    Object.fromEntries(keys.map((k) => [k, 0])) as Record<T, number>;
  const facets: MissionSearchResult['facets'] = {
    missionType: zeros(missionTypes),
    workSectors: [],
    financingMethods: zeros(financingMethods),
    certifications: zeros(certifications),
  };
  const sectorCounts = new Map<number, number>();
  let total = 0;
  for (const row of list) {
    const n = Number(row.n);
    if (row.dim === 'missionType') {
      total += n;
      if (row.key in facets.missionType) facets.missionType[row.key as MissionType] = scaled(n);
    } else if (row.dim === 'workSectors') sectorCounts.set(Number(row.key), scaled(n));
    else if (row.dim === 'financingMethods' && row.key in facets.financingMethods)
      facets.financingMethods[row.key as keyof typeof facets.financingMethods] = scaled(n);
    else if (row.dim === 'certifications' && row.key in facets.certifications)
      facets.certifications[row.key as keyof typeof facets.certifications] = scaled(n);
  }
  const names = await workSectorNameMap(db, sectorCounts.keys());
  facets.workSectors = [...sectorCounts]
    .flatMap(([id, count]) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name, count }];
    })
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'fr'));
  return { total: scaled(total), facets, approximate };
}

const MAX_PROMOTED = 3;

/**
 * What the searches keep for a few seconds (lib/result-cache.ts): the facets and total of a set of
 * filters, and the ids of a page — never the rows, which are read fresh.
 */
const facetCache = resultCache<Counts>({
  name: 'missions.facets',
  generation: listingsGeneration,
  maxEntries: 500,
});
const pageCache = resultCache<number[]>({
  name: 'missions.page',
  generation: listingsGeneration,
  maxEntries: 2_000,
});

/** The filters as a cache key (forMe: with what makes the freelancer eligible). */
function filtersKey(input: MissionSearchQuery, eligible: FreelancerFacts | null): string {
  return JSON.stringify([
    input.query?.trim().toLowerCase() ?? '',
    input.missionType ?? '',
    input.priceRange ?? [],
    [...(input.workSectors ?? [])].sort(),
    [...(input.certifications ?? [])].sort(),
    [...(input.financingMethods ?? [])].sort(),
    eligible ? [eligible.kind, eligible.conversionRate, eligible.years] : null,
  ]);
}

/** Everything the match score reads of the freelancer. */
const rankingKey = (f: FreelancerFacts | null) =>
  f && [f.kind, f.conversionRate, f.years, f.available, [...f.sectors].sort(), [...f.skills].sort()];

/** SQL: the missions a freelancer may apply to — fitting type, minimums met (constants inlined). */
function eligibleFor(f: FreelancerFacts): SQL {
  const types = f.kind === 'setter_closer' ? ['setter', 'closer', 'setter_closer'] : [f.kind];
  const rate = (f.conversionRate ?? 0) * 10;
  const years = f.years ?? 0;
  return sql`(${inArray(missions.missionType, types)}
    and (${missions.minConversionRate} is null or ${missions.minConversionRate} <= ${rate})
    and (${missions.minExperience} is null or ${missions.minExperience} <= ${years}))`;
}

interface MissionTextSearch extends TextSearch {
  /**
   * The same condition as `where`, with every match found first through the words' full-text
   * index, then looked up by id: for a query that only collects matches (the sample). As a join,
   * the planner misjudges a prefix query's matches and tests the text on most listed missions
   * (a sequential or merge scan of listed_mission_words: 100–150 ms for "coaching", 5,500 matches,
   * against 40 ms through the index).
   */
  found: SQL;
}

/**
 * A text query's matches among the listed missions: found and ranked in their words alone
 * (`listed_mission_words`: 46 MB with its index, not the missions' 155 MB of wide rows), joined
 * by id to the covering indexes of the filters (at most RANKED_MATCHES_MAX rows are ranked).
 */
async function missionTextSearch(db: DbOrTx, text: string): Promise<MissionTextSearch | null> {
  const query = await tsQueryText(db, text);
  if (query === null) return null;
  const words = searchOn(listedMissionWords.words, query);
  const matches = sql`select ${listedMissionWords.missionId} from ${listedMissionWords} where ${words.where}`;
  return {
    where: sql`${missions.id} in (${matches})`,
    found: sql`${missions.id} = any(array(${matches}))`,
    rank: sql`(select ${words.rank} from ${listedMissionWords} where ${listedMissionWords.missionId} = ${missions.id})`,
  };
}

/**
 * A text query's first SAMPLED_MATCHES matches (every filter applied): their ids, and how many of
 * them each offer has per mission type (`types[i]`, `services[i]`: `counts[i]` missions).
 */
interface Sampled {
  ids: number[];
  types: string[];
  services: number[];
  counts: number[];
}

/**
 * The sample of `found` (the missions a text query selects) in one row of arrays: 2,001 rows
 * would cost the server more to read than the query costs the database.
 */
async function sampleOf(db: DbOrTx, found: SQL): Promise<Sampled> {
  const [row] = await rowsOf<Sampled>(
    db,
    sql`
    with sample as (
      select ${missions.id} as id, ${missions.missionType} as mission_type, ${missions.serviceId} as service_id
      from ${missions} where ${found} limit ${SAMPLED_MATCHES}
    ), offers as (
      select mission_type, service_id, count(*)::int as n from sample group by 1, 2
    )
    select ids.ids, counted.types, counted.services, counted.counts
    from (select coalesce(array_agg(id), '{}') as ids from sample) ids,
      (select coalesce(array_agg(mission_type), '{}') as types, coalesce(array_agg(service_id), '{}') as services,
        coalesce(array_agg(n), '{}') as counts from offers) counted
  `,
  );
  return row ?? { ids: [], types: [], services: [], counts: [] };
}

/** SQL: the listed missions of `ids` (by the covering index of the listed missions by id). */
const listedAmong = (ids: readonly number[]) =>
  sql`(${missionIsListed} and ${missions.id} = any(${sql.param(ids)}::int[]))`;

export async function searchMissions(
  db: DbOrTx,
  viewer: Viewer | null,
  input: MissionSearchQuery,
): Promise<MissionSearchResult> {
  const freelancer = freelancerOf(viewer);
  // sortBy=match is forMe=1: the missions the freelancer may apply to, best match first.
  const wantsMatch = input.forMe || input.sortBy === 'match';
  if (wantsMatch && !freelancer) {
    throw fieldError(
      input.forMe ? 'forMe' : 'sortBy',
      'freelancer',
      'Only setters and closers can rank missions by match',
    );
  }

  const search = input.query?.trim() ? await missionTextSearch(db, input.query) : null;
  // "Pour moi": the missions the freelancer may apply to (kind and minimums), best match first.
  const ranking = wantsMatch ? freelancer : null;
  const whereWith = (text: SQL | null) =>
    and(...conditionsOf(input, text), ...(ranking ? [eligibleFor(ranking)] : [])) as SQL;
  const where = whereWith(search?.where ?? null);
  const filters = filtersKey(input, ranking);
  // Text and "pour moi" select missions one by one; every other filter is the offer's or the type.
  const selection = search !== null || ranking !== null ? where : null;
  // A text query counts a sample: a broad word's counts are estimated (unless exactCounts). The
  // sample is found once, for the counts and the page.
  const sampled = search !== null && !input.exactCounts;
  let sample: Promise<Sampled> | null = null;
  const matchesSample = () => {
    sample ??= sampleOf(db, whereWith(search?.found ?? null));
    return sample;
  };
  const counted = async () =>
    sampled
      ? facetsOf(db, offersOf(input, await matchesSample()), {
          selected: where,
          sample: SAMPLED_MATCHES,
        })
      : facetsOf(db, offersOf(input, selection), null);
  const facetsPromise = facetCache.get(db, `${filters}${input.exactCounts ? ':exact' : ''}`, counted);

  const direction = input.sortOrder ?? 'desc';
  const byId = direction === 'asc' ? asc(missions.id) : desc(missions.id);
  const orderBy: SQL[] = [];
  if (ranking) {
    const score = missionScoreSql(ranking, missionColumns);
    orderBy.push(
      direction === 'asc' ? sql`${score} asc` : sql`${score} desc`,
      desc(missions.publishedAt),
      desc(missions.id),
    );
  } else if (input.sortBy) {
    const column = sorts[input.sortBy as Exclude<MissionSortField, 'match'>];
    orderBy.push(direction === 'asc' ? sql`${column} asc` : sql`${column} desc`, byId);
  } else if (
    search &&
    !(await facetsPromise).approximate &&
    (await facetsPromise).total <= RANKED_MATCHES_MAX
  ) {
    orderBy.push(sql`${search.rank} desc`, desc(missions.publishedAt), desc(missions.id));
  } else {
    orderBy.push(desc(missions.publishedAt), desc(missions.id));
  }

  const role = input.missionType ?? (freelancer ? (freelancer.kind as MissionType) : null);
  const sponsored = await liveSponsorships(db, 'mission', { workSectorIds: input.workSectors ?? null, role });

  // Live sponsored missions that the filters select lead the first page (at most three); the
  // other pages go on with the rest, so that every mission is listed once.
  const sponsoredIds = [...sponsored.keys()];
  const promotedIds =
    sponsoredIds.length === 0
      ? []
      : (
          await db
            .select({ id: missions.id })
            .from(missions)
            .where(and(where, inArray(missions.id, sponsoredIds)))
            .orderBy(...orderBy)
            .limit(MAX_PROMOTED)
        ).map((row) => row.id);
  const notPromoted = (condition: SQL) =>
    promotedIds.length === 0 ? condition : (and(condition, notInArray(missions.id, promotedIds)) as SQL);
  const organic = notPromoted(where);
  const firstPage = input.page === 1;
  const page = { page: input.page, perPage: input.perPage };
  // The page's ids first, on `missions` alone (ranked or counted over thousands of rows, so kept a
  // few seconds), then its rows by primary key.
  const pageKey = JSON.stringify([
    filters,
    rankingKey(ranking),
    input.sortBy ?? null,
    direction,
    input.page,
    input.perPage,
    promotedIds,
  ]);
  const matchesFirst = search !== null && (await facetsPromise).total <= MATCHES_FIRST_MAX;
  /** The missions the page is taken from: a text query's few matches first, by id. */
  const candidates = async (): Promise<SQL> => {
    if (!matchesFirst) return organic;
    const ids = sampled ? (await matchesSample()).ids : null;
    // A sample that is not full holds every match.
    if (ids !== null && ids.length < SAMPLED_MATCHES) return notPromoted(listedAmong(ids));
    const found = whereWith(search?.found ?? null);
    return notPromoted(
      sql`(${missionIsListed} and ${missions.id} = any(array(select ${missions.id} from ${missions} where ${found})))`,
    );
  };
  const idsPromise = pageCache.get(db, pageKey, async () =>
    loadInTiers(
      await candidates(),
      // Ranked by match: the missions sharing a sector with the freelancer first.
      ranking && ranking.sectors.length > 0
        ? sql`${missions.offerSectors} && ${sql.param([...ranking.sectors])}::int[]`
        : null,
      {
        limit: firstPage ? input.perPage - promotedIds.length : input.perPage,
        offset: firstPage ? 0 : (input.page - 1) * input.perPage - promotedIds.length,
      },
      async (tier) => (await db.select({ n: count() }).from(missions).where(tier))[0]?.n ?? 0,
      async (tier, limit, offset) =>
        (
          await db
            .select({ id: missions.id })
            .from(missions)
            .where(tier)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset)
        ).map((row) => row.id),
    ),
  );
  const [ids, { total, facets, approximate }] = await Promise.all([idsPromise, facetsPromise]);
  // Still listed: a mission closed since the ids were kept drops out at once.
  const rows = await loadListedMissions(db, [...(firstPage ? promotedIds : []), ...ids], viewer, sponsored);
  const served = rows.flatMap((row) => (row.sponsoredBy === null ? [] : [row.sponsoredBy]));
  if (served.length > 0) recordImpressions(db, served);
  return {
    data: await presentMissions(db, rows, viewer, freelancer),
    meta: { ...paginationMeta(total, page), totalIsApproximate: approximate },
    facets,
  };
}
